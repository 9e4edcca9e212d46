/**
 * The review of one draft: its PDF page beside the form prefilled from the report. Focusing a
 * field shows the page its value was read on, with the snippet highlighted. "Aprovar" creates
 * the experiment (a 400's fields land on their inputs), "Descartar" asks first; J / K (or
 * Alt+→ / Alt+←) move to the next / previous draft of the queue.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { LOW_FIELD_CONFIDENCE, type ExtractedData } from '../../../../shared/extraction.js';
import { EXPERIMENT_FIELDS } from '../../../../shared/fields/catalogue.js';
import { summarizeFieldErrors } from '../../../../shared/fields/issue-labels.js';
import type { ExperimentData } from '../../../../shared/experiment.js';
import type { ImportDraft } from '../../../../shared/imports.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { confirmDialog } from '../../../components/ui/confirm-dialog.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { toast } from '../../../components/ui/toast.js';
import { ApiError } from '../../../lib/api-client.js';
import type { ExperimentFormSlot } from '../../../lib/slots.js';
import { fetchDraftPdf, useApproveDraft, useDiscardDraft, useDraft } from '../api/imports.js';
import { PdfPage } from './pdf-page.js';
import { ConfidenceBadge, DuplicateFlag, ImportedElsewhereBadge } from './badges.js';
import { TextList } from '../../../components/ui/text-list.js';

const APPROVED = 'Experimento criado a partir do relatório';
const DISCARDED = 'Rascunho descartado';
const GONE = 'Este rascunho já foi aprovado ou descartado';

const labelOf = (name: string) => (name in EXPERIMENT_FIELDS ? EXPERIMENT_FIELDS[name as keyof typeof EXPERIMENT_FIELDS].label : name);

/** A key typed into a field is the field's: J and K only move between drafts outside them. */
function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

function useDraftKeys(prev: (() => void) | null, next: (() => void) | null) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey) return;
      const forward = (e.altKey && e.key === 'ArrowRight') || (!e.altKey && !typing(e.target) && e.key.toLowerCase() === 'j');
      const back = (e.altKey && e.key === 'ArrowLeft') || (!e.altKey && !typing(e.target) && e.key.toLowerCase() === 'k');
      const go = forward ? next : back ? prev : null;
      if (!go) return;
      e.preventDefault();
      go();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [prev, next]);
}

/** The fields below LOW_FIELD_CONFIDENCE, and those the form needs that the report did not give. */
function markedFields(draft: ImportDraft): string[] {
  return Object.entries(draft.evidence ?? {})
    .filter(([, ev]) => ev && ev.confidence < LOW_FIELD_CONFIDENCE)
    .map(([name]) => name);
}

export function DraftReview({
  id,
  queue,
  form: Form,
  onOpen,
}: {
  id: number;
  /** The queue as listed, to move to the next and previous draft. */
  queue: readonly ImportDraft[];
  form: ExperimentFormSlot;
  /** Opens another draft, or (null) goes back to the queue. */
  onOpen: (id: number | null) => void;
}) {
  const draft = useDraft(id);
  const pdf = useQuery({ queryKey: ['imports', 'pdf', id], queryFn: () => fetchDraftPdf(id), staleTime: Infinity, gcTime: 60_000 });
  const approve = useApproveDraft();
  const discard = useDiscardDraft();
  const [focused, setFocused] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const [pdfOpen, setPdfOpen] = useState(true);

  const ready = queue.filter((d) => d.status === 'ready');
  const at = ready.findIndex((d) => d.id === id);
  const prevId = at > 0 ? ready[at - 1]!.id : null;
  const nextId = at >= 0 ? (ready[at + 1]?.id ?? null) : (ready[0]?.id ?? null);
  const goPrev = useCallback(() => prevId !== null && onOpen(prevId), [prevId, onOpen]);
  const goNext = useCallback(() => nextId !== null && onOpen(nextId), [nextId, onOpen]);
  useDraftKeys(prevId !== null ? goPrev : null, nextId !== null ? goNext : null);

  /** After approving or discarding: the next draft, or the queue when none is left. */
  const afterDone = () => onOpen(nextId ?? (prevId !== null ? prevId : null));

  const onSubmit = async (data: ExperimentData) => {
    setServerErrors(undefined);
    try {
      await approve.mutateAsync({ id, data });
      toast.success(APPROVED);
      afterDone();
    } catch (err) {
      if (err instanceof ApiError && err.fields && Object.keys(err.fields).length) {
        setServerErrors(err.fields);
        toast.error(summarizeFieldErrors(err.fields, data) ?? 'Corrija os campos destacados');
      } else if (err instanceof ApiError && err.status === 409) {
        toast.error(GONE);
        void draft.refetch();
      } else toast.error(err instanceof ApiError ? err.message : 'Erro ao aprovar');
    }
  };

  const onDiscard = async () => {
    const d = draft.data;
    if (!d) return;
    const ok = await confirmDialog({
      title: 'Descartar rascunho',
      message: `Descartar o rascunho de “${d.filename}”? O relatório não será importado.`,
      confirmLabel: 'Descartar',
      tone: 'danger',
    });
    if (!ok) return;
    try {
      await discard.mutateAsync(id);
      toast.success(DISCARDED);
      afterDone();
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Erro ao descartar');
    }
  };

  if (draft.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    );
  }
  if (draft.isError) {
    return (
      <Alert tone="error" title="Rascunho não encontrado">
        <Button size="sm" variant="secondary" onClick={() => onOpen(null)}>
          Voltar à fila
        </Button>
      </Alert>
    );
  }
  const d = draft.data;
  const evidence = focused ? d.evidence?.[focused as keyof ExtractedData] : undefined;
  const firstPage = Object.values(d.evidence ?? {}).find((e) => e && e.page > 0)?.page ?? 1;
  const page = evidence && evidence.page > 0 ? evidence.page : firstPage;
  const marked = markedFields(d);
  const editable = d.status === 'ready';

  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="secondary" size="sm" onClick={() => onOpen(null)}>
          Voltar à fila
        </Button>
        <nav aria-label="Rascunhos" className="flex items-center gap-2">
          <Button size="sm" variant="secondary" onClick={goPrev} disabled={prevId === null} aria-keyshortcuts="K Alt+ArrowLeft">
            Anterior
          </Button>
          <span className="text-sm text-slate-700">{at >= 0 ? `${at + 1} de ${ready.length}` : ''}</span>
          <Button size="sm" variant="secondary" onClick={goNext} disabled={nextId === null} aria-keyshortcuts="J Alt+ArrowRight">
            Próximo rascunho
          </Button>
        </nav>
      </div>
      <p className="hidden text-xs text-slate-600 sm:block">
        Atalhos: <kbd className="rounded border px-1">J</kbd> próximo, <kbd className="rounded border px-1">K</kbd> anterior (ou Alt+→ /
        Alt+←).
      </p>

      <div className="space-y-1">
        <h1 className="break-all text-xl font-bold text-slate-900">{d.filename}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <ConfidenceBadge confidence={d.confidence ?? 0} />
          <ImportedElsewhereBadge draft={d} />
          <span className="text-xs text-slate-600">Importado por {d.owner.name}</span>
        </div>
        <DuplicateFlag of={d.duplicateOf} />
        <TextList items={d.warnings} className="text-xs text-amber-900" />
      </div>

      {!editable ? (
        <Alert tone="info" title={GONE} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
          <Card className="p-3 lg:sticky lg:top-20">
            <div className="flex items-center justify-between gap-2 lg:hidden">
              <span className="text-sm font-medium text-slate-800">Relatório em PDF</span>
              <Button size="sm" variant="ghost" aria-expanded={pdfOpen} onClick={() => setPdfOpen((o) => !o)}>
                {pdfOpen ? 'Ocultar PDF' : 'Mostrar PDF'}
              </Button>
            </div>
            <div className={pdfOpen ? 'mt-2 space-y-2 lg:mt-0' : 'hidden lg:block'}>
              <p className="text-xs text-slate-700" data-testid="evidence">
                {focused && evidence
                  ? `${labelOf(focused)}: “${evidence.snippet}” (página ${evidence.page || '—'})`
                  : focused && d.data?.[focused as keyof ExtractedData] !== undefined
                    ? `${labelOf(focused)}: lido do relatório, sem trecho de evidência.`
                    : focused
                      ? `${labelOf(focused)}: o relatório não informa; preencha este campo.`
                      : 'Selecione um campo do formulário para ver de onde o valor foi lido.'}
              </p>
              {pdf.data ? (
                <PdfPage key={d.id} bytes={pdf.data} page={page} snippet={evidence?.snippet} />
              ) : pdf.isError ? (
                <Alert tone="error" title="Não foi possível abrir o PDF deste rascunho" />
              ) : (
                <div className="flex h-64 items-center justify-center">
                  <Spinner />
                </div>
              )}
            </div>
          </Card>
          <Card className="p-4 sm:p-6">
            <Form
              key={d.id}
              data={d.data ?? {}}
              marked={marked}
              serverErrors={serverErrors}
              onFieldFocus={setFocused}
              onSubmit={onSubmit}
              submitLabel="Aprovar"
              actions={
                <Button variant="secondary" onClick={() => void onDiscard()} disabled={discard.isPending}>
                  Descartar
                </Button>
              }
            />
          </Card>
        </div>
      )}
    </div>
  );
}
