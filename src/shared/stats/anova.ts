/**
 * Analysis of variance for balanced single-factor field trials:
 * - DIC (inteiramente casualizado): y_ij = μ + τ_i + ε_ij
 * - DBC (blocos casualizados, two-way without interaction): y_ij = μ + τ_i + β_j + ε_ij, where
 *   the j-th replicate of every treatment is the j-th block.
 * Textbook sums of squares (e.g. Pimentel-Gomes, Curso de Estatística Experimental; Montgomery,
 * Design and Analysis of Experiments §3.3 and §4.1), the same table as R's
 * aov(y ~ trat + bloco) that ExpDes.pt prints.
 *
 * Sums of squares are accumulated from deviations (not from "sum of squares minus correction"),
 * and the residual SS is the sum of the squared residuals themselves, so large yields in kg/ha do
 * not lose digits to cancellation.
 */
import { fUpperTail } from './distributions.js';
import { StatsInputError } from './stats-input-error.js';

export type Delineamento = 'DBC' | 'DIC';

/**
 * The names a single-factor trial's design is entered as (its `tipo_estatistica`) and the model
 * each is analysed with. The single trial adds the two-factor designs; the joint analysis takes
 * only these.
 */
export const DESIGNS_UM_FATOR: Readonly<Record<string, Delineamento>> = {
  DBC: 'DBC',
  'Blocos Casualizados': 'DBC',
  ANOVA: 'DBC',
  'Inteiramente Casualizado': 'DIC',
  DIC: 'DIC',
};

export interface LinhaAnova {
  gl: number;
  sq: number;
  qm: number;
  f: number;
  p: number;
}

/**
 * One row of an ANOVA table as printed: every source, Total with qm, f and p null. `Fonte` narrows
 * the sources a table may name (the joint analysis lists its six).
 */
export interface LinhaTabelaAnova<Fonte extends string = string> {
  fonte: Fonte;
  gl: number;
  sq: number;
  /** null for Total (no mean square is printed). */
  qm: number | null;
  /** null for Resíduo and Total. */
  f: number | null;
  p: number | null;
}

export interface AnovaResult {
  delineamento: Delineamento;
  /** Number of treatments (k) and of replicates per treatment (r). */
  k: number;
  r: number;
  media: number;
  /** 100·√QMres / mean. */
  cv: number;
  /** Treatment means, in input order. */
  medias: number[];
  tratamentos: LinhaAnova;
  blocos: LinhaAnova | null;
  residuo: { gl: number; sq: number; qm: number };
  total: { gl: number; sq: number };
  /** Residuals e_ij in the order of the input (treatment by treatment), for Shapiro-Wilk. */
  residuos: number[];
}

/** The smallest spread of the values, relative to their mean, that the analysis treats as variation. */
export const RELATIVE_RESOLUTION = 1e-9;

const mean = (values: readonly number[]): number => values.reduce((acc, v) => acc + v, 0) / values.length;

/**
 * ANOVA of `repeticoes[treatment][replicate]`. The table must be rectangular with k ≥ 2 and
 * r ≥ 2 and finite values (index.ts validates user input with friendlier messages first).
 */
export function anova(repeticoes: readonly (readonly number[])[], delineamento: Delineamento): AnovaResult {
  const k = repeticoes.length;
  const r = repeticoes[0]?.length ?? 0;
  if (k < 2 || r < 2 || repeticoes.some((row) => row.length !== r)) {
    throw new StatsInputError('A tabela de repetições precisa de pelo menos 2 tratamentos com o mesmo número (≥ 2) de repetições.');
  }
  const all = repeticoes.flat();
  const grand = mean(all);
  const medias = repeticoes.map(mean);
  const blockMeans = Array.from({ length: r }, (_, j) => mean(repeticoes.map((row) => row[j] ?? 0)));

  const sqTotal = all.reduce((acc, v) => acc + (v - grand) ** 2, 0);
  if (all.every((v) => v === all[0]) || !(sqTotal > 0))
    throw new StatsInputError('Todos os valores são iguais: não há variação para analisar.');
  // Differences under a billionth of the values (1000 and 1000.00000000001) are rounding noise in
  // the sums of squares below: every F, p and letter computed from them would be meaningless.
  const spread = Math.max(...all) - Math.min(...all);
  if (!(spread > RELATIVE_RESOLUTION * Math.max(1, Math.abs(grand)))) {
    throw new StatsInputError(
      'Os valores diferem só em frações ínfimas (menos de um bilionésimo da média): não há variação mensurável para analisar. Confira as produtividades.',
    );
  }
  const sqTrat = r * medias.reduce((acc, m) => acc + (m - grand) ** 2, 0);
  const sqBloco = delineamento === 'DBC' ? k * blockMeans.reduce((acc, m) => acc + (m - grand) ** 2, 0) : 0;

  const residuos: number[] = [];
  repeticoes.forEach((row, i) => {
    row.forEach((y, j) => {
      const fitted = delineamento === 'DBC' ? (medias[i] ?? 0) + (blockMeans[j] ?? 0) - grand : (medias[i] ?? 0);
      residuos.push(y - fitted);
    });
  });
  const sqRes = residuos.reduce((acc, e) => acc + e * e, 0);

  const glTrat = k - 1;
  const glBloco = delineamento === 'DBC' ? r - 1 : 0;
  const glTotal = k * r - 1;
  const glRes = glTotal - glTrat - glBloco;
  if (glRes < 1) {
    throw new StatsInputError('Não há graus de liberdade no resíduo: aumente o número de repetições ou de tratamentos.');
  }
  // A residual SS that is only rounding noise means the model fits every plot exactly (typically
  // made-up data): F would be infinite and every test meaningless.
  if (sqRes <= 1e-12 * sqTotal) {
    throw new StatsInputError(
      'Os resíduos são todos nulos (os dados se ajustam perfeitamente ao modelo): não há variação residual para testar os tratamentos.',
    );
  }

  const qmRes = sqRes / glRes;
  const line = (gl: number, sq: number): LinhaAnova => {
    const qm = sq / gl;
    const f = qm / qmRes;
    return { gl, sq, qm, f, p: fUpperTail(f, gl, glRes) };
  };

  return {
    delineamento,
    k,
    r,
    media: grand,
    cv: (100 * Math.sqrt(qmRes)) / grand,
    medias,
    tratamentos: line(glTrat, sqTrat),
    blocos: delineamento === 'DBC' ? line(glBloco, sqBloco) : null,
    residuo: { gl: glRes, sq: sqRes, qm: qmRes },
    total: { gl: glTotal, sq: sqTotal },
    residuos,
  };
}
