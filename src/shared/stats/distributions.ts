/**
 * Probability distributions needed by the trial analysis (F, t, chi-square, normal and the
 * studentized range), written from the published algorithms so the product needs neither R nor a
 * statistics package. Every function works in double precision and is checked in
 * distributions.test.ts against printed tables and reference values.
 *
 * Sources:
 * - log-gamma: Lanczos (1964), SIAM J. Numer. Anal. B 1:86-96, with the g = 7, n = 9 coefficients
 *   popularised by Godfrey; ~15 significant digits for x > 0.
 * - incomplete gamma and beta: series / modified-Lentz continued fractions as in Press, Teukolsky,
 *   Vetterling & Flannery, Numerical Recipes (3rd ed., 2007) §6.2 and §6.4.
 * - normal quantile: Wichura (1988), Algorithm AS 241 (PPND16), Applied Statistics 37:477-484.
 * - studentized range: Copenhaver & Holland (1988), J. Statist. Comput. Simul. 30:1-15, the
 *   algorithm behind R's ptukey()/qtukey(), with Gauss-Legendre quadrature (Stroud & Secrest 1966).
 */

const EPSILON = 1e-15;
const TINY = 1e-300;
const MAX_ITERATIONS = 10_000;
const LN2 = Math.LN2;
const LN_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);
const INV_SQRT_2PI = 1 / Math.sqrt(2 * Math.PI);

const LANCZOS_G = 7;
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (reflection formula below 1/2 keeps the Lanczos sum in its accurate range). */
export function logGamma(x: number): number {
  if (Number.isNaN(x) || x <= 0) throw new RangeError(`logGamma: x deve ser > 0 (recebido ${x})`);
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0] ?? 1;
  for (let i = 1; i < LANCZOS.length; i++) sum += (LANCZOS[i] ?? 0) / (z + i);
  const t = z + LANCZOS_G + 0.5;
  return LN_SQRT_2PI + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

// ---------------------------------------------------------------------------------------------
// Incomplete gamma: P(a, x) by its power series when x < a + 1, Q(a, x) by a continued fraction
// otherwise; each converges fast in its own region and the other is obtained as 1 − it.

function gammaSeries(a: number, x: number): number {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < MAX_ITERATIONS; n++) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * EPSILON) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
}

function gammaContinuedFraction(a: number, x: number): number {
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITERATIONS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

/** Regularized lower incomplete gamma P(a, x). */
export function regularizedGammaP(a: number, x: number): number {
  if (!(a > 0)) throw new RangeError(`regularizedGammaP: a deve ser > 0 (recebido ${a})`);
  if (Number.isNaN(x)) return Number.NaN;
  if (x <= 0) return 0;
  if (x === Infinity) return 1;
  return x < a + 1 ? gammaSeries(a, x) : 1 - gammaContinuedFraction(a, x);
}

/** Regularized upper incomplete gamma Q(a, x) = 1 − P(a, x), computed directly in the tail. */
export function regularizedGammaQ(a: number, x: number): number {
  if (!(a > 0)) throw new RangeError(`regularizedGammaQ: a deve ser > 0 (recebido ${a})`);
  if (Number.isNaN(x)) return Number.NaN;
  if (x <= 0) return 1;
  if (x === Infinity) return 0;
  return x < a + 1 ? 1 - gammaSeries(a, x) : gammaContinuedFraction(a, x);
}

// ---------------------------------------------------------------------------------------------
// Incomplete beta I_x(a, b) by the continued fraction of Numerical Recipes §6.4, evaluated on the
// side of the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) where it converges quickly.

function betaContinuedFraction(a: number, b: number, x: number): number {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m < MAX_ITERATIONS; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return h;
}

/** Regularized incomplete beta I_x(a, b), 0 ≤ x ≤ 1, a, b > 0. */
export function regularizedBeta(x: number, a: number, b: number): number {
  if (!(a > 0) || !(b > 0)) throw new RangeError(`regularizedBeta: a e b devem ser > 0 (recebido ${a}, ${b})`);
  if (Number.isNaN(x)) return Number.NaN;
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const logFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x);
  const front = Math.exp(logFront);
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(a, b, x)) / a;
  return 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

// ---------------------------------------------------------------------------------------------
// F, Student t and chi-square

function checkDf(name: string, df: number): void {
  if (!(df > 0)) throw new RangeError(`${name}: graus de liberdade devem ser > 0 (recebido ${df})`);
}

/** Checks F's degrees of freedom; P(F ≤ f) where f is NaN, ≤ 0 or infinite, else undefined. */
function fCdfAtLimits(name: string, f: number, df1: number, df2: number): number | undefined {
  checkDf(name, df1);
  checkDf(name, df2);
  if (Number.isNaN(f)) return Number.NaN;
  if (f <= 0) return 0;
  if (f === Infinity) return 1;
  return undefined;
}

/** P(F ≤ f) for F(df1, df2). */
export function fCdf(f: number, df1: number, df2: number): number {
  return fCdfAtLimits('fCdf', f, df1, df2) ?? regularizedBeta((df1 * f) / (df1 * f + df2), df1 / 2, df2 / 2);
}

/** P(F > f): the ANOVA p-value. Uses the complementary beta so small p-values keep their digits. */
export function fUpperTail(f: number, df1: number, df2: number): number {
  const atLimit = fCdfAtLimits('fUpperTail', f, df1, df2);
  return atLimit === undefined ? regularizedBeta(df2 / (df2 + df1 * f), df2 / 2, df1 / 2) : 1 - atLimit;
}

/** P(T ≤ t) for Student's t with df degrees of freedom. */
export function studentTCdf(t: number, df: number): number {
  checkDf('studentTCdf', df);
  if (Number.isNaN(t)) return Number.NaN;
  if (t === Infinity) return 1;
  if (t === -Infinity) return 0;
  const tail = 0.5 * regularizedBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/** Two-sided p-value P(|T| > |t|). */
export function studentTTwoSided(t: number, df: number): number {
  checkDf('studentTTwoSided', df);
  if (Number.isNaN(t)) return Number.NaN;
  if (!Number.isFinite(t)) return 0;
  return regularizedBeta(df / (df + t * t), df / 2, 0.5);
}

/**
 * Quantile of Student's t. Bisection on the CDF after bracketing: slower than an asymptotic
 * expansion but exact to the CDF's own precision for every df, including df = 1 and 2.
 */
export function studentTQuantile(p: number, df: number): number {
  checkDf('studentTQuantile', df);
  if (!(p >= 0 && p <= 1)) throw new RangeError(`studentTQuantile: p deve estar em [0, 1] (recebido ${p})`);
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  if (p === 0.5) return 0;
  if (p < 0.5) return -studentTQuantile(1 - p, df);
  let lo = 0;
  let hi = 1;
  while (studentTCdf(hi, df) < p) {
    lo = hi;
    hi *= 2;
    if (hi > 1e300) return Infinity;
  }
  for (let i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
    const mid = 0.5 * (lo + hi);
    if (studentTCdf(mid, df) < p) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}

/** P(X² ≤ x) for chi-square with df degrees of freedom (df need not be an integer). */
export function chiSquareCdf(x: number, df: number): number {
  checkDf('chiSquareCdf', df);
  return regularizedGammaP(df / 2, x / 2);
}

/** P(X² > x): the Bartlett and Scott-Knott p-values (df may be fractional, e.g. k/(π−2)). */
export function chiSquareUpperTail(x: number, df: number): number {
  checkDf('chiSquareUpperTail', df);
  return regularizedGammaQ(df / 2, x / 2);
}

// ---------------------------------------------------------------------------------------------
// Normal distribution

/** Φ(x). Through erfc(z) = Q(½, z²), so the far tails keep relative precision. */
export function normalCdf(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  const tail = 0.5 * regularizedGammaQ(0.5, (x * x) / 2);
  return x >= 0 ? 1 - tail : tail;
}

/** Standard normal density φ(x). */
export function normalPdf(x: number): number {
  return INV_SQRT_2PI * Math.exp(-0.5 * x * x);
}

// Wichura (1988), AS 241 PPND16 coefficients, lowest degree first. The published values carry
// ~20 digits; written here as the doubles they round to (what any JS engine would use anyway).
const AS241_CENTRAL_NUM = [
  3.3871328727963665, 133.14166789178438, 1971.5909503065513, 13731.69376550946, 45921.95393154987, 67265.7709270087, 33430.57558358813,
  2509.0809287301227,
];
const AS241_CENTRAL_DEN = [
  1, 42.31333070160091, 687.1870074920579, 5394.196021424751, 21213.794301586597, 39307.89580009271, 28729.085735721943, 5226.495278852854,
];
const AS241_NEAR_NUM = [
  1.4234371107496835, 4.630337846156546, 5.769497221460691, 3.6478483247632045, 1.2704582524523684, 0.2417807251774506,
  0.022723844989269184, 0.0007745450142783414,
];
const AS241_NEAR_DEN = [
  1, 2.053191626637759, 1.6763848301838038, 0.6897673349851, 0.14810397642748008, 0.015198666563616457, 0.0005475938084995345,
  1.0507500716444169e-9,
];
const AS241_TAIL_NUM = [
  6.657904643501103, 5.463784911164114, 1.7848265399172913, 0.29656057182850487, 0.026532189526576124, 0.0012426609473880784,
  0.000027115555687434876, 2.0103343992922881e-7,
];
const AS241_TAIL_DEN = [
  1, 0.599832206555888, 0.1369298809227358, 0.014875361290850615, 0.0007868691311456133, 0.000018463183175100548, 1.421511758316446e-7,
  2.0442631033899397e-15,
];

/** Horner evaluation of c0 + c1·x + … */
function horner(coefficients: readonly number[], x: number): number {
  let result = 0;
  for (let i = coefficients.length - 1; i >= 0; i--) result = result * x + (coefficients[i] ?? 0);
  return result;
}

/** Φ⁻¹(p) by Wichura's AS 241 (PPND16), accurate to about 1 part in 10¹⁶. */
export function normalQuantile(p: number): number {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`normalQuantile: p deve estar em [0, 1] (recebido ${p})`);
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    // 0.075 ≤ p ≤ 0.925: rational function of 0.425² − q²
    const r = 0.180625 - q * q;
    return (q * horner(AS241_CENTRAL_NUM, r)) / horner(AS241_CENTRAL_DEN, r);
  }
  // Tails: rational functions of r = √(−ln min(p, 1 − p)), one for r ≤ 5 and one beyond.
  const r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  const value =
    r <= 5
      ? horner(AS241_NEAR_NUM, r - 1.6) / horner(AS241_NEAR_DEN, r - 1.6)
      : horner(AS241_TAIL_NUM, r - 5) / horner(AS241_TAIL_DEN, r - 5);
  return q < 0 ? -value : value;
}

// ---------------------------------------------------------------------------------------------
// Studentized range (Copenhaver & Holland 1988)

export interface Quadrature {
  /** Positive nodes of the n-point Gauss-Legendre rule on [−1, 1]; the rule uses ±node. */
  nodes: number[];
  weights: number[];
}

/**
 * Gauss-Legendre nodes and weights by Newton's method on the Legendre polynomial (the classic
 * construction, e.g. Numerical Recipes §4.6). Computed once here instead of typing in a table.
 */
export function gaussLegendre(n: number): Quadrature {
  const nodes: number[] = [];
  const weights: number[] = [];
  for (let i = 0; i < Math.floor(n / 2); i++) {
    let z = Math.cos((Math.PI * (i + 0.75)) / (n + 0.5));
    let derivative = 1;
    for (let iter = 0; iter < 100; iter++) {
      let p1 = 1;
      let p2 = 0;
      for (let j = 1; j <= n; j++) {
        const p3 = p2;
        p2 = p1;
        p1 = ((2 * j - 1) * z * p2 - (j - 1) * p3) / j;
      }
      derivative = (n * (z * p1 - p2)) / (z * z - 1);
      const previous = z;
      z = previous - p1 / derivative;
      if (Math.abs(z - previous) < 1e-16) break;
    }
    nodes.push(z);
    weights.push(2 / ((1 - z * z) * derivative * derivative));
  }
  return { nodes, weights };
}

const LEGENDRE_12 = gaussLegendre(12);
const LEGENDRE_16 = gaussLegendre(16);

/**
 * P(range of `groups` standard normal means < w), raised to the power `ranges` (Hartley's form):
 * [2Φ(w/2) − 1]^k + 2k ∫_{w/2}^{8} φ(u) [Φ(u) − Φ(u − w)]^{k−1} du, the integral by 12-point
 * Gauss-Legendre over 2 or 3 equal pieces. Cut-offs (8, e^{−30}, e^{−50}) are those of the paper:
 * terms below them cannot change a double-precision result.
 */
function rangeProbability(w: number, groups: number, ranges: number): number {
  const half = w / 2;
  if (half >= 8) return 1;
  let probability = 2 * normalCdf(half) - 1;
  probability = probability >= Math.exp(-50 / groups) ? probability ** groups : 0;

  const pieces = w > 3 ? 2 : 3;
  const step = (8 - half) / pieces;
  let integral = 0;
  for (let piece = 0; piece < pieces; piece++) {
    const center = half + step * (piece + 0.5);
    const halfWidth = step / 2;
    let sum = 0;
    for (let j = 0; j < LEGENDRE_12.nodes.length; j++) {
      const node = LEGENDRE_12.nodes[j] ?? 0;
      const weight = LEGENDRE_12.weights[j] ?? 0;
      for (const u of [center - halfWidth * node, center + halfWidth * node]) {
        const u2 = u * u;
        if (u2 > 60) continue; // exp(−u²/2) < 1e−13: no contribution
        const inner = normalCdf(u) - normalCdf(u - w);
        if (inner >= Math.exp(-30 / (groups - 1))) sum += weight * Math.exp(-0.5 * u2) * inner ** (groups - 1);
      }
    }
    integral += sum * 2 * halfWidth * groups * INV_SQRT_2PI;
  }

  probability += integral;
  if (probability <= Math.exp(-30 / ranges)) return 0;
  probability = probability ** ranges;
  return probability >= 1 ? 1 : probability;
}

/**
 * P(Q ≤ q) for the studentized range of `groups` means with `df` error degrees of freedom (R's
 * ptukey(q, groups, df, nranges)). The range probability is integrated against the density of
 * s/σ, by 16-point Gauss-Legendre over successive intervals until they stop contributing.
 * For two means the distribution is exactly that of √2·|t|, which is used directly (and covers
 * df = 1, which the general integral does not handle well).
 */
export function ptukey(q: number, groups: number, df: number, ranges = 1): number {
  if (Number.isNaN(q) || Number.isNaN(groups) || Number.isNaN(df)) return Number.NaN;
  if (!(groups >= 2) || !(ranges >= 1) || !(df > 0)) {
    throw new RangeError(`ptukey: são necessários ≥ 2 grupos e gl > 0 (recebido k=${groups}, gl=${df})`);
  }
  if (q <= 0) return 0;
  if (q === Infinity) return 1;
  if (groups === 2 && ranges === 1) return 2 * studentTCdf(q / Math.SQRT2, df) - 1;
  if (df < 2) throw new RangeError('ptukey: gl < 2 só é suportado para 2 grupos');
  if (df > 25_000) return rangeProbability(q, groups, ranges);

  const halfDf = df / 2;
  const step = df <= 100 ? 1 : df <= 800 ? 0.5 : df <= 5000 ? 0.25 : 0.125;
  // log of the constant of the density of u = 2s²/σ² (a gamma with shape df/2, rate df/4), times
  // the quadrature half-width.
  const logConstant = halfDf * Math.log(df) - df * LN2 - logGamma(halfDf) + Math.log(step);

  let total = 0;
  for (let i = 1; i <= 50; i++) {
    const center = (2 * i - 1) * step;
    let interval = 0;
    for (let j = 0; j < LEGENDRE_16.nodes.length; j++) {
      const node = LEGENDRE_16.nodes[j] ?? 0;
      const weight = LEGENDRE_16.weights[j] ?? 0;
      for (const u of [center - node * step, center + node * step]) {
        const logDensity = logConstant + (halfDf - 1) * Math.log(u) - (u * df) / 4;
        if (logDensity < -30) continue;
        interval += rangeProbability(q * Math.sqrt(u / 2), groups, ranges) * weight * Math.exp(logDensity);
      }
    }
    // Stop once an interval adds nothing, but integrate at least over [0, 2] so a tiny left-tail
    // contribution is not mistaken for convergence.
    if (i * step >= 1 && interval <= 1e-14) break;
    total += interval;
  }
  // 50 intervals reach u = 2·50·step, far beyond any mass of the density (mean 2), so the loop
  // always ends by the test above; clamp the rounding excess of the sum.
  return Math.min(total, 1);
}

/**
 * ~17 ms per call, and trials repeat the same few (groups, df): every save of an experiment with
 * replicates needs one (its analysis summary), so the demo seed writes thousands. A pure function.
 */
const qtukeyCache = new Map<string, number>();

/**
 * Quantile of the studentized range, q(p; groups, df) — e.g. q(0.95; 3, 10) = 3.877. Brackets the
 * root and refines it with the Illinois variant of regula falsi, which keeps the bracket (unlike
 * the plain secant method of R's qtukey) and converges to ~1e−10 relative.
 */
export function qtukey(p: number, groups: number, df: number, ranges = 1): number {
  const key = `${p}:${groups}:${df}:${ranges}`;
  const known = qtukeyCache.get(key);
  if (known !== undefined) return known;
  const q = qtukeyUncached(p, groups, df, ranges);
  qtukeyCache.set(key, q);
  return q;
}

function qtukeyUncached(p: number, groups: number, df: number, ranges: number): number {
  if (!(p >= 0 && p < 1)) throw new RangeError(`qtukey: p deve estar em [0, 1) (recebido ${p})`);
  if (p === 0) return 0;
  if (groups === 2 && ranges === 1) return Math.SQRT2 * studentTQuantile((1 + p) / 2, df);

  const f = (x: number): number => ptukey(x, groups, df, ranges) - p;
  let lo = 0;
  let flo = -p;
  let hi = 2;
  let fhi = f(hi);
  while (fhi < 0) {
    lo = hi;
    flo = fhi;
    hi *= 2;
    if (hi > 1e6) throw new RangeError('qtukey: quantil fora do alcance');
    fhi = f(hi);
  }
  let side = 0;
  for (let iter = 0; iter < 200; iter++) {
    const x = (lo * fhi - hi * flo) / (fhi - flo);
    const fx = f(x);
    if (fx === 0 || hi - lo < 1e-10 * hi) return x;
    if (fx < 0) {
      lo = x;
      flo = fx;
      if (side === -1) fhi /= 2; // Illinois: halve the stale end so it cannot stall the bracket
      side = -1;
    } else {
      hi = x;
      fhi = fx;
      if (side === 1) flo /= 2;
      side = 1;
    }
    if (Math.abs(fx) < 1e-14) return x;
  }
  return (lo + hi) / 2;
}
