/**
 * "Importar relatórios" (/importar): drop files or a whole folder (or pick them), follow the
 * upload and the reading of each report, then go to the review queue.
 */
import { type DragEvent, useState } from 'react';
import { Link } from 'react-router';
import { IMPORT_BATCH_MAX } from '../../../../shared/imports.js';
import { Badge, type BadgeTone } from '../../../components/ui/badge.js';
import { Card, ListCard } from '../../../components/ui/card.js';
import { cn } from '../../../lib/cn.js';
import { FileName } from './badges.js';
import { filesOfDrop, filesOfInput } from './collect-files.js';
import { ROW_STATUS_LABEL, type RowStatus, useBulkUpload } from './use-bulk-upload.js';
import { LineIcon } from '../../../components/ui/line-icon.js';

const TONE: Record<RowStatus, BadgeTone> = {
  waiting: 'gray',
  sending: 'blue',
  sent: 'blue',
  queued: 'gray',
  processing: 'purple',
  ready: 'green',
  failed: 'red',
  refused: 'red',
  approved: 'green',
  discarded: 'gray',
};

const PICK =
  'inline-flex min-h-10 cursor-pointer items-center justify-center rounded-lg border border-soil-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-sm hover:bg-soil-50 focus-within:ring-2 focus-within:ring-brand-500';

/** `reviewHref` is the queue's address (with the batch), given by app/ so routes stay in one place. */
export function ImportUpload({ reviewHref }: { reviewHref: (batchId: number | null) => string }) {
  const upload = useBulkUpload();
  const [over, setOver] = useState(false);
  const { summary, rows } = upload;

  const onDrop = async (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    upload.add(await filesOfDrop(e.dataTransfer));
  };

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Importar relatórios</h1>
        <p className="mt-1 text-sm text-slate-700">
          Envie os relatórios de ensaio em PDF (até {IMPORT_BATCH_MAX} por lote, 10 MB cada): cada um vira um rascunho de experimento para
          você revisar e aprovar.
        </p>
      </div>

      <Card className="p-4 sm:p-6">
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={(e) => void onDrop(e)}
          data-testid="import-dropzone"
          className={cn(
            'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
            over ? 'border-brand-500 bg-brand-50' : 'border-soil-300 bg-soil-50',
          )}
        >
          <LineIcon className="h-10 w-10 text-brand-600" strokeWidth="1.8">
            <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" strokeLinejoin="round" />
            <path d="M12 10v6m-3-3 3-3 3 3" strokeLinecap="round" strokeLinejoin="round" />
          </LineIcon>
          <p className="text-sm font-medium text-slate-800">Arraste os PDFs ou uma pasta inteira para cá</p>
          <div className="flex flex-wrap justify-center gap-2">
            <label className={PICK}>
              Selecionar arquivos
              <input
                type="file"
                name="pdfs"
                multiple
                accept="application/pdf,.pdf"
                className="sr-only"
                onChange={(e) => {
                  upload.add(filesOfInput(e.currentTarget.files));
                  e.currentTarget.value = '';
                }}
              />
            </label>
            <label className={PICK}>
              Selecionar pasta
              <input
                type="file"
                name="pasta"
                multiple
                className="sr-only"
                ref={(el) => el?.setAttribute('webkitdirectory', '')}
                onChange={(e) => {
                  upload.add(filesOfInput(e.currentTarget.files));
                  e.currentTarget.value = '';
                }}
              />
            </label>
          </div>
        </div>

        {summary.total ? (
          <div className="mt-5 space-y-2">
            <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm text-slate-700">
              <span>{upload.uploading ? 'Enviando arquivos...' : 'Envio concluído'}</span>
              <span>{summary.percent}%</span>
            </div>
            <div
              className="h-2 overflow-hidden rounded-full bg-soil-200"
              role="progressbar"
              aria-label="Envio dos arquivos"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={summary.percent}
            >
              <div className="h-full bg-brand-500 transition-all" style={{ width: `${summary.percent}%` }} />
            </div>
            <p className="text-sm text-slate-800" role="status" aria-live="polite">
              {summary.total} {summary.total === 1 ? 'arquivo' : 'arquivos'} · {summary.ready} pronto(s) para revisão · {summary.refused}{' '}
              recusado(s) · {summary.pending} em andamento
            </p>
            {summary.ready ? (
              <Link
                to={reviewHref(upload.batchId)}
                className="inline-flex min-h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
              >
                Revisar rascunhos ({summary.ready})
              </Link>
            ) : null}
          </div>
        ) : null}
      </Card>

      {rows.length ? (
        <ListCard label="Arquivos do lote">
          {rows.map((r) => (
            <li key={r.key} className="flex flex-col gap-1 px-4 py-2.5 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
              <div className="min-w-0">
                <FileName name={r.path} weight="font-medium" />
                {r.reason && (r.status === 'refused' || r.status === 'failed') ? <p className="text-xs text-red-700">{r.reason}</p> : null}
              </div>
              <Badge tone={TONE[r.status]} className="shrink-0 self-start sm:self-auto">
                {ROW_STATUS_LABEL[r.status]}
              </Badge>
            </li>
          ))}
        </ListCard>
      ) : null}
    </div>
  );
}
