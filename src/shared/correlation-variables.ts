/**
 * The correlation explorer's numeric variables as the API names them, and what each one is: an
 * experiment column (the mean yield, the catalogue's numeric correlation fields), a treatment column
 * (yield, cost), or an assessment (`avaliacao:` + JSON of [name lower-cased and trimmed, unit], the
 * key the web builds in features/dashboard/correlation.ts). The exact statistics of a pair
 * (GET /api/dashboard/correlacao/exata) are asked by these names.
 */
import { CORRELATION_FIELDS, EXPERIMENT_FIELDS } from './fields/catalogue.js';
import { AVALIACAO_NOME_MAX, filtersSchema, optionalText } from './filters.js';
import { z } from './zod.js';
import { isNumeric } from './fields/kinds.js';
import { studentTTwoSided } from './stats/distributions.js';

/** Numeric variables with one value per experiment: the mean yield and the catalogue's. */
export const EXPERIMENT_NUMERIC_VARIABLES: readonly string[] = [
  'produtividade_media',
  ...CORRELATION_FIELDS.filter((k) => isNumeric(EXPERIMENT_FIELDS[k])),
];

/** Numeric variables with one value per treatment, and their column in `treatments`. */
export const TREATMENT_NUMERIC_VARIABLES = { tratamento_produtividade: 'produtividade', tratamento_custo: 'custo' } as const;

export const ASSESSMENT_PREFIX = 'avaliacao:';

export type NumericVariableRef =
  | { nivel: 'experimento'; coluna: string }
  | { nivel: 'tratamento'; coluna: (typeof TREATMENT_NUMERIC_VARIABLES)[keyof typeof TREATMENT_NUMERIC_VARIABLES] }
  | { nivel: 'avaliacao'; nome: string; unidade: string };

/** What a variable name stands for, or null when it is no numeric variable of the explorer. */
export function numericVariableRef(key: string): NumericVariableRef | null {
  if (EXPERIMENT_NUMERIC_VARIABLES.includes(key)) return { nivel: 'experimento', coluna: key };
  if (Object.hasOwn(TREATMENT_NUMERIC_VARIABLES, key))
    return { nivel: 'tratamento', coluna: TREATMENT_NUMERIC_VARIABLES[key as keyof typeof TREATMENT_NUMERIC_VARIABLES] };
  if (!key.startsWith(ASSESSMENT_PREFIX)) return null;
  try {
    const parsed: unknown = JSON.parse(key.slice(ASSESSMENT_PREFIX.length));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && typeof parsed[1] === 'string' && parsed[0].trim())
      return { nivel: 'avaliacao', nome: parsed[0], unidade: parsed[1] };
  } catch {
    // Not JSON: no variable.
  }
  return null;
}

/**
 * Two-sided p of H0: ρ = 0 for Pearson's r over n pairs, from Student's t with n − 2 degrees of
 * freedom (R's cor.test); |r| = 1 gives 0; null below 3 pairs.
 */
export function pearsonP(r: number, n: number): number | null {
  if (n < 3) return null;
  const df = n - 2;
  const t = Math.abs(r) === 1 ? Infinity : r * Math.sqrt(df / (1 - r * r));
  return studentTTwoSided(t, df);
}

const CORRELATION_VARIABLE_MESSAGE = 'Escolha uma variável numérica do explorador de correlações';
const correlationVariable = z
  .string({ error: CORRELATION_VARIABLE_MESSAGE })
  .max(AVALIACAO_NOME_MAX + 100, CORRELATION_VARIABLE_MESSAGE)
  .refine((key) => numericVariableRef(key) !== null, CORRELATION_VARIABLE_MESSAGE);

/**
 * The pair whose exact statistics are asked (`GET /api/dashboard/correlacao/exata`), under the
 * filters; `culturaPontos`: only the experiments of that crop (the explorer's crop picker).
 */
export const correlationExactSchema = filtersSchema.extend({
  x: correlationVariable,
  y: correlationVariable,
  culturaPontos: optionalText,
});
