/**
 * Shapiro-Wilk W test of normality by Royston's algorithm AS R94:
 * Royston, P. (1995). Remark AS R94: A remark on Algorithm AS 181: The W-test for normality.
 * Applied Statistics 44(4):547-551. Valid for 3 ≤ n ≤ 5000; the same algorithm R's
 * shapiro.test() and ExpDes.pt use, so W and p agree with them to rounding.
 *
 * The coefficients a_i come from Blom-type normal scores m_i = Φ⁻¹((i − 3/8)/(n + 1/4)), with the
 * two most extreme ones corrected by Royston's polynomials in 1/√n; the p-value comes from his
 * normalising transformation of 1 − W (log for n ≥ 12, log of (γ − log(1 − W)) for n ≤ 11, exact
 * for n = 3).
 */
import { normalCdf, normalQuantile } from './distributions.js';
import { centeredSums } from './centered-sums.js';

export interface ShapiroWilkResult {
  w: number;
  p: number;
}

// Royston (1995), Table 1 and the AS R94 listing. Index 0 is the constant term.
const C1 = [0, 0.221157, -0.147981, -2.07119, 4.434685, -2.706056];
const C2 = [0, 0.042981, -0.293762, -1.752461, 5.682633, -3.582633];
const C3 = [0.544, -0.39978, 0.025054, -6.714e-4];
const C4 = [1.3822, -0.77857, 0.062767, -0.0020322];
const C5 = [-1.5861, -0.31082, -0.083751, 0.0038915];
const C6 = [-0.4803, -0.082676, 0.0030302];
const G = [-2.273, 0.459];

/** c0 + c1·x + c2·x² + … (AS 181.2). */
function poly(coefficients: readonly number[], x: number): number {
  let result = 0;
  for (let i = coefficients.length - 1; i >= 0; i--) result = result * x + (coefficients[i] ?? 0);
  return result;
}

/** Half of the antisymmetric coefficient vector: a[0] pairs with the extremes x(1) and x(n). */
function coefficients(n: number): number[] {
  const half = Math.floor(n / 2);
  if (n === 3) return [Math.SQRT1_2];
  const m: number[] = [];
  for (let i = 1; i <= half; i++) m.push(normalQuantile((i - 0.375) / (n + 0.25)));
  const summ2 = 2 * m.reduce((acc, v) => acc + v * v, 0);
  const ssumm2 = Math.sqrt(summ2);
  const rsn = 1 / Math.sqrt(n);
  const m1 = m[0] ?? 0;
  const a1 = poly(C1, rsn) - m1 / ssumm2;
  const a: number[] = new Array<number>(half).fill(0);
  a[0] = a1;
  let first: number;
  let fac: number;
  if (n > 5) {
    const m2 = m[1] ?? 0;
    const a2 = -m2 / ssumm2 + poly(C2, rsn);
    fac = Math.sqrt((summ2 - 2 * m1 * m1 - 2 * m2 * m2) / (1 - 2 * a1 * a1 - 2 * a2 * a2));
    a[1] = a2;
    first = 2;
  } else {
    fac = Math.sqrt((summ2 - 2 * m1 * m1) / (1 - 2 * a1 * a1));
    first = 1;
  }
  // The normalisation makes Σ a² = 1 over the full (antisymmetric) vector.
  for (let i = first; i < half; i++) a[i] = -(m[i] ?? 0) / fac;
  return a;
}

/**
 * Throws the RangeError shapiroWilk() would for this sample, in one pass and without computing W:
 * a save checks that its residuals can be tested without paying for the test.
 */
export function checkShapiroWilkSample(sample: readonly number[]): void {
  const n = sample.length;
  if (n < 3 || n > 5000) throw new RangeError(`Shapiro-Wilk: o tamanho da amostra deve estar entre 3 e 5000 (recebido ${n})`);
  let min = Infinity;
  let max = -Infinity;
  for (const v of sample) {
    if (!Number.isFinite(v)) throw new RangeError('Shapiro-Wilk: a amostra contém valores não finitos');
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (!(max - min > 1e-10 * Math.max(1, Math.abs(min)))) {
    throw new RangeError('Shapiro-Wilk: todos os valores são iguais');
  }
}

/** W and its p-value for a sample of 3 to 5000 values (order does not matter). */
export function shapiroWilk(sample: readonly number[]): ShapiroWilkResult {
  checkShapiroWilkSample(sample);
  const n = sample.length;
  const x = [...sample].sort((p, q) => p - q);
  const range = (x[n - 1] ?? 0) - (x[0] ?? 0);

  const half = coefficients(n);
  const full: number[] = new Array<number>(n).fill(0);
  for (let i = 0; i < half.length; i++) {
    full[i] = -(half[i] ?? 0);
    full[n - 1 - i] = half[i] ?? 0;
  }

  // W as the squared correlation between the ordered sample and the coefficients; computing
  // 1 − W as (√(SaSx) − Sax)(√(SaSx) + Sax)/(SaSx) keeps its digits when W is close to 1.
  const scaled = x.map((v) => v / range);
  const { sxx: ssa, syy: ssx, sxy: sax } = centeredSums(full, scaled);
  const root = Math.sqrt(ssa * ssx);
  const w1 = ((root - sax) * (root + sax)) / (ssa * ssx);
  const w = 1 - w1;

  if (n === 3) {
    // Exact distribution for n = 3 (Shapiro & Wilk 1965): p = (6/π)(asin √W − asin √(3/4)).
    const p = (6 / Math.PI) * (Math.asin(Math.sqrt(w)) - Math.PI / 3);
    return { w, p: Math.min(1, Math.max(0, p)) };
  }

  let y = Math.log(w1);
  let mean: number;
  let sd: number;
  if (n <= 11) {
    const gamma = poly(G, n);
    if (y >= gamma) return { w, p: 1e-99 }; // beyond the transformation's support: W is tiny
    y = -Math.log(gamma - y);
    mean = poly(C3, n);
    sd = Math.exp(poly(C4, n));
  } else {
    const logN = Math.log(n);
    mean = poly(C5, logN);
    sd = Math.exp(poly(C6, logN));
  }
  // Upper tail taken as Φ(−z) so very small p-values keep their digits.
  return { w, p: normalCdf(-(y - mean) / sd) };
}
