/**
 * The extractor view (docs/product-rules.md#extractor-screen): idle drop zone, processing (status line and elapsed
 * seconds, a hint after 30 s), then the review of what was found before it is used
 * (ExtractionReview: fields to check first, where each value was read). Given the form's
 * conflicts, the review shows both values of each and lets the user choose. With `onExtracted`
 * (the dashboard's test), the result is handed over and then shown read-only.
 */
import { useEffect, useMemo, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { toast } from '../../../components/ui/toast.js';
import {
  EXTRACTION_HINT_AFTER_MS,
  EXTRACTION_MSG,
  type ExtractedData,
  type ExtractionEvidence,
  type ExtractionResult,
  confidenceToast,
} from '../../../../shared/extraction.js';
import { Alert } from '../../../components/ui/alert.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { ApiError } from '../../../lib/api-client.js';
import { cn } from '../../../lib/cn.js';
import type { ExtractionChoice, ExtractionChoices, ExtractionConflict } from '../../../lib/extraction-review.js';
import { PDF_DROPZONE, rejectionMessage } from '../../../lib/pdf-rejections.js';
import { extractPdf } from '../api/extract-pdf.js';
import { needsCheck } from '../review-model.js';
import { EvidenceLine, ExtractionReview } from './extraction-review.js';

type Phase =
  | { kind: 'idle' }
  | { kind: 'processing'; file: File; uploaded: boolean; startedAt: number }
  | { kind: 'review'; file: File; result: ExtractionResult }
  /** Handed to `onExtracted`, shown read-only. */
  | { kind: 'result'; file: File; result: ExtractionResult };

function Elapsed({ startedAt }: { startedAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const ms = now - startedAt;
  return (
    <>
      <p className="text-sm text-slate-600">{Math.floor(ms / 1000)} s</p>
      {ms >= EXTRACTION_HINT_AFTER_MS ? (
        <p className="mt-2 text-sm text-slate-700">O processamento com IA pode levar até 3 minutos. Aguarde, por favor.</p>
      ) : null}
    </>
  );
}

/** One conflicting field: both values, the form's chosen unless the user picks the report's. */
function ConflictChoice({
  conflict,
  choice,
  onChoose,
  evidence,
}: {
  conflict: ExtractionConflict;
  choice: ExtractionChoice;
  onChoose: (c: ExtractionChoice) => void;
  evidence: ExtractionEvidence;
}) {
  const name = `conflito-${conflict.field}`;
  const found = evidence[conflict.field];
  const option = (value: ExtractionChoice, caption: string, text: string) => (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-2 rounded-md border px-3 py-2 text-sm',
        choice === value ? 'border-brand-500 bg-brand-50' : 'border-soil-200 bg-white',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={choice === value}
        onChange={() => onChoose(value)}
        className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
      />
      <span className="min-w-0 break-words">
        <span className="text-slate-600">{caption}: </span>
        <span className="font-medium text-slate-900">{text}</span>
      </span>
    </label>
  );
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
        {conflict.label}
        {needsCheck(found) ? <Badge tone="yellow">Conferir</Badge> : null}
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {option('mine', 'No formulário', conflict.current)}
        <div>
          {option('report', 'No relatório', conflict.extracted)}
          <EvidenceLine evidence={found} className="px-1" />
        </div>
      </div>
    </fieldset>
  );
}

function ConflictsSection({
  conflicts,
  choices,
  setChoice,
  evidence,
}: {
  conflicts: readonly ExtractionConflict[];
  choices: ExtractionChoices;
  setChoice: (field: ExtractionConflict['field'], c: ExtractionChoice) => void;
  evidence: ExtractionEvidence;
}) {
  return (
    <section className="space-y-4 rounded-lg border border-amber-300 bg-amber-50/60 p-4" aria-labelledby="conflitos-titulo">
      <div>
        <h4 id="conflitos-titulo" className="text-sm font-semibold uppercase tracking-wide text-amber-900">
          Diferente do que você digitou
        </h4>
        <p className="mt-1 text-sm text-slate-700">
          Campos vazios do formulário serão preenchidos. Onde o formulário já tem outro valor, escolha qual manter (o seu fica, a menos que
          você escolha o do relatório).
        </p>
      </div>
      {conflicts.map((c) => (
        <ConflictChoice
          key={c.field}
          conflict={c}
          choice={choices[c.field] ?? 'mine'}
          onChoose={(choice) => setChoice(c.field, choice)}
          evidence={evidence}
        />
      ))}
    </section>
  );
}

export function PdfExtractor({
  onConfirm,
  onCancel,
  onExtracted,
  onCreateExperiment,
  conflicts: conflictsOf,
}: {
  /** `choices` says, per conflicting field, which value the user kept (absent: the form's). */
  onConfirm: (result: ExtractionResult, file: File, choices: ExtractionChoices) => void;
  onCancel: () => void;
  /** When given, it receives the result as soon as it arrives; the result is then shown read-only. */
  onExtracted?: (result: ExtractionResult, file: File) => void;
  /** With `onExtracted`: "Criar experimento com estes dados" hands the result and its PDF on. */
  onCreateExperiment?: (result: ExtractionResult, file: File) => void;
  /** The fields where the extracted data differs from what the form already holds. */
  conflicts?: (data: ExtractedData) => readonly ExtractionConflict[];
}) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [rejection, setRejection] = useState<string>();
  const [choices, setChoices] = useState<ExtractionChoices>({});
  const result = phase.kind === 'review' ? phase.result : undefined;
  const conflicts = useMemo(() => (result && conflictsOf ? conflictsOf(result.data) : []), [result, conflictsOf]);

  const run = async (file: File) => {
    const startedAt = Date.now();
    setRejection(undefined);
    setPhase({ kind: 'processing', file, uploaded: false, startedAt });
    try {
      const result = await extractPdf(file, (p) => p >= 100 && setPhase({ kind: 'processing', file, uploaded: true, startedAt }));
      toast.success(confidenceToast(result.confidence));
      if (onExtracted) {
        setPhase({ kind: 'result', file, result });
        onExtracted(result, file);
      } else {
        setChoices({});
        setPhase({ kind: 'review', file, result });
      }
    } catch (err) {
      console.error(EXTRACTION_MSG.internalError, err);
      // The server's own words for what the user can act on: an unreadable PDF, their limit, a busy server.
      const explained = err instanceof ApiError && ((err.status >= 400 && err.status < 500) || err.status === 503);
      toast.error(err instanceof ApiError && err.code === 'TIMEOUT' ? EXTRACTION_MSG.timeout : EXTRACTION_MSG.error, {
        ...(explained ? { description: err.message } : {}),
      });
      setPhase({ kind: 'idle' });
    }
  };

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    ...PDF_DROPZONE,
    disabled: phase.kind !== 'idle',
    onDrop: (accepted, rejections) => {
      if (accepted[0]) void run(accepted[0]);
      else if (rejections[0]) setRejection(rejections[0].errors.map((e) => rejectionMessage(e.code, e.message)).join('; '));
    },
  });

  if (phase.kind === 'processing') {
    return (
      <div className="flex flex-col items-center justify-center px-4 py-10 text-center" role="status" aria-live="polite">
        <Spinner className="h-10 w-10 text-brand-600" />
        <p className="mt-4 text-lg font-semibold text-slate-900">Extraindo dados do PDF...</p>
        <p className="mt-1 text-sm text-slate-700">{phase.uploaded ? 'Processando com IA...' : 'Enviando arquivo...'}</p>
        <Elapsed startedAt={phase.startedAt} />
      </div>
    );
  }

  if (phase.kind === 'result') {
    return (
      <div className="space-y-5">
        <ExtractionReview result={phase.result} fileName={phase.file.name} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setPhase({ kind: 'idle' })}>
            Testar outro PDF
          </Button>
          {onCreateExperiment ? (
            <>
              <Button variant="secondary" onClick={onCancel}>
                Concluir
              </Button>
              <Button onClick={() => onCreateExperiment(phase.result, phase.file)}>Criar experimento com estes dados</Button>
            </>
          ) : (
            <Button onClick={onCancel}>Concluir</Button>
          )}
        </div>
      </div>
    );
  }

  if (phase.kind === 'review') {
    const evidence = phase.result.evidence ?? {};
    return (
      <div className="space-y-5">
        <ExtractionReview result={phase.result} fileName={phase.file.name}>
          {conflicts.length ? (
            <ConflictsSection
              conflicts={conflicts}
              choices={choices}
              setChoice={(field, c) => setChoices((prev) => ({ ...prev, [field]: c }))}
              evidence={evidence}
            />
          ) : null}
        </ExtractionReview>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onCancel}>
            Cancelar
          </Button>
          <Button onClick={() => onConfirm(phase.result, phase.file, choices)}>Confirmar Dados</Button>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <div
        {...getRootProps({
          className: cn(
            'flex flex-col items-center justify-center rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors',
            isDragActive ? 'border-brand-500 bg-brand-50' : 'border-soil-200 bg-white',
          ),
        })}
      >
        <input {...getInputProps({ name: 'pdfExtracao', 'aria-label': 'PDF para extração automática' })} />
        <p className="text-lg font-semibold text-slate-900">Extração Automática de Dados</p>
        <p className="mt-1 max-w-md text-sm text-slate-600">
          Envie o relatório do experimento em PDF: lemos o texto e propomos os valores do formulário para você revisar.
        </p>
        <Button className="mt-4" onClick={open}>
          Selecionar PDF
        </Button>
      </div>
      {rejection ? <Alert tone="error">{rejection}</Alert> : null}
      <div className="flex justify-end">
        <Button variant="ghost" onClick={onCancel}>
          Cancelar
        </Button>
      </div>
    </div>
  );
}
