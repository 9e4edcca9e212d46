/** Documentos (spec 001 §2.3): the PDF card grid with search, and the experiments table. */
import { useDeferredValue, useState } from 'react';
import { brandColor } from '../brand-colors.js';
import type { DocumentCard, ExperimentRow } from '../../../../shared/dashboard.js';
import { formatBRL, formatKgHa, formatNumber } from '../../../../shared/format.js';
import { truncateLabel } from '../labels.js';
import { Alert } from '../../../components/ui/alert.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { DataTable } from '../../../components/ui/data-table.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useSession } from '../../../lib/api.js';
import { ApiError } from '../../../lib/api-client.js';
import type { FilterValues } from '../../../lib/query-keys.js';
import { TABLE_PAGE, useDocumentCards, useExperimentRows } from '../api/queries.js';
import { useExperimentActions } from './experiment-actions.js';

const CARDS_STEP = 12;

function useCanModify() {
  const { user } = useSession();
  return (ownerId: string) => user?.role === 'admin' || user?.id === ownerId;
}

function DocCard({ d, canModify }: { d: DocumentCard; canModify: boolean }) {
  const actions = useExperimentActions();
  return (
    <article className="flex min-w-0 flex-col rounded-xl border border-soil-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900" title={d.pdf_filename}>
            {d.pdf_filename}
          </p>
          <p className="text-xs text-slate-600">#{d.id}</p>
        </div>
        <span
          className="shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold text-white"
          style={{ backgroundColor: brandColor(d.marca) }}
        >
          {d.marca}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm">
        <dt className="text-slate-600">Consultoria</dt>
        <dd className="truncate text-slate-900" title={d.consultoria}>
          {truncateLabel(d.consultoria)}
        </dd>
        <dt className="text-slate-600">Local</dt>
        <dd className="truncate text-slate-900">
          {d.cidade}/{d.estado}
        </dd>
        <dt className="text-slate-600">Cultura</dt>
        <dd className="text-slate-900">
          {d.cultura} · {d.ano}
        </dd>
        <dt className="text-slate-600">Produtividade</dt>
        <dd className="text-slate-900">{formatKgHa(d.produtividade_media)}</dd>
        <dt className="text-slate-600">ROI</dt>
        <dd className="text-slate-900">{formatBRL(d.roi)}</dd>
        <dt className="text-slate-600">Tratamentos</dt>
        <dd className="text-slate-900">{d.tratamentos}</dd>
        <dt className="text-slate-600">Regional</dt>
        <dd className="truncate text-slate-900">{d.regional}</dd>
        <dt className="text-slate-600">BU</dt>
        <dd className="text-slate-900">{d.bu}</dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2 border-t border-soil-100 pt-3">
        <Button size="sm" onClick={() => actions.view(d.id, d.pdf_filename)} aria-label={`Ver PDF do experimento ${d.id}`}>
          Ver
        </Button>
        {canModify ? (
          <Button size="sm" variant="secondary" onClick={() => actions.edit(d.id)} aria-label={`Editar experimento ${d.id}`}>
            Editar
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="secondary"
          onClick={() => actions.download(d.id, d.pdf_filename)}
          aria-label={`Baixar PDF do experimento ${d.id}`}
        >
          PDF
        </Button>
      </div>
    </article>
  );
}

function DocumentCards({ filters }: { filters: FilterValues }) {
  const [busca, setBusca] = useState('');
  const [limit, setLimit] = useState(CARDS_STEP);
  const deferred = useDeferredValue(busca.trim());
  const q = useDocumentCards(filters, deferred, limit, true);
  const canModify = useCanModify();
  const total = q.data?.total ?? 0;

  return (
    <section className="space-y-4" aria-label="Documentos PDF">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Documentos PDF</h2>
          <p className="text-sm text-slate-600">
            {formatNumber(total, 0)} {total === 1 ? 'documento disponível' : 'documentos disponíveis'}
          </p>
        </div>
        <input
          type="search"
          value={busca}
          onChange={(e) => {
            setBusca(e.target.value);
            setLimit(CARDS_STEP);
          }}
          placeholder="Buscar por consultoria, cidade, cultura ou marca..."
          aria-label="Buscar documentos"
          className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-500 sm:w-96"
        />
      </div>
      {q.isError ? <Alert tone="error">Erro: {q.error instanceof ApiError ? q.error.message : 'Erro ao buscar experimentos'}</Alert> : null}
      {q.isPending ? (
        <div className="flex justify-center py-10 text-brand-700">
          <Spinner className="h-8 w-8" />
        </div>
      ) : total === 0 ? (
        deferred ? (
          <div className="rounded-xl border-2 border-dashed border-soil-200 px-6 py-10 text-center">
            <p className="font-semibold text-slate-800">Nenhum resultado encontrado</p>
            <p className="mt-1 text-sm text-slate-600">Tente ajustar os termos de busca para encontrar os documentos desejados.</p>
            <Button className="mt-4" variant="secondary" onClick={() => setBusca('')}>
              Limpar busca
            </Button>
          </div>
        ) : (
          <div className="rounded-xl border-2 border-dashed border-soil-200 px-6 py-10 text-center">
            <p className="font-semibold text-slate-800">Nenhum documento encontrado</p>
            <p className="mt-1 text-sm text-slate-600">Ainda não há experimentos com documentos PDF anexados.</p>
          </div>
        )
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {q.data?.documentos.map((d) => (
              <DocCard key={d.id} d={d} canModify={canModify(d.owner_id)} />
            ))}
          </div>
          {q.data && q.data.documentos.length < total ? (
            <div className="flex justify-center">
              <Button variant="secondary" onClick={() => setLimit((l) => l + CARDS_STEP)} disabled={q.isFetching}>
                Mostrar mais documentos
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function IconButton({
  label,
  onClick,
  children,
  danger,
}: {
  label: string;
  onClick: () => void;
  children: React.ReactNode;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className={`flex h-8 w-8 items-center justify-center rounded-md ${danger ? 'text-red-700 hover:bg-red-50' : 'text-slate-700 hover:bg-soil-100'}`}
    >
      {children}
    </button>
  );
}

function ExperimentsTable({ filters, onView }: { filters: FilterValues; onView: (id: number) => void }) {
  const [page, setPage] = useState(0);
  const q = useExperimentRows(filters, page, true);
  const actions = useExperimentActions();
  const canModify = useCanModify();
  const total = q.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / TABLE_PAGE));
  const rows: ExperimentRow[] = q.data?.experimentos ?? [];

  return (
    <Card className="min-w-0 overflow-hidden">
      <div className="border-b border-soil-100 px-4 py-3 sm:px-5">
        <h2 className="text-lg font-semibold text-slate-900">Experimentos Cadastrados ({formatNumber(total, 0)})</h2>
      </div>
      {q.isError ? (
        <Alert tone="error" className="m-4">
          Erro: {q.error instanceof ApiError ? q.error.message : 'Erro ao buscar experimentos'}
        </Alert>
      ) : null}
      <DataTable headers={['Consultoria', 'Regional', 'Cultura', 'Marca', 'Produtividade', 'ROI', 'Ano', 'PDF', 'Ações']} nowrapHeaders>
        {rows.length === 0 && !q.isPending ? (
          <tr>
            <td colSpan={9} className="px-4 py-8 text-center text-slate-600">
              Nenhum experimento encontrado.
            </td>
          </tr>
        ) : null}
        {rows.map((r) => (
          <tr key={r.id} className="hover:bg-soil-50">
            <td className="max-w-48 truncate px-4 py-3 font-medium text-slate-900" title={r.consultoria}>
              {r.consultoria}
            </td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">{r.regional}</td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">{r.cultura}</td>
            <td className="px-4 py-3">
              <Badge tone="blue">{r.marca}</Badge>
            </td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-900">{formatKgHa(r.produtividade_media)}</td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-900">{formatBRL(r.roi)}</td>
            <td className="px-4 py-3 text-slate-700">{r.ano}</td>
            <td className="px-4 py-3">
              {r.pdf_filename ? (
                <button
                  type="button"
                  className="font-medium text-brand-700 underline-offset-2 hover:underline"
                  onClick={() => actions.download(r.id, r.pdf_filename)}
                >
                  Baixar
                </button>
              ) : (
                '-'
              )}
            </td>
            <td className="px-4 py-3">
              <div className="flex gap-1">
                <IconButton label="Ver detalhes" onClick={() => onView(r.id)}>
                  <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
                    <path d="M2 10s3-6 8-6 8 6 8 6-3 6-8 6-8-6-8-6z" />
                    <circle cx="10" cy="10" r="2.5" />
                  </svg>
                </IconButton>
                {canModify(r.owner_id) ? (
                  <>
                    <IconButton label="Editar" onClick={() => actions.edit(r.id)}>
                      <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
                        <path d="M4 14.5V16h1.5L15 6.5 13.5 5 4 14.5zM12.5 6l1.5 1.5" strokeLinejoin="round" />
                      </svg>
                    </IconButton>
                    <IconButton label="Excluir" danger onClick={() => actions.remove(r.id)}>
                      <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
                        <path d="M4 6h12M8 6V4h4v2M6 6l1 10h6l1-10" strokeLinecap="round" strokeLinejoin="round" />
                      </svg>
                    </IconButton>
                  </>
                ) : null}
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      {pages > 1 ? (
        <div className="flex items-center justify-between gap-3 border-t border-soil-100 px-4 py-3 text-sm sm:px-5">
          <Button size="sm" variant="secondary" onClick={() => setPage((p) => Math.max(0, p - 1))} disabled={page === 0}>
            Página anterior
          </Button>
          <span className="text-slate-700">
            {page + 1} de {pages}
          </span>
          <Button size="sm" variant="secondary" onClick={() => setPage((p) => Math.min(pages - 1, p + 1))} disabled={page >= pages - 1}>
            Próxima página
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

export function DocumentsTab({ filters, onView }: { filters: FilterValues; onView: (id: number) => void }) {
  return (
    <div className="space-y-8">
      <DocumentCards filters={filters} />
      <ExperimentsTable key={JSON.stringify(filters)} filters={filters} onView={onView} />
    </div>
  );
}
