/**
 * The field plan's schemas (field-plan.ts has its shapes): the plot's size and the applications,
 * as the form and the API validate them; the rules that span the experiment (a treatment an
 * application names must exist; yields and the PDF only for a concluded trial) are in experiment.ts.
 */
import { CHAVE_AVALIACAO, isIsoDate } from './assessments.js';
import { MAX_APLICACOES } from './constants.js';
import { APPLICATION_FIELDS, PLOT_FIELDS } from './fields/catalogue.js';
import { scalarShape } from './fields/kinds.js';
import { EXP_MSG } from './fields/messages.js';
import { z } from './zod.js';

const emptyAsNull = (v: string) => v || null;

/** Both dimensions, or nothing (null): a plot with one side is not a size. */
const blank = (v: unknown) => v === undefined || v === null || v === '';
export const parcelaSchema = z.preprocess(
  // The form holds both inputs always: two empty ones are a plot size not given.
  (v) =>
    typeof v === 'object' &&
    v !== null &&
    blank((v as Record<string, unknown>).comprimento_m) &&
    blank((v as Record<string, unknown>).largura_m)
      ? null
      : v,
  z
    .object(scalarShape(PLOT_FIELDS), { error: EXP_MSG.parcelaInvalida })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
);

export const aplicacaoSchema = z.object(
  {
    ...scalarShape(APPLICATION_FIELDS),
    chave: APPLICATION_FIELDS.chave.schema.pipe(z.string().regex(CHAVE_AVALIACAO, EXP_MSG.avaliacaoChaveFormato)),
    data: APPLICATION_FIELDS.data.schema.pipe(z.string().refine(isIsoDate, EXP_MSG.avaliacaoDataInvalida)),
    estadio: APPLICATION_FIELDS.estadio.schema.nullable().transform((v) => emptyAsNull(v ?? '')),
    equipamento: APPLICATION_FIELDS.equipamento.schema.nullable().transform((v) => emptyAsNull(v ?? '')),
    /** Indices in `tratamentos`; empty: every treatment. */
    tratamentos: z
      .array(z.number({ error: EXP_MSG.aplicacaoTratamentoInvalido }).int(EXP_MSG.aplicacaoTratamentoInvalido).min(0), {
        error: EXP_MSG.aplicacaoTratamentoInvalido,
      })
      .max(200, EXP_MSG.aplicacaoTratamentoInvalido)
      .default([])
      .transform((list) => [...new Set(list)].sort((a, b) => a - b)),
  },
  { error: EXP_MSG.aplicacaoInvalida },
);

export type Aplicacao = z.output<typeof aplicacaoSchema>;
export type AplicacaoInput = z.input<typeof aplicacaoSchema>;

export const aplicacoesSchema = z
  .array(aplicacaoSchema, { error: EXP_MSG.aplicacoesInvalidas })
  .max(MAX_APLICACOES, EXP_MSG.aplicacoesTooMany)
  .default([])
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((a, i) => {
      if (seen.has(a.chave)) ctx.addIssue({ code: 'custom', path: [i, 'chave'], message: EXP_MSG.aplicacaoChaveRepetida });
      seen.add(a.chave);
    });
  });

/** Applications that name a treatment the experiment does not have (paths under the experiment). */
export function aplicacaoIssues(value: unknown): { path: (string | number)[]; message: string }[] {
  if (typeof value !== 'object' || value === null) return [];
  const e = value as { aplicacoes?: unknown; tratamentos?: unknown };
  if (!Array.isArray(e.aplicacoes) || !Array.isArray(e.tratamentos)) return [];
  const n = e.tratamentos.length;
  return e.aplicacoes.flatMap((a: unknown, i) => {
    const list = typeof a === 'object' && a !== null ? (a as { tratamentos?: unknown }).tratamentos : undefined;
    if (!Array.isArray(list)) return [];
    return list.flatMap((t: unknown, j) =>
      typeof t === 'number' && t >= n ? [{ path: ['aplicacoes', i, 'tratamentos', j], message: EXP_MSG.aplicacaoTratamentoInvalido }] : [],
    );
  });
}
