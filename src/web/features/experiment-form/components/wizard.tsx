/**
 * The seven-step experiment form (docs/product-rules.md#wizard). One react-hook-form instance validated
 * by the shared schema; "Próximo" moves only when the current step validates. Work in progress
 * is kept as a draft in localStorage as the user types, and offered back when the form reopens.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../components/ui/toast.js';
import { type Experiment, type ExperimentData, EXP_MSG, experimentSchema } from '../../../../shared/experiment.js';
import { formatLongDate } from '../../../../shared/format.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { chooseDialog } from '../../../components/ui/confirm-dialog.js';
import { Modal } from '../../../components/ui/modal.js';
import { EXTRACTION_MSG, type ExtractedData, type ExtractionResult } from '../../../../shared/extraction.js';
import type { ExtractionChoices } from '../../../lib/extraction-review.js';
import type { ExtractorSlot } from '../../../lib/slots.js';
import { applyExtraction, planExtraction } from '../apply-extraction.js';
import { ApiError } from '../../../lib/api-client.js';
import { explainPdfRefusal } from '../../../lib/pdf-rejections.js';
import { STORAGE_KEYS } from '../../../lib/session.js';
import { session } from '../../../lib/api.js';
import { peekHandedReport, takeHandedReport } from '../../../lib/report-handoff.js';
import { wizardProgress } from '../../../lib/wizard-progress.js';
import { fetchExperiment } from '../../../lib/experiments.js';
import { type PendingItem, newItemId, offlineQueue } from '../../../lib/offline-queue.js';
import { useSaveExperiment } from '../api/save-experiment.js';
import { type FormValues, STEPS, TOTAL_STEPS, fromData, fromExperiment, newExperimentDefaults, stepOfField } from '../form-values.js';
import { type Draft, clearEditingExperiment, draftKey, readDraft, readEditingExperiment, removeDraft, writeDraft } from '../storage.js';
import { StepConsultoria, StepCultura, StepEstatistica, StepLocalizacao, StepSolo, missingLevelPaths } from './step-fields.js';
import { StepTratamentos } from './step-tratamentos.js';
import { StepUpload, type UploadState } from './step-upload.js';
import { SavedOnDeviceNotice } from './saved-on-device.js';

// The shared schema's input type is looser (unknown for preprocessed numbers) than the form's
// own value type; the cast states that the form's values are what the schema parses.
const resolver = zodResolver(experimentSchema) as unknown as Resolver<FormValues, unknown, ExperimentData>;

const SAVE_ERROR = 'Erro ao salvar experimento. Tente novamente.';
const QUEUE_ERROR = 'Sem conexão, e não foi possível guardar o experimento neste aparelho. O rascunho continua salvo; tente de novo.';
const EDIT_OFFLINE =
  'Sem conexão: a alteração não foi enviada. O rascunho continua salvo neste aparelho; salve de novo quando houver conexão.';
const PENDING_GONE = 'Este experimento pendente não está mais neste aparelho (já foi enviado ou descartado).';
const LEVELS_MISSING = 'Delineamento fatorial: informe os níveis dos fatores no passo 5 (Tratamentos) em';

type TreatmentErrors = { tratamentos?: ({ nivel_a?: unknown; nivel_b?: unknown } | undefined)[] };

/** The treatments (0-based) whose levels the schema asks for, in order. */
function treatmentsMissingLevels(errors: object): number[] {
  const list = (errors as TreatmentErrors).tratamentos;
  if (!Array.isArray(list)) return [];
  return list.flatMap((t, i) => (t?.nivel_a || t?.nivel_b ? [i] : []));
}

const levelPath = (errors: object, i: number) => ((errors as TreatmentErrors).tratamentos?.[i]?.nivel_a ? 'nivel_a' : 'nivel_b');
/**
 * Under a treatment's modality that a confirmed report did not give (it starts with the product's
 * text, docs/product-rules.md#wizard-step-5).
 */
const MODALIDADE_NOT_IN_REPORT = `${EXP_MSG.modalidadeRequired}: o relatório não informa a modalidade deste tratamento; escolha-a aqui.`;

/**
 * Step 1's offer to fill the form from a report before typing it step by step. On phones its
 * label wraps (the `!` overrides Button's fixed height and no-wrap; class names are not merged).
 */
function StartFromReport({ onOpen }: { onOpen: () => void }) {
  return (
    <div className="mb-6 flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-800">
        Tem o relatório do ensaio em PDF? Os campos vazios são preenchidos a partir dele, e o PDF fica anexado como documento do
        experimento.
      </p>
      <Button variant="secondary" className="h-auto! min-h-10 w-full shrink-0 py-2 whitespace-normal! sm:w-auto" onClick={onOpen}>
        Começar a partir de um relatório PDF
      </Button>
    </div>
  );
}

function StepBody({
  step,
  upload,
  setUpload,
  uploadError,
  isEdit,
  onOpenExtractor,
  onFixLevels,
}: {
  step: number;
  upload: UploadState;
  setUpload: (u: UploadState) => void;
  uploadError?: string | undefined;
  isEdit: boolean;
  onOpenExtractor: () => void;
  onFixLevels: (paths: string[]) => void;
}) {
  switch (step) {
    case 1:
      return (
        <>
          <StartFromReport onOpen={onOpenExtractor} />
          <StepConsultoria />
        </>
      );
    case 2:
      return <StepLocalizacao />;
    case 3:
      return <StepSolo />;
    case 4:
      return <StepCultura />;
    case 5:
      return <StepTratamentos />;
    case 6:
      return <StepEstatistica onFixLevels={onFixLevels} />;
    default:
      return <StepUpload state={upload} onChange={setUpload} error={uploadError} isEdit={isEdit} onOpenExtractor={onOpenExtractor} />;
  }
}

/** `extractor` is the PDF extractor, passed in by app/ (features do not import each other). */
export function ExperimentWizard({ extractor: PdfExtractor }: { extractor: ExtractorSlot }) {
  const navigate = useNavigate();
  /** `?pendente=<id>`: an item of the offline queue opened for correction ("Corrigir"). */
  const pendingId = useSearchParams()[0].get('pendente');
  /** A report read on the dashboard, handed over by "Criar experimento com estes dados" (lib/report-handoff.ts). */
  const [handed] = useState(() => (pendingId ? null : peekHandedReport()));
  const [editing, setEditing] = useState<Experiment | null>(() => (pendingId || handed ? null : readEditingExperiment(localStorage)));
  const key = draftKey(editing?.id);
  const [draft, setDraft] = useState<Draft | null>(() => {
    if (pendingId) return null;
    const d = readDraft(localStorage, key);
    return d && (!editing || d.version === editing.version) ? d : null;
  });
  const [pending, setPending] = useState<PendingItem | null>(null);
  /** The create last kept in the offline queue (lib/offline-queue.ts), while it waits there. */
  const [savedOnDevice, setSavedOnDevice] = useState<string | null>(null);
  const [step, setStep] = useState(1);
  const [upload, setUpload] = useState<UploadState>({ file: null, storedFilename: editing?.pdf_filename ?? null, rejections: [] });
  const [uploadError, setUploadError] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);
  const [stale, setStale] = useState(false);
  const [extracting, setExtracting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const saved = useRef(false);
  /** Treatments a confirmed report named without a modality: their empty modality says why. */
  const modalityNotInReport = useRef<Set<string>>(new Set());
  const save = useSaveExperiment();

  const methods = useForm<FormValues, unknown, ExperimentData>({
    resolver,
    mode: 'onChange',
    defaultValues: editing ? fromExperiment(editing) : newExperimentDefaults(),
  });
  const { handleSubmit, trigger, reset, setError, formState } = methods;
  const isEdit = editing !== null;

  // Header progress ("Passo X de Y" and the step's name).
  useEffect(() => {
    wizardProgress.set({ step, total: TOTAL_STEPS, title: STEPS[step - 1]?.title ?? '' });
  }, [step]);
  useEffect(() => () => wizardProgress.set(null), []);

  // "Corrigir": the queued experiment, its PDF and the server's messages, in the form.
  useEffect(() => {
    if (!pendingId) return;
    let live = true;
    void offlineQueue
      .get(pendingId)
      .catch(() => undefined)
      .then((item) => {
        if (!live) return;
        if (!item) {
          toast.error(PENDING_GONE);
          return;
        }
        setPending(item);
        reset(fromData(item.data));
        const file = item.pdf ? new File([item.pdf.blob], item.pdf.filename, { type: 'application/pdf' }) : null;
        setUpload({ file, storedFilename: null, rejections: [] });
        showServerErrors(item.erro?.fields ?? {});
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opened item
  }, [pendingId]);

  /** The form as a draft, now. */
  const keepDraft = useCallback(
    (values: FormValues) =>
      writeDraft(localStorage, key, {
        values,
        step,
        savedAt: new Date().toISOString(),
        ...(editing ? { version: editing.version } : {}),
      }),
    [key, step, editing],
  );

  // Keep a draft as the user types (debounced), once they have changed something. Not while an
  // older draft is offered: it would overwrite it before the user chose.
  const offered = useRef(draft !== null);
  useEffect(() => {
    offered.current = draft !== null;
  }, [draft]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = methods.subscribe({
      formState: { values: true, isDirty: true },
      callback: ({ values, isDirty }) => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          if (saved.current || !isDirty || offered.current) return;
          keepDraft(values);
        }, 400);
      },
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [methods, keepDraft]);

  // A dirty form warns before the page is left.
  useEffect(() => {
    if (!formState.isDirty && !upload.file) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (saved.current) return;
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [formState.isDirty, upload.file]);

  /** Shows step `next` from its top, or (`focusPath`) with that field in view and focused. */
  const goTo = useCallback(
    (next: number, focusPath?: string) => {
      setStep(next);
      requestAnimationFrame(() => {
        if (!focusPath) {
          heading.current?.focus();
          window.scrollTo({ top: 0, behavior: 'smooth' });
          return;
        }
        // After the step has rendered: the field (a treatment's level, say) then exists.
        setTimeout(() => methods.setFocus(focusPath as keyof FormValues), 0);
      });
    },
    [methods],
  );

  /** Re-words the modality error of treatments whose report gave none, so the user knows why it is empty. */
  const explainMissingModality = useCallback(() => {
    methods.getValues('tratamentos').forEach((t, i) => {
      if (t.modalidade === '' && modalityNotInReport.current.has(t.nome.trim())) {
        methods.setError(`tratamentos.${i}.modalidade`, { type: 'required', message: MODALIDADE_NOT_IN_REPORT });
      }
    });
  }, [methods]);

  /**
   * Step 5 at the first level a factorial design still needs, those levels flagged (the
   * design is chosen in step 6, after the treatments).
   */
  const fixLevels = useCallback(
    (paths: string[], announce = false) => {
      if (!paths.length) return;
      void trigger(paths as (keyof FormValues)[]);
      goTo(stepOfField('tratamentos'), paths[0]);
      if (!announce) return;
      const which = [...new Set(paths.map((p) => Number(p.split('.')[1])))].map((i) => `T${i + 1}`);
      toast.error(`${LEVELS_MISSING} ${which.join(', ')}.`);
    },
    [trigger, goTo],
  );

  const next = async () => {
    const fields = STEPS[step - 1]?.fields ?? [];
    if (fields.length && !(await trigger([...fields], { shouldFocus: true }))) {
      explainMissingModality();
      return;
    }
    // Leaving step 6 with a factorial design: the levels it needs are asked for now, not at "Salvar".
    const levels = step === stepOfField('tipo_estatistica') ? missingLevelPaths(methods.getValues()) : [];
    if (levels.length) {
      fixLevels(levels, true);
      return;
    }
    goTo(Math.min(step + 1, TOTAL_STEPS));
  };

  /**
   * "Continuar rascunho": the draft's values in the form. Over values the user has typed since the
   * form opened, only once they confirm: nothing typed is replaced without a word.
   */
  const restoreDraft = async () => {
    if (!draft) return;
    if (methods.formState.isDirty) {
      const choice = await chooseDialog({
        title: 'Substituir o que você digitou?',
        message: `Você já começou a preencher este formulário. Continuar o rascunho de ${formatLongDate(draft.savedAt)} substitui o que você digitou agora por ele; o que foi digitado agora será perdido.`,
        confirmLabel: 'Substituir pelo rascunho',
        cancelLabel: 'Manter o que digitei',
        tone: 'danger',
      });
      if (choice !== 'confirm') return;
    }
    reset(draft.values, { keepDefaultValues: true });
    goTo(Math.min(Math.max(draft.step, 1), TOTAL_STEPS));
    setDraft(null);
  };
  /** "Descartar": the old draft goes; what was typed meanwhile becomes the draft at once. */
  const discardDraft = () => {
    removeDraft(localStorage, key);
    setDraft(null);
    offered.current = false;
    if (methods.formState.isDirty) keepDraft(methods.getValues());
  };

  const pdfMissing = () => {
    if (upload.file) return undefined;
    if (!isEdit) return EXP_MSG.pdfRequired;
    return upload.storedFilename ? undefined : EXP_MSG.pdfRequiredEdit;
  };

  /** The server's field messages on their fields, and the form on the first step that has one. */
  function showServerErrors(fields: Record<string, string>) {
    const entries = Object.entries(fields);
    if (!entries.length) return;
    for (const [path, message] of entries) {
      if (path === 'pdf') setUploadError(explainPdfRefusal(message));
      else setError(path as keyof FormValues, { message });
    }
    const level = entries.find(([path]) => /^tratamentos\.\d+\.nivel_[ab]$/.test(path))?.[0];
    const first = Math.min(...entries.map(([path]) => (path === 'pdf' ? TOTAL_STEPS : stepOfField(path))));
    goTo(first, first === stepOfField('tratamentos') ? level : undefined);
  }

  /** The experiment is now on the server or in the queue: the form's draft and state can go. */
  const leave = (message: string, tone: 'success' | 'info') => {
    saved.current = true;
    // A draft still offered was not this experiment: it stays, offered next time.
    if (!draft) removeDraft(localStorage, key);
    clearEditingExperiment(localStorage);
    toast[tone](message);
    navigate('/');
  };

  /**
   * Keeps a new experiment in the offline queue under `id` (its Idempotency-Key); the draft goes
   * only once it is stored. The form stays, empty, with the message inline: without a connection
   * another page (or the toast's own code) may not load, and the next trial can be typed at once.
   */
  const keepOnDevice = async (id: string, data: ExperimentData) => {
    const pdf = upload.file ? { blob: upload.file, filename: upload.file.name } : null;
    try {
      if (pending) await offlineQueue.update(pending.id, { data, pdf, status: 'pendente' });
      else await offlineQueue.add({ id, data, pdf, userId: session.get().user?.id });
    } catch {
      toast.error(QUEUE_ERROR);
      return;
    }
    if (!draft) removeDraft(localStorage, key);
    reset(newExperimentDefaults());
    setUpload({ file: null, storedFilename: null, rejections: [] });
    setUploadError(undefined);
    setPending(null);
    if (pendingId) navigate('/novo-experimento', { replace: true });
    // Said inline, not in a toast: offline, the toaster's own code may not be loaded yet.
    setSavedOnDevice(id);
    goTo(1);
  };

  const onValid = async (data: ExperimentData) => {
    const missing = pdfMissing();
    setUploadError(missing);
    if (missing) {
      goTo(TOTAL_STEPS);
      return;
    }
    // A create carries a key: if its answer is lost, the queue sends it again under the same one.
    const itemId = pending?.id ?? newItemId();
    if (!isEdit && !navigator.onLine) {
      await keepOnDevice(itemId, data);
      return;
    }
    setProgress(upload.file ? 0 : null);
    try {
      await save.mutateAsync({
        data,
        pdf: upload.file,
        ...(editing ? { id: editing.id, version: editing.version } : { idempotencyKey: itemId }),
        onProgress: (p) => setProgress(p),
      });
      if (pending) await offlineQueue.remove(pending.id).catch(() => undefined);
      leave(isEdit ? 'Experimento atualizado com sucesso!' : 'Experimento criado com sucesso!', 'success');
    } catch (err) {
      if (err instanceof ApiError && err.isNetwork) {
        if (isEdit) toast.error(EDIT_OFFLINE);
        else await keepOnDevice(itemId, data);
      } else if (err instanceof ApiError && err.status === 409 && isEdit) {
        setStale(true);
      } else if (err instanceof ApiError && err.fields && Object.keys(err.fields).length) {
        showServerErrors(err.fields);
        toast.error(err.status === 413 || err.status === 415 ? explainPdfRefusal(err.message) : SAVE_ERROR);
      } else {
        toast.error(SAVE_ERROR);
      }
    } finally {
      setProgress(null);
    }
  };

  const onInvalid = (errors: object) => {
    const steps = Object.keys(errors).map(stepOfField);
    const target = Math.min(...steps);
    // The design is chosen in step 6 but the levels are typed in step 5: the save leads to them.
    const levels = treatmentsMissingLevels(errors);
    if (levels.length && target === stepOfField('tratamentos')) {
      goTo(target, `tratamentos.${levels[0]!}.${levelPath(errors, levels[0]!)}`);
      toast.error(`${LEVELS_MISSING} ${levels.map((i) => `T${i + 1}`).join(', ')}.`);
    } else if (steps.length) goTo(target);
    explainMissingModality();
    setUploadError(pdfMissing());
  };

  const reloadLatest = async () => {
    if (!editing) return;
    try {
      const latest = await fetchExperiment(editing.id);
      localStorage.setItem(STORAGE_KEYS.editingExperiment, JSON.stringify(latest));
      removeDraft(localStorage, key);
      setEditing(latest);
      reset(fromExperiment(latest));
      setUpload({ file: upload.file, storedFilename: latest.pdf_filename, rejections: [] });
      setStale(false);
      goTo(1);
      toast.info('Versão atual carregada. Refaça suas alterações e salve novamente.');
    } catch {
      toast.error('Erro ao buscar experimento');
    }
  };

  // A new form's presets (the year, zeros) are not answers the user gave; an edited experiment's values are.
  const pristine = useMemo(() => (isEdit ? null : newExperimentDefaults()), [isEdit]);
  const conflictsWithForm = useCallback(
    (data: ExtractedData) => planExtraction(methods.getValues(), data, pristine).conflicts,
    [methods, pristine],
  );

  /**
   * The report fills the form's empty fields and, where the user chose it, replaces theirs; the
   * same PDF becomes the experiment's document. The wizard stays on the step it was on.
   */
  const confirmExtraction = (result: ExtractionResult, file: File, choices: ExtractionChoices = {}) => {
    const values = applyExtraction(methods.getValues(), result.data, choices, pristine);
    reset(values, { keepDefaultValues: true });
    setUpload({ file, storedFilename: upload.storedFilename, rejections: [] });
    setUploadError(undefined);
    setExtracting(false);
    toast.success(EXTRACTION_MSG.imported);
    const reported = new Set((result.data.tratamentos ?? []).map((t) => t.nome.trim()));
    const missing = values.tratamentos.filter((t) => t.modalidade === '' && reported.has(t.nome.trim())).map((t) => t.nome.trim());
    modalityNotInReport.current = new Set(missing);
    if (missing.length) {
      explainMissingModality();
      toast.info(`O relatório não informa a modalidade de: ${missing.join(', ')}. Escolha-a no passo 5 (Tratamentos).`);
    }
  };

  // The handed report is confirmed as "Começar a partir de um relatório PDF" would: the same fill, the same PDF.
  const tookHanded = useRef(false);
  useEffect(() => {
    if (!handed || tookHanded.current) return;
    tookHanded.current = true;
    takeHandedReport();
    confirmExtraction(handed.result, handed.file);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the report handed at mount
  }, [handed]);

  const saving = formState.isSubmitting;
  const title = STEPS[step - 1]?.title ?? '';
  const stepsNav = useMemo(() => STEPS.map((s, i) => ({ n: i + 1, title: s.title })), []);

  return (
    <FormProvider {...methods}>
      <div className="mx-auto max-w-4xl space-y-4">
        {isEdit ? (
          <div className="rounded-xl border border-blue-300 bg-blue-50 px-4 py-3 text-blue-950" role="status">
            <p className="font-semibold">Modo de Edição</p>
            <p className="text-sm">Você está editando um experimento existente. Os dados foram pré-carregados.</p>
          </div>
        ) : null}
        <SavedOnDeviceNotice itemId={savedOnDevice} />
        {pending ? (
          <Alert tone={pending.status === 'recusado' ? 'error' : 'info'} title="Experimento pendente, salvo neste aparelho">
            {pending.erro ? <p>O servidor recusou o envio: {pending.erro.message}</p> : null}
            <p>Corrija os campos indicados e salve de novo; o PDF anexado continua o mesmo.</p>
          </Alert>
        ) : null}
        {draft ? (
          <div
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
            role="status"
          >
            {formState.isDirty ? (
              <p className="text-sm">
                Há um rascunho {isEdit ? 'deste experimento' : 'de novo experimento'} salvo em {formatLongDate(draft.savedAt)}, guardado até
                você decidir. Você já começou a preencher este formulário: continuar o rascunho substituiria o que você digitou.
              </p>
            ) : (
              <p className="text-sm">
                Há um rascunho {isEdit ? 'deste experimento' : 'de novo experimento'} salvo em {formatLongDate(draft.savedAt)}. Deseja
                continuar de onde parou?
              </p>
            )}
            <div className="flex gap-2">
              <Button size="sm" onClick={() => void restoreDraft()}>
                Continuar rascunho
              </Button>
              <Button size="sm" variant="secondary" onClick={discardDraft}>
                Descartar
              </Button>
            </div>
          </div>
        ) : null}
        {stale ? (
          <Alert tone="warning" title="Este experimento foi alterado por outra pessoa">
            <p>
              Enquanto você editava, outra pessoa salvou uma nova versão. Para não sobrescrever o trabalho dela, carregue a versão atual e
              refaça suas alterações.
            </p>
            <Button size="sm" className="mt-2" onClick={reloadLatest}>
              Recarregar versão atual
            </Button>
          </Alert>
        ) : null}

        <ol className="hidden gap-1 md:flex" aria-label="Etapas">
          {stepsNav.map((s) => (
            <li
              key={s.n}
              aria-current={s.n === step ? 'step' : undefined}
              className={`h-1.5 flex-1 rounded-full ${s.n < step ? 'bg-brand-500' : s.n === step ? 'bg-brand-700' : 'bg-soil-200'}`}
              title={s.title}
            />
          ))}
        </ol>

        <Card>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (step < TOTAL_STEPS) void next();
              else void handleSubmit(onValid, onInvalid)(e);
            }}
          >
            <div className="border-b border-soil-100 px-5 py-4 sm:px-6">
              <h2 ref={heading} tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">
                {title}
              </h2>
            </div>
            <div className="px-5 py-6 sm:px-6">
              <StepBody
                step={step}
                upload={upload}
                setUpload={(u) => {
                  setUpload(u);
                  setUploadError(undefined);
                }}
                uploadError={uploadError}
                isEdit={isEdit}
                onOpenExtractor={() => setExtracting(true)}
                onFixLevels={(paths) => fixLevels(paths)}
              />
            </div>
            {progress !== null ? (
              <div className="px-5 pb-4 sm:px-6">
                <div className="mb-1 flex justify-between text-xs text-slate-700">
                  <span>Enviando arquivo...</span>
                  <span>{progress}%</span>
                </div>
                <div
                  className="h-2 overflow-hidden rounded-full bg-soil-200"
                  role="progressbar"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={progress}
                  aria-label="Envio do arquivo"
                >
                  <div className="h-full bg-brand-500 transition-all" style={{ width: `${progress}%` }} />
                </div>
              </div>
            ) : null}
            {/* Phones: the page count on its own line above the two buttons, so "Salvar Experimento"
                stays inside the card at 320 px. */}
            <div className="grid grid-cols-2 items-center gap-3 border-t border-soil-100 bg-soil-50 px-4 py-4 sm:flex sm:justify-between sm:px-6">
              <div className="sm:w-28">
                {step > 1 ? (
                  <Button variant="secondary" onClick={() => goTo(step - 1)} disabled={saving}>
                    Anterior
                  </Button>
                ) : null}
              </div>
              <p className="order-first col-span-2 whitespace-nowrap text-center text-sm text-slate-700 sm:order-none">
                Página {step} de {TOTAL_STEPS}
              </p>
              <div className="flex min-w-0 justify-end sm:w-44">
                {step < TOTAL_STEPS ? (
                  <Button type="submit">Próximo</Button>
                ) : (
                  <Button type="submit" disabled={saving}>
                    {saving ? 'Salvando...' : 'Salvar Experimento'}
                  </Button>
                )}
              </div>
            </div>
          </form>
        </Card>
      </div>
      <Modal open={extracting} onClose={() => setExtracting(false)} title="Extração Automática com IA" size="xl">
        <PdfExtractor onConfirm={confirmExtraction} onCancel={() => setExtracting(false)} conflicts={conflictsWithForm} />
      </Modal>
    </FormProvider>
  );
}
