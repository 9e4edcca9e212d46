/**
 * Bartlett's test of homogeneity of variances (Bartlett 1937, Proc. R. Soc. A 160:268-282), the
 * statistic of R's bartlett.test(y ~ trat) and ExpDes.pt's bartlett():
 *   K² = [(N − k)·ln s²p − Σ(n_i − 1)·ln s²_i] / [1 + (Σ 1/(n_i − 1) − 1/(N − k)) / (3(k − 1))],
 * compared with χ²(k − 1). It is applied to each treatment's plot values, as those functions do.
 */
import { chiSquareUpperTail } from './distributions.js';

export interface BartlettResult {
  /** null when some treatment has zero variance: the statistic is then infinite. */
  estatistica: number | null;
  p: number | null;
}

function sampleVariance(values: readonly number[]): number {
  const mean = values.reduce((acc, v) => acc + v, 0) / values.length;
  return values.reduce((acc, v) => acc + (v - mean) ** 2, 0) / (values.length - 1);
}

/** Bartlett's K² and p-value over groups of at least 2 values each (k ≥ 2 groups). */
export function bartlett(groups: readonly (readonly number[])[]): BartlettResult {
  const k = groups.length;
  if (k < 2 || groups.some((g) => g.length < 2)) {
    throw new RangeError('Bartlett: são necessários ≥ 2 grupos com ≥ 2 valores cada');
  }
  const variances = groups.map(sampleVariance);
  // A group whose values are all equal makes ln s²_i = −∞ and K² = +∞ (R reports p = 0); JSON has
  // no infinity, so the caller gets null and explains it in words.
  if (variances.some((v) => !(v > 0))) return { estatistica: null, p: null };
  const df = groups.map((g) => g.length - 1);
  const dfTotal = df.reduce((acc, v) => acc + v, 0);
  const pooled = variances.reduce((acc, v, i) => acc + (df[i] ?? 0) * v, 0) / dfTotal;
  const numerator = dfTotal * Math.log(pooled) - variances.reduce((acc, v, i) => acc + (df[i] ?? 0) * Math.log(v), 0);
  const correction = 1 + (df.reduce((acc, v) => acc + 1 / v, 0) - 1 / dfTotal) / (3 * (k - 1));
  // K² ≥ 0 in exact arithmetic (the log of a weighted mean is at least the weighted mean of the
  // logs); equal variances can leave −1e-14 of rounding, which is 0.
  const estatistica = Math.max(0, numerator / correction);
  return { estatistica, p: chiSquareUpperTail(estatistica, k - 1) };
}
