import { useCallback, useEffect, useRef, useState } from 'react';
import type { Experiment } from '../../../../shared/experiment.js';
import { formatLongDate } from '../../../../shared/format.js';
import { chooseDialog } from '../../../components/ui/confirm-dialog.js';
import { type FormValues, TOTAL_STEPS, type WizardForm } from '../form-values.js';
import { type Draft, draftKey, readDraft, removeDraft, writeDraft } from '../storage.js';

/** Owns the form's draft in localStorage: the one offered back, the one kept as the user types, and the warning on leaving. */
export function useDraft({
  pendingId,
  editing,
  methods,
  step,
  goTo,
  uploadFile,
}: {
  pendingId: string | null;
  editing: Experiment | null;
  methods: WizardForm;
  step: number;
  goTo: (step: number) => void;
  uploadFile: File | null;
}) {
  const { reset } = methods;
  const key = draftKey(editing?.id);
  const [draft, setDraft] = useState<Draft | null>(() => {
    if (pendingId) return null;
    const d = readDraft(localStorage, key);
    return d && (!editing || d.version === editing.version) ? d : null;
  });
  /** Set once the experiment is on the server: nothing is kept as a draft and leaving needs no warning. */
  const saved = useRef(false);

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
  const isDirty = methods.formState.isDirty;
  useEffect(() => {
    if (!isDirty && !uploadFile) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (saved.current) return;
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty, uploadFile]);

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

  return { draftKey: key, draft, savedRef: saved, restoreDraft, discardDraft };
}

export type DraftState = ReturnType<typeof useDraft>;
