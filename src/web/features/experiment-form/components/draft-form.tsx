/**
 * The experiment form on one page, prefilled from a report: the import review's form.
 * The wizard's own step sections and schema, so an imported experiment is validated exactly as a
 * typed one; the fields the extractor is unsure of are marked, and the host learns which field
 * has the focus (to show that value's evidence in the PDF).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type FocusEvent, useEffect, useMemo, useRef } from 'react';
import { FormProvider, type Resolver, useForm, useWatch } from 'react-hook-form';
import { type ExperimentData, experimentSchema } from '../../../../shared/experiment.js';
import { EXPERIMENT_FIELDS } from '../../../../shared/fields/catalogue.js';
import { Button } from '../../../components/ui/button.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useCulturas, useEstados, useMarcas, useRegioes } from '../../../lib/use-lookups.js';
import type { ExperimentFormSlotProps } from '../../../lib/slots.js';
import { applyExtraction } from '../apply-extraction.js';
import { type FormValues, STEPS, newExperimentDefaults } from '../form-values.js';
import { StepConsultoria, StepCultura, StepEstatistica, StepLocalizacao, StepSolo } from './step-fields.js';
import { StepTratamentos } from './step-tratamentos.js';

const resolver = zodResolver(experimentSchema) as unknown as Resolver<FormValues, unknown, ExperimentData>;

const SECTIONS = [StepConsultoria, StepLocalizacao, StepSolo, StepCultura, StepTratamentos, StepEstatistica] as const;

/** The inputs a marked field stands for: a treatment list mark covers each treatment's name, mode and yield. */
function selectorOf(name: string): string {
  if (name === 'tratamentos') return ['nome', 'modalidade', 'produtividade'].map((f) => `[name^="tratamentos."][name$=".${f}"]`).join(',');
  return `[name="${CSS.escape(name)}"]`;
}

const LOW = 'Confiança baixa: confira este valor no PDF';

const labelOf = (name: string) => (name in EXPERIMENT_FIELDS ? EXPERIMENT_FIELDS[name as keyof typeof EXPERIMENT_FIELDS].label : name);

/**
 * The selects' options arrive from the lookups: the form is mounted once they are there, so the
 * report's choices (estado, cultura, …) land on options that exist.
 */
export function ExperimentDraftForm(props: ExperimentFormSlotProps) {
  const lists = [useMarcas(), useRegioes(), useEstados(), useCulturas()];
  if (lists.some((l) => l.isPending)) {
    return (
      <div className="flex justify-center py-10" aria-busy="true">
        <Spinner />
      </div>
    );
  }
  return <DraftForm {...props} />;
}

function DraftForm({ data, marked = [], serverErrors, onFieldFocus, onSubmit, submitLabel, actions }: ExperimentFormSlotProps) {
  const defaults = useMemo(() => applyExtraction(newExperimentDefaults(), data, {}, newExperimentDefaults()), [data]);
  const methods = useForm<FormValues, unknown, ExperimentData>({ resolver, mode: 'onTouched', defaultValues: defaults });
  const { handleSubmit, setError, formState } = methods;
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    for (const [path, message] of Object.entries(serverErrors ?? {})) setError(path as keyof FormValues, { type: 'server', message });
  }, [serverErrors, setError]);

  // Marks the unsure fields' inputs (and tells screen readers why); the sections stay the wizard's own.
  const markedKey = marked.join(',');
  const treatments = useWatch({ control: methods.control, name: 'tratamentos' }).length;
  useEffect(() => {
    const root = form.current;
    if (!root) return;
    root.querySelectorAll('[data-low-confidence]').forEach((el) => {
      el.removeAttribute('data-low-confidence');
      el.removeAttribute('aria-description');
    });
    for (const name of markedKey ? markedKey.split(',') : []) {
      root.querySelectorAll(selectorOf(name)).forEach((el) => {
        el.setAttribute('data-low-confidence', 'true');
        el.setAttribute('aria-description', LOW);
      });
    }
  }, [markedKey, treatments]);

  const onFocus = (e: FocusEvent<HTMLFormElement>) => {
    const name = (e.target as Element).getAttribute('name');
    if (!name || !onFieldFocus) return;
    onFieldFocus(name.startsWith('tratamentos.') ? 'tratamentos' : name);
  };

  return (
    <FormProvider {...methods}>
      <form
        ref={form}
        noValidate
        onFocus={onFocus}
        onSubmit={(e) => void handleSubmit(onSubmit)(e)}
        className="space-y-8 [&_[data-low-confidence]]:bg-amber-50 [&_[data-low-confidence]]:ring-2 [&_[data-low-confidence]]:ring-amber-400"
      >
        {marked.length ? (
          <p
            className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
            data-testid="low-confidence-fields"
          >
            Confira no PDF (confiança baixa): {marked.map(labelOf).join(', ')}.
          </p>
        ) : null}
        {SECTIONS.map((Section, i) => (
          <section key={i} aria-labelledby={`draft-step-${i}`} className="space-y-4">
            <h3 id={`draft-step-${i}`} className="border-b border-soil-100 pb-1 text-base font-semibold text-slate-900">
              {STEPS[i]?.title}
            </h3>
            <Section />
          </section>
        ))}
        <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-soil-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0">
          {Object.keys(formState.errors).length && formState.isSubmitted ? (
            <p className="mr-auto text-sm text-red-700" role="alert">
              Corrija os campos destacados.
            </p>
          ) : null}
          {actions}
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Enviando...' : submitLabel}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
