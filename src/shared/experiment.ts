/**
 * The experiment, one zod schema per wizard step; the whole experiment is their merge. The form
 * (react-hook-form) and the API validate with these objects. Messages are the spec's
 * (000 §5, 001 §5), verbatim.
 */
import { z } from 'zod';
import {
  BUSINESS_UNITS,
  MAX_ANALYSES_PER_TREATMENT,
  MAX_PRODUCTS_PER_TREATMENT,
  MAX_TREATMENTS,
  MODALIDADES,
  TIPOS_ESTATISTICA,
  YEAR_MAX,
  YEAR_MIN,
} from './constants.js';

export const EXP_MSG = {
  experimentoInvalido: 'Dados do experimento inválidos',
  tratamentoInvalido: 'Tratamento inválido',
  produtoInvalido: 'Produto aplicado inválido',
  analiseInvalida: 'Análise adicional inválida',
  consultoriaRequired: 'Nome da consultoria é obrigatório',
  consultoriaShort: 'Nome deve ter pelo menos 2 caracteres',
  marcaRequired: 'Marca é obrigatória',
  buRequired: 'Business Unit é obrigatória',
  regionalRequired: 'Regional é obrigatória',
  cidadeRequired: 'Cidade é obrigatória',
  estadoRequired: 'Estado é obrigatório',
  latitudeRange: 'Latitude deve ser entre -90 e 90',
  longitudeRange: 'Longitude deve ser entre -180 e 180',
  argilaRequired: 'Teor de argila é obrigatório',
  moRequired: 'Teor de matéria orgânica é obrigatório',
  valueMin: 'Valor deve ser maior que 0',
  valueMax: 'Valor deve ser menor que 100',
  culturaRequired: 'Cultura é obrigatória',
  cultivarRequired: 'Cultivar é obrigatório',
  anoRequired: 'Ano é obrigatório',
  anoRange: `Ano deve estar entre ${YEAR_MIN} e ${YEAR_MAX}`,
  tratamentosRequired: 'Adicione pelo menos um tratamento',
  tratamentosTooMany: `No máximo ${MAX_TREATMENTS} tratamentos por experimento`,
  nomeRequired: 'Nome é obrigatório',
  modalidadeRequired: 'Modalidade é obrigatória',
  produtividadeRequired: 'Produtividade é obrigatória',
  produtividadePositive: 'Produtividade deve ser positiva',
  custoPositive: 'Custo deve ser positivo',
  doseNonNegative: 'Dose deve ser positiva',
  produtoNomeRequired: 'Nome do produto é obrigatório',
  produtosTooMany: `No máximo ${MAX_PRODUCTS_PER_TREATMENT} produtos por tratamento`,
  analiseNomeRequired: 'Nome da análise é obrigatório',
  analisesTooMany: `No máximo ${MAX_ANALYSES_PER_TREATMENT} análises por tratamento`,
  numberInvalid: 'Informe um número válido',
  tipoEstatisticaRequired: 'Tipo de estatística é obrigatório',
  custoProtocoloRequired: 'Custo do protocolo é obrigatório',
  roiPositive: 'ROI deve ser positivo',
  pdfRequired: 'O upload do arquivo PDF é obrigatório para finalizar o experimento',
  pdfRequiredEdit: 'Anexe um novo PDF ou mantenha o arquivo existente',
  textTooLong: 'Texto muito longo',
  versionRequired: 'Versão do experimento é obrigatória',
  repeticaoRequired: 'Informe a produtividade desta repetição',
  repeticoesDiferentes: 'Número de repetições diferente entre os tratamentos: informe o mesmo número de blocos em todos',
  repeticoesFaixa: 'Use de 2 a 12 repetições por tratamento',
  precoSacaPositive: 'Preço deve ser positivo',
} as const;

/**
 * A number typed in a form or sent by a client: '' / null / undefined mean "empty"; strings are
 * read with a decimal comma or point. Anything else that is not a finite number is an error.
 */
function toNumber(v: unknown): unknown {
  if (v === '' || v === null || v === undefined) return undefined;
  if (typeof v === 'string') {
    const s = v.trim().replace(/\s/g, '');
    if (!s) return undefined;
    const normalised = /^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(s) ? s.replace(/\./g, '').replace(',', '.') : s.replace(',', '.');
    return Number(normalised);
  }
  return v;
}

const finite = (required: string) =>
  z.number({ error: (iss) => (iss.input === undefined ? required : EXP_MSG.numberInvalid) }).refine(Number.isFinite, EXP_MSG.numberInvalid);

/** A required number. */
const requiredNumber = (required: string) => z.preprocess(toNumber, finite(required));

const anyNumber = () => z.number({ error: EXP_MSG.numberInvalid }).optional();

/** An optional number: empty and 0 become null (spec 001 §5); `schema` checks the rest. */
const optionalNumberZeroIsNull = (schema: z.ZodNumber) =>
  z
    .preprocess(toNumber, anyNumber())
    .transform((v) => (v === undefined || v === 0 ? null : v))
    .pipe(schema.nullable());

/** An optional number where 0 is a real value (doses, costs); empty becomes null. */
const optionalNumber = (schema: z.ZodNumber) =>
  z
    .preprocess(toNumber, anyNumber())
    .transform((v) => v ?? null)
    .pipe(schema.nullable());

// No `abort` on the required check: an aborting issue would also skip the treatment-level checks.
const text = (required: string, max = 200) => z.string({ error: required }).trim().min(1, required).max(max, EXP_MSG.textTooLong);

/** A choice from a fixed list; the required message for empty and for unknown values alike. */
const choice = <T extends readonly [string, ...string[]]>(values: T, required: string) => z.enum(values, { error: required });

export const step1Schema = z.object({
  consultoria: text(EXP_MSG.consultoriaRequired).pipe(z.string().min(2, EXP_MSG.consultoriaShort)),
  marca: text(EXP_MSG.marcaRequired, 100),
  bu: choice(BUSINESS_UNITS, EXP_MSG.buRequired),
  regional: text(EXP_MSG.regionalRequired, 100),
}, { error: EXP_MSG.experimentoInvalido });

export const step2Schema = z.object({
  cidade: text(EXP_MSG.cidadeRequired, 120),
  estado: text(EXP_MSG.estadoRequired, 2),
  latitude: optionalNumberZeroIsNull(z.number().min(-90, EXP_MSG.latitudeRange).max(90, EXP_MSG.latitudeRange)),
  longitude: optionalNumberZeroIsNull(z.number().min(-180, EXP_MSG.longitudeRange).max(180, EXP_MSG.longitudeRange)),
});

const percent = (required: string) =>
  requiredNumber(required).pipe(z.number().min(0, EXP_MSG.valueMin).max(100, EXP_MSG.valueMax));

/** Step 3 as the form requires it: both soil contents typed (0 is a value). */
export const step3Schema = z.object({
  teor_argila: percent(EXP_MSG.argilaRequired),
  teor_materia_organica: percent(EXP_MSG.moRequired),
});

export const step4Schema = z.object({
  cultura: text(EXP_MSG.culturaRequired, 100),
  cultivar: text(EXP_MSG.cultivarRequired, 100),
  ano: requiredNumber(EXP_MSG.anoRequired).pipe(
    z.number().int(EXP_MSG.anoRange).min(YEAR_MIN, EXP_MSG.anoRange).max(YEAR_MAX, EXP_MSG.anoRange),
  ),
});

export const produtoAplicadoSchema = z.object({
  nome: text(EXP_MSG.produtoNomeRequired, 150),
  dose: optionalNumber(z.number().min(0, EXP_MSG.doseNonNegative)),
  custo: optionalNumber(z.number().min(0, EXP_MSG.custoPositive)),
}, { error: EXP_MSG.produtoInvalido });

export const analiseAdicionalSchema = z.object({
  nome: text(EXP_MSG.analiseNomeRequired, 150),
  valor: optionalNumber(z.number()).transform((v) => (v === null ? null : Math.round(v * 100) / 100)),
  unidade: z.string().trim().max(50, EXP_MSG.textTooLong).default(''),
}, { error: EXP_MSG.analiseInvalida });

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export const tratamentoSchema = z
  .object({
    nome: text(EXP_MSG.nomeRequired, 150),
    modalidade: choice(MODALIDADES, EXP_MSG.modalidadeRequired),
    produtividade: optionalNumber(z.number().min(0, EXP_MSG.produtividadePositive)),
    custo: optionalNumber(z.number().min(0, EXP_MSG.custoPositive)).transform((v) => v ?? 0),
    /** Plot yields (kg/ha), one per block; when given, the yield is their mean. */
    repeticoes: z
      .array(requiredNumber(EXP_MSG.repeticaoRequired).pipe(z.number().min(0, EXP_MSG.produtividadePositive)))
      .max(12, EXP_MSG.repeticoesFaixa)
      .nullish()
      .transform((v) => (v && v.length ? v : undefined)),
    produtos_aplicados: z.array(produtoAplicadoSchema).max(MAX_PRODUCTS_PER_TREATMENT, EXP_MSG.produtosTooMany).default([]),
    analises_adicionais: z.array(analiseAdicionalSchema).max(MAX_ANALYSES_PER_TREATMENT, EXP_MSG.analisesTooMany).default([]),
  }, { error: EXP_MSG.tratamentoInvalido })
  // Runs even when sibling fields have errors (`when`), so every missing field is reported at once;
  // but only on an object: a treatment that is null or a number has its own type error.
  .refine((t) => Boolean(t.repeticoes) || (t.produtividade !== null && t.produtividade !== undefined), {
    path: ['produtividade'],
    message: EXP_MSG.produtividadeRequired,
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  })
  .transform(({ repeticoes, ...t }) => ({
    ...t,
    produtividade: repeticoes ? Math.round(mean(repeticoes) * 100) / 100 : (t.produtividade ?? 0),
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
  tratamentos: z
    .array(tratamentoSchema, { error: EXP_MSG.tratamentosRequired })
    .min(1, EXP_MSG.tratamentosRequired)
    .max(MAX_TREATMENTS, EXP_MSG.tratamentosTooMany)
    .superRefine((list, ctx) => checkReplicates(list, ctx)),
});

export const step6Schema = z.object({
  tipo_estatistica: choice(TIPOS_ESTATISTICA, EXP_MSG.tipoEstatisticaRequired),
  custo_protocolo: requiredNumber(EXP_MSG.custoProtocoloRequired).pipe(z.number().min(0, EXP_MSG.custoPositive)),
  roi: optionalNumberZeroIsNull(z.number().min(0, EXP_MSG.roiPositive)),
  /** R$ per 60 kg bag (optional), for gains in money over the control. */
  preco_saca: optionalNumberZeroIsNull(z.number().min(0, EXP_MSG.precoSacaPositive)),
});

/** The experiment as the form validates it (steps 1–6; the PDF of step 7 travels beside it). */
export const experimentSchema = step1Schema
  .extend(step2Schema.shape)
  .extend(step3Schema.shape)
  .extend(step4Schema.shape)
  .extend(step5Schema.shape)
  .extend(step6Schema.shape);

/** null passes as "not measured"; anything else follows the form's rule and messages. */
const nullablePercent = (required: string) =>
  z.unknown().transform((v, ctx): number | null => {
    if (v === null) return null;
    const r = percent(required).safeParse(v);
    if (r.success) return r.data;
    for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });

/**
 * What the API accepts: the same rules, except that soil contents may be null (imported trials
 * that did not measure them); the form never sends null.
 */
export const experimentInputSchema = experimentSchema.extend({
  teor_argila: nullablePercent(EXP_MSG.argilaRequired),
  teor_materia_organica: nullablePercent(EXP_MSG.moRequired),
});

export const experimentUpdateSchema = experimentInputSchema.extend({
  version: z.number({ error: EXP_MSG.versionRequired }).int().min(1),
});

export type ExperimentInput = z.input<typeof experimentInputSchema>;
export type ExperimentData = z.output<typeof experimentInputSchema>;
export type TratamentoData = z.output<typeof tratamentoSchema>;

/** The treatment's cost: the sum of its products' costs when they carry costs, else its own. */
export function custoTratamento(t: { custo: number | null; produtos_aplicados: { custo: number | null }[] }): number {
  const withCost = t.produtos_aplicados.filter((p) => p.custo !== null && p.custo !== undefined);
  if (withCost.length === 0) return t.custo ?? 0;
  return Math.round(withCost.reduce((sum, p) => sum + (p.custo ?? 0), 0) * 100) / 100;
}

/** Mean of the treatments' yields, or null without treatments. */
export function produtividadeMedia(tratamentos: { produtividade: number }[]): number | null {
  if (tratamentos.length === 0) return null;
  return tratamentos.reduce((s, t) => s + t.produtividade, 0) / tratamentos.length;
}

/** An experiment as the API returns it (CONTRACT.md). */
export interface Experiment {
  id: number;
  version: number;
  created_at: string;
  updated_at: string;
  owner: { id: string; name: string };
  consultoria: string;
  marca: string;
  bu: string;
  regional: string;
  cidade: string;
  estado: string;
  latitude: number | null;
  longitude: number | null;
  teor_argila: number | null;
  teor_materia_organica: number | null;
  cultura: string;
  cultivar: string;
  ano: number;
  tipo_estatistica: string;
  custo_protocolo: number;
  roi: number | null;
  preco_saca: number | null;
  pdf_filename: string | null;
  produtividade_media: number | null;
  tratamentos: Tratamento[];
}

export interface Tratamento {
  id: number;
  nome: string;
  modalidade: string;
  produtividade: number;
  custo: number;
  /** Plot yields per block (kg/ha), when the trial was registered with them. */
  repeticoes?: number[];
  produtos_aplicados: { nome: string; dose: number | null; custo: number | null }[];
  analises_adicionais: { nome: string; valor: number | null; unidade: string }[];
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
