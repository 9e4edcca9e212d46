/**
 * The designs a trial is entered as (its `tipo_estatistica`) and the one-way model each is
 * analysed with: index.ts (the yield analysis) and avaliacoes.ts (the assessments) read them the
 * same way.
 */
import { DESIGNS_UM_FATOR, type Delineamento } from './anova.js';
import { StatsInputError } from './stats-input-error.js';
import { DELINEAMENTOS_FATORIAIS, type DelineamentoFatorial } from '../constants.js';
import { QUADRADO_LATINO } from '../field-plan.js';

/** Values of the experiment's `tipo_estatistica` the analysis accepts ("DIC" as a synonym). */
export type DesignInput =
  'DBC' | 'Blocos Casualizados' | 'Inteiramente Casualizado' | 'ANOVA' | 'DIC' | DelineamentoFatorial | typeof QUADRADO_LATINO;

const DESIGNS: Readonly<Record<string, Delineamento>> = {
  ...DESIGNS_UM_FATOR,
  // The two-factor designs: today's keys are the one-way analysis of the combinations (decision 004).
  'Fatorial DIC': 'DIC',
  'Fatorial DBC': 'DBC',
  'Fatorial DBC com adicional': 'DBC',
  'Parcelas Subdivididas DBC': 'DBC',
  // Rows and columns are two blocking factors; the analysis needs each plot's column (AnalyzeInput.colunas).
  [QUADRADO_LATINO]: 'DQL',
};

export function fatorialDe(design: unknown): DelineamentoFatorial | null {
  const d = typeof design === 'string' ? design.trim() : '';
  return DELINEAMENTOS_FATORIAIS.find((f) => f === d) ?? null;
}

export function delineamentoDe(design: unknown): Delineamento {
  const found = typeof design === 'string' ? DESIGNS[design.trim()] : undefined;
  if (!found) {
    throw new StatsInputError(
      `Delineamento não reconhecido: "${String(design)}". Use DBC, Blocos Casualizados, Inteiramente Casualizado, ANOVA, ${DELINEAMENTOS_FATORIAIS.join(', ')}, ${QUADRADO_LATINO}.`,
    );
  }
  return found;
}
