/**
 * When the ANOVA's assumptions fail: Levene's test in the Brown–Forsythe form beside
 * Bartlett, the Box-Cox λ that best normalises the model's residuals, the transformation suggested
 * from them (log, square root or Box-Cox; the arcsine for percentages, see NATUREZAS) and the
 * residual diagnostics the report plots (residuals against fitted values and the normal Q–Q plot).
 * Reference: tests/fixtures/stats/pressupostos.R (the arcsine: tests/fixtures/stats/avaliacoes.R).
 *
 * - Levene (Brown & Forsythe 1974, JASA 69:364-367): one-way ANOVA of |y − median of its treatment|,
 *   car::leveneTest(y ~ trat)'s default. Like bartlett.ts it reads each treatment's plot values, in
 *   DIC and DBC alike, so the two homogeneity tests look at the same groups.
 * - Box-Cox (Box & Cox 1964, JRSS B 26:211-252): the profile log-likelihood of the ANOVA model
 *   (treatments, and blocks in DBC), −n/2·ln(SQres(z_λ)/n) with z_λ = ġ·((y/ġ)^λ − 1)/λ normalised by
 *   the geometric mean ġ, maximised over λ ∈ [−2, 2] by a grid of step 0.05 refined by Brent's
 *   method (R's optimize()); it needs every y > 0.
 * - Q–Q positions: R's qqnorm(), Φ⁻¹ of ppoints(n) ((i − 3/8)/(n + 1/4) up to n = 10, (i − ½)/n
 *   above), ties ranked in input order; the reference line is qqline()'s, through the quartiles.
 */
import { anova, colunasQuadradoLatino, type AnovaResult, type Delineamento } from './anova.js';
import { bartlett } from './bartlett.js';
import { fUpperTail, normalQuantile } from './distributions.js';
import { shapiroWilk } from './shapiro-wilk.js';
import { StatsInputError } from './stats-input-error.js';
import { formatNumber } from '../format.js';

/** "−1,37": λ with the minus sign readers expect. */
const lambdaTexto = (lambda: number, digits = 2): string => formatNumber(lambda, digits).replace('-', '−');

export const TRANSFORMACOES = ['log', 'raiz', 'boxcox', 'arcoseno'] as const;
export type Transformacao = (typeof TRANSFORMACOES)[number];

/**
 * What the analysed variable is, so that a failed assumption gets the transformation its kind
 * calls for (Bartlett 1947, "The use of transformations", Biometrics 3:39-52):
 * percentages (severity, % control), whose variance p(1 − p) depends on the mean, the arcsine of
 * the square root; counts (insects, lesions), Poisson-like, the square root. Grades, measurements
 * and yield (null) keep the Box-Cox rule of sugerirTransformacao().
 */
export const NATUREZAS = ['porcentagem', 'contagem', 'nota', 'medida'] as const;
export type NaturezaVariavel = (typeof NATUREZAS)[number];

/** The transformation's name as the report writes it. */
export const NOME_TRANSFORMACAO: Readonly<Record<Transformacao, string>> = {
  log: 'logarítmica (ln)',
  raiz: 'raiz quadrada',
  boxcox: 'Box-Cox',
  arcoseno: 'arco-seno da raiz de (y/100)',
};

/** "raiz quadrada", "Box-Cox (λ = −1,5)": how the report and the notes name a transformation. */
export function nomeTransformacao(transformacao: Transformacao, lambdaArredondado: number | null): string {
  return transformacao === 'boxcox' && lambdaArredondado !== null
    ? `Box-Cox (λ = ${lambdaTexto(lambdaArredondado, 1)})`
    : NOME_TRANSFORMACAO[transformacao];
}

export interface LeveneResult {
  f: number;
  gl1: number;
  gl2: number;
  p: number;
}

export interface PontoDiagnostico {
  nome: string;
  /** 1-based; in DBC it is the block. */
  repeticao: number;
  ajustado: number;
  residuo: number;
  /** residuo ÷ √QMres. */
  residuoPadronizado: number;
  /** Φ⁻¹ of the point's plotting position among the standardised residuals (R's qqnorm). */
  quantilTeorico: number;
}

export interface Diagnostico {
  pontos: PontoDiagnostico[];
  /** R's qqline() for the standardised residuals: through their first and third quartiles. */
  retaQQ: { intercepto: number; inclinacao: number };
}

export interface TransformacaoInfo {
  /** What the original data's assumption tests call for; null when nothing failed or nothing helps. */
  sugerida: Transformacao | null;
  /** Box-Cox's maximum-likelihood λ for the original data; null when some yield is 0. */
  lambda: number | null;
  /** λ rounded to the nearest 0.5, the power `boxcox` applies; null with `lambda`. */
  lambdaArredondado: number | null;
  /** Why, in pt-BR. */
  motivo: string;
  /** The transformation the returned ANOVA, tests and letters were computed on; null: original data. */
  aplicada: Transformacao | null;
}

export const ALPHA_PRESSUPOSTOS = 0.05;

const mean = (values: readonly number[]): number => values.reduce((acc, v) => acc + v, 0) / values.length;

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 ? (s[h] ?? 0) : ((s[h - 1] ?? 0) + (s[h] ?? 0)) / 2;
}

/**
 * Brown–Forsythe's Levene test over groups of ≥ 2 values. null when the absolute deviations do not
 * vary within the groups (always so with 2 replicates: both deviations from the median are equal),
 * where F would be rounding divided by rounding.
 */
export function levene(groups: readonly (readonly number[])[]): LeveneResult | null {
  const k = groups.length;
  const desvios = groups.map((g) => {
    const m = median(g);
    return g.map((v) => Math.abs(v - m));
  });
  const n = desvios.reduce((acc, d) => acc + d.length, 0);
  const geral = desvios.reduce((acc, d) => acc + d.reduce((s, v) => s + v, 0), 0) / n;
  let entre = 0;
  let dentro = 0;
  let total = 0;
  for (const d of desvios) {
    const m = mean(d);
    entre += d.length * (m - geral) ** 2;
    for (const v of d) {
      dentro += (v - m) ** 2;
      total += (v - geral) ** 2;
    }
  }
  if (!(dentro > 1e-12 * total)) return null;
  const gl1 = k - 1;
  const gl2 = n - k;
  const f = entre / gl1 / (dentro / gl2);
  return { f, gl1, gl2, p: fUpperTail(f, gl1, gl2) };
}

/**
 * The residual sum of squares of the balanced ANOVA model for z laid out treatment by treatment,
 * as a closure over work arrays allocated once (Box-Cox evaluates it a hundred times or more).
 * `coluna[i][j]` (0-based, the Latin square only) adds the column effect to the blocks (rows).
 */
function somaQuadradosResiduo(
  k: number,
  r: number,
  dbc: boolean,
  coluna: readonly (readonly number[])[] | null,
): (z: Float64Array) => number {
  const mediaTrat = new Float64Array(k);
  const mediaBloco = new Float64Array(r);
  const mediaColuna = new Float64Array(coluna ? k : 0);
  return (z) => {
    mediaTrat.fill(0);
    mediaBloco.fill(0);
    mediaColuna.fill(0);
    let geral = 0;
    for (let i = 0; i < k; i++) {
      for (let j = 0; j < r; j++) {
        const v = z[i * r + j] ?? 0;
        mediaTrat[i] = (mediaTrat[i] ?? 0) + v / r;
        mediaBloco[j] = (mediaBloco[j] ?? 0) + v / k;
        if (coluna) {
          const c = coluna[i]?.[j] ?? 0;
          mediaColuna[c] = (mediaColuna[c] ?? 0) + v / r;
        }
        geral += v;
      }
    }
    geral /= k * r;
    let sq = 0;
    for (let i = 0; i < k; i++) {
      for (let j = 0; j < r; j++) {
        let ajustado = dbc ? (mediaTrat[i] ?? 0) + (mediaBloco[j] ?? 0) - geral : (mediaTrat[i] ?? 0);
        if (coluna) ajustado += (mediaColuna[coluna[i]?.[j] ?? 0] ?? 0) - geral;
        sq += ((z[i * r + j] ?? 0) - ajustado) ** 2;
      }
    }
    return sq;
  };
}

export const LAMBDA_MIN = -2;
export const LAMBDA_MAX = 2;
const PASSO_GRADE = 0.05;
const TOLERANCIA_LAMBDA = 1e-10;

/**
 * Box-Cox's λ for the ANOVA model of `tabela[treatment][replicate]` and the profile
 * log-likelihood at it (−n/2·ln(SQres/n) of the normalised transform); null when some value is
 * not > 0 (the transform is undefined there). The Latin square (DQL) needs `colunas`, as anova().
 */
export function boxCox(
  tabela: readonly (readonly number[])[],
  delineamento: Delineamento,
  colunas?: readonly (readonly number[])[] | null,
): { lambda: number; logVerossimilhanca: number } | null {
  const k = tabela.length;
  const r = tabela[0]?.length ?? 0;
  const y = tabela.flat();
  if (y.length === 0 || y.some((v) => !(v > 0))) return null;
  const n = y.length;
  const logs = y.map(Math.log);
  const logG = mean(logs);
  // w = ln(y/ġ); z_λ = ġ·expm1(λw)/λ: expm1 keeps λ near 0 exact, and ġ (a constant factor) only
  // shifts the log-likelihood, so it is left out of z and put back in the value returned.
  const w = Float64Array.from(logs, (v) => v - logG);
  const z = new Float64Array(n);
  const coluna = delineamento === 'DQL' ? colunasQuadradoLatino(k, r, colunas) : null;
  const sqRes = somaQuadradosResiduo(k, r, delineamento !== 'DIC', coluna);
  const perfil = (lambda: number): number => {
    for (let i = 0; i < n; i++) {
      const wi = w[i] ?? 0;
      z[i] = lambda === 0 ? wi : Math.expm1(lambda * wi) / lambda;
    }
    return (-n / 2) * Math.log(sqRes(z) / n);
  };

  const passos = Math.round((LAMBDA_MAX - LAMBDA_MIN) / PASSO_GRADE);
  let melhor = 0;
  let melhorValor = -Infinity;
  for (let s = 0; s <= passos; s++) {
    const valor = perfil(LAMBDA_MIN + s * PASSO_GRADE);
    if (valor > melhorValor) {
      melhorValor = valor;
      melhor = s;
    }
  }
  // Brent's search between the grid neighbours of the best point (the profile is smooth and
  // unimodal there); at an end of [−2, 2] the maximiser is the end itself or just inside it.
  const a = LAMBDA_MIN + Math.max(0, melhor - 1) * PASSO_GRADE;
  const b = LAMBDA_MIN + Math.min(passos, melhor + 1) * PASSO_GRADE;
  let lambda = brentMin((x) => -perfil(x), a, b, TOLERANCIA_LAMBDA);
  let valor = perfil(lambda);
  // The grid point itself when the refinement found nothing better (a maximum at an end of the range).
  const naGrade = LAMBDA_MIN + melhor * PASSO_GRADE;
  if (melhorValor > valor) {
    lambda = naGrade;
    valor = melhorValor;
  }
  // Back to the scale of y: SQres(ġ·z) = ġ²·SQres(z).
  return { lambda, logVerossimilhanca: valor - n * logG };
}

/**
 * The minimiser of f on [ax, bx] by Brent's method (golden section with parabolic steps), a
 * line-by-line port of R's Brent_fmin (src/library/stats/src/optimize.c), what optimize() runs.
 */
function brentMin(f: (x: number) => number, ax: number, bx: number, tol: number): number {
  const c = (3 - Math.sqrt(5)) * 0.5;
  const eps = Math.sqrt(Number.EPSILON);
  let a = ax;
  let b = bx;
  let v = a + c * (b - a);
  let w = v;
  let x = v;
  let d = 0;
  let e = 0;
  let fx = f(x);
  let fv = fx;
  let fw = fx;
  const tol3 = tol / 3;
  for (;;) {
    const xm = (a + b) * 0.5;
    const tol1 = eps * Math.abs(x) + tol3;
    const t2 = tol1 * 2;
    if (Math.abs(x - xm) <= t2 - (b - a) * 0.5) break;
    let p = 0;
    let q = 0;
    let r = 0;
    if (Math.abs(e) > tol1) {
      // Fit a parabola through x, w and v.
      r = (x - w) * (fx - fv);
      q = (x - v) * (fx - fw);
      p = (x - v) * q - (x - w) * r;
      q = (q - r) * 2;
      if (q > 0) p = -p;
      else q = -q;
      r = e;
      e = d;
    }
    if (Math.abs(p) >= Math.abs(q * 0.5 * r) || p <= q * (a - x) || p >= q * (b - x)) {
      // A golden-section step.
      e = x < xm ? b - x : a - x;
      d = c * e;
    } else {
      // A parabolic step, never too close to the ends.
      d = p / q;
      const u = x + d;
      if (u - a < t2 || b - u < t2) d = x >= xm ? -tol1 : tol1;
    }
    const u = Math.abs(d) >= tol1 ? x + d : d > 0 ? x + tol1 : x - tol1;
    const fu = f(u);
    if (fu <= fx) {
      if (u < x) b = x;
      else a = x;
      v = w;
      fv = fw;
      w = x;
      fw = fx;
      x = u;
      fx = fu;
    } else {
      if (u < x) a = u;
      else b = u;
      if (fu <= fw || w === x) {
        v = w;
        fv = fw;
        w = u;
        fw = fu;
      } else if (fu <= fv || v === x || v === w) {
        v = u;
        fv = fu;
      }
    }
  }
  return x;
}

/** λ rounded to the nearest 0.5 (Tukey's ladder of powers: −2, −1.5, …, 2). */
export const arredondarLambda = (lambda: number): number => Math.round(2 * lambda) / 2 || 0;

/**
 * The table on the transformed scale. log and Box-Cox need every yield > 0: a zero is refused
 * with a message (StatsInputError → 422) rather than shifted by an arbitrary constant.
 * Box-Cox is ġ·((y/ġ)^λ − 1)/λ (ġ·ln(y/ġ) at λ = 0), normalised by the geometric mean ġ so its
 * sums of squares stay in the scale of the yields; F, p and letters are those of (y^λ − 1)/λ.
 */
export function transformarTabela(
  tabela: readonly (readonly number[])[],
  nomes: readonly string[],
  transformacao: Transformacao,
  lambda: number | null,
): number[][] {
  if (transformacao === 'raiz') return tabela.map((row) => row.map(Math.sqrt));
  if (transformacao === 'arcoseno') {
    tabela.forEach((row, i) =>
      row.forEach((v, j) => {
        if (!(v >= 0 && v <= 100)) {
          const nome = nomes[i] || `tratamento ${i + 1}`;
          throw new StatsInputError(
            `A transformação ${NOME_TRANSFORMACAO.arcoseno} é para porcentagens entre 0 e 100, e a repetição ${j + 1} de "${nome}" é ${formatNumber(v, 2)}. Confira a parcela ou use outra transformação.`,
          );
        }
      }),
    );
    // asin(√(y/100)) in radians, as R's asin(sqrt(p / 100)).
    return tabela.map((row) => row.map((v) => Math.asin(Math.sqrt(v / 100))));
  }
  tabela.forEach((row, i) =>
    row.forEach((v, j) => {
      if (!(v > 0)) {
        const nome = nomes[i] || `tratamento ${i + 1}`;
        throw new StatsInputError(
          `A transformação ${NOME_TRANSFORMACAO[transformacao]} exige produtividades maiores que zero, e a repetição ${j + 1} de "${nome}" é ${formatNumber(v, 0)}. Use a raiz quadrada ou confira a parcela.`,
        );
      }
    }),
  );
  if (transformacao === 'log') return tabela.map((row) => row.map(Math.log));
  if (lambda === null) throw new StatsInputError('Não foi possível estimar o λ de Box-Cox para estes dados.');
  const logG = mean(tabela.flat().map(Math.log));
  const g = Math.exp(logG);
  return tabela.map((row) =>
    row.map((v) => {
      const w = Math.log(v) - logG;
      return lambda === 0 ? g * w : (g * Math.expm1(lambda * w)) / lambda;
    }),
  );
}

/** Residuals, fitted values and normal Q–Q positions of an ANOVA, for the report's two plots. */
export function diagnostico(nomes: readonly string[], tabela: readonly (readonly number[])[], result: AnovaResult): Diagnostico {
  const escala = Math.sqrt(result.residuo.qm);
  const residuos = result.residuos;
  const n = residuos.length;
  const padronizados = residuos.map((e) => e / escala);
  // R's ppoints(n) and qqnorm(): the i-th smallest value gets Φ⁻¹((i − a)/(n + 1 − 2a)).
  const a = n <= 10 ? 3 / 8 : 1 / 2;
  const ordem = padronizados.map((_, i) => i).sort((i, j) => (padronizados[i] ?? 0) - (padronizados[j] ?? 0) || i - j);
  const quantis = new Array<number>(n);
  ordem.forEach((indice, posicao) => {
    quantis[indice] = normalQuantile((posicao + 1 - a) / (n + 1 - 2 * a));
  });
  const r = result.r;
  const pontos = padronizados.map((z, indice) => {
    const i = Math.floor(indice / r);
    const residuo = residuos[indice] ?? 0;
    return {
      nome: nomes[i] ?? '',
      repeticao: (indice % r) + 1,
      ajustado: (tabela[i]?.[indice % r] ?? 0) - residuo,
      residuo,
      residuoPadronizado: z,
      quantilTeorico: quantis[indice] ?? 0,
    };
  });
  // qqline(): quantile type 7 of the standardised residuals at ¼ and ¾ against Φ⁻¹(¼) and Φ⁻¹(¾).
  const ordenados = ordem.map((i) => padronizados[i] ?? 0);
  const quartil = (prob: number): number => {
    const h = (n - 1) * prob;
    const lo = Math.floor(h);
    const base = ordenados[lo] ?? 0;
    return base + (h - lo) * ((ordenados[Math.min(lo + 1, n - 1)] ?? base) - base);
  };
  const x1 = normalQuantile(0.25);
  const x3 = normalQuantile(0.75);
  const y1 = quartil(0.25);
  const inclinacao = (quartil(0.75) - y1) / (x3 - x1);
  return { pontos, retaQQ: { intercepto: y1 - inclinacao * x1, inclinacao } };
}

const pTexto = (p: number): string => (p < 0.001 ? 'p < 0,001' : `p = ${formatNumber(p, 3)}`);

export interface TestesPressupostos {
  shapiroWilk: { p: number };
  bartlett: { p: number | null };
  levene: LeveneResult | null;
}

/** The tests that failed at 5 %, as a reader names them. */
function falhas(testes: TestesPressupostos): string[] {
  const out: string[] = [];
  if (testes.shapiroWilk.p < ALPHA_PRESSUPOSTOS) out.push(`normalidade dos resíduos (Shapiro-Wilk ${pTexto(testes.shapiroWilk.p)})`);
  const heterogeneas: string[] = [];
  if (testes.bartlett.p !== null && testes.bartlett.p < ALPHA_PRESSUPOSTOS) heterogeneas.push(`Bartlett ${pTexto(testes.bartlett.p)}`);
  if (testes.levene && testes.levene.p < ALPHA_PRESSUPOSTOS) heterogeneas.push(`Levene ${pTexto(testes.levene.p)}`);
  if (heterogeneas.length) out.push(`homogeneidade das variâncias (${heterogeneas.join('; ')})`);
  return out;
}

/** How the assumptions look after a transformation: one sentence with the three tests' p. */
function depois(tabela: number[][], delineamento: Delineamento, colunas: readonly (readonly number[])[] | null): string {
  try {
    const result = anova(tabela, delineamento, colunas);
    const sw = shapiroWilk(result.residuos);
    const bt = bartlett(tabela);
    const lv = levene(tabela);
    const partes = [`Shapiro-Wilk ${pTexto(sw.p)}`];
    if (bt.p !== null) partes.push(`Bartlett ${pTexto(bt.p)}`);
    if (lv) partes.push(`Levene ${pTexto(lv.p)}`);
    const resolve = sw.p >= ALPHA_PRESSUPOSTOS && (bt.p === null || bt.p >= ALPHA_PRESSUPOSTOS) && (!lv || lv.p >= ALPHA_PRESSUPOSTOS);
    return ` Nos dados transformados: ${partes.join(', ')}${resolve ? ', pressupostos atendidos a 5 %' : ', ainda com falha a 5 %'}.`;
  } catch {
    // The transformed table cannot be analysed (e.g. residuals that vanish): no sentence.
    return '';
  }
}

/**
 * The transformation the original data call for. Suggested only when Shapiro-Wilk, Bartlett or
 * Levene fails at 5 %; the choice follows Box-Cox's λ: within 0.25 of 0 → log, of 0.5 → square
 * root, of 1 → none (no power transformation helps: look for outliers), otherwise Box-Cox with λ
 * rounded to the nearest 0.5. With a zero yield λ cannot be estimated and the square root (defined
 * at 0, the usual choice for counts) is suggested. When the caller says what the variable is
 * (`natureza`), percentages (all within 0–100) get the arcsine and counts the square root whatever
 * λ says; λ is still reported.
 */
export function sugerirTransformacao(
  tabela: readonly (readonly number[])[],
  nomes: readonly string[],
  delineamento: Delineamento,
  testes: TestesPressupostos,
  natureza: NaturezaVariavel | null = null,
  /** The Latin square's columns (anova()'s `colunas`); null in the other designs. */
  colunas: readonly (readonly number[])[] | null = null,
): Omit<TransformacaoInfo, 'aplicada'> {
  const bc = boxCox(tabela, delineamento, colunas);
  const lambda = bc?.lambda ?? null;
  const lambdaArredondado = lambda === null ? null : arredondarLambda(lambda);
  const falhou = falhas(testes);
  if (falhou.length === 0) {
    return {
      sugerida: null,
      lambda,
      lambdaArredondado,
      motivo: 'Normalidade e homogeneidade das variâncias atendidas a 5 %: nenhuma transformação é necessária.',
    };
  }
  const problema = `Falha na ${falhou.join(' e na ')}.`;
  const comSugestao = (sugerida: Transformacao, texto: string): Omit<TransformacaoInfo, 'aplicada'> => {
    const transformada = transformarTabela(tabela, nomes, sugerida, lambdaArredondado);
    return { sugerida, lambda, lambdaArredondado, motivo: `${problema} ${texto}${depois(transformada, delineamento, colunas)}` };
  };
  if (natureza === 'porcentagem' && tabela.every((row) => row.every((v) => v >= 0 && v <= 100))) {
    return comSugestao(
      'arcoseno',
      'A variável é uma porcentagem, cuja variância depende da média: sugere-se a transformação arco-seno da raiz de (y/100).',
    );
  }
  if (natureza === 'contagem') {
    return comSugestao('raiz', 'A variável é uma contagem, cuja variância cresce com a média: sugere-se a raiz quadrada.');
  }
  if (lambda === null || lambdaArredondado === null) {
    return comSugestao('raiz', 'Há parcelas com produtividade zero, o que impede o logaritmo e o Box-Cox: sugere-se a raiz quadrada.');
  }
  const estimado = `O λ de Box-Cox estimado é ${lambdaTexto(lambda)}`;
  if (Math.abs(lambda) <= 0.25) return comSugestao('log', `${estimado}, próximo de 0: sugere-se o logaritmo.`);
  if (Math.abs(lambda - 0.5) <= 0.25) return comSugestao('raiz', `${estimado}, próximo de 0,5: sugere-se a raiz quadrada.`);
  if (Math.abs(lambda - 1) < 0.25) {
    return {
      sugerida: null,
      lambda,
      lambdaArredondado,
      motivo: `${problema} ${estimado}, próximo de 1: nenhuma transformação de potência deve corrigir a falha. Confira valores discrepantes (parcelas perdidas ou digitadas com erro).`,
    };
  }
  return comSugestao('boxcox', `${estimado}: sugere-se a transformação de Box-Cox com λ = ${lambdaTexto(lambdaArredondado, 1)}.`);
}
