/**
 * The extractor view (spec 001 §2.2): idle drop zone, processing (status line and elapsed
 * seconds, a hint after 30 s), then the review of what was found before it is used. Given the
 * form's conflicts, the review shows both values of each and lets the user choose.
 */
import { useEffect, useMemo, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { toast } from '../../../components/ui/toast.js';
import {
  EXTRACTION_HINT_AFTER_MS,
  EXTRACTION_MSG,
  type ExtractedData,
  type ExtractionResult,
  LOW_CONFIDENCE,
  confidenceToast,
} from '../../../../shared/extraction.js';
import { experimentFields } from '../../../../shared/fields/catalogue.js';
import { type Step, formatFieldValue } from '../../../../shared/fields/kinds.js';
import { formatKgHa, formatPercent } from '../../../../shared/format.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { ApiError } from '../../../lib/api-client.js';
import { cn } from '../../../lib/cn.js';
import type { ExtractionChoice, ExtractionChoices, ExtractionConflict } from '../../../lib/extraction-review.js';
import { PDF_DROPZONE, rejectionMessage } from '../../../lib/pdf-rejections.js';
import { extractPdf } from '../api/extract-pdf.js';

type Phase =
  | { kind: 'idle' }
  | { kind: 'processing'; file: File; uploaded: boolean; startedAt: number }
  | { kind: 'review'; file: File; result: ExtractionResult };

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

function Field({ label, value }: { label: string; value: string | number | undefined }) {
  return (
    <div>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className={cn('text-sm', value === undefined || value === '' ? 'text-slate-500 italic' : 'font-medium text-slate-900')}>
        {value === undefined || value === '' ? 'não encontrado' : value}
      </dd>
    </div>
  );
}

/** The catalogue's extraction targets of some steps: each labelled, its value in its unit. */
function ReviewSection({ title, steps, data }: { title: string; steps: readonly Step[]; data: ExtractedData }) {
  const fields = experimentFields((f) => Boolean(f.extract) && f.kind !== 'list' && f.step !== undefined && steps.includes(f.step));
  return (
    <section className="rounded-lg border border-soil-200 p-4">
      <h4 className="mb-3 text-sm font-semibold uppercase tracking-wide text-brand-800">{title}</h4>
      <dl className="grid gap-3 sm:grid-cols-3">
        {fields.map(([name, f]) => {
          const value = data[name as keyof ExtractedData];
          return (
            <Field
              key={name}
              label={f.label}
              value={value === undefined || Array.isArray(value) ? undefined : formatFieldValue(f, value)}
            />
          );
        })}
      </dl>
    </section>
  );
}

/** One conflicting field: both values, the form's chosen unless the user picks the report's. */
function ConflictChoice({
  conflict,
  choice,
  onChoose,
}: {
  conflict: ExtractionConflict;
  choice: ExtractionChoice;
  onChoose: (c: ExtractionChoice) => void;
}) {
  const name = `conflito-${conflict.field}`;
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
      <legend className="mb-1 text-sm font-semibold text-slate-900">{conflict.label}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {option('mine', 'No formulário', conflict.current)}
        {option('report', 'No relatório', conflict.extracted)}
      </div>
    </fieldset>
  );
}

function ConflictsSection({
  conflicts,
  choices,
  setChoice,
}: {
  conflicts: readonly ExtractionConflict[];
  choices: ExtractionChoices;
  setChoice: (field: ExtractionConflict['field'], c: ExtractionChoice) => void;
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
        <ConflictChoice key={c.field} conflict={c} choice={choices[c.field] ?? 'mine'} onChoose={(choice) => setChoice(c.field, choice)} />
      ))}
    </section>
  );
}

export function PdfExtractor({
  onConfirm,
  onCancel,
  onExtracted,
  conflicts: conflictsOf,
}: {
  /** `choices` says, per conflicting field, which value the user kept (absent: the form's). */
  onConfirm: (result: ExtractionResult, file: File, choices: ExtractionChoices) => void;
  onCancel: () => void;
  /** When given, it receives the result as soon as it arrives, instead of the review screen. */
  onExtracted?: (result: ExtractionResult, file: File) => void;
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
        setPhase({ kind: 'idle' });
        onExtracted(result, file);
      } else {
        setChoices({});
        setPhase({ kind: 'review', file, result });
      }
    } catch (err) {
      console.error(EXTRACTION_MSG.internalError, err);
      toast.error(err instanceof ApiError && err.code === 'TIMEOUT' ? EXTRACTION_MSG.timeout : EXTRACTION_MSG.error, {
        ...(err instanceof ApiError && err.status >= 400 && err.status < 500 ? { description: err.message } : {}),
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

  if (phase.kind === 'review') {
    const { data, confidence, fieldsExtracted, warnings } = phase.result;
    const tratamentos = data.tratamentos ?? [];
    return (
      <div className="space-y-5">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h3 className="text-lg font-semibold text-slate-900">Dados Extraídos</h3>
            <p className="text-sm text-slate-600">{phase.file.name}</p>
          </div>
          <div className="flex gap-3 text-sm">
            <span className="rounded-full bg-brand-100 px-3 py-1 font-medium text-brand-900">Confiança: {formatPercent(confidence)}</span>
            <span className="rounded-full bg-soil-100 px-3 py-1 font-medium text-slate-800">
              {fieldsExtracted.length} campos encontrados
            </span>
          </div>
        </div>
        {confidence < LOW_CONFIDENCE ? (
          <Alert tone="warning" title="Revisão recomendada">
            A confiança da extração está abaixo de 80%. Confira os valores com o relatório antes de salvar.
          </Alert>
        ) : null}
        {warnings?.length ? (
          <Alert tone="info">
            <ul className="list-disc space-y-1 pl-5">
              {warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        {conflicts.length ? (
          <ConflictsSection
            conflicts={conflicts}
            choices={choices}
            setChoice={(field, c) => setChoices((prev) => ({ ...prev, [field]: c }))}
          />
        ) : null}
        <ReviewSection title="Informações Básicas" steps={[1, 4, 6]} data={data} />
        <ReviewSection title="Localização e Solo" steps={[2, 3]} data={data} />
        <section className="rounded-lg border border-soil-200 p-4">
          <h4 className="mb-3 text-sm font-semibold uppercase tracking-wide text-brand-800">Tratamentos Detectados</h4>
          {tratamentos.length === 0 ? (
            <p className="text-sm text-slate-600">Nenhum tratamento encontrado no relatório.</p>
          ) : (
            <ol className="divide-y divide-soil-100 text-sm">
              {tratamentos.map((t, i) => (
                <li key={i} className="flex flex-wrap justify-between gap-2 py-2">
                  <span className="font-medium text-slate-900">
                    T{i + 1} - {t.nome}
                    <span className="font-normal text-slate-600"> ({t.modalidade || 'modalidade não informada'})</span>
                  </span>
                  <span className="text-slate-800">
                    {t.produtividade !== undefined ? formatKgHa(t.produtividade) : '-'}
                    {t.repeticoes?.length ? <span className="text-slate-600"> · {t.repeticoes.length} repetições</span> : null}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
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
