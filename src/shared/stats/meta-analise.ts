/**
 * Random-effects meta-analysis of one effect per trial (yi, with its sampling variance vi), the
 * between-trial variance τ² estimated by restricted maximum likelihood: the numbers of R's
 * `metafor::rma(yi, vi, method = "REML")` and its `predict()` (tests/fixtures/stats/meta-analise.R).
 *
 * REML by Fisher scoring on τ² (Viechtbauer 2005, as metafor iterates it): with wᵢ = 1/(vᵢ + τ²)
 * and P = W − w wᵀ/Σw, the step is (yᵀPPy − tr P) / tr PP, halved while it would make τ² negative,
 * until it changes by no more than metafor's threshold (LIMIAR). The pooled estimate is Σwᵢyᵢ/Σwᵢ with standard error
 * 1/√Σwᵢ; the test and both intervals are on the normal scale; I² is metafor's, 100·τ²/(τ² + s²)
 * with s² = (k − 1)Σw⁰/((Σw⁰)² − Σ(w⁰)²), w⁰ = 1/vᵢ; Q is Cochran's, on k − 1 degrees of freedom.
 */
import { chiSquareUpperTail, normalCdf, normalQuantile } from './distributions.js';
import { StatsInputError } from './stats-input-error.js';

export interface MetaAnaliseResult {
  k: number;
  estimativa: number;
  ep: number;
  ic95: [number, number];
  p: number;
  tau2: number;
  /** In %, as metafor reports it. */
  i2: number;
  q: number;
  q_p: number;
  /** Where a new trial's effect falls with 95 % probability: estimativa ± z·√(τ² + ep²). */
  predicao: [number, number];
  /** Each trial's weight in % of the total: 1/(vᵢ + τ²), normalised. */
  pesos: number[];
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * metafor's stopping rule (rma's `control$threshold`, 1e-5): iterations stop once τ² changes by no
 * more than this. From the same start and with the same steps, the answer is metafor's own to the
 * last digits, also where τ² is so small (a log ratio's, ~1e-4) that this leaves it short of the
 * exact maximum by a few parts in 10⁵ (decision 024).
 */
const LIMIAR = 1e-5;

/** τ² by REML: Fisher scoring from a moment start (the variance of yi less the mean vi, floored at 0); the maximum does not depend on it. */
function tau2Reml(yi: readonly number[], vi: readonly number[]): number {
  const k = yi.length;
  const meanY = sum(yi) / k;
  let tau2 = Math.max(0, sum(yi.map((y) => (y - meanY) ** 2)) / (k - 1) - sum(vi) / k);
  for (let iter = 0; iter < 1000; iter++) {
    const w = vi.map((v) => 1 / (v + tau2));
    const sw = sum(w);
    // P = W − w wᵀ/Σw; Py = w∘(y − ȳ_w).
    const yw = sum(w.map((wi, i) => wi * yi[i]!)) / sw;
    const py = w.map((wi, i) => wi * (yi[i]! - yw));
    const trP = sw - sum(w.map((wi) => wi * wi)) / sw;
    // tr(PP) = Σw² − 2Σw³/Σw + (Σw²)²/(Σw)².
    const sw2 = sum(w.map((wi) => wi * wi));
    const sw3 = sum(w.map((wi) => wi ** 3));
    const trPP = sw2 - (2 * sw3) / sw + (sw2 * sw2) / (sw * sw);
    const step = (sum(py.map((v) => v * v)) - trP) / trPP;
    let next = tau2 + step;
    let halvings = 0;
    let h = step;
    while (next < 0 && halvings < 100) {
      h /= 2;
      next = tau2 + h;
      halvings++;
    }
    next = Math.max(0, next);
    if (Math.abs(next - tau2) <= LIMIAR) return next;
    tau2 = next;
  }
  throw new StatsInputError('A estimação da variância entre ensaios (REML) não convergiu: confira os efeitos e as variâncias.');
}

export function metaAnalise(yi: readonly number[], vi: readonly number[]): MetaAnaliseResult {
  const k = yi.length;
  if (k < 2) throw new StatsInputError(`São necessários pelo menos 2 ensaios para a meta-análise (informado: ${k}).`);
  if (vi.length !== k) throw new StatsInputError('Cada ensaio precisa de um efeito e de uma variância.');
  if ([...yi, ...vi].some((v) => !Number.isFinite(v))) throw new StatsInputError('Efeito ou variância inválidos: informe números.');
  if (vi.some((v) => v <= 0)) throw new StatsInputError('Cada variância precisa ser maior que zero (o ensaio precisa de repetições).');
  const tau2 = tau2Reml(yi, vi);
  const w = vi.map((v) => 1 / (v + tau2));
  const sw = sum(w);
  const estimativa = sum(w.map((wi, i) => wi * yi[i]!)) / sw;
  const ep = 1 / Math.sqrt(sw);
  const z = normalQuantile(0.975);
  const p = 2 * normalCdf(-Math.abs(estimativa / ep));
  const w0 = vi.map((v) => 1 / v);
  const sw0 = sum(w0);
  const yw0 = sum(w0.map((wi, i) => wi * yi[i]!)) / sw0;
  const q = sum(w0.map((wi, i) => wi * (yi[i]! - yw0) ** 2));
  const s2 = ((k - 1) * sw0) / (sw0 * sw0 - sum(w0.map((wi) => wi * wi)));
  const dp = Math.sqrt(tau2 + ep * ep);
  return {
    k,
    estimativa,
    ep,
    ic95: [estimativa - z * ep, estimativa + z * ep],
    p,
    tau2,
    i2: (100 * tau2) / (tau2 + s2),
    q,
    q_p: chiSquareUpperTail(q, k - 1),
    predicao: [estimativa - z * dp, estimativa + z * dp],
    pesos: w.map((wi) => (100 * wi) / sw),
  };
}
