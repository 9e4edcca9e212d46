/**
 * The form's own value shapes (numbers as typed text until validated), the defaults of a new
 * experiment, and the conversion from an experiment read from the API (edit mode): all from the
 * field catalogue.
 */
import { WIZARD_TOTAL_STEPS } from '../../../shared/constants.js';
import type { Experiment, ExperimentData } from '../../../shared/experiment.js';
import type { UseFormReturn } from 'react-hook-form';
import {
  ANALYSIS_FIELDS,
  APPLICATION_FIELDS,
  ASSESSMENT_FIELDS,
  EXPERIMENT_FIELDS,
  PLOT_FIELDS,
  PRODUCT_FIELDS,
  STEP_FIELDS,
  TREATMENT_FIELDS,
} from '../../../shared/fields/catalogue.js';
import { type Fields, type FormScalars, type Step, formDefaults, isNumeric } from '../../../shared/fields/kinds.js';

type Num = number | string | null;

export type ProdutoForm = FormScalars<typeof PRODUCT_FIELDS>;
export type AnaliseForm = FormScalars<typeof ANALYSIS_FIELDS>;
export type TratamentoForm = FormScalars<typeof TREATMENT_FIELDS> & {
  /** Plot yields per block; empty when the trial is registered without replicates. */
  repeticoes?: Num[];
  produtos_aplicados: ProdutoForm[];
  analises_adicionais: AnaliseForm[];
  /** Plot values per assessment key, one per block (as typed until validated). */
  observacoes?: Record<string, Num[]>;
};
export type AvaliacaoForm = FormScalars<typeof ASSESSMENT_FIELDS>;
/** The plot's size: both empty is "not given" (the schema reads it as null). */
export type ParcelaForm = FormScalars<typeof PLOT_FIELDS>;
/** An application; `tratamentos` holds the indices sprayed (empty: every treatment). */
export type AplicacaoForm = FormScalars<typeof APPLICATION_FIELDS> & { tratamentos: number[] };
export type FormValues = FormScalars<typeof EXPERIMENT_FIELDS> & {
  tratamentos: TratamentoForm[];
  avaliacoes: AvaliacaoForm[];
  parcela: ParcelaForm;
  aplicacoes: AplicacaoForm[];
};

/** Each field's catalogue default (empty text, ano 2024, numbers empty, never a pre-filled 0), no treatments. */
export function newExperimentDefaults(): FormValues {
  return { ...formDefaults(EXPERIMENT_FIELDS), tratamentos: [], avaliacoes: [], parcela: formDefaults(PLOT_FIELDS), aplicacoes: [] };
}

export const newAplicacao = (chave: string): AplicacaoForm => ({ ...formDefaults(APPLICATION_FIELDS), chave, tratamentos: [] });

/** The first treatment is the control; later ones start empty (docs/product-rules.md#wizard-step-5). */
export function newTreatment(isFirst: boolean, blocks = 0): TratamentoForm {
  return {
    ...formDefaults(TREATMENT_FIELDS),
    nome: isFirst ? 'Testemunha' : '',
    ...(blocks ? { repeticoes: Array.from({ length: blocks }, () => '') } : {}),
    produtos_aplicados: [],
    analises_adicionais: [],
  };
}

/** Resizes a treatment's replicates to `blocks` inputs, keeping what was typed. */
export function withBlocks(t: TratamentoForm, blocks: number): TratamentoForm {
  if (!blocks) {
    const { repeticoes: _drop, ...rest } = t;
    return rest;
  }
  const current = t.repeticoes ?? [];
  const resize = (values: readonly Num[]) => Array.from({ length: blocks }, (_, i) => values[i] ?? '');
  return {
    ...t,
    repeticoes: resize(current),
    // Each assessment's plots follow the blocks too.
    ...(t.observacoes ? { observacoes: Object.fromEntries(Object.entries(t.observacoes).map(([k, v]) => [k, resize(v)])) } : {}),
  };
}

export const newProduct = (): ProdutoForm => formDefaults(PRODUCT_FIELDS);
export const newAnalysis = (): AnaliseForm => formDefaults(ANALYSIS_FIELDS);

/** The catalogue fields of a stored value as the form holds them: a null number stays empty. */
function toForm<F extends Fields>(fields: F, stored: object): FormScalars<F> {
  const values = stored as Record<string, unknown>;
  const entries = Object.entries(fields).flatMap(([name, f]) => {
    if (!('default' in f)) return [];
    const v = values[name];
    return [[name, isNumeric(f) ? (v ?? null) : String(v ?? '')] as const];
  });
  // Object.fromEntries gives a plain record; the entries are FormScalars' keys and value kinds.
  return Object.fromEntries(entries) as FormScalars<F>;
}

/** The form's values for an experiment read from the API (edit mode) or as the form sent it (an item of the offline queue being corrected). */
export function fromExperiment(e: Experiment | ExperimentData): FormValues {
  const treatments: readonly (Experiment | ExperimentData)['tratamentos'][number][] = e.tratamentos;
  return {
    ...toForm(EXPERIMENT_FIELDS, e),
    avaliacoes: e.avaliacoes.map((a) => toForm(ASSESSMENT_FIELDS, a)),
    parcela: e.parcela ? toForm(PLOT_FIELDS, e.parcela) : formDefaults(PLOT_FIELDS),
    // Older drafts and queued items were saved before applications existed.
    aplicacoes: (e.aplicacoes ?? []).map((a) => ({ ...toForm(APPLICATION_FIELDS, a), tratamentos: [...a.tratamentos] })),
    tratamentos: treatments.map((t) => ({
      ...toForm(TREATMENT_FIELDS, t),
      ...(t.repeticoes?.length ? { repeticoes: [...t.repeticoes] } : {}),
      produtos_aplicados: t.produtos_aplicados.map((p) => toForm(PRODUCT_FIELDS, p)),
      analises_adicionais: t.analises_adicionais.map((a) => toForm(ANALYSIS_FIELDS, a)),
      ...(t.observacoes && Object.keys(t.observacoes).length
        ? { observacoes: Object.fromEntries(Object.entries(t.observacoes).map(([k, v]) => [k, [...v]])) }
        : {}),
    })),
  };
}

export const fromData = fromExperiment;

const STEP_TITLES = [
  'Dados da Consultoria',
  'Localização',
  'Características do Solo',
  'Dados da Cultura',
  'Tratamentos',
  'Análise Estatística',
  'Upload de Documento',
] as const;

/** The wizard's steps: each validates the catalogue's fields of its step (step 7 is the PDF). */
export const STEPS: readonly { title: string; fields: readonly (keyof FormValues)[] }[] = STEP_TITLES.map((title, i) => ({
  title,
  fields: i < 6 ? STEP_FIELDS[(i + 1) as Step] : [],
}));

export const TOTAL_STEPS = WIZARD_TOTAL_STEPS;

/** The step (1-based) that holds a field path such as `tratamentos.2.nome`. */
export function stepOfField(path: string): number {
  const root = path.split('.')[0];
  const index = STEPS.findIndex((s) => (s.fields as readonly string[]).includes(root ?? ''));
  return index === -1 ? TOTAL_STEPS : index + 1;
}

/** The wizard's react-hook-form instance: the form's values in, the schema's parsed data out. */
export type WizardForm = UseFormReturn<FormValues, unknown, ExperimentData>;
