/**
 * /meta-analise (issue 33): the controls (product, variable, scale, the dashboard's filters), the
 * report of the answer, and how it differs from the win rate. Everything the user chooses lives in
 * the URL; a price typed is written there too, and moves the probability at once, without asking the
 * server again (the request carries no prices).
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FALLBACK_CULTURAS, FALLBACK_MARCAS, FALLBACK_REGIONAIS, PRICE_PER_BAG_MAX, YEARS } from '../../../shared/constants.js';
import { SITUACAO_LABEL, SITUACOES } from '../../../shared/field-plan.js';
import { VEREDITO_LABEL, VEREDITOS, type Veredito } from '../../../shared/conformidade.js';
import { CUSTO_HA_MAX, type MetaAnaliseResponse } from '../../../shared/meta-analise.js';
import { Alert } from '../../components/ui/alert.js';
import { Card } from '../../components/ui/card.js';
import { Select } from '../../components/ui/field.js';
import { InfoBox } from '../../components/ui/info-box.js';
import { Spinner } from '../../components/ui/spinner.js';
import { ApiError } from '../../lib/api-client.js';
import { useAvaliacoes, useCulturas, useMarcas, useRegioes } from '../../lib/use-lookups.js';
import { useMetaAnalysis, useProdutos } from './api/meta-analysis.js';
import { type Economia, MetaAnalysisResults } from './meta-analysis-results.js';
import { type MetaFilterKey, type MetaState, economicsOf, requestOf, stateFromParams } from './state.js';

const ESCALA_LABEL = {
  diferenca: 'Diferença (unidade da variável)',
  razao: 'Relativo (razão: % sobre a testemunha)',
} as const;

/** A lookup's list, or the built-in one when it cannot be read. */
const orFallback = (q: { isError: boolean }, list: readonly string[], fallback: readonly string[]) => (q.isError ? fallback : list);

/** A native select of one of the filters; a value from a shared link that is not in the list still shows. */
function FilterSelect({
  name,
  label,
  all,
  value,
  list,
  loading = false,
  labels,
  onChange,
}: {
  name: string;
  label: string;
  all: string;
  value: string;
  list: readonly (string | number)[];
  loading?: boolean;
  labels?: Readonly<Record<string, string>>;
  onChange: (v: string) => void;
}) {
  const values = list.map(String);
  return (
    <Select label={label} name={name} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{loading ? 'Carregando...' : all}</option>
      {values.map((v) => (
        <option key={v} value={v}>
          {labels?.[v] ?? v}
        </option>
      ))}
      {value && !values.includes(value) ? <option value={value}>{labels?.[value] ?? value}</option> : null}
    </Select>
  );
}

function Controls({ state, update }: { state: MetaState; update: (patch: Record<string, string | null>) => void }) {
  const produtos = useProdutos({ ...state.filtros, produto: '', avaliacao: '' });
  const avaliacoes = useAvaliacoes();
  const regioes = useRegioes();
  const culturas = useCulturas();
  const marcas = useMarcas();
  const lista = produtos.data ?? [];
  const filtro = (key: MetaFilterKey) => (v: string) => update({ [key]: v || null });
  return (
    <Card className="p-4 print:hidden sm:p-5">
      <h2 className="mb-3 text-base font-semibold text-slate-900">O que analisar</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Produto"
          name="produto"
          containerClassName="sm:col-span-2"
          value={state.produto}
          // Another product has another cost: the one typed for the last does not carry over.
          onChange={(e) => update({ produto: e.target.value || null, custo: null })}
          hint={produtos.isSuccess && !lista.length ? 'Nenhum produto aplicado nos ensaios destes filtros.' : undefined}
        >
          <option value="">{produtos.isPending ? 'Carregando produtos...' : 'Escolha um produto'}</option>
          {lista.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
          {state.produto && !lista.includes(state.produto) ? <option value={state.produto}>{state.produto}</option> : null}
        </Select>
        <FilterSelect
          name="avaliacao"
          label="Variável"
          all="Produtividade"
          value={state.avaliacao}
          list={avaliacoes.isError ? [] : avaliacoes.list}
          onChange={(v) => update({ avaliacao: v || null })}
        />
        <Select
          label="Escala do efeito"
          name="escala"
          value={state.escala}
          onChange={(e) => update({ escala: e.target.value === 'razao' ? 'razao' : null })}
        >
          <option value="diferenca">{ESCALA_LABEL.diferenca}</option>
          <option value="razao">{ESCALA_LABEL.razao}</option>
        </Select>
      </div>
      <h3 className="mb-3 mt-5 text-sm font-semibold text-slate-800">Filtros dos ensaios</h3>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <FilterSelect
          name="regional"
          label="Regional"
          all="Todas as regionais"
          value={state.filtros.regional}
          list={orFallback(
            regioes,
            regioes.list.map((r) => r.nome),
            FALLBACK_REGIONAIS,
          )}
          loading={regioes.isPending}
          onChange={filtro('regional')}
        />
        <FilterSelect
          name="cultura"
          label="Cultura"
          all="Todas as culturas"
          value={state.filtros.cultura}
          list={orFallback(culturas, culturas.data?.culturas ?? [], FALLBACK_CULTURAS)}
          loading={culturas.isPending}
          onChange={filtro('cultura')}
        />
        <FilterSelect name="ano" label="Ano" all="Todos os anos" value={state.filtros.ano} list={YEARS} onChange={filtro('ano')} />
        <FilterSelect
          name="marca"
          label="Marca"
          all="Todas as marcas"
          value={state.filtros.marca}
          list={orFallback(marcas, marcas.list, FALLBACK_MARCAS)}
          loading={marcas.isPending}
          onChange={filtro('marca')}
        />
        <FilterSelect
          name="situacao"
          label="Situação"
          all="Concluídos (padrão)"
          value={state.filtros.situacao}
          list={SITUACOES}
          labels={SITUACAO_LABEL}
          onChange={filtro('situacao')}
        />
        <FilterSelect
          name="conformidade"
          label="Conformidade (IN 53/2013)"
          all="Qualquer conformidade"
          value={state.filtros.conformidade}
          list={VEREDITOS}
          labels={VEREDITO_LABEL}
          onChange={filtro('conformidade')}
        />
      </div>
    </Card>
  );
}

/** What the report is about, in one line (on screen and on paper, where the controls are not). */
function Scope({ state }: { state: MetaState }) {
  const filtros = [
    state.filtros.regional && `regional ${state.filtros.regional}`,
    state.filtros.cultura && `cultura ${state.filtros.cultura}`,
    state.filtros.marca && `marca ${state.filtros.marca}`,
    state.filtros.ano && `ano ${state.filtros.ano}`,
    state.filtros.situacao
      ? `situação ${SITUACAO_LABEL[state.filtros.situacao as keyof typeof SITUACAO_LABEL] ?? state.filtros.situacao}`
      : 'ensaios concluídos',
    state.filtros.conformidade && (VEREDITO_LABEL[state.filtros.conformidade as Veredito] ?? state.filtros.conformidade).toLowerCase(),
  ].filter(Boolean);
  return (
    <p className="text-sm text-slate-700" data-testid="meta-escopo">
      <strong>{state.produto}</strong> · {state.avaliacao || 'Produtividade'} · {ESCALA_LABEL[state.escala]} · {filtros.join(', ')}
    </p>
  );
}

function HowItDiffers() {
  return (
    <InfoBox title="Meta-análise ou taxa de vitória?">
      <p>
        A taxa de vitória conta em quantos ensaios o produto superou a testemunha; a meta-análise pesa o tamanho do ganho e a precisão de
        cada ensaio: um ensaio com pouca variação entre repetições pesa mais que um ensaio ruidoso, e um ganho de 30 kg/ha não vale o mesmo
        que um de 300 kg/ha.
      </p>
      <p>
        O resultado é um ganho médio com seu intervalo de confiança, a variação real entre ensaios (τ², I²) e o intervalo em que deve cair o
        ganho de um novo ensaio: é ele que diz a chance de o produto se pagar na próxima safra.
      </p>
    </InfoBox>
  );
}

function Results({
  state,
  r,
  typed,
  setTyped,
  update,
}: {
  state: MetaState;
  r: MetaAnaliseResponse;
  typed: Typed;
  setTyped: (f: (t: Typed) => Typed) => void;
  update: (patch: Record<string, string | null>, replace?: boolean) => void;
}) {
  const econ = economicsOf(state);
  const price = (key: 'preco' | 'custo', max: number, allowZero: boolean) => (v: number | null) => {
    setTyped((t) => ({ ...t, [key]: v }));
    // The URL keeps a usable value (or none): a text being typed ("12,") is not written there.
    if (v === null) update({ [key]: null }, true);
    else if (Number.isFinite(v) && (v > 0 || (allowZero && v === 0)) && v <= max) update({ [key]: String(v) }, true);
  };
  const economia: Economia = econ.aplica
    ? {
        aplica: true,
        preco: 'preco' in typed ? typed.preco! : (state.preco ?? r.sugestoes.preco_saca),
        custo: 'custo' in typed ? typed.custo! : (state.custo ?? r.sugestoes.custo_ha),
        onPreco: price('preco', PRICE_PER_BAG_MAX, false),
        onCusto: price('custo', CUSTO_HA_MAX, true),
      }
    : econ;
  return <MetaAnalysisResults r={r} economia={economia} />;
}

/** Prices typed on this visit (null: emptied), which win over the URL's and the suggestions. */
type Typed = { preco?: number | null; custo?: number | null };

export function MetaAnalysisScreen() {
  const [params, setParams] = useSearchParams();
  const state = stateFromParams(params);
  const q = useMetaAnalysis(requestOf(state));
  const [typed, setTyped] = useState<Typed>({});
  const update = (patch: Record<string, string | null>, replace = false) => {
    // Another product has another cost: the one typed for the last does not carry over (the bag price does).
    if ('produto' in patch) setTyped(({ custo: _custo, ...t }) => t);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace },
    );
  };

  let body;
  if (!state.produto) {
    body = (
      <Alert tone="info" title="Escolha um produto">
        A meta-análise combina os ensaios que têm o produto em um tratamento e uma testemunha sem ele (o primeiro tratamento).
      </Alert>
    );
  } else if (q.isPending) {
    body = (
      <div className="flex items-center justify-center gap-3 py-8 text-brand-700" role="status">
        <Spinner />
        <span className="text-sm text-slate-700">Calculando a meta-análise...</span>
      </div>
    );
  } else if (q.isError) {
    const known = q.error instanceof ApiError && q.error.status > 0 && q.error.status < 500;
    body = (
      <Alert tone={known ? 'warning' : 'error'} title="Não foi possível fazer a meta-análise">
        <p>{known ? q.error.message : 'Erro ao calcular a meta-análise. Tente novamente em instantes.'}</p>
        <p className="mt-1">Ajuste o produto, a escala ou os filtros acima.</p>
      </Alert>
    );
  } else {
    body = <Results state={state} r={q.data} typed={typed} setTyped={setTyped} update={update} />;
  }

  return (
    <div className="space-y-5">
      <Controls state={state} update={update} />
      {state.produto ? <Scope state={state} /> : null}
      {body}
      <HowItDiffers />
    </div>
  );
}
