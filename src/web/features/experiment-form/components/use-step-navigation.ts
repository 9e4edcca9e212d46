import { useCallback, useEffect, useRef, useState } from 'react';
import { EXP_MSG } from '../../../../shared/experiment.js';
import { toast } from '../../../components/ui/toast.js';
import { wizardProgress } from '../../../lib/wizard-progress.js';
import { type FormValues, STEPS, TOTAL_STEPS, type WizardForm, stepOfField } from '../form-values.js';
import { missingLevelPaths } from './step-fields.js';

/** Opens the message that leads a factorial design back to the levels still missing in step 5. */
export const LEVELS_MISSING = 'Delineamento fatorial: informe os níveis dos fatores no passo 5 (Tratamentos) em';

/** Under a treatment's modality that a confirmed report did not give (it starts with the product's text, docs/product-rules.md#wizard-step-5). */
const MODALIDADE_NOT_IN_REPORT = `${EXP_MSG.modalidadeRequired}: o relatório não informa a modalidade deste tratamento; escolha-a aqui.`;

/** Owns which step is shown and the moves between steps, with the fields that hold the user back. */
export function useStepNavigation(methods: WizardForm) {
  const { trigger } = methods;
  const [step, setStep] = useState(1);
  const heading = useRef<HTMLHeadingElement>(null);
  /** Treatments a confirmed report named without a modality: their empty modality says why. */
  const modalityNotInReport = useRef<Set<string>>(new Set());

  // Header progress ("Passo X de Y" and the step's name).
  useEffect(() => {
    wizardProgress.set({ step, total: TOTAL_STEPS, title: STEPS[step - 1]?.title ?? '' });
  }, [step]);
  useEffect(() => () => wizardProgress.set(null), []);

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

  return { step, heading, modalityNotInReportRef: modalityNotInReport, goTo, next, fixLevels, explainMissingModality };
}

export type StepNavigation = ReturnType<typeof useStepNavigation>;
