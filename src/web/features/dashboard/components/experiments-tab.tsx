/**
 * "Experimentos" tab: the table "Experimentos Cadastrados" (docs/product-rules.md#experiments-table),
 * sortable by each column and searched by the dashboard's search box. The server sorts, searches
 * and pages (GET /api/experiments), so 10,000 experiments cost the same as 25. Below 640 px the
 * table scrolls inside its card with the first column fixed; a row opens the experiment's details.
 * Each row has a checkbox: two or more checked experiments open their joint analysis
 * (/analise-conjunta?ids=…); the choice survives paging, sorting and searching.
 */
import { type MouseEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MAX_LOCAIS, MIN_LOCAIS } from '../../../../shared/analise-conjunta.js';
import type { Experiment } from '../../../../shared/experiment.js';
import type { ExperimentSortKey, SortDirection } from '../../../../shared/filters.js';
import { formatBRL, formatKgHa, formatNumber } from '../../../../shared/format.js';
import { Alert } from '../../../components/ui/alert.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { SituacaoBadge } from '../../../components/situacao-badge.js';
import { ScrollX } from '../../../components/ui/scroll-x.js';
import { ApiError } from '../../../lib/api-client.js';
import { cn } from '../../../lib/cn.js';
import type { FilterValues } from '../../../lib/query-keys.js';
import { TABLE_PAGE_SIZE, useExperimentsTable } from '../api/experiments-table.js';
import { useExperimentActions } from './experiment-actions.js';
import { SearchBox } from './search-box.js';
import { useCanModify } from './use-can-modify.js';
import { OFFLINE_READ_ONLY_HINT, useOffline } from '../../../lib/offline.js';
import { LineIcon } from '../../../components/ui/line-icon.js';

/** The row's buttons' icons: 20×20, a thinner stroke. */
function RowIcon({ children }: { children: React.ReactNode }) {
  return (
    <LineIcon viewBox="0 0 20 20" className="h-4 w-4" strokeWidth="1.8">
      {children}
    </LineIcon>
  );
}

export interface TableSort {
  ordem: ExperimentSortKey;
  direcao: SortDirection;
}

interface Column {
  key: ExperimentSortKey;
  label: string;
  /** Numbers are first sorted from the largest (the best yield, the best ROI, the latest year). */
  numeric?: boolean;
}

const COLUMNS: Column[] = [
  { key: 'consultoria', label: 'Consultoria' },
  { key: 'regional', label: 'Regional' },
  { key: 'cultura', label: 'Cultura' },
  { key: 'marca', label: 'Marca' },
  { key: 'produtividade_media', label: 'Produtividade', numeric: true },
  { key: 'roi', label: 'ROI', numeric: true },
  { key: 'ano', label: 'Ano', numeric: true },
  { key: 'pdf_filename', label: 'PDF' },
];

/** The order after a click on a column's header: the other direction if it is the current one. */
export function nextSort(current: TableSort, column: Column): TableSort {
  if (current.ordem === column.key) return { ordem: column.key, direcao: current.direcao === 'asc' ? 'desc' : 'asc' };
  return { ordem: column.key, direcao: column.numeric ? 'desc' : 'asc' };
}

function SortIcon({ direction }: { direction: SortDirection | null }) {
  return (
    <svg viewBox="0 0 12 16" className="h-3.5 w-3 shrink-0" aria-hidden="true">
      <path d="M6 2 2.5 6.5h7z" fill="currentColor" opacity={direction === 'asc' ? 1 : 0.3} />
      <path d="M6 14 2.5 9.5h7z" fill="currentColor" opacity={direction === 'desc' ? 1 : 0.3} />
    </svg>
  );
}

function IconButton({
  label,
  onClick,
  children,
  danger,
  unavailable,
}: {
  label: string;
  onClick: () => void;
  children: React.ReactNode;
  danger?: boolean;
  /** Why the action cannot be done now (offline): the button is disabled and says so. */
  unavailable?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={unavailable !== undefined}
      aria-label={label}
      title={unavailable ? `${label}: ${unavailable}` : label}
      className={cn(
        'flex h-11 w-11 items-center justify-center rounded-md disabled:cursor-not-allowed disabled:opacity-40 sm:h-8 sm:w-8',
        danger ? 'text-red-700 enabled:hover:bg-red-50' : 'text-slate-700 enabled:hover:bg-soil-100',
      )}
    >
      {children}
    </button>
  );
}

// Phones: the first column stays in view while the others scroll under it (the table
// was 1,184 px wide in a 341 px box); its name wraps on two lines there instead of being cut.
const STICKY = 'sticky left-0 z-10 min-w-[9.5rem] max-w-[9.5rem] border-r border-soil-100 sm:static sm:min-w-0 sm:max-w-56 sm:border-r-0';

export function ExperimentsTab({
  filters,
  busca,
  onBusca,
  sort,
  onSort,
  detailsHref,
  onView,
}: {
  filters: FilterValues;
  busca: string;
  onBusca: (busca: string) => void;
  sort: TableSort;
  onSort: (sort: TableSort) => void;
  /** The dashboard's URL with `experimento=<id>`: the row's link, which opens the details. */
  detailsHref: (id: number) => string;
  onView: (id: number) => void;
}) {
  // The page goes back to the first whenever what is listed changes (filters, search, order).
  const listing = JSON.stringify([filters, busca, sort]);
  const [paging, setPaging] = useState({ listing, page: 0 });
  const page = paging.listing === listing ? paging.page : 0;
  const setPage = (p: number) => setPaging({ listing, page: p });

  const q = useExperimentsTable(filters, { busca, ...sort, page });
  const [selecionados, setSelecionados] = useState<number[]>([]);
  const navigate = useNavigate();
  const alternar = (id: number) =>
    setSelecionados((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : ids.length < MAX_LOCAIS ? [...ids, id] : ids));
  const conjuntaPronta = selecionados.length >= MIN_LOCAIS;
  const actions = useExperimentActions();
  const canModify = useCanModify();
  const readOnly = useOffline().offline ? OFFLINE_READ_ONLY_HINT : undefined;
  const total = q.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / TABLE_PAGE_SIZE));
  const rows: Experiment[] = q.data?.experiments ?? [];
  const from = total ? page * TABLE_PAGE_SIZE + 1 : 0;
  const to = Math.min(total, (page + 1) * TABLE_PAGE_SIZE);

  // A click anywhere on a row opens it, except on its own links and buttons.
  const onRowClick = (e: MouseEvent<HTMLTableRowElement>, id: number) => {
    if ((e.target as HTMLElement).closest('a, button, input, label')) return;
    onView(id);
  };

  return (
    <Card className="min-w-0 overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-soil-100 px-3 py-3 sm:px-5">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Experimentos Cadastrados ({formatNumber(total, 0)})</h2>
          <p className="text-sm text-slate-600" aria-live="polite">
            {total > TABLE_PAGE_SIZE ? `Mostrando ${formatNumber(from, 0)}–${formatNumber(to, 0)} de ${formatNumber(total, 0)}` : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SearchBox value={busca} onChange={onBusca} label="Buscar experimentos" />
          <Button
            size="sm"
            variant={conjuntaPronta ? 'primary' : 'secondary'}
            disabled={!conjuntaPronta}
            onClick={() => navigate(`/analise-conjunta?ids=${selecionados.join(',')}`)}
            title={conjuntaPronta ? undefined : `Marque ${MIN_LOCAIS} ou mais experimentos com os mesmos tratamentos`}
          >
            Análise conjunta
            {selecionados.length ? ` (${selecionados.length} ${selecionados.length === 1 ? 'selecionado' : 'selecionados'})` : ''}
          </Button>
          {selecionados.length ? (
            <Button size="sm" variant="ghost" onClick={() => setSelecionados([])}>
              Limpar seleção
            </Button>
          ) : null}
        </div>
      </div>
      {readOnly ? <p className="border-b border-soil-100 px-3 py-2 text-sm text-amber-900 sm:px-5">{readOnly}</p> : null}
      <p className="sr-only" aria-live="polite">
        {selecionados.length ? `${selecionados.length} experimento(s) selecionado(s) para a análise conjunta` : ''}
      </p>
      {q.isError ? (
        <Alert tone="error" className="m-4">
          Erro: {q.error instanceof ApiError ? q.error.message : 'Erro ao buscar experimentos'}
        </Alert>
      ) : null}
      <ScrollX aria-busy={q.isFetching}>
        <table className="min-w-full divide-y divide-soil-200 text-sm" data-testid="experiments-table">
          <thead className="bg-soil-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              {COLUMNS.map((c, i) => {
                const active = sort.ordem === c.key ? sort.direcao : null;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : 'none'}
                    className={cn('whitespace-nowrap p-0', i === 0 && cn(STICKY, 'bg-soil-50'))}
                  >
                    <button
                      type="button"
                      onClick={() => onSort(nextSort(sort, c))}
                      className={cn(
                        'flex min-h-11 w-full items-center gap-1.5 px-3 py-2 text-left uppercase tracking-wide hover:bg-soil-100 hover:text-slate-900',
                        c.numeric && c.key !== 'ano' ? 'justify-end' : undefined,
                        active ? 'text-brand-800' : undefined,
                      )}
                    >
                      {c.label}
                      <SortIcon direction={active} />
                    </button>
                  </th>
                );
              })}
              <th scope="col" className="whitespace-nowrap px-3 py-3">
                Ações
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-soil-100">
            {q.isPending ? (
              <tr>
                <td colSpan={9} className="px-4 py-10">
                  <div className="flex items-center justify-center gap-3 text-slate-700" role="status">
                    <Spinner className="h-6 w-6 text-brand-600" />
                    <span>Carregando experimentos...</span>
                  </div>
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={9} className="px-4 py-8 text-center text-slate-600">
                  Nenhum experimento encontrado.
                </td>
              </tr>
            ) : null}
            {rows.map((r) => (
              <tr key={r.id} className="group cursor-pointer hover:bg-soil-50" onClick={(e) => onRowClick(e, r.id)}>
                <td className={cn(STICKY, 'bg-white py-1 pl-1 pr-3 font-medium text-slate-900 group-hover:bg-soil-50 sm:py-3')}>
                  <div className="flex items-start gap-1">
                    <label className="flex h-11 w-9 shrink-0 cursor-pointer items-center justify-center sm:h-5 sm:w-7">
                      <input
                        type="checkbox"
                        className="h-4 w-4 accent-brand-600"
                        checked={selecionados.includes(r.id)}
                        onChange={() => alternar(r.id)}
                        aria-label={`Incluir o experimento nº ${r.id} (${r.consultoria}) na análise conjunta`}
                      />
                    </label>
                    <Link
                      to={detailsHref(r.id)}
                      onClick={(e) => {
                        // A plain click opens the details here; Ctrl/⌘-click still opens a new tab.
                        if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
                        e.preventDefault();
                        onView(r.id);
                      }}
                      className="block min-w-0 whitespace-normal break-words text-slate-900 underline-offset-2 hover:text-brand-800 hover:underline sm:truncate"
                      title={r.consultoria}
                    >
                      {r.consultoria}
                    </Link>
                  </div>
                  <SituacaoBadge situacao={r.situacao} className="ml-10 mb-1 sm:ml-8" />
                </td>
                <td className="whitespace-nowrap px-3 py-3 text-slate-700">{r.regional}</td>
                <td className="whitespace-nowrap px-3 py-3 text-slate-700">{r.cultura}</td>
                <td className="whitespace-nowrap px-3 py-3">
                  <Badge tone="blue">{r.marca}</Badge>
                </td>
                <td className="whitespace-nowrap px-3 py-3 text-right tabular-nums text-slate-900">
                  {r.produtividade_media === null ? '—' : formatKgHa(r.produtividade_media)}
                </td>
                <td className="whitespace-nowrap px-3 py-3 text-right tabular-nums text-slate-900">{formatBRL(r.roi)}</td>
                <td className="px-3 py-3 tabular-nums text-slate-700">{r.ano}</td>
                <td className="px-3 py-3">
                  {r.pdf_filename ? (
                    <button
                      type="button"
                      className="inline-flex min-h-11 items-center font-medium text-brand-700 underline-offset-2 enabled:hover:underline disabled:cursor-not-allowed disabled:opacity-40 sm:min-h-0"
                      onClick={() => actions.download(r.id, r.pdf_filename)}
                      disabled={readOnly !== undefined}
                      title={readOnly}
                    >
                      Baixar
                    </button>
                  ) : (
                    '-'
                  )}
                </td>
                <td className="px-3 py-1.5">
                  <div className="flex gap-1">
                    <IconButton label="Ver detalhes" onClick={() => onView(r.id)}>
                      <RowIcon>
                        <path d="M2 10s3-6 8-6 8 6 8 6-3 6-8 6-8-6-8-6z" />
                        <circle cx="10" cy="10" r="2.5" />
                      </RowIcon>
                    </IconButton>
                    {canModify(r.owner.id) ? (
                      <>
                        <IconButton label="Editar" onClick={() => actions.edit(r.id)} unavailable={readOnly}>
                          <RowIcon>
                            <path d="M4 14.5V16h1.5L15 6.5 13.5 5 4 14.5zM12.5 6l1.5 1.5" strokeLinejoin="round" />
                          </RowIcon>
                        </IconButton>
                        <IconButton label="Excluir" danger onClick={() => actions.remove(r.id)} unavailable={readOnly}>
                          <RowIcon>
                            <path d="M4 6h12M8 6V4h4v2M6 6l1 10h6l1-10" strokeLinecap="round" strokeLinejoin="round" />
                          </RowIcon>
                        </IconButton>
                      </>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
      {pages > 1 ? (
        <nav
          aria-label="Páginas da tabela"
          className="flex items-center justify-between gap-2 border-t border-soil-100 px-3 py-3 text-sm sm:px-5"
        >
          {/* Phones show the short words; the accessible name stays the whole one. */}
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setPage(Math.max(0, page - 1))}
            disabled={page === 0}
            aria-label="Página anterior"
          >
            <span className="sm:hidden">Anterior</span>
            <span className="hidden sm:inline">Página anterior</span>
          </Button>
          <span className="whitespace-nowrap text-slate-700">
            {formatNumber(page + 1, 0)} de {formatNumber(pages, 0)}
          </span>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setPage(Math.min(pages - 1, page + 1))}
            disabled={page >= pages - 1}
            aria-label="Próxima página"
          >
            <span className="sm:hidden">Próxima</span>
            <span className="hidden sm:inline">Próxima página</span>
          </Button>
        </nav>
      ) : null}
    </Card>
  );
}
