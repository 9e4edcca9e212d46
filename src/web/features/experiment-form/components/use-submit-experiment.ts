import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type Experiment, type ExperimentData, EXP_MSG, isConcluido } from '../../../../shared/experiment.js';
import { toast } from '../../../components/ui/toast.js';
import { session } from '../../../lib/api.js';
import { ApiError } from '../../../lib/api-client.js';
import { fetchExperiment } from '../../../lib/experiments.js';
import { newItemId, offlineQueue } from '../../../lib/offline-queue.js';
import { explainPdfRefusal } from '../../../lib/pdf-rejections.js';
import { STORAGE_KEYS } from '../../../lib/session.js';
import { useSaveExperiment } from '../api/save-experiment.js';
import { TOTAL_STEPS, type WizardForm, fromExperiment, newExperimentDefaults, stepOfField } from '../form-values.js';
import { clearEditingExperiment, removeDraft } from '../storage.js';
import type { DraftState } from './use-draft.js';
import type { PendingCorrection } from './use-pending-correction.js';
import { LEVELS_MISSING, type StepNavigation } from './use-step-navigation.js';
import type { UploadField } from './use-upload-field.js';

const SAVE_ERROR = 'Erro ao salvar experimento. Tente novamente.';
const QUEUE_ERROR = 'Sem conexão, e não foi possível guardar o experimento neste aparelho. O rascunho continua salvo; tente de novo.';
const EDIT_OFFLINE =
  'Sem conexão: a alteração não foi enviada. O rascunho continua salvo neste aparelho; salve de novo quando houver conexão.';

type TreatmentErrors = { tratamentos?: ({ nivel_a?: unknown; nivel_b?: unknown } | undefined)[] };

/** The treatments (0-based) whose levels the schema asks for, in order. */
function treatmentsMissingLevels(errors: object): number[] {
  const list = (errors as TreatmentErrors).tratamentos;
  if (!Array.isArray(list)) return [];
  return list.flatMap((t, i) => (t?.nivel_a || t?.nivel_b ? [i] : []));
}

const levelPath = (errors: object, i: number) => ((errors as TreatmentErrors).tratamentos?.[i]?.nivel_a ? 'nivel_a' : 'nivel_b');

/** Owns "Salvar Experimento": the save or the offline queue, the way out, and what the server refused (a field, a newer version). */
export function useSubmitExperiment({
  methods,
  editing,
  setEditing,
  pendingId,
  correction: { pending, setPending, showServerErrors },
  uploadField: { upload, setUpload, setUploadError },
  draftState: { draft, draftKey, savedRef },
  nav: { goTo, explainMissingModality },
}: {
  methods: WizardForm;
  editing: Experiment | null;
  setEditing: (e: Experiment) => void;
  pendingId: string | null;
  correction: Pick<PendingCorrection, 'pending' | 'setPending' | 'showServerErrors'>;
  uploadField: Pick<UploadField, 'upload' | 'setUpload' | 'setUploadError'>;
  draftState: Pick<DraftState, 'draft' | 'draftKey' | 'savedRef'>;
  nav: Pick<StepNavigation, 'goTo' | 'explainMissingModality'>;
}) {
  const navigate = useNavigate();
  const save = useSaveExperiment();
  const { reset } = methods;
  const isEdit = editing !== null;
  /** The create last kept in the offline queue (lib/offline-queue.ts), while it waits there. */
  const [savedOnDevice, setSavedOnDevice] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [stale, setStale] = useState(false);

  const pdfMissing = () => {
    // A planned or running trial is saved without its report: it comes when the trial is concluded.
    if (upload.file || !isConcluido(methods.getValues('situacao'))) return undefined;
    if (!isEdit) return EXP_MSG.pdfRequired;
    return upload.storedFilename ? undefined : EXP_MSG.pdfRequiredEdit;
  };

  /** The experiment is now on the server or in the queue: the form's draft and state can go. */
  const leave = (message: string, tone: 'success' | 'info') => {
    savedRef.current = true;
    // A draft still offered was not this experiment: it stays, offered next time.
    if (!draft) removeDraft(localStorage, draftKey);
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
    if (!draft) removeDraft(localStorage, draftKey);
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

  /** "Recarregar versão atual": the version someone else saved replaces this edit, which is typed again over it. */
  const reloadLatest = async () => {
    if (!editing) return;
    try {
      const latest = await fetchExperiment(editing.id);
      localStorage.setItem(STORAGE_KEYS.editingExperiment, JSON.stringify(latest));
      removeDraft(localStorage, draftKey);
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

  return { onValid, onInvalid, reloadLatest, savedOnDevice, progress, stale };
}
