/**
 * The sums of squares of a split plot in randomised blocks (parcelas subdivididas em DBC): factor A
 * on the main plots, B on the subplots, the j-th replicate of every treatment in block j. With ȳ the
 * grand mean, ȳ_k the block means, ȳ_i the means of A, ȳ_ik the main-plot means (level i of A in
 * block k) and ȳ_ij the cell means:
 *   SQ Blocos     = a·b·Σ_k (ȳ_k − ȳ)²
 *   SQ Resíduo(a) = b·Σ_ik (ȳ_ik − ȳ_i − ȳ_k + ȳ)²                  (A × Blocos)
 *   SQ Resíduo(b) = Σ_ijk (y_ijk − ȳ_ik − ȳ_ij + ȳ_i)²               (the within-plot residuals)
 * A and the blocks are tested against error (a); B and A × B against error (b) (Banzatto & Kronka,
 * Experimentação Agrícola, cap. 9; R's aov(y ~ bloco + A*B + Error(bloco/A))). Comparing levels of A
 * within a level of B mixes both errors: the combined mean square [QMa + (b − 1)·QMb]/b with
 * Satterthwaite's degrees of freedom (ExpDes.pt psub2.dbc).
 */
import { StatsInputError } from './stats-input-error.js';

export interface SomasParcelas {
  sqBlocos: number;
  sqErroA: number;
  sqErroB: number;
}

/**
 * `celula[i][j]` is the row of y holding level i of A with level j of B; `mA` the means of A and
 * `geral` the grand mean of those rows. `sqTotal` is only the yardstick for an error that is zero.
 */
export function somasParcelas(
  y: readonly (readonly number[])[],
  celula: readonly (readonly number[])[],
  medias: { celula: readonly (readonly number[])[]; mA: readonly number[]; geral: number },
  sqTotal: number,
): SomasParcelas {
  const b = celula[0]?.length ?? 0;
  const r = y[0]?.length ?? 0;
  const a = celula.length;
  const linhaDe = (i: number, j: number): readonly number[] => y[celula[i]?.[j] ?? -1] ?? [];
  // ȳ_ik: the mean of main plot (i, k) over the b subplots.
  const parcela = celula.map((_, i) =>
    Array.from({ length: r }, (_, k) => {
      let s = 0;
      for (let j = 0; j < b; j++) s += linhaDe(i, j)[k] ?? 0;
      return s / b;
    }),
  );
  const blocos = Array.from({ length: r }, (_, k) => parcela.reduce((acc, row) => acc + (row[k] ?? 0), 0) / a);
  const { geral, mA } = medias;
  const sqBlocos = a * b * blocos.reduce((acc, v) => acc + (v - geral) ** 2, 0);
  let sqErroA = 0;
  let sqErroB = 0;
  for (let i = 0; i < a; i++) {
    const mi = mA[i] ?? 0;
    for (let k = 0; k < r; k++) {
      const pik = parcela[i]?.[k] ?? 0;
      sqErroA += (pik - mi - (blocos[k] ?? 0) + geral) ** 2;
      for (let j = 0; j < b; j++) {
        const e = (linhaDe(i, j)[k] ?? 0) - pik - (medias.celula[i]?.[j] ?? 0) + mi;
        sqErroB += e * e;
      }
    }
  }
  sqErroA *= b;
  // As anova.ts: an error that is only rounding noise would make its F tests infinite.
  if (sqErroA <= 1e-12 * sqTotal) {
    throw new StatsInputError(
      'O resíduo (a) das parcelas é nulo (os dados se ajustam perfeitamente ao modelo nas parcelas principais): não é possível testar o fator da parcela.',
    );
  }
  if (sqErroB <= 1e-12 * sqTotal) {
    throw new StatsInputError(
      'O resíduo (b) das subparcelas é nulo (os dados se ajustam perfeitamente ao modelo): não é possível testar o fator da subparcela.',
    );
  }
  return { sqBlocos, sqErroA, sqErroB };
}

/** Satterthwaite's combined error for A within a level of B: [QMa + (b − 1)·QMb]/b and its gl. */
export function erroCombinado(erroA: { gl: number; qm: number }, erroB: { gl: number; qm: number }, b: number): { gl: number; qm: number } {
  const parteB = (b - 1) * erroB.qm;
  const soma = erroA.qm + parteB;
  return { qm: soma / b, gl: (soma * soma) / ((erroA.qm * erroA.qm) / erroA.gl + (parteB * parteB) / erroB.gl) };
}
