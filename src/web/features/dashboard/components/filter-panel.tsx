/**
 * Filtros (docs/product-rules.md#dashboard-filters): native selects in a 3-column grid. While lookups load they read
 * "Carregando..."; a lookup that answers an error status gives an empty list, and one that
 * cannot be reached is logged and replaced by the built-in fallback list. Below 640 px
 * the selects would fill the first screen: they move into a "Filtros (N)" sheet, N the
 * filters set, the same native selects with the same names.
 */
import { useCallback, useState } from 'react';
import { FALLBACK_CULTURAS, FALLBACK_MARCAS, FALLBACK_REGIONAIS, YEARS } from '../../../../shared/constants.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Select } from '../../../components/ui/field.js';
import { Modal } from '../../../components/ui/modal.js';
import { FILTER_KEYS } from '../../../../shared/filters.js';
import { SITUACAO_LABEL, SITUACOES, type Situacao } from '../../../../shared/field-plan.js';
import { VEREDITO_LABEL, VEREDITOS, type Veredito } from '../../../../shared/conformidade.js';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query.js';
import { ApiError } from '../../../lib/api-client.js';
import { useAvaliacoes, useCulturas, useMarcas, useRegioes } from '../../../lib/use-lookups.js';
import type { FilterValues } from '../../../lib/query-keys.js';

function options(q: { isPending: boolean; isError: boolean; error: unknown }, loaded: readonly string[], fallback: readonly string[]) {
  if (!q.isError) return loaded;
  const unreachable = !(q.error instanceof ApiError) || q.error.status === 0;
  if (unreachable) console.error('Falha ao carregar filtros', q.error);
  return unreachable ? fallback : [];
}

/** A set filter as the phone's summary line reads it. */
function activeLabel(key: keyof FilterValues, value: string): string {
  if (key === 'situacao') return SITUACAO_LABEL[value as Situacao] ?? value;
  if (key === 'conformidade') return VEREDITO_LABEL[value as Veredito] ?? value;
  return value;
}

export function FilterPanel({
  values,
  produtos,
  onChange,
  onClear,
}: {
  values: FilterValues;
  produtos: string[];
  onChange: (key: keyof FilterValues, value: string) => void;
  onClear: () => void;
}) {
  const regioes = useRegioes();
  const culturas = useCulturas();
  const marcas = useMarcas();
  const regionalOptions = options(
    regioes,
    regioes.list.map((r) => r.nome),
    FALLBACK_REGIONAIS,
  );
  const culturaOptions = options(culturas, culturas.data?.culturas ?? [], FALLBACK_CULTURAS);
  const marcaOptions = options(marcas, marcas.list, FALLBACK_MARCAS);
  const avaliacoes = useAvaliacoes();
  // No built-in list of assessment names: the trials' own names or none.
  const avaliacaoOptions = options(avaliacoes, avaliacoes.list, []);
  const anyFilter = Object.values(values).some(Boolean);
  const active = FILTER_KEYS.filter((k) => values[k]);
  const phone = useMediaQuery(PHONE_QUERY);
  const [sheetOpen, setSheetOpen] = useState(false);
  const closeSheet = useCallback(() => setSheetOpen(false), []);

  const select = (
    key: keyof FilterValues,
    label: string,
    allLabel: string,
    list: readonly (string | number)[],
    loading = false,
    labels?: Readonly<Record<string, string>>,
  ) => (
    <Select label={label} name={key} value={values[key]} onChange={(e) => onChange(key, e.target.value)}>
      <option value="">{loading ? 'Carregando...' : allLabel}</option>
      {list.map((v) => (
        <option key={v} value={String(v)}>
          {labels?.[v] ?? v}
        </option>
      ))}
      {/* A value from a shared link that is not (or no longer) in the list still shows. */}
      {values[key] && !list.map(String).includes(values[key]) ? <option value={values[key]}>{values[key]}</option> : null}
    </Select>
  );

  const funnel = (
    <svg viewBox="0 0 20 20" className="h-4 w-4 text-brand-700" fill="currentColor" aria-hidden="true">
      <path d="M3 4h14l-5.5 6.5V16l-3 1.5v-7L3 4z" />
    </svg>
  );
  const selects = (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {select('regional', 'Regional', 'Todas as regionais', regionalOptions, regioes.isPending)}
      {select('cultura', 'Cultura', 'Todas as culturas', culturaOptions, culturas.isPending)}
      {select('marca', 'Marca', 'Todas as marcas', marcaOptions, marcas.isPending)}
      {select('ano', 'Ano', 'Todos os anos', YEARS)}
      {select('produto', 'Produto', 'Todos os produtos', produtos)}
      {select('avaliacao', 'Avaliação', 'Todas', avaliacaoOptions, avaliacoes.isPending)}
      {select('situacao', 'Situação', 'Todas (indicadores: concluídos)', SITUACOES, false, SITUACAO_LABEL)}
      {select('conformidade', 'Conformidade (IN 53/2013)', 'Qualquer conformidade', VEREDITOS, false, VEREDITO_LABEL)}
    </div>
  );

  if (phone)
    return (
      <Card className="p-3">
        <div className="flex items-center justify-between gap-2">
          <Button variant="secondary" onClick={() => setSheetOpen(true)} aria-haspopup="dialog" aria-expanded={sheetOpen}>
            {funnel}
            Filtros ({active.length})
          </Button>
          {anyFilter && !sheetOpen ? (
            <Button variant="ghost" onClick={onClear}>
              Limpar Filtros
            </Button>
          ) : null}
        </div>
        {active.length ? (
          <p className="mt-2 truncate px-1 text-sm text-slate-700" data-testid="filtros-ativos">
            {active.map((k) => activeLabel(k, values[k])).join(' · ')}
          </p>
        ) : null}
        <Modal
          open={sheetOpen}
          onClose={closeSheet}
          title="Filtros"
          size="md"
          footer={
            <>
              {anyFilter ? (
                <Button variant="secondary" onClick={onClear}>
                  Limpar Filtros
                </Button>
              ) : null}
              <Button onClick={closeSheet}>Ver resultados</Button>
            </>
          }
        >
          {selects}
        </Modal>
      </Card>
    );

  return (
    <Card className="p-4 sm:p-5">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900">
          {funnel}
          Filtros
        </h2>
        {anyFilter ? (
          <Button size="sm" variant="secondary" onClick={onClear}>
            Limpar Filtros
          </Button>
        ) : null}
      </div>
      {selects}
    </Card>
  );
}
