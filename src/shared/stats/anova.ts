/**
 * Analysis of variance for balanced single-factor field trials:
 * - DIC (inteiramente casualizado): y_ij = μ + τ_i + ε_ij
 * - DBC (blocos casualizados, two-way without interaction): y_ij = μ + τ_i + β_j + ε_ij, where
 *   the j-th replicate of every treatment is the j-th block.
 * - DQL (quadrado latino): y_ij = μ + τ_i + λ_j + γ_c(ij) + ε_ij, t treatments in t rows and t
 *   columns; the j-th replicate of every treatment is in row j and `colunas[i][j]` says its column.
 *   R's aov(y ~ linha + coluna + trat): residual df (t − 1)(t − 2).
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

export type Delineamento = 'DBC' | 'DIC' | 'DQL';

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
  /** Blocks (DBC) or the Latin square's rows (DQL); null in DIC. */
  blocos: LinhaAnova | null;
  /** The Latin square's columns; null in the other designs. */
  colunas: LinhaAnova | null;
  residuo: { gl: number; sq: number; qm: number };
  total: { gl: number; sq: number };
  /** Residuals e_ij in the order of the input (treatment by treatment), for Shapiro-Wilk. */
  residuos: number[];
}

/** The smallest spread of the values, relative to their mean, that the analysis treats as variation. */
export const RELATIVE_RESOLUTION = 1e-9;

const mean = (values: readonly number[]): number => values.reduce((acc, v) => acc + v, 0) / values.length;

/**
 * Checks that `colunas[i][j]` (the column of treatment i's replicate in row j) makes a Latin
 * square of k treatments: k rows, every column 1..k once in each row and once for each treatment.
 * Returns the columns 0-based; throws StatsInputError (pt-BR) naming the first problem.
 */
export function colunasQuadradoLatino(k: number, r: number, colunas: unknown): number[][] {
  if (r !== k) {
    throw new StatsInputError(
      `O quadrado latino precisa de tantas repetições (linhas) quanto tratamentos: ${k} tratamentos e ${r} repetições.`,
    );
  }
  if (!Array.isArray(colunas) || colunas.length !== k || colunas.some((c) => !Array.isArray(c) || c.length !== r)) {
    throw new StatsInputError(
      'No quadrado latino é preciso informar a coluna de cada parcela (o croqui do ensaio): uma coluna por repetição de cada tratamento.',
    );
  }
  const tabela = colunas as unknown[][];
  const out = tabela.map((row, i) =>
    row.map((c, j) => {
      if (typeof c !== 'number' || !Number.isInteger(c) || c < 1 || c > k) {
        throw new StatsInputError(
          `Coluna inválida no quadrado latino: a repetição ${j + 1} do tratamento ${i + 1} está na coluna ${String(c)} (use 1 a ${k}).`,
        );
      }
      return c - 1;
    }),
  );
  for (let j = 0; j < r; j++) {
    const vistas = new Set(out.map((row) => row[j]));
    if (vistas.size !== k) {
      throw new StatsInputError(
        `Não é um quadrado latino: a linha ${j + 1} não tem uma parcela em cada coluna (cada tratamento aparece uma vez por linha e uma vez por coluna).`,
      );
    }
  }
  out.forEach((row, i) => {
    if (new Set(row).size !== k) {
      throw new StatsInputError(
        `Não é um quadrado latino: o tratamento ${i + 1} aparece mais de uma vez na mesma coluna (cada tratamento aparece uma vez por linha e uma vez por coluna).`,
      );
    }
  });
  return out;
}

/**
 * ANOVA of `repeticoes[treatment][replicate]`. The table must be rectangular with k ≥ 2 and
 * r ≥ 2 and finite values (index.ts validates user input with friendlier messages first). The
 * Latin square (DQL) also needs `colunas[treatment][replicate]`, the 1-based column of each plot
 * (its row is the replicate).
 */
export function anova(
  repeticoes: readonly (readonly number[])[],
  delineamento: Delineamento,
  colunas?: readonly (readonly number[])[] | null,
): AnovaResult {
  const k = repeticoes.length;
  const r = repeticoes[0]?.length ?? 0;
  if (k < 2 || r < 2 || repeticoes.some((row) => row.length !== r)) {
    throw new StatsInputError('A tabela de repetições precisa de pelo menos 2 tratamentos com o mesmo número (≥ 2) de repetições.');
  }
  const dql = delineamento === 'DQL';
  const comBlocos = delineamento === 'DBC' || dql;
  const coluna = dql ? colunasQuadradoLatino(k, r, colunas) : null;
  const all = repeticoes.flat();
  const grand = mean(all);
  const medias = repeticoes.map(mean);
  const blockMeans = Array.from({ length: r }, (_, j) => mean(repeticoes.map((row) => row[j] ?? 0)));
  const colMeans = new Array<number>(coluna ? k : 0).fill(0);
  if (coluna) {
    repeticoes.forEach((row, i) =>
      row.forEach((y, j) => {
        const c = coluna[i]?.[j] ?? 0;
        colMeans[c] = (colMeans[c] ?? 0) + y / k;
      }),
    );
  }

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
  const sqBloco = comBlocos ? k * blockMeans.reduce((acc, m) => acc + (m - grand) ** 2, 0) : 0;
  const sqColuna = r * colMeans.reduce((acc, m) => acc + (m - grand) ** 2, 0);

  const residuos: number[] = [];
  repeticoes.forEach((row, i) => {
    row.forEach((y, j) => {
      const trat = medias[i] ?? 0;
      const bloco = (blockMeans[j] ?? 0) - grand;
      const col = coluna ? (colMeans[coluna[i]?.[j] ?? 0] ?? 0) - grand : 0;
      const fitted = comBlocos ? trat + bloco + col : trat;
      residuos.push(y - fitted);
    });
  });
  const sqRes = residuos.reduce((acc, e) => acc + e * e, 0);

  const glTrat = k - 1;
  const glBloco = comBlocos ? r - 1 : 0;
  const glColuna = dql ? k - 1 : 0;
  const glTotal = k * r - 1;
  const glRes = glTotal - glTrat - glBloco - glColuna;
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
    blocos: comBlocos ? line(glBloco, sqBloco) : null,
    colunas: dql ? line(glColuna, sqColuna) : null,
    residuo: { gl: glRes, sq: sqRes, qm: qmRes },
    total: { gl: glTotal, sq: sqTotal },
    residuos,
  };
}
