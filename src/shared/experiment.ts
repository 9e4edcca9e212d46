/**
 * The experiment's zod schemas, one per wizard step, built from the field catalogue
 * (fields/catalogue.ts); the whole experiment is their merge. Here live the rules that span
 * fields: a treatment's yield or its plot yields, the same replicates in every treatment, the
 * nested lists' limits. The form (react-hook-form) and the API validate with these objects.
 */
import { z } from './zod.js';
import { DELINEAMENTOS_FATORIAIS, MAX_ANALYSES_PER_TREATMENT, MAX_PRODUCTS_PER_TREATMENT, MAX_TREATMENTS } from './constants.js';
import { ANALYSIS_FIELDS, EXPERIMENT_FIELDS, PRODUCT_FIELDS, TREATMENT_FIELDS } from './fields/catalogue.js';
import { scalarShape, stepShape } from './fields/kinds.js';
import { EXP_MSG } from './fields/messages.js';
import { avaliacoesSchema, observacaoIssues, observacoesSchema } from './assessments.js';
import { aplicacaoIssues, aplicacoesSchema, parcelaSchema } from './field-plan-schema.js';

export { EXP_MSG };

export const step1Schema = z.object(stepShape(EXPERIMENT_FIELDS, 1), { error: EXP_MSG.experimentoInvalido });
export const step2Schema = z.object(stepShape(EXPERIMENT_FIELDS, 2));
/** Step 3 as the form requires it: both soil contents typed (0 is a value). */
export const step3Schema = z.object(stepShape(EXPERIMENT_FIELDS, 3));
export const step4Schema = z.object(stepShape(EXPERIMENT_FIELDS, 4));

export const produtoAplicadoSchema = z.object(scalarShape(PRODUCT_FIELDS), { error: EXP_MSG.produtoInvalido });
export const analiseAdicionalSchema = z.object(scalarShape(ANALYSIS_FIELDS), { error: EXP_MSG.analiseInvalida });

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export const tratamentoSchema = z
  .object(
    {
      ...scalarShape(TREATMENT_FIELDS),
      produtos_aplicados: z.array(produtoAplicadoSchema).max(MAX_PRODUCTS_PER_TREATMENT, EXP_MSG.produtosTooMany).default([]),
      analises_adicionais: z.array(analiseAdicionalSchema).max(MAX_ANALYSES_PER_TREATMENT, EXP_MSG.analisesTooMany).default([]),
      observacoes: observacoesSchema,
    },
    { error: EXP_MSG.tratamentoInvalido },
  )
  // A treatment without yield is refused only in a concluded trial (yieldIssues(), across steps): a
  // planned one has none yet, and its yield stays null rather than a 0 nobody measured.
  .transform(({ repeticoes, ...t }) => ({
    ...t,
    produtividade: repeticoes ? Math.round(mean(repeticoes) * 100) / 100 : (t.produtividade ?? null),
    ...(repeticoes ? { repeticoes } : {}),
  }));

/** Replicates: all treatments or none, the same count in each, 2 to 12 (one per block). */
function checkReplicates(tratamentos: { repeticoes?: number[] | undefined }[], ctx: z.RefinementCtx): void {
  const counts = tratamentos.map((t) => t.repeticoes?.length ?? 0);
  if (counts.every((c) => c === 0)) return;
  const target = Math.max(...counts);
  counts.forEach((c, i) => {
    if (c !== target) ctx.addIssue({ code: 'custom', path: [i, 'repeticoes'], message: EXP_MSG.repeticoesDiferentes });
    else if (c < 2 || c > 12) ctx.addIssue({ code: 'custom', path: [i, 'repeticoes'], message: EXP_MSG.repeticoesFaixa });
  });
}

export const step5Schema = z.object({
  ...stepShape(EXPERIMENT_FIELDS, 5),
  avaliacoes: avaliacoesSchema,
  tratamentos: z
    .array(tratamentoSchema, { error: EXP_MSG.tratamentosRequired })
    .min(1, EXP_MSG.tratamentosRequired)
    .max(MAX_TREATMENTS, EXP_MSG.tratamentosTooMany)
    .superRefine((list, ctx) => checkReplicates(list, ctx)),
});

export const step6Schema = z.object({
  ...stepShape(EXPERIMENT_FIELDS, 6),
  parcela: parcelaSchema,
  aplicacoes: aplicacoesSchema,
});

/** Steps 1–6 merged, before the rules that span steps (zod refuses to extend a refined object). */
const experimentObject = step1Schema
  .extend(step2Schema.shape)
  .extend(step3Schema.shape)
  .extend(step4Schema.shape)
  .extend(step5Schema.shape)
  .extend(step6Schema.shape);

/** Whether a design is one of the two-factor designs, whose treatments carry levels. */
export const isFatorial = (design: unknown): boolean => (DELINEAMENTOS_FATORIAIS as readonly unknown[]).includes(design);

const typed = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** A level a two-factor design asks for and a treatment lacks (or the additional treatment it lacks). */
export interface FactorLevelIssue {
  path: ['tipo_estatistica'] | ['tratamentos', number, 'nivel_a' | 'nivel_b'];
  message: string;
}

/**
 * Spans steps 5 and 6: in a two-factor design every treatment has both levels, except, in "Fatorial
 * DBC com adicional", exactly one treatment with none (the additional one: the first such, usually
 * the control T1). Single-factor designs ignore levels. Errors sit on the level inputs of step 5.
 * The form also asks this as soon as a factorial design is chosen in step 6.
 */
export function factorLevelIssues(value: unknown): FactorLevelIssue[] {
  if (typeof value !== 'object' || value === null) return [];
  const e = value as { tipo_estatistica?: unknown; fator_a?: unknown; fator_b?: unknown; tratamentos?: unknown };
  if (!isFatorial(e.tipo_estatistica) || !Array.isArray(e.tratamentos)) return [];
  const comAdicional = e.tipo_estatistica === 'Fatorial DBC com adicional';
  const niveis = e.tratamentos.map((t: unknown) => {
    const r = (typeof t === 'object' && t !== null ? t : {}) as { nivel_a?: unknown; nivel_b?: unknown };
    return { a: typed(r.nivel_a), b: typed(r.nivel_b) };
  });
  const issues: FactorLevelIssue[] = [];
  const adicional = comAdicional ? niveis.findIndex((n) => !n.a && !n.b) : -1;
  if (comAdicional && adicional === -1 && niveis.length) {
    issues.push({ path: ['tipo_estatistica'], message: EXP_MSG.adicionalRequired });
  }
  niveis.forEach((n, i) => {
    if (i === adicional) return;
    if (!n.a) issues.push({ path: ['tratamentos', i, 'nivel_a'], message: EXP_MSG.nivelARequired(typed(e.fator_a)) });
    if (!n.b) issues.push({ path: ['tratamentos', i, 'nivel_b'], message: EXP_MSG.nivelBRequired(typed(e.fator_b)) });
  });
  return issues;
}

/** Whether the trial is over: its situation, or none (every trial before situations was). */
export const isConcluido = (situacao: unknown): boolean =>
  situacao === undefined || situacao === null || situacao === '' || situacao === 'concluido';

/**
 * A concluded trial's treatments each need a yield (or plot yields); a planned or running one may
 * have none yet (docs/product-rules.md#field-plan). Paths sit on each yield input of step 5.
 */
export function yieldIssues(value: unknown): { path: ['tratamentos', number, 'produtividade']; message: string }[] {
  if (typeof value !== 'object' || value === null) return [];
  const e = value as { situacao?: unknown; tratamentos?: unknown };
  if (!isConcluido(e.situacao) || !Array.isArray(e.tratamentos)) return [];
  return e.tratamentos.flatMap((t: unknown, i) => {
    if (typeof t !== 'object' || t === null) return [];
    const r = t as { produtividade?: unknown; repeticoes?: unknown };
    const hasPlots = Array.isArray(r.repeticoes) && r.repeticoes.length > 0;
    const hasYield = r.produtividade !== null && r.produtividade !== undefined && r.produtividade !== '';
    return hasPlots || hasYield
      ? []
      : [{ path: ['tratamentos', i, 'produtividade'] as ['tratamentos', number, 'produtividade'], message: EXP_MSG.produtividadeRequired }];
  });
}

/** The rules that span the steps: yields of a concluded trial, a factorial's levels, plot values, applications' treatments. */
function checkAcrossSteps(value: unknown, ctx: z.RefinementCtx): void {
  for (const issue of [...yieldIssues(value), ...factorLevelIssues(value), ...observacaoIssues(value), ...aplicacaoIssues(value)]) {
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }
}

// Runs even when other fields have errors, so that a save shows every missing level at once.
const acrossSteps = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };

/** The experiment as the form validates it (steps 1–6; the PDF of step 7 travels beside it). */
export const experimentSchema = experimentObject.superRefine(checkAcrossSteps, acrossSteps);

type NullableInApi<F> = {
  [K in keyof F as F[K] extends { nullableInApi: true } ? K : never]: F[K] extends { schema: z.ZodType<infer O, unknown> }
    ? z.ZodType<O | null, unknown>
    : never;
};

/** null passes as "not measured"; anything else follows the form's rule and messages. */
const orNull = <O>(schema: z.ZodType<O, unknown>) =>
  z.unknown().transform((v, ctx): O | null => {
    if (v === null) return null;
    const r = schema.safeParse(v);
    if (r.success) return r.data;
    for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });

const nullableEntries = Object.entries(EXPERIMENT_FIELDS).flatMap(([name, f]): [string, z.ZodType][] =>
  'nullableInApi' in f && f.nullableInApi ? [[name, orNull(f.schema)]] : [],
);
// Object.fromEntries gives a plain record; the filter is the one NullableInApi describes.
const nullableInApi = Object.fromEntries(nullableEntries) as NullableInApi<typeof EXPERIMENT_FIELDS>;

/**
 * What the API accepts: the same rules, except that fields marked `nullableInApi` (soil contents:
 * imported trials that did not measure them) may be null; the form never sends null.
 */
export const experimentInputSchema = experimentObject.extend(nullableInApi).superRefine(checkAcrossSteps, acrossSteps);

export const experimentUpdateSchema = experimentObject
  .extend(nullableInApi)
  .extend({ version: z.number({ error: EXP_MSG.versionRequired }).int().min(1) })
  .superRefine(checkAcrossSteps, acrossSteps);

export type ExperimentInput = z.input<typeof experimentInputSchema>;
export type ExperimentData = z.output<typeof experimentInputSchema>;
export type TratamentoData = z.output<typeof tratamentoSchema>;

/** The treatment's cost: the sum of its products' costs when they carry costs, else its own. */
export function custoTratamento(t: { custo: number | null; produtos_aplicados: { custo: number | null }[] }): number {
  const withCost = t.produtos_aplicados.filter((p) => p.custo !== null && p.custo !== undefined);
  if (withCost.length === 0) return t.custo ?? 0;
  return Math.round(withCost.reduce((sum, p) => sum + (p.custo ?? 0), 0) * 100) / 100;
}

/** Mean of the treatments' yields, or null without treatments or while any has none (a planned trial). */
export function produtividadeMedia(tratamentos: { produtividade: number | null }[]): number | null {
  if (tratamentos.length === 0) return null;
  let sum = 0;
  for (const t of tratamentos) {
    if (t.produtividade === null) return null;
    sum += t.produtividade;
  }
  return sum / tratamentos.length;
}

/** Values read back from the database: a choice is whatever text was stored. */
type Stored<T> = { [K in keyof T]: T[K] extends string ? string : T[K] };

/** The fields the server owns: never sent by the form, always in what the API returns. */
export interface ServerOwnedFields {
  id: number;
  version: number;
  created_at: string;
  updated_at: string;
  owner: { id: string; name: string };
  pdf_filename: string | null;
  produtividade_media: number | null;
}

/** An experiment as the API returns it (docs/api.md#experiments-modulesexperiments): the catalogue's fields and the server's. */
export interface Experiment extends ServerOwnedFields, Stored<Omit<ExperimentData, 'tratamentos' | 'avaliacoes'>> {
  tratamentos: Tratamento[];
  /** Each assessment with its days after the latest application on or before its date (null without either). */
  avaliacoes: (ExperimentData['avaliacoes'][number] & { daa: number | null })[];
}

export interface Tratamento extends Stored<Omit<TratamentoData, 'produtos_aplicados' | 'analises_adicionais' | 'observacoes' | 'papel'>> {
  id: number;
  /** The treatment's role (constants.ts PAPEIS); absent when none was declared (like `repeticoes`). */
  papel?: TratamentoData['papel'];
  /** Plot values per assessment key; absent when the treatment has none (like `repeticoes`). */
  observacoes?: TratamentoData['observacoes'];
  produtos_aplicados: Stored<z.output<typeof produtoAplicadoSchema>>[];
  analises_adicionais: Stored<z.output<typeof analiseAdicionalSchema>>[];
}

export interface DocumentInfo {
  id: number;
  filename: string;
  size: number;
  sha256: string;
  experimentId: number;
  createdAt: string;
  current: boolean;
}

/**
 * Which treatment is the control: the one declared the absolute control (`papel` "testemunha"),
 * else the first (the spec's "Testemunha"). -1 without treatments.
 */
export function indiceTestemunha(tratamentos: readonly { papel?: string | null }[]): number {
  const declarada = tratamentos.findIndex((t) => t.papel === 'testemunha');
  return declarada >= 0 ? declarada : tratamentos.length ? 0 : -1;
}
