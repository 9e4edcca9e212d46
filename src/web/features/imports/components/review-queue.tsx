/**
 * "Revisão da importação" (/importar/revisao): the drafts by confidence, filtered by batch and
 * status in the URL (`lote`, `status`), each with its confidence and likely-duplicate flag; the
 * easy ones approved at once ("Aprovar todos com confiança ≥ 90 %", each still validated); a
 * draft opened (`rascunho=<id>`) shows the review screen.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { summarizeFieldErrors } from '../../../../shared/fields/issue-labels.js';
import { formatLongDate } from '../../../../shared/format.js';
import { IMPORT_STATUSES, IMPORT_STATUS_LABELS, type ImportStatus, IMPORT_BULK_APPROVE_CONFIDENCE } from '../../../../shared/imports.js';
import { Alert } from '../../../components/ui/alert.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card, ListCard } from '../../../components/ui/card.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { ApiError } from '../../../lib/api-client.js';
import { afterExperimentWrite } from '../../../lib/query-keys.js';
import type { ExperimentFormSlot, ReportToExperiment } from '../../../lib/slots.js';
import { approveDraft, type DraftFilter, importKeys, useDrafts, useImportBatches } from '../api/imports.js';
import { ConfidenceBadge, DuplicateFlag, FileName, ImportedElsewhereBadge, PdfGoneNote } from './badges.js';
import { DraftReview } from './draft-review.js';
import { Options } from '../../../components/ui/field.js';

interface BulkResult {
  approved: { filename: string; experimentId: number }[];
  review: { filename: string; reason: string }[];
}

const INCOMPLETE = 'Dados incompletos: abra o rascunho para completar.';

const SELECT = 'h-10 rounded-lg border border-soil-300 bg-white px-3 text-sm text-slate-900';

function isStatus(s: string | null): s is ImportStatus {
  return (IMPORT_STATUSES as readonly string[]).includes(s ?? '');
}

export function ReviewQueue({ form, prepare }: { form: ExperimentFormSlot; prepare: ReportToExperiment }) {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const filter: DraftFilter = {
    status: statusParam === 'todos' ? '' : isStatus(statusParam) ? statusParam : 'ready',
    batchId: params.get('lote') ?? '',
  };
  const draftId = Number(params.get('rascunho')) || null;
  const drafts = useDrafts(filter);
  const batches = useImportBatches();
  const queryClient = useQueryClient();
  const [bulk, setBulk] = useState<BulkResult | null>(null);
  const [bulkRunning, setBulkRunning] = useState(false);

  const set = (changes: Record<string, string | null>) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null || v === '') next.delete(k);
        else next.set(k, v);
      }
      return next;
    });

  const list = drafts.data?.drafts ?? [];
  const easy = list.filter((d) => d.status === 'ready' && (d.confidence ?? 0) >= IMPORT_BULK_APPROVE_CONFIDENCE);

  const approveEasy = async () => {
    setBulkRunning(true);
    const result: BulkResult = { approved: [], review: [] };
    for (const d of easy) {
      const prepared = prepare(d.data ?? {});
      if (!prepared.ok) {
        // In words ("Tratamento 1 (Testemunha): Modalidade é obrigatória"), never a field path.
        result.review.push({ filename: d.filename, reason: summarizeFieldErrors(prepared.fields, d.data) ?? INCOMPLETE });
        continue;
      }
      try {
        const { experiment } = await approveDraft(d.id, prepared.data);
        result.approved.push({ filename: d.filename, experimentId: experiment.id });
        await afterExperimentWrite(queryClient, { kind: 'create', experiment });
      } catch (err) {
        result.review.push({ filename: d.filename, reason: err instanceof ApiError ? err.message : 'Erro ao aprovar' });
      }
    }
    setBulk(result);
    setBulkRunning(false);
    await queryClient.invalidateQueries({ queryKey: importKeys.all });
  };

  if (draftId !== null) {
    return <DraftReview id={draftId} queue={list} form={form} onOpen={(id) => set({ rascunho: id === null ? null : String(id) })} />;
  }

  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Revisão da importação</h1>
          <p className="mt-1 text-sm text-slate-700">Rascunhos em ordem de confiança. Abra um para conferir com o PDF e aprovar.</p>
        </div>
        <Link to="/importar" className="text-sm font-medium text-brand-700 hover:underline">
          Importar mais relatórios
        </Link>
      </div>

      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:flex-wrap sm:items-end">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Lote
          <select name="lote" className={SELECT} value={filter.batchId} onChange={(e) => set({ lote: e.target.value })}>
            <option value="">Todos os lotes</option>
            {(batches.data ?? []).map((b) => (
              <option key={b.batchId} value={b.batchId}>
                {formatLongDate(b.createdAt)} · {b.total} arquivos{b.owner ? ` · ${b.owner.name}` : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Situação
          <select
            name="status"
            className={SELECT}
            value={filter.status || 'todos'}
            onChange={(e) => set({ status: e.target.value === 'ready' ? null : e.target.value })}
          >
            <option value="todos">Todas</option>
            <Options values={IMPORT_STATUSES} labels={IMPORT_STATUS_LABELS} />
          </select>
        </label>
        <div className="sm:ml-auto">
          <Button onClick={() => void approveEasy()} disabled={!easy.length || bulkRunning} className="w-full sm:w-auto">
            {bulkRunning ? 'Aprovando...' : `Aprovar todos com confiança ≥ 90 % (${easy.length})`}
          </Button>
        </div>
      </Card>

      {bulk ? (
        <Alert
          tone={bulk.review.length ? 'warning' : 'success'}
          title={`${bulk.approved.length} aprovado(s), ${bulk.review.length} precisa(m) de revisão`}
        >
          {bulk.review.length ? (
            <ul className="mt-1 list-disc pl-5 text-sm">
              {bulk.review.map((r) => (
                <li key={r.filename}>
                  {r.filename}: {r.reason}
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}

      {drafts.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : drafts.isError ? (
        <Alert tone="error" title="Erro ao carregar os rascunhos">
          <Button size="sm" variant="secondary" onClick={() => void drafts.refetch()}>
            Tentar novamente
          </Button>
        </Alert>
      ) : list.length === 0 ? (
        <Card className="px-6 py-10 text-center text-sm text-slate-700">
          Nenhum rascunho {filter.status ? `com a situação “${IMPORT_STATUS_LABELS[filter.status]}”` : ''} neste filtro.
        </Card>
      ) : (
        <ListCard
          label="Rascunhos"
          footer={
            drafts.data && drafts.data.total > list.length ? (
              <p className="border-t border-soil-100 px-4 py-2 text-xs text-slate-600">
                Mostrando {list.length} de {drafts.data.total}: aprove ou descarte estes para ver os demais.
              </p>
            ) : null
          }
        >
          {list.map((d) => (
            <li key={d.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 space-y-1">
                <FileName name={d.filename} weight="font-semibold" />
                <div className="flex flex-wrap items-center gap-2">
                  <ConfidenceBadge confidence={d.confidence ?? 0} />
                  <Badge>{IMPORT_STATUS_LABELS[d.status]}</Badge>
                  <ImportedElsewhereBadge draft={d} />
                  <span className="text-xs text-slate-600">{d.owner.name}</span>
                </div>
                <DuplicateFlag of={d.duplicateOf} />
                <PdfGoneNote draft={d} />
              </div>
              {d.status === 'ready' ? (
                <Button size="sm" variant="secondary" onClick={() => set({ rascunho: String(d.id) })} aria-label={`Revisar ${d.filename}`}>
                  Revisar
                </Button>
              ) : null}
            </li>
          ))}
        </ListCard>
      )}
    </div>
  );
}
