/**
 * Documentos (docs/product-rules.md#documents-tab): the PDF card grid with the dashboard's search
 * (the experiments table has its own tab).
 */
import { useState } from 'react';
import { brandColor } from '../brand-colors.js';
import type { DocumentCard } from '../../../../shared/dashboard.js';
import { formatBRL, formatKgHa, formatNumber } from '../../../../shared/format.js';
import { truncateLabel } from '../labels.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { ApiError } from '../../../lib/api-client.js';
import type { FilterValues } from '../../../lib/query-keys.js';
import { useDocumentCards } from '../api/queries.js';
import { useExperimentActions } from './experiment-actions.js';
import { SearchBox } from './search-box.js';
import { useCanModify } from './use-can-modify.js';
import { OFFLINE_READ_ONLY_HINT, useOffline } from '../../../lib/offline.js';

const CARDS_STEP = 12;

function DocCard({ d, canModify }: { d: DocumentCard; canModify: boolean }) {
  const actions = useExperimentActions();
  // Offline the PDFs are not on the device and nothing can be changed: the buttons say so.
  const readOnly = useOffline().offline ? OFFLINE_READ_ONLY_HINT : undefined;
  const unavailable = { disabled: readOnly !== undefined, title: readOnly };
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
        <Button size="sm" onClick={() => actions.view(d.id, d.pdf_filename)} aria-label={`Ver PDF do experimento ${d.id}`} {...unavailable}>
          Ver
        </Button>
        {canModify ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => actions.edit(d.id)}
            aria-label={`Editar experimento ${d.id}`}
            {...unavailable}
          >
            Editar
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="secondary"
          onClick={() => actions.download(d.id, d.pdf_filename)}
          aria-label={`Baixar PDF do experimento ${d.id}`}
          {...unavailable}
        >
          PDF
        </Button>
      </div>
    </article>
  );
}

function DocumentCards({ filters, busca, onBusca }: { filters: FilterValues; busca: string; onBusca: (busca: string) => void }) {
  // More cards are shown on request; a new search or filter starts again from the first ones.
  const listing = JSON.stringify([filters, busca]);
  const [shown, setShown] = useState({ listing, limit: CARDS_STEP });
  const limit = shown.listing === listing ? shown.limit : CARDS_STEP;
  const q = useDocumentCards(filters, busca, limit, true);
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
        <SearchBox value={busca} onChange={onBusca} label="Buscar documentos" />
      </div>
      {q.isError ? <Alert tone="error">Erro: {q.error instanceof ApiError ? q.error.message : 'Erro ao buscar experimentos'}</Alert> : null}
      {q.isPending ? (
        <div className="flex justify-center py-10 text-brand-700">
          <Spinner className="h-8 w-8" />
        </div>
      ) : total === 0 ? (
        busca ? (
          <div className="rounded-xl border-2 border-dashed border-soil-200 px-6 py-10 text-center">
            <p className="font-semibold text-slate-800">Nenhum resultado encontrado</p>
            <p className="mt-1 text-sm text-slate-600">Tente ajustar os termos de busca para encontrar os documentos desejados.</p>
            <Button className="mt-4" variant="secondary" onClick={() => onBusca('')}>
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
              <Button variant="secondary" onClick={() => setShown({ listing, limit: limit + CARDS_STEP })} disabled={q.isFetching}>
                Mostrar mais documentos
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

export function DocumentsTab({ filters, busca, onBusca }: { filters: FilterValues; busca: string; onBusca: (busca: string) => void }) {
  return <DocumentCards filters={filters} busca={busca} onBusca={onBusca} />;
}
