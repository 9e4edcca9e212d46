/**
 * What a save stores of a trial's analysis besides its fields (no full analysis is run on save):
 * the summary the dashboard reads (whether the best treatment beat the control, the CV), and the
 * verdict under MAPA's rules (shared/conformidade-regras.ts) the dashboard filters by. The
 * checklist GET …/conformidade answers is computed here too, so the stored verdict and the
 * checklist never disagree (decision 026).
 */
import { type ConformidadeResponse, type Veredito, veredito } from '../../../shared/conformidade.js';
import { type AnaliseConformidade, type EnsaioConformidade, conformidade } from '../../../shared/conformidade-regras.js';
import type { ExperimentData } from '../../../shared/experiment.js';
import { QUADRADO_LATINO } from '../../../shared/field-plan.js';
import { type AnalyzeInput, type DesignInput, StatsInputError, mediasDoEnsaio, resumoEnsaio } from '../../../shared/stats/index.js';

export const NO_REPLICATES =
  'Este experimento não tem as produtividades por repetição (blocos): registre-as no formulário para ver a análise estatística.';

export const LATIN_SQUARE_LAYOUT =
  'O quadrado latino é analisado com a linha e a coluna de cada parcela: sorteie o croqui do experimento (com tantos blocos quanto tratamentos) para ver a análise.';

/** What the analysis reads of an experiment, saved (Experiment) or being saved (ExperimentData). */
export interface AnalysedExperiment {
  tipo_estatistica: string;
  preco_saca: number | null;
  fator_a: string;
  fator_b: string;
  tratamentos: readonly {
    nome: string;
    produtividade: number | null;
    repeticoes?: number[] | undefined;
    nivel_a: string;
    nivel_b: string;
    dose: number | null;
    produtos_aplicados: readonly { dose: number | null; custo: number | null }[];
  }[];
}

/**
 * The analysis' input (docs/api.md, "Trial statistics"): the design, the bag price, the factors' names and each
 * treatment's plot yields, levels, dose and products. An empty name or level is passed as null (the
 * additional treatment has none). Callers check first that every treatment has replicates.
 */
export function analysisInput(e: AnalysedExperiment): AnalyzeInput {
  const orNull = (s: string) => s.trim() || null;
  return {
    design: e.tipo_estatistica as DesignInput,
    precoSaca: e.preco_saca,
    fatores: { a: orNull(e.fator_a), b: orNull(e.fator_b) },
    tratamentos: e.tratamentos.map((t) => ({
      nome: t.nome,
      repeticoes: t.repeticoes ?? [],
      nivelA: orNull(t.nivel_a),
      nivelB: orNull(t.nivel_b),
      dose: t.dose,
      produtos: t.produtos_aplicados.map((p) => ({ dose: p.dose, custo: p.custo })),
    })),
  };
}

/**
 * What the dashboard needs of the trial analysis, stored with the experiment: whether the best
 * treatment beat the control significantly (F at 5 % and the gap above Tukey's DMS), and the CV.
 * Null without replicates, or when the data cannot be analysed. resumoEnsaio() gives what the full
 * analysis would, for the cost of the ANOVA's sums: a save does not run the analysis.
 */
export function analysisSummary(data: ExperimentData): { analiseVitoria: boolean | null; analiseCv: number | null } {
  if (!data.tratamentos.every((t) => t.repeticoes?.length)) return { analiseVitoria: null, analiseCv: null };
  try {
    const { vitoria, cv } = resumoEnsaio(analysisInput(data));
    return { analiseVitoria: vitoria, analiseCv: cv };
  } catch (err) {
    if (err instanceof StatsInputError) return { analiseVitoria: null, analiseCv: null };
    throw err;
  }
}

/**
 * What the rules read of the trial's yields: each treatment's mean and the general mean from the
 * validated ANOVA, or why there are none. Null while a treatment has no yield (a planned trial);
 * an error when there are yields but no analysis (means without replicates, a Latin square without
 * its drawn layout, anything the statistics refuse). `colunas`: a Latin square's, from its layout.
 */
export function analiseConformidade(e: AnalysedExperiment, colunas: number[][] | null): AnaliseConformidade | null {
  const semAnalise = (erro: string): AnaliseConformidade => ({ erro, medias: null, regressao: false, media: null });
  if (!e.tratamentos.length || !e.tratamentos.every((t) => t.repeticoes?.length)) {
    return e.tratamentos.some((t) => t.produtividade === null) ? null : semAnalise(NO_REPLICATES);
  }
  if (e.tipo_estatistica === QUADRADO_LATINO && !colunas) return semAnalise(LATIN_SQUARE_LAYOUT);
  try {
    const { medias, media } = mediasDoEnsaio({ ...analysisInput(e), ...(colunas ? { colunas } : {}) });
    // The analysis fits the dose–response regression whenever a treatment carries a dose.
    return { erro: null, medias, media, regressao: e.tratamentos.some((t) => t.dose !== null) };
  } catch (err) {
    if (err instanceof StatsInputError) return semAnalise(err.message);
    throw err;
  }
}

/** The trial's checklist under IN 53/2013. */
export function checklistIn53(e: AnalysedExperiment & EnsaioConformidade, colunas: number[][] | null): ConformidadeResponse {
  return conformidade('in53', e, analiseConformidade(e, colunas));
}

/** The verdict stored with the experiment (`experiments.conformidade_in53`). */
export function vereditoDoEnsaio(e: AnalysedExperiment & EnsaioConformidade, colunas: number[][] | null): Veredito {
  return veredito(checklistIn53(e, colunas));
}
