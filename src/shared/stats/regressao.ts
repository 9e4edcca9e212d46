/**
 * Dose–response inside the trial's ANOVA, as ExpDes.pt's reg.poly and SISVAR do it: the
 * treatment sum of squares is split by orthogonal polynomials in the dose into linear, quadratic and
 * (with ≥ 4 doses, for the table only) cubic terms, each tested by F against the residual mean
 * square of the design (DIC or DBC) on 1 and gl_res degrees of freedom (Banzatto & Kronka,
 * Experimentação Agrícola, ch. 7; Pimentel-Gomes, Curso de Estatística Experimental, ch. 11).
 *
 * - The model reported is the highest degree ≤ 2 whose term is significant at 5 %; its
 *   coefficients are on the dose's own scale, ŷ = b0 + b1·x (+ b2·x²), fitted to the treatment means;
 *   R² = SS regression / SS among the treatments; lack of fit = that SS − SS regression on
 *   (treatments − 1 − degree) gl, against the residual.
 * - Treatments without a dose are left out of the regression (as the additional treatment of a
 *   factorial): its terms are contrasts among the dosed treatments only. Treatments sharing a dose
 *   are pooled (the regression is on the dose; what tells them apart goes into the lack of fit).
 *   Both are said in `avisos`.
 * - Dose of maximum yield −b1/(2·b2) for a concave quadratic (b2 < 0); economic optimum
 *   d* = (c ÷ (preço_saca/60) − b1)/(2·b2) with c the product's price per unit of dose (custo ÷ dose,
 *   the median over the dosed treatments). A dose outside the tested range is not reported
 *   (a quadratic extrapolated is not evidence), with a note giving the value.
 *
 * Reference values: tests/fixtures/stats/regressao.R (base R aov/lm with poly()).
 */
import { fUpperTail } from './distributions.js';
import { StatsInputError } from './stats-input-error.js';
import type { ProdutoDose } from './index.js';
import { formatBRL, formatNumber } from '../format.js';

const ALPHA = 0.05;
const KG_POR_SACA = 60;

export type ModeloRegressao = 'linear' | 'quadratico';

/** One orthogonal polynomial term of the treatment SS (1 gl). */
export interface TermoRegressao {
  /** 1 linear, 2 quadratic, 3 cubic. */
  grau: number;
  gl: number;
  sq: number;
  qm: number;
  f: number;
  p: number;
}

export interface FaltaAjuste {
  gl: number;
  sq: number;
  qm: number;
  f: number;
  p: number;
}

export interface RegressaoDose {
  /** The highest degree ≤ 2 whose term is significant at 5 %; null when none is (or no fit). */
  modelo: ModeloRegressao | null;
  /** [b0, b1] or [b0, b1, b2] on the dose's scale; null without a model. */
  coeficientes: number[] | null;
  /** SS of the model's terms ÷ SS among the dosed treatments. */
  r2: number | null;
  /** p of the model's highest term (the test that chose it). */
  p: number | null;
  falta_ajuste_p: number | null;
  /** Lack of fit of the chosen model; null without a model or with no gl left (3 doses, quadratic). */
  falta_ajuste: FaltaAjuste | null;
  /** −b1/(2·b2) of a concave quadratic inside the tested range, else null. */
  dose_maxima: number | null;
  produtividade_maxima: number | null;
  /** (c ÷ (preço_saca/60) − b1)/(2·b2) inside the tested range, else null. */
  dose_economica: number | null;
  produtividade_economica: number | null;
  /** R$/ha at the economic dose over the curve at dose 0 (extra grain − product), when 0 was tested. */
  margem_economica: number | null;
  /** R$ per unit of dose used for the economic dose; null when no product had dose and cost. */
  preco_dose: number | null;
  /** Linear, quadratic, cubic (as many as distinct doses − 1 allow, up to 3); empty when no fit. */
  termos: TermoRegressao[];
  /** Means by distinct dose (treatments sharing a dose averaged), lowest dose first: the chart. */
  medias_por_dose: { dose: number; media: number }[];
  /** pt-BR notes: treatments left out or pooled, doses outside the range, what to fill for d*. */
  avisos: string[];
}

export interface RegressaoInput {
  nomes: string[];
  doses: (number | null | undefined)[];
  /** Treatment means, in the same order. */
  medias: number[];
  /** Replicates per treatment. */
  r: number;
  qmRes: number;
  glRes: number;
  /** The products of each treatment, for the price per unit of dose. */
  produtos: (ProdutoDose[] | undefined)[];
  precoSaca: number | null;
}

const pequeno = new Intl.NumberFormat('pt-BR', { maximumSignificantDigits: 3 });
/** A dose in pt-BR: "153,8", "12,5", "0,575", "0,00025" (doses run from g to kg per hectare). */
export function formatarDose(v: number): string {
  const a = Math.abs(v);
  return a >= 1 || a === 0 ? formatNumber(v, a >= 100 ? 1 : 2) : pequeno.format(v);
}
const fmt = formatarDose;
const lista = (nomes: string[]): string => nomes.map((n) => `"${n}"`).join(', ');

function mediana(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

/**
 * The price per unit of dose of the applied product: in each treatment with a dose > 0, the product
 * whose dose is the treatment's (else its only product with a dose and a cost), custo ÷ dose; the
 * median over the treatments, so one mistyped cost does not move it.
 */
export function precoPorDose(
  doses: (number | null | undefined)[],
  produtos: (ProdutoDose[] | undefined)[],
): { preco: number | null; min: number; max: number } {
  const precos: number[] = [];
  doses.forEach((dose, i) => {
    if (dose === null || dose === undefined || !(dose > 0)) return;
    const validos = (produtos[i] ?? []).filter(
      (p): p is { dose: number; custo: number } =>
        typeof p?.dose === 'number' &&
        typeof p.custo === 'number' &&
        Number.isFinite(p.dose) &&
        Number.isFinite(p.custo) &&
        p.dose > 0 &&
        p.custo > 0,
    );
    const mesmaDose = validos.filter((p) => Math.abs(p.dose - dose) <= 1e-9 * dose);
    const escolhido = mesmaDose.length === 1 ? mesmaDose[0] : mesmaDose.length === 0 && validos.length === 1 ? validos[0] : undefined;
    if (escolhido) precos.push(escolhido.custo / escolhido.dose);
  });
  if (!precos.length) return { preco: null, min: 0, max: 0 };
  return { preco: mediana(precos), min: Math.min(...precos), max: Math.max(...precos) };
}

/** Monomial coefficients (in z, lowest first) of polynomial a times z. */
const vezesZ = (a: number[]): number[] => [0, ...a];
const combinar = (a: number[], ca: number, b: number[], cb: number): number[] =>
  Array.from({ length: Math.max(a.length, b.length) }, (_, i) => ca * (a[i] ?? 0) + cb * (b[i] ?? 0));
const avaliar = (coef: readonly number[], x: number): number => coef.reduceRight((acc, c) => acc * x + c, 0);

function vazio(medias_por_dose: RegressaoDose['medias_por_dose'], avisos: string[]): RegressaoDose {
  return {
    modelo: null,
    coeficientes: null,
    r2: null,
    p: null,
    falta_ajuste_p: null,
    falta_ajuste: null,
    dose_maxima: null,
    produtividade_maxima: null,
    dose_economica: null,
    produtividade_economica: null,
    margem_economica: null,
    preco_dose: null,
    termos: [],
    medias_por_dose,
    avisos,
  };
}

/** The dose–response regression, or null when no treatment carries a dose. */
export function regressaoDose(input: RegressaoInput): RegressaoDose | null {
  const { nomes, doses, medias, r, qmRes, glRes } = input;
  const dosados: number[] = [];
  const semDose: string[] = [];
  doses.forEach((d, i) => {
    const nome = nomes[i] || `tratamento ${i + 1}`;
    if (d === null || d === undefined) {
      semDose.push(nome);
      return;
    }
    if (typeof d !== 'number' || !Number.isFinite(d) || d < 0) {
      throw new StatsInputError(`Dose inválida em "${nome}": informe um número maior ou igual a zero.`);
    }
    dosados.push(i);
  });
  if (!dosados.length) return null;

  const avisos: string[] = [];
  if (semDose.length) {
    avisos.push(
      semDose.length === 1
        ? `Sem dose informada, ${lista(semDose)} ficou fora da regressão. Se for a testemunha sem o produto, informe a dose 0 para incluí-la.`
        : `Sem dose informada, ficaram fora da regressão: ${lista(semDose)}. Se algum for a testemunha sem o produto, informe a dose 0 para incluí-la.`,
    );
  }
  const x = dosados.map((i) => doses[i] as number);
  const m = dosados.map((i) => medias[i] ?? 0);
  const porDose = new Map<number, number[]>();
  x.forEach((d, j) => porDose.set(d, [...(porDose.get(d) ?? []), j]));
  const medias_por_dose = [...porDose.entries()]
    .sort(([a], [b]) => a - b)
    .map(([dose, js]) => ({ dose, media: js.reduce((acc, j) => acc + (m[j] ?? 0), 0) / js.length }));
  const nd = medias_por_dose.length;
  if (nd < 3) {
    avisos.push(`A regressão precisa de pelo menos 3 doses diferentes (informada${nd === 1 ? '' : 's'}: ${nd}).`);
    return vazio(medias_por_dose, avisos);
  }
  const repetidas = [...porDose.entries()].filter(([, js]) => js.length > 1);
  if (repetidas.length) {
    const detalhe = repetidas.map(([d, js]) => `${lista(js.map((j) => nomes[dosados[j] ?? 0] ?? ''))} (dose ${fmt(d)})`).join('; ');
    avisos.push(
      `Tratamentos com a mesma dose foram agrupados na regressão: ${detalhe}. O que os diferencia entra na falta de ajuste; para comparar produtos e doses, use um delineamento fatorial.`,
    );
  }

  // Orthogonal polynomials over the dosed treatments (three-term recurrence, Forsythe 1957) in the
  // centred and scaled dose z, so doses in g/ha lose no digits; each is kept as its coefficients in z.
  const n = x.length;
  const xMin = medias_por_dose[0]?.dose ?? 0;
  const xMax = medias_por_dose[nd - 1]?.dose ?? 0;
  const centro = x.reduce((a, v) => a + v, 0) / n;
  const escala = (xMax - xMin) / 2;
  const z = x.map((v) => (v - centro) / escala);
  const mMedia = m.reduce((a, v) => a + v, 0) / n;
  const mc = m.map((v) => v - mMedia);
  const grauMax = Math.min(3, nd - 1);
  let anterior: number[] = [0];
  let atual: number[] = [1];
  let normaAnterior = 1;
  let normaAtual = n;
  const ajustes: { coef: number[]; c: number }[] = [];
  const termos: TermoRegressao[] = [];
  for (let grau = 1; grau <= grauMax; grau++) {
    const valores = z.map((v) => avaliar(atual, v));
    const alfa = z.reduce((acc, v, i) => acc + v * (valores[i] ?? 0) ** 2, 0) / normaAtual;
    const beta = normaAtual / normaAnterior;
    const proximo = combinar(combinar(vezesZ(atual), 1, atual, -alfa), 1, anterior, grau === 1 ? 0 : -beta);
    const pj = z.map((v) => avaliar(proximo, v));
    const norma = pj.reduce((acc, v) => acc + v * v, 0);
    const produto = pj.reduce((acc, v, i) => acc + v * (mc[i] ?? 0), 0);
    const sq = (r * produto * produto) / norma;
    const f = sq / qmRes;
    termos.push({ grau, gl: 1, sq, qm: sq, f, p: fUpperTail(f, 1, glRes) });
    ajustes.push({ coef: proximo, c: produto / norma });
    anterior = atual;
    atual = proximo;
    normaAnterior = normaAtual;
    normaAtual = norma;
  }

  const significativos = termos.filter((t) => t.grau <= 2 && t.p < ALPHA).map((t) => t.grau);
  const grau = significativos.length ? Math.max(...significativos) : 0;
  if (grau === 0) {
    avisos.push(
      'Nenhum efeito de regressão (linear ou quadrático) foi significativo a 5 %: a produtividade não respondeu à dose de forma detectável.',
    );
    return { ...vazio(medias_por_dose, avisos), termos };
  }

  // ŷ(z) = m̄ + Σ c_j·P_j(z), then from z = (x − centro)/escala back to the dose's scale.
  let emZ: number[] = [mMedia];
  for (let j = 0; j < grau; j++) {
    const a = ajustes[j];
    if (a) emZ = combinar(emZ, 1, a.coef, a.c);
  }
  const [a0 = 0, a1 = 0, a2 = 0] = emZ;
  const s = escala;
  const coeficientes =
    grau === 1
      ? [a0 - (a1 * centro) / s, a1 / s]
      : [a0 - (a1 * centro) / s + (a2 * centro * centro) / (s * s), a1 / s - (2 * a2 * centro) / (s * s), a2 / (s * s)];
  const yhat = (d: number): number => avaliar(coeficientes, d);

  const sqDosados = r * mc.reduce((acc, v) => acc + v * v, 0);
  const sqReg = termos.slice(0, grau).reduce((acc, t) => acc + t.sq, 0);
  const glFalta = n - 1 - grau;
  let falta_ajuste: FaltaAjuste | null = null;
  if (glFalta > 0) {
    const sq = Math.max(0, sqDosados - sqReg);
    const qm = sq / glFalta;
    const f = qm / qmRes;
    falta_ajuste = { gl: glFalta, sq, qm, f, p: fUpperTail(f, glFalta, glRes) };
    if (falta_ajuste.p < ALPHA) {
      avisos.push(
        `A falta de ajuste foi significativa a 5 % (p = ${formatNumber(falta_ajuste.p, 3)}): o modelo ${grau === 1 ? 'linear' : 'quadrático'} não descreve bem a resposta às doses; use a equação com cautela.`,
      );
    }
  }

  const out: RegressaoDose = {
    ...vazio(medias_por_dose, avisos),
    modelo: grau === 1 ? 'linear' : 'quadratico',
    coeficientes,
    r2: sqDosados > 0 ? sqReg / sqDosados : null,
    p: termos[grau - 1]?.p ?? null,
    falta_ajuste_p: falta_ajuste?.p ?? null,
    falta_ajuste,
    termos,
  };
  const faixa = `faixa testada (${fmt(xMin)} a ${fmt(xMax)})`;
  const dentro = (d: number): boolean => d >= xMin - 1e-9 * Math.max(1, xMax) && d <= xMax + 1e-9 * Math.max(1, xMax);

  const b1 = coeficientes[1] ?? 0;
  const b2 = coeficientes[2] ?? 0;
  if (grau === 1) {
    avisos.push(
      b1 > 0
        ? `Resposta linear crescente: a produtividade ainda aumentava na maior dose testada (${fmt(xMax)}), por isso não há dose de máxima produtividade nem dose econômica dentro da ${faixa}.`
        : `Resposta linear decrescente: a produtividade caiu com a dose em toda a ${faixa}.`,
    );
    return out;
  }
  if (!(b2 < 0)) {
    avisos.push(
      'A curva ajustada é convexa (b2 > 0): tem um ponto de mínimo, não de máximo, e por isso não há dose de máxima produtividade nem dose econômica.',
    );
    return out;
  }
  const dMax = -b1 / (2 * b2);
  if (dentro(dMax)) {
    out.dose_maxima = dMax;
    out.produtividade_maxima = yhat(dMax);
  } else {
    avisos.push(
      `A dose de máxima produtividade calculada (${fmt(dMax)}) fica fora da ${faixa} e não é informada: extrapolar a curva não é seguro.`,
    );
  }

  const {
    preco: c,
    min,
    max,
  } = precoPorDose(
    dosados.map((i) => doses[i]),
    dosados.map((i) => input.produtos[i]),
  );
  out.preco_dose = c;
  const precoSaca = input.precoSaca;
  const faltam = [
    ...(precoSaca === null || !(precoSaca > 0) ? ['o preço da saca (passo 6)'] : []),
    ...(c === null ? ['a dose e o custo do produto aplicado nos tratamentos com dose'] : []),
  ];
  if (faltam.length) {
    avisos.push(`Para calcular a dose de máxima eficiência econômica, informe ${faltam.join(' e ')}.`);
    return out;
  }
  if (c === null || precoSaca === null) return out;
  if (max > 1.1 * min) {
    avisos.push(
      `O preço por unidade de dose do produto varia entre os tratamentos (${formatBRL(min)} a ${formatBRL(max)}): a dose econômica usa a mediana, ${formatBRL(c)}.`,
    );
  }
  const precoKg = precoSaca / KG_POR_SACA;
  const dEco = (c / precoKg - b1) / (2 * b2);
  if (!dentro(dEco)) {
    avisos.push(
      dEco < xMin
        ? `Com esses preços, a dose econômica calculada (${fmt(dEco)}) fica abaixo da menor dose testada: o custo do produto supera o ganho em grãos já no início da ${faixa}.`
        : `A dose econômica calculada (${fmt(dEco)}) fica acima da maior dose testada e não é informada: extrapolar a curva não é seguro.`,
    );
    return out;
  }
  out.dose_economica = dEco;
  out.produtividade_economica = yhat(dEco);
  out.margem_economica = xMin === 0 ? (yhat(dEco) - yhat(0)) * precoKg - c * dEco : null;
  return out;
}
