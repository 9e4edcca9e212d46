/**
 * Dunnett's comparisons of every treatment with the control (the first treatment):
 * t_i = (ȳ_i − ȳ_control) / √(2·QMres / r), with ADJUSTED p values, i.e. the probability that the
 * largest |T_j| (two-sided) or T_j ("greater than the control") of the m = k − 1 comparisons
 * exceeds t_i under their joint multivariate t (Dunnett 1955, JASA 50:1096-1121). With equal
 * replicates the comparisons are equicorrelated with ρ = 1/2, so Z_j = (z + e_j)/√2 with z, e_j
 * independent standard normals, and conditioning on z and on S = √(χ²_ν/ν):
 *
 *   p(t) = E_S[ G(√2·t·S) ],   G(a) = ∫ φ(z) (1 − Π_j P(comparison j inside | z)) dz,
 *   two-sided  G₂(a) = ∫ φ(z) (1 − [Φ(a − z) − Φ(−a − z)]^m) dz
 *   one-sided  G₁(a) = ∫ φ(z) (1 − Φ(a − z)^m) dz                      (t ≥ 0)
 *              p = 1 − E_S[H(√2·|t|·S)],  H(b) = ∫ φ(z) Φ(−b − z)^m dz  (t < 0)
 *
 * G₂, G₁ and H depend on m only, not on t or ν: that is the structure every p value shares. They
 * are computed ONCE per m at 96 fixed Chebyshev nodes on a ∈ [0, 13] (beyond 13, G < 2m·Φ(−13/√2)
 * < 10⁻¹⁸), each by the trapezoidal rule in z on a fixed grid (step 1/4 on [−14, 14]: for these
 * entire, Gaussian-decaying integrands the rule converges geometrically, Trefethen & Weideman 2014,
 * SIAM Review 56:385-458), with Φ at the fixed arguments a_i ± z_j tabulated once per process.
 * log G₂ and log G₁ (so a tiny p keeps its relative precision) and H are then Chebyshev series, and
 * each p is one fixed 40-node Gauss-Legendre rule in s over the part of the χ density that matters
 * (the Chernoff bounds of the χ² tails and a ≤ 13 cut it; in s the integrand's scale is about
 * 1/√(2(ν + t²)) everywhere, so the cut range always spans a bounded number of scales), with G read
 * from its series: no adaptive quadrature. More than 50 comparisons use a finer grid (NIVEIS).
 * Cost: ~15 ms once per process for the table, ~1.5 ms per new m, then ~35 µs per p value.
 * Accuracy: ≤ 1e-10 relative to base R's nested integrate() (tests/fixtures/stats/dunnett.R,
 * rel.tol 1e-12) on p from 1 down to 1e-11, gl 1 … 10 000, m 1 … 19; ≤ 1e-7 against the same
 * quadrature at 4× the nodes for m up to 1000 and gl up to ∞. gl must be an integer (the residual
 * degrees of freedom): a fractional gl puts an s^(gl−1) branch point in the χ density that a
 * fixed rule resolves only to ~1e-4. Textbook check (dunnett.test.ts): Montgomery's etch-rate
 * example (Design and Analysis of Experiments, 8th ed., Example 3.1 and §3.5.8), whose Dunnett
 * table gives d₀.₀₅(3, 16) = 2,59 two-sided and 2,23 one-sided.
 */
import { gaussLegendre, logGamma } from './distributions.js';

/** One treatment against the control: the difference of means (kg/ha) and the adjusted p. */
export interface ComparacaoDunnett {
  nome: string;
  diferenca: number;
  p: number;
}

export interface DunnettResult {
  /** H₁: the treatment differs from the control. */
  bilateral: ComparacaoDunnett[];
  /** H₁: the treatment is greater than the control. */
  superior: ComparacaoDunnett[];
}

export interface DunnettInput {
  /** The first is the control. */
  nomes: readonly string[];
  medias: readonly number[];
  /** Replicates per treatment (balanced trials). */
  r: number;
  qmRes: number;
  glRes: number;
}

export type LadoDunnett = 'bilateral' | 'superior';

const A_MAX = 13;
const INV_SQRT_2PI = 1 / Math.sqrt(2 * Math.PI);

// --- fixed nodes, computed once -----------------------------------------------------------------

/**
 * The fixed nodes for G at one resolution: Chebyshev points (first kind) a_i on [0, A_MAX], the
 * trapezoid's z_j = j·h (j = −J … J, z ∈ [−14, 14]) with weights h·φ(z_j), and Φ at every a_i − z_j.
 * With many comparisons (m > 50) the product of m probabilities turns sharply in z and in a, so
 * those use a finer grid; a trial with up to 51 treatments never builds it.
 */
interface Grade {
  /** Gauss-Legendre on [−1, 1] for the outer integral in s. */
  legendre: { nodes: number[]; weights: number[] };
  nos: number[];
  passo: number;
  meio: number;
  pesos: number[];
  /** cos(πj(k + ½)/N), row j, for the Chebyshev coefficients. */
  cossenos: Float64Array;
  /** Φ(z_j − a_i), the tail above a_i − z_j, row-major [i][j + J]. */
  acima: Float64Array;
  /** Φ(a_i − z_j). */
  abaixo: Float64Array;
}

const NIVEIS = [
  { ateM: 50, n: 96, passo: 0.25, legendre: 40 },
  { ateM: Infinity, n: 128, passo: 0.125, legendre: 128 },
] as const;
const grades: (Grade | undefined)[] = [];

/**
 * Φ(−y) for y ≥ 0 to ~1e-13 relative: below 3 by Φ(y) = ½ + φ(y)·Σ y^(2n+1)/(2n+1)!! (positive
 * terms, Marsaglia 2004, J. Stat. Software 11(4)), from 3 on by the Mills ratio's continued fraction
 * 1/(y + 1/(y + 2/(y + 3/(y + …)))) evaluated from depth 8 + 400/y² (as accurate as depth 90 there). Tenfold faster than normalCdf(),
 * which matters for the table's ten thousand values.
 */
function caudaNormal(y: number): number {
  const densidade = INV_SQRT_2PI * Math.exp(-0.5 * y * y);
  if (y < 3) {
    let termo = y;
    let soma = y;
    const y2 = y * y;
    for (let n = 1; termo > 1e-17 * soma; n++) {
      termo *= y2 / (2 * n + 1);
      soma += termo;
    }
    return 0.5 - densidade * soma;
  }
  let f = y;
  for (let k = Math.ceil(8 + 400 / (y * y)); k >= 1; k--) f = y + k / f;
  return densidade / f;
}

function grade(m: number): Grade {
  const nivel = NIVEIS.findIndex((x) => m <= x.ateM);
  const cached = grades[nivel];
  if (cached) return cached;
  const { n, passo, legendre } = NIVEIS[nivel] ?? NIVEIS[0];
  const meio = Math.round(14 / passo);
  const width = 2 * meio + 1;
  const nos = Array.from({ length: n }, (_, i) => (A_MAX / 2) * (1 + Math.cos((Math.PI * (i + 0.5)) / n)));
  const acima = new Float64Array(n * width);
  const abaixo = new Float64Array(n * width);
  nos.forEach((a, i) => {
    for (let j = 0; j < width; j++) {
      const x = a - (j - meio) * passo;
      // Each side from its own tail, so neither loses its relative precision to 1 − (the other).
      const cauda = caudaNormal(Math.abs(x));
      acima[i * width + j] = x >= 0 ? cauda : 1 - cauda;
      abaixo[i * width + j] = x >= 0 ? 1 - cauda : cauda;
    }
  });
  const metade = gaussLegendre(legendre);
  const out: Grade = {
    legendre: { nodes: [...metade.nodes.map((x) => -x), ...metade.nodes], weights: [...metade.weights, ...metade.weights] },
    nos,
    passo,
    meio,
    pesos: Array.from({ length: width }, (_, j) => passo * INV_SQRT_2PI * Math.exp(-0.5 * ((j - meio) * passo) ** 2)),
    cossenos: Float64Array.from({ length: n * n }, (_, i) => Math.cos((Math.PI * Math.floor(i / n) * ((i % n) + 0.5)) / n)),
    acima,
    abaixo,
  };
  grades[nivel] = out;
  return out;
}

// --- G₂, G₁ and H for one m, as Chebyshev series --------------------------------------------------

interface Series {
  legendre: Grade['legendre'];
  /** log G₂ */
  bilateral: Float64Array;
  /** log G₁ */
  superior: Float64Array;
  /** H (not its log: it is only needed to absolute precision) */
  inferior: Float64Array;
}

function chebyshevCoefficients(values: readonly number[], cossenos: Float64Array): Float64Array {
  const n = values.length;
  const out = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    let sum = 0;
    for (let k = 0; k < n; k++) sum += (values[k] ?? 0) * (cossenos[j * n + k] ?? 0);
    out[j] = ((j === 0 ? 1 : 2) * sum) / n;
  }
  return out;
}

/** Σ c_j T_j(x) for a ∈ [0, A_MAX] by Clenshaw's recurrence. */
function chebyshev(c: Float64Array, a: number): number {
  const x = (2 * a) / A_MAX - 1;
  const x2 = 2 * x;
  let b1 = 0;
  let b2 = 0;
  for (let j = c.length - 1; j >= 1; j--) {
    const b0 = x2 * b1 - b2 + (c[j] ?? 0);
    b2 = b1;
    b1 = b0;
  }
  return x * b1 - b2 + (c[0] ?? 0);
}

const seriesPorM = new Map<number, Series>();

function series(m: number): Series {
  const cached = seriesPorM.get(m);
  if (cached) return cached;
  const { nos, acima, abaixo, pesos, meio, cossenos } = grade(m);
  const width = 2 * meio + 1;
  const g2: number[] = [];
  const g1: number[] = [];
  const h: number[] = [];
  for (let i = 0; i < nos.length; i++) {
    const centro = i * width + meio;
    let s2 = 0;
    let s1 = 0;
    let sh = 0;
    for (let j = -meio; j <= meio; j++) {
      const w = pesos[j + meio] ?? 0;
      const u = acima[centro + j] ?? 0; // Φ(z − a): above the upper limit
      const lo = abaixo[centro + j] ?? 0; // Φ(a − z)
      const v = acima[centro - j] ?? 0; // Φ(−a − z): below the lower limit
      const q = u + v;
      s2 += w * (q < 0.5 ? -Math.expm1(m * Math.log1p(-q)) : 1 - Math.max(lo - v, 0) ** m);
      s1 += w * (u < 0.5 ? -Math.expm1(m * Math.log1p(-u)) : 1 - lo ** m);
      sh += w * v ** m;
    }
    g2.push(Math.log(Math.min(s2, 1)));
    g1.push(Math.log(s1));
    h.push(sh);
  }
  const out: Series = {
    legendre: grade(m).legendre,
    bilateral: chebyshevCoefficients(g2, cossenos),
    superior: chebyshevCoefficients(g1, cossenos),
    inferior: chebyshevCoefficients(h, cossenos),
  };
  if (seriesPorM.size >= 64) seriesPorM.clear();
  seriesPorM.set(m, out);
  return out;
}

// --- the χ variable S = √(χ²_ν/ν) ------------------------------------------------------------------

/** α·ln α − α − ln Γ(α), by Stirling's series where the three terms would cancel. */
function stirlingResto(alpha: number): number {
  if (alpha <= 20) return alpha * Math.log(alpha) - alpha - logGamma(alpha);
  const a2 = alpha * alpha;
  return 0.5 * Math.log(alpha / (2 * Math.PI)) - 1 / (12 * alpha) + 1 / (360 * alpha * a2) - 1 / (1260 * alpha * a2 * a2);
}

/**
 * ln r of the Chernoff bound P(V ≤ rα) ≤ exp(α(1 + ln r − r)) for V ~ Gamma(α), r < 1
 * (`abaixo`), or of P(V ≥ rα) ≤ the same, r > 1, where it equals exp(logTau). Newton's method on a
 * concave monotone function, started on the side from which it converges monotonically.
 */
function chernoff(alpha: number, logTau: number, abaixo: boolean): number {
  const d = Math.min(logTau / alpha, -1e-300);
  if (abaixo) {
    // g(u) = u − e^u + 1 − d, u = ln r < 0, increasing and concave; g(d − 1) < 0.
    let u = d - 1;
    for (let it = 0; it < 60; it++) {
      const step = (u - Math.exp(u) + 1 - d) / (1 - Math.exp(u));
      u -= step;
      if (Math.abs(step) <= 1e-12 * Math.abs(u)) break;
    }
    return u;
  }
  // g(r) = ln r − r + 1 − d, r > 1, decreasing and concave; g(2 − 2d) < 0.
  let r = 2 - 2 * d;
  for (let it = 0; it < 60; it++) {
    const step = (Math.log(r) - r + 1 - d) / (1 / r - 1);
    r -= step;
    if (Math.abs(step) <= 1e-12 * r) break;
  }
  return Math.log(r);
}

interface Qui {
  alpha: number;
  logGammaAlpha1: number;
  /** ln of the χ density's constant, 2·α^α·e^α/Γ(α) written without cancelling terms. */
  constante: number;
  sHi: number;
  /** Wilson-Hilferty's median of S: P(S ≤ it) ≥ 0.4 for every ν ≥ 1. */
  mediana: number;
}

const quiPorNu = new Map<number, Qui>();

function qui(nu: number): Qui {
  const cached = quiPorNu.get(nu);
  if (cached) return cached;
  const alpha = nu / 2;
  const out: Qui = {
    alpha,
    logGammaAlpha1: logGamma(alpha + 1),
    constante: Math.LN2 + stirlingResto(alpha),
    sHi: Math.exp(chernoff(alpha, Math.log(1e-19), false) / 2),
    mediana: Math.sqrt(Math.max(1 - 2 / (9 * nu), 0.1) ** 3),
  };
  if (quiPorNu.size >= 64) quiPorNu.clear();
  quiPorNu.set(nu, out);
  return out;
}

/**
 * E[f(c·S)] for S = √(χ²_ν/ν), f ≥ 0 decreasing and negligible beyond a = A_MAX, to 1e-13 of a
 * known lower bound `piso` of the answer: the χ density's tails beyond the Chernoff bounds and the
 * s beyond A_MAX/c are cut, the rest is one Gauss-Legendre rule.
 */
function esperanca(f: (a: number) => number, c: number, nu: number, piso: number, legendre: Series['legendre']): number {
  if (!Number.isFinite(nu) || nu > 1e12) return c <= A_MAX ? f(c) : 0;
  const q = qui(nu);
  const alpha = q.alpha;
  const logTau = Math.log(Math.max(piso, 1e-300)) + Math.log(1e-13);
  // Lower cut: the better of the Chernoff bound and P(V ≤ v) ≤ v^α / Γ(α + 1); V = α·S².
  const logR = Math.max(chernoff(alpha, logTau, true), (logTau + q.logGammaAlpha1) / alpha - Math.log(alpha));
  const sLo = Math.exp(logR / 2);
  const sHi = c > 0 ? Math.min(q.sHi, A_MAX / c) : q.sHi;
  if (sHi <= sLo) return 0;
  const centro = (sHi + sLo) / 2;
  const meia = (sHi - sLo) / 2;
  let sum = 0;
  for (let i = 0; i < legendre.nodes.length; i++) {
    const s = centro + meia * (legendre.nodes[i] ?? 0);
    const logDensidade = q.constante + (2 * alpha - 1) * Math.log(s) - alpha * (s - 1) * (s + 1);
    sum += (legendre.weights[i] ?? 0) * Math.exp(logDensidade) * f(c * s);
  }
  return Math.min(1, sum * meia);
}

/** A lower bound of E[f(c·S)] for decreasing f: f(c·s*)·P(S ≤ s*) at a few s*. */
function pisoEsperanca(f: (a: number) => number, c: number, nu: number): number {
  if (!Number.isFinite(nu) || nu > 1e12) return 0;
  const q = qui(nu);
  let best = c * q.mediana <= A_MAX ? 0.4 * f(c * q.mediana) : 0;
  for (const a of [1, 3, 6, 10]) {
    const x = (q.alpha * a * a) / (c * c);
    // P(V ≤ x) ≥ x^α e^{−x} / Γ(α + 1)
    best = Math.max(best, Math.exp(q.alpha * Math.log(x) - x - q.logGammaAlpha1) * f(a));
  }
  return best;
}

// --- p values -------------------------------------------------------------------------------------

/**
 * The adjusted p value of a Dunnett statistic t among m comparisons with the control (equal
 * replicates) and ν residual degrees of freedom: two-sided P(max|T_j| ≥ |t|) or one-sided
 * P(max T_j ≥ t).
 */
export function pDunnett(t: number, m: number, nu: number, lado: LadoDunnett): number {
  if (!Number.isInteger(m) || m < 1) throw new RangeError(`pDunnett: m deve ser inteiro ≥ 1 (recebido ${m})`);
  if (!(nu >= 1) || (Number.isFinite(nu) && !Number.isInteger(nu))) {
    throw new RangeError(`pDunnett: gl deve ser inteiro ≥ 1 ou Infinity (recebido ${nu})`);
  }
  if (Number.isNaN(t)) return Number.NaN;
  const s = series(m);
  const c = Math.SQRT2 * Math.abs(t);
  if (lado === 'bilateral' || t >= 0) {
    if (c === 0) return lado === 'bilateral' ? 1 : m / (m + 1);
    if (c === Infinity) return 0;
    const coef = lado === 'bilateral' ? s.bilateral : s.superior;
    const g = (a: number) => (a <= A_MAX ? Math.exp(chebyshev(coef, a)) : 0);
    return Math.min(1, esperanca(g, c, nu, pisoEsperanca(g, c, nu), s.legendre));
  }
  if (c === Infinity) return 1;
  const h = (a: number) => (a <= A_MAX ? Math.max(chebyshev(s.inferior, a), 0) : 0);
  return Math.min(1, Math.max(0, 1 - esperanca(h, c, nu, 1e-3, s.legendre)));
}

/** Every treatment against the first (the control), two-sided and "greater than the control". */
export function dunnett(input: DunnettInput): DunnettResult {
  const { nomes, medias, r, qmRes, glRes } = input;
  const m = medias.length - 1;
  const controle = medias[0] ?? 0;
  const erro = Math.sqrt((2 * qmRes) / r);
  const bilateral: ComparacaoDunnett[] = [];
  const superior: ComparacaoDunnett[] = [];
  for (let i = 1; i <= m; i++) {
    const nome = nomes[i] ?? '';
    const diferenca = (medias[i] ?? 0) - controle;
    const t = erro > 0 ? diferenca / erro : diferenca === 0 ? 0 : Math.sign(diferenca) * Infinity;
    bilateral.push({ nome, diferenca, p: pDunnett(t, m, glRes, 'bilateral') });
    superior.push({ nome, diferenca, p: pDunnett(t, m, glRes, 'superior') });
  }
  return { bilateral, superior };
}
