/**
 * The trial analysis the API returns from GET /api/experiments/:id/analise (docs/api.md, "Trial
 * statistics"): ANOVA, Tukey and Scott-Knott letters as ExpDes.pt prints them, residual normality
 * (Shapiro-Wilk), homogeneity of variances (Bartlett), and each treatment's gain over the control
 * (gains.ts prices them against the treatments' costs). The server computes it; it lives in shared
 * so the response's types are the browser's too, and it stays pure TypeScript with no dependency.
 */
import { anova, type AnovaResult, type Delineamento, type LinhaAnova, type LinhaTabelaAnova } from './anova.js';
import { ptukey, qtukey } from './distributions.js';
import { bartlett } from './bartlett.js';
import { duncan, lsd, snk, type AmplitudesResult, type LsdResult } from './comparacoes.js';
import { regressaoDose, type RegressaoDose } from './regressao.js';
import { analisarFatorial, type Desdobramento, type FatorialResult } from './fatorial.js';
import { delineamentoDe, fatorialDe, type DesignInput } from './delineamento.js';
import { dunnett, type DunnettResult } from './dunnett.js';
import * as pressupostos from './pressupostos.js';
import type { Diagnostico, LeveneResult, NaturezaVariavel, Transformacao, TransformacaoInfo } from './pressupostos.js';
import { scottKnott } from './scott-knott.js';
import { checkShapiroWilkSample, shapiroWilk } from './shapiro-wilk.js';
import { StatsInputError } from './stats-input-error.js';
import { tukey, type GrupoMedia } from './tukey.js';
import { formatNumber } from '../format.js';

export { StatsInputError } from './stats-input-error.js';
export type { Delineamento, LinhaAnova, LinhaTabelaAnova } from './anova.js';
export type { GrupoMedia } from './tukey.js';
export type { AmplitudeCritica, AmplitudesResult, LsdResult } from './comparacoes.js';
export { formatarDose, type FaltaAjuste, type ModeloRegressao, type RegressaoDose, type TermoRegressao } from './regressao.js';
export type { ComparacaoNiveis, Desdobramento, ErroDesdobramento, FatorialResult, LinhaDesdobramento, MediaNivel } from './fatorial.js';
export type { ComparacaoDunnett, DunnettResult } from './dunnett.js';
export { ganhosComRetorno, type GanhoComRetorno } from './gains.js';
export { NATUREZAS, nomeTransformacao, TRANSFORMACOES } from './pressupostos.js';
export type { Diagnostico, LeveneResult, NaturezaVariavel, PontoDiagnostico, Transformacao, TransformacaoInfo } from './pressupostos.js';
export {
  aacpd,
  curvaProgresso,
  eficaciaAbbott,
  parcelasCompletas,
  type CurvaProgresso,
  type EficaciaAbbott,
  type ParcelaFaltante,
  type ParcelasCompletas,
  type PontoAvaliacao,
  type TratamentoAvaliacao,
} from './avaliacoes.js';

export type { DesignInput } from './delineamento.js';

/** An applied product as the regression's economic dose needs it (R$ custo for `dose` units). */
export interface ProdutoDose {
  dose: number | null;
  custo: number | null;
}

export interface TratamentoInput {
  nome: string;
  /**
   * Plot yields in kg/ha; in DBC designs the j-th replicate of every treatment is block j, in the
   * Latin square row j.
   */
  repeticoes: number[];
  /** Levels of factors A and B (two-factor designs); null/absent for the additional treatment. */
  nivelA?: string | null;
  nivelB?: string | null;
  /** The quantitative dose for the dose–response regression. */
  dose?: number | null;
  /** The products applied, for the price per unit of dose (custo ÷ dose). */
  produtos?: ProdutoDose[];
}

export interface AnalyzeInput {
  design: DesignInput;
  /** The first treatment is the control (testemunha). */
  tratamentos: TratamentoInput[];
  /** R$ per 60 kg bag; when given, each gain is also priced. */
  precoSaca?: number | null;
  /** Names of factors A and B in two-factor designs ("Produto", "Dose"). */
  fatores?: { a?: string | null; b?: string | null };
  /**
   * The Latin square only (required there): colunas[i][j] is the column (1-based) of treatment i's
   * j-th replicate, whose row is j + 1 (the croqui's `coluna` of that plot).
   */
  colunas?: number[][] | null;
}

export interface Ganho {
  nome: string;
  kgHa: number;
  scHa: number;
  /** null when the control's mean is 0 (a percentage of nothing). */
  pct: number | null;
  receitaExtra: number | null;
}

/** The one-way core of every analysis: ANOVA, Tukey, Scott-Knott, assumptions, gains. */
export interface TrialCore {
  delineamento: Delineamento;
  media: number;
  cv: number;
  anova: {
    tratamentos: LinhaAnova;
    /** Blocks (DBC) or the Latin square's rows; null in DIC. */
    blocos: LinhaAnova | null;
    /** The Latin square's columns; absent or null in the other designs. */
    colunas?: LinhaAnova | null;
    residuo: { gl: number; sq: number; qm: number };
    total: { gl: number; sq: number };
    /**
     * The same table as rows, in the usual order: Tratamentos, Blocos (DBC), Resíduo, Total; the
     * Latin square: Linhas, Colunas, Tratamentos, Resíduo, Total (R's aov(y ~ linha + coluna + trat)).
     * In analyze() the two-factor designs list their own sources instead (fatorial.ts).
     */
    linhas: LinhaTabelaAnova[];
  };
  tukey: { dms: number; grupos: GrupoMedia[] };
  scottKnott: { grupos: GrupoMedia[] };
  shapiroWilk: { w: number; p: number };
  /** Both null when a treatment's replicates are all equal (zero variance: see avisos()). */
  bartlett: { estatistica: number | null; p: number | null };
  testemunha: { nome: string; media: number } | null;
  ganhos: Ganho[];
}

/**
 * The analysis with the other multiple comparisons reviewers ask for, shaped like
 * `tukey`: Fisher's LSD (one DMS) and SNK and Duncan (a DMS per range of p means), letters at 5 %.
 */
export interface TrialAnalysis extends TrialCore {
  lsd: LsdResult;
  duncan: AmplitudesResult;
  snk: AmplitudesResult;
  /** Dose–response regression (regressao.ts); null when no treatment carries a dose. */
  regressao: RegressaoDose | null;
  /** Two-factor designs (fatorial.ts): levels, interaction, means, main effects; null for one factor. */
  fatorial: FatorialResult | null;
  /** The interaction unfolded when it is significant at 5 %; null otherwise and for one factor. */
  desdobramento: Desdobramento | null;
  /** Each treatment against the control (the first), adjusted p values: dunnett.ts. */
  dunnett: DunnettResult;
  /** Brown–Forsythe's Levene beside Bartlett; null when it cannot be computed (see avisos()). */
  levene: LeveneResult | null;
  /** The transformation the original data call for, and the one this analysis was computed on. */
  transformacao: TransformacaoInfo;
  /** Residuals, fitted values and normal Q–Q positions of the analysed model. */
  diagnostico: Diagnostico;
}

export interface AnalyzeOptions {
  /**
   * Runs the ANOVA, the assumption tests and the letters on the transformed yields. Means, the
   * control, gains, the grand mean and the CV stay in the original kg/ha (see withOriginalMeans()).
   */
  transformacao?: Transformacao | null;
  /**
   * What the analysed variable is (an assessment's percentage, count, grade or measurement): when
   * the assumptions fail, percentages are suggested the arcsine and counts the square root
   * (pressupostos.sugerirTransformacao()). Absent or null: yield, the Box-Cox rule.
   */
  natureza?: NaturezaVariavel | null;
}

export const ALPHA = 0.05;
export const MIN_REPETICOES = 2;
export const MAX_REPETICOES = 12;
export const KG_POR_SACA = 60;
/** Shapiro-Wilk (AS R94) is defined up to 5000 values. */
const MAX_PARCELAS = 5000;

/** Checks the table a user typed and says in pt-BR what to fix. */
function validar(input: AnalyzeInput): void {
  const tratamentos: unknown = input?.tratamentos;
  if (!Array.isArray(tratamentos) || tratamentos.length < 2) {
    const n = Array.isArray(tratamentos) ? tratamentos.length : 0;
    throw new StatsInputError(`São necessários pelo menos 2 tratamentos para a análise estatística (informado: ${n}).`);
  }
  const list = input.tratamentos;
  const nomes = list.map((t) => String(t?.nome ?? '').trim());
  const repetidos = nomes.filter((nome, i) => nomes.indexOf(nome) !== i);
  if (repetidos.length > 0) {
    throw new StatsInputError(
      `Nomes de tratamentos repetidos: ${[...new Set(repetidos)].map((n) => `"${n}"`).join(', ')}. Cada tratamento precisa de um nome diferente.`,
    );
  }
  const counts = list.map((t) => (Array.isArray(t?.repeticoes) ? t.repeticoes.length : 0));
  if (counts.every((c) => c === 0)) {
    throw new StatsInputError('Não há repetições informadas: registre a produtividade de cada parcela (repetição) dos tratamentos.');
  }
  if (counts.some((c) => c !== counts[0])) {
    const detalhe = nomes.map((nome, i) => `${nome || `tratamento ${i + 1}`} (${counts[i]})`).join(', ');
    throw new StatsInputError(
      `Número de repetições diferente entre os tratamentos: ${detalhe}. Todos precisam ter o mesmo número de repetições.`,
    );
  }
  const r = counts[0] ?? 0;
  if (r < MIN_REPETICOES) {
    throw new StatsInputError(`São necessárias pelo menos ${MIN_REPETICOES} repetições por tratamento (informada: ${r}).`);
  }
  if (r > MAX_REPETICOES) {
    throw new StatsInputError(`São permitidas no máximo ${MAX_REPETICOES} repetições por tratamento (informadas: ${r}).`);
  }
  if (list.length * r > MAX_PARCELAS) {
    throw new StatsInputError(`O ensaio tem ${list.length * r} parcelas; a análise aceita no máximo ${MAX_PARCELAS}.`);
  }
  list.forEach((t, i) => {
    t.repeticoes.forEach((v, j) => {
      const nome = nomes[i] || `tratamento ${i + 1}`;
      if (typeof v !== 'number' || !Number.isFinite(v)) {
        throw new StatsInputError(`Valor inválido na repetição ${j + 1} de "${nome}": informe um número.`);
      }
      if (v < 0) {
        throw new StatsInputError(`Valor negativo na repetição ${j + 1} de "${nome}": a produtividade não pode ser negativa.`);
      }
    });
  });
  if (delineamentoDe(input.design) === 'DQL' && (input.colunas === undefined || input.colunas === null)) {
    throw new StatsInputError(
      'A análise do quadrado latino precisa da coluna de cada parcela: sorteie ou informe o croqui do ensaio (linha e coluna de cada parcela).',
    );
  }
  const preco = input.precoSaca;
  if (preco !== null && preco !== undefined && (typeof preco !== 'number' || !Number.isFinite(preco) || preco < 0)) {
    throw new StatsInputError('Preço da saca inválido: informe um valor em reais maior ou igual a zero.');
  }
}

/** Shapiro-Wilk of the residuals (`test`), or only its checks; residuals it cannot test (all equal to the last bit) are the input's fault. */
function normalidade(residuos: number[]): { w: number; p: number };
function normalidade(residuos: number[], test: typeof checkShapiroWilkSample): void;
function normalidade(residuos: number[], test: (sample: number[]) => { w: number; p: number } | void = shapiroWilk) {
  try {
    return test(residuos);
  } catch (err) {
    if (err instanceof RangeError) {
      throw new StatsInputError(
        'Os resíduos não variam (os dados se ajustam ao modelo até a precisão do cálculo): não é possível testar a normalidade. Confira as produtividades.',
      );
    }
    throw err;
  }
}

/** The ANOVA as rows: every source of variation, in the order R and ExpDes.pt print them. */
export function linhasAnova(
  result: Pick<TrialCore['anova'], 'tratamentos' | 'blocos' | 'colunas' | 'residuo' | 'total'>,
): LinhaTabelaAnova[] {
  const { tratamentos, blocos, colunas, residuo, total } = result;
  if (colunas) {
    // The Latin square, in the order of R's aov(y ~ linha + coluna + trat).
    return [
      ...(blocos ? [{ fonte: 'Linhas', ...blocos }] : []),
      { fonte: 'Colunas', ...colunas },
      { fonte: 'Tratamentos', ...tratamentos },
      { fonte: 'Resíduo', gl: residuo.gl, sq: residuo.sq, qm: residuo.qm, f: null, p: null },
      { fonte: 'Total', gl: total.gl, sq: total.sq, qm: null, f: null, p: null },
    ];
  }
  return [
    { fonte: 'Tratamentos', ...tratamentos },
    ...(blocos ? [{ fonte: 'Blocos' as const, ...blocos }] : []),
    { fonte: 'Resíduo', gl: residuo.gl, sq: residuo.sq, qm: residuo.qm, f: null, p: null },
    { fonte: 'Total', gl: total.gl, sq: total.sq, qm: null, f: null, p: null },
  ];
}

/**
 * Analyses a balanced trial. Throws StatsInputError (message in pt-BR, for a 422) when the table
 * cannot be analysed.
 */
export function analyze(input: AnalyzeInput, options: AnalyzeOptions = {}): TrialAnalysis {
  const aplicada = options.transformacao ?? null;
  if (aplicada !== null && !pressupostos.TRANSFORMACOES.includes(aplicada)) {
    throw new StatsInputError(`Transformação desconhecida: "${String(aplicada)}". Use log, raiz ou boxcox. Para porcentagens: arcoseno.`);
  }
  const natureza = options.natureza ?? null;
  if (natureza !== null && !pressupostos.NATUREZAS.includes(natureza)) {
    throw new StatsInputError(`Natureza da variável desconhecida: "${String(natureza)}". Use ${pressupostos.NATUREZAS.join(', ')}.`);
  }
  const sugestao = (core: TrialCore, levene: LeveneResult | null) =>
    pressupostos.sugerirTransformacao(
      input.tratamentos.map((t) => t.repeticoes),
      input.tratamentos.map((t) => String(t.nome ?? '').trim()),
      core.delineamento,
      { shapiroWilk: core.shapiroWilk, bartlett: core.bartlett, levene },
      natureza,
      input.colunas ?? null,
    );
  // The original data's own analysis gives the suggestion and everything reported in kg/ha.
  const original = analisar(input, true);
  const info = sugestao(original, original.levene);
  if (aplicada === null) return { ...original, transformacao: { ...info, aplicada: null } };
  const transformed = analisar(input, true, { tipo: aplicada, lambda: info.lambdaArredondado });
  return withOriginalMeans(transformed, original, { ...info, aplicada });
}

/**
 * The transformed analysis as the report shows it: its ANOVA, tests, letters and diagnostics, with
 * every mean back in the original kg/ha (the plain means of the yields, not back-transformed: they
 * are what the gains and the control use; the order of the groups stays that of the transformed
 * means, the one the letters were given in), and the grand mean, CV, control and gains of the
 * original data.
 */
function withOriginalMeans(
  transformed: Omit<TrialAnalysis, 'transformacao'>,
  original: Omit<TrialAnalysis, 'transformacao'>,
  transformacao: TransformacaoInfo,
): TrialAnalysis {
  const medias = new Map(original.tukey.grupos.map((g) => [g.nome, g.media]));
  const grupos = (list: GrupoMedia[]): GrupoMedia[] => list.map((g) => ({ ...g, media: medias.get(g.nome) ?? g.media }));
  return {
    ...transformed,
    media: original.media,
    cv: original.cv,
    testemunha: original.testemunha,
    ganhos: original.ganhos,
    tukey: { ...transformed.tukey, grupos: grupos(transformed.tukey.grupos) },
    scottKnott: { grupos: grupos(transformed.scottKnott.grupos) },
    lsd: { ...transformed.lsd, grupos: grupos(transformed.lsd.grupos) },
    duncan: { ...transformed.duncan, grupos: grupos(transformed.duncan.grupos) },
    snk: { ...transformed.snk, grupos: grupos(transformed.snk.grupos) },
    // Dunnett's p values are the transformed data's; each difference is read in kg/ha.
    dunnett: {
      bilateral: transformed.dunnett.bilateral.map((c, i) => ({
        ...c,
        diferenca: original.dunnett.bilateral[i]?.diferenca ?? c.diferenca,
      })),
      superior: transformed.dunnett.superior.map((c, i) => ({ ...c, diferenca: original.dunnett.superior[i]?.diferenca ?? c.diferenca })),
    },
    // A dose–response curve and its economic dose only mean something in kg/ha.
    regressao: original.regressao,
    transformacao,
  };
}

/**
 * analyze() without LSD, SNK, Duncan and the two-factor tables: the one-way analysis the dashboard's
 * summary is defined on, whatever a factorial's levels say (resumoEnsaio() computes that summary
 * without it; resumo.test.ts holds the two equal).
 */
export function analyzeCore(input: AnalyzeInput): TrialCore {
  return analisar(input, false);
}

/** What the dashboard keeps of a trial's analysis (stored with the experiment on every save). */
export interface ResumoEnsaio {
  /** The F test significant at 5 % and the best treatment above the control by more than Tukey's DMS. */
  vitoria: boolean;
  cv: number;
}

/**
 * resumoEnsaio()'s margin around 1 − α on ptukey's scale: far wider than the error of qtukey's root
 * (~1e-10) and of ptukey's quadrature, so a probability outside it decides the comparison with
 * Tukey's DMS the same way the DMS itself would.
 */
const MARGEM_PTUKEY = 1e-6;

/**
 * The dashboard's summary, equal to what analyzeCore() gives for it (the same CV; `vitoria` the
 * same comparison with the same DMS) at a fraction of the cost, since every save computes it:
 * analyzeCore() also sorts letters, runs Scott-Knott, Shapiro-Wilk and Bartlett, and its DMS needs
 * qtukey, ~20 ms of root finding for each (treatments, residual df) a process has not seen yet.
 * Here: the ANOVA (sums over the plots); no Tukey at all when F is not significant or no treatment
 * beats the control; otherwise one ptukey (~1 ms) of the gap, and qtukey only when that probability
 * falls within MARGEM_PTUKEY of 1 − α. Throws StatsInputError for the same inputs analyzeCore()
 * does, Shapiro-Wilk's checks included; resumo.test.ts compares the two.
 */
export function resumoEnsaio(input: AnalyzeInput): ResumoEnsaio {
  const result = anovaValidada(input);
  normalidade(result.residuos, checkShapiroWilkSample);
  return { vitoria: superaTestemunha(result), cv: result.cv };
}

/** The one-way ANOVA of the input's yields, after the checks every analysis makes of them. */
function anovaValidada(input: AnalyzeInput): AnovaResult {
  const delineamento = delineamentoDe(input?.design);
  validar(input);
  return anova(
    input.tratamentos.map((t) => t.repeticoes),
    delineamento,
    input.colunas,
  );
}

/**
 * Each treatment's mean (in the input's order) and the general mean, from the ANOVA after every check
 * analyze() makes of the yields: what MAPA's rules read of a trial (shared/conformidade-regras.ts),
 * for the cost of the sums. Throws StatsInputError for what analyze() refuses.
 */
export function mediasDoEnsaio(input: AnalyzeInput): { medias: number[]; media: number } {
  const result = anovaValidada(input);
  return { medias: result.medias, media: result.media };
}

/** One treatment against the control in one trial, as the meta-analysis across trials pools it. */
export interface EfeitoEnsaio {
  efeito: number;
  variancia: number;
  mediaTratamento: number;
  mediaTestemunha: number;
  r: number;
  qmResiduo: number;
  glResiduo: number;
  cv: number;
}

/**
 * Treatment `tratamento` against treatment `testemunha` from the trial's own ANOVA (the design's
 * one-way model, as analyzeCore() fits it): on the `diferenca` scale the difference of their means,
 * variance 2·QMres/r; on the `razao` scale ln(mean ÷ control's mean), with the delta method's
 * variance QMres/r·(1/mean² + 1/control's mean²) (Hedges, Gurevitch & Curtis 1999). Throws
 * StatsInputError for what analyzeCore() refuses, and for a ratio of a mean that is not positive.
 * The Shapiro-Wilk check is not run: the meta-analysis pools means, not the residuals' shape.
 */
export function efeitoContraTestemunha(
  input: AnalyzeInput,
  tratamento: number,
  testemunha: number,
  escala: 'diferenca' | 'razao',
): EfeitoEnsaio {
  const result = anovaValidada(input);
  const mt = result.medias[tratamento];
  const mc = result.medias[testemunha];
  if (mt === undefined || mc === undefined) throw new StatsInputError('Tratamento ou testemunha fora do ensaio.');
  const qm = result.residuo.qm;
  const base = { mediaTratamento: mt, mediaTestemunha: mc, r: result.r, qmResiduo: qm, glResiduo: result.residuo.gl, cv: result.cv };
  if (escala === 'diferenca') return { ...base, efeito: mt - mc, variancia: (2 * qm) / result.r };
  if (!(mt > 0) || !(mc > 0)) {
    throw new StatsInputError('A média do tratamento ou da testemunha é zero: a razão entre elas não existe.');
  }
  return { ...base, efeito: Math.log(mt / mc), variancia: (qm / result.r) * (1 / (mt * mt) + 1 / (mc * mc)) };
}

/** After a significant F test, whether the best other treatment beats the first (the control) by more than Tukey's DMS. */
function superaTestemunha(result: AnovaResult): boolean {
  if (!(result.tratamentos.p < ALPHA)) return false;
  const gap = Math.max(...result.medias.slice(1)) - (result.medias[0] ?? 0);
  // Tukey's DMS is positive (a positive quantile times a positive residual mean square).
  if (!(gap > 0)) return false;
  const erro = Math.sqrt(result.residuo.qm / result.r);
  const dms = () => qtukey(1 - ALPHA, result.k, result.residuo.gl) * erro;
  // For two treatments qtukey is Student's t quantile (cheap), not a root of ptukey.
  if (result.k === 2) return gap > dms();
  const p = ptukey(gap / erro, result.k, result.residuo.gl);
  if (p > 1 - ALPHA + MARGEM_PTUKEY) return true;
  if (p < 1 - ALPHA - MARGEM_PTUKEY) return false;
  return gap > dms();
}

/** A transformation to analyse the yields on (validated as yields first). */
interface Escala {
  tipo: Transformacao;
  lambda: number | null;
}

function analisar(input: AnalyzeInput, extras: true, escala?: Escala): Omit<TrialAnalysis, 'transformacao'>;
function analisar(input: AnalyzeInput, extras: false): TrialCore;
function analisar(input: AnalyzeInput, extras: boolean, escala?: Escala): TrialCore | Omit<TrialAnalysis, 'transformacao'> {
  const delineamento = delineamentoDe(input?.design);
  validar(input);
  const nomes = input.tratamentos.map((t) => String(t.nome ?? '').trim());
  const yields = input.tratamentos.map((t) => t.repeticoes);
  const tabela = escala ? pressupostos.transformarTabela(yields, nomes, escala.tipo, escala.lambda) : yields;

  const result = anova(tabela, delineamento, input.colunas);
  const significativo = result.tratamentos.p < ALPHA;
  const comparacao = {
    nomes,
    medias: result.medias,
    r: result.r,
    qmRes: result.residuo.qm,
    glRes: result.residuo.gl,
    significativo,
    alpha: ALPHA,
  };
  const hsd = tukey(comparacao);
  const sk = scottKnott(comparacao);

  const controle = result.medias[0] ?? 0;
  const preco = input.precoSaca ?? null;
  const ganhos: Ganho[] = nomes.slice(1).map((nome, index) => {
    const kgHa = (result.medias[index + 1] ?? 0) - controle;
    const scHa = kgHa / KG_POR_SACA;
    return {
      nome,
      kgHa,
      scHa,
      pct: controle > 0 ? (100 * kgHa) / controle : null,
      receitaExtra: preco === null ? null : scHa * preco,
    };
  });

  const core: TrialCore = {
    delineamento,
    media: result.media,
    cv: result.cv,
    anova: {
      tratamentos: result.tratamentos,
      blocos: result.blocos,
      ...(result.colunas ? { colunas: result.colunas } : {}),
      residuo: result.residuo,
      total: result.total,
      linhas: linhasAnova(result),
    },
    tukey: { dms: hsd.dms, grupos: hsd.grupos },
    scottKnott: { grupos: sk.grupos },
    shapiroWilk: normalidade(result.residuos),
    bartlett: bartlett(tabela),
    testemunha: { nome: nomes[0] ?? '', media: controle },
    ganhos,
  };
  if (!extras) return core;
  const regressao = regressaoDose({
    nomes,
    doses: input.tratamentos.map((t) => t.dose),
    medias: result.medias,
    r: result.r,
    qmRes: result.residuo.qm,
    glRes: result.residuo.gl,
    produtos: input.tratamentos.map((t) => t.produtos),
    precoSaca: preco,
  });
  const fatorialDesign = fatorialDe(input.design);
  const fat = fatorialDesign ? analisarFatorial({ ...input, design: fatorialDesign }, result) : null;
  return {
    ...core,
    ...(fat ? { anova: { ...core.anova, linhas: fat.linhas } } : {}),
    lsd: lsd(comparacao),
    duncan: duncan(comparacao),
    snk: snk(comparacao),
    dunnett: dunnett(comparacao),
    regressao,
    fatorial: fat?.fatorial ?? null,
    desdobramento: fat?.desdobramento ?? null,
    levene: pressupostos.levene(tabela),
    diagnostico: pressupostos.diagnostico(nomes, tabela, result),
  };
}

// ---------------------------------------------------------------------------------------------
// Plain-language reading of the result

export type ClasseCv = 'baixo' | 'médio' | 'alto' | 'muito alto';

/**
 * Pimentel-Gomes' classes for field trials: baixo < 10 %, médio 10–20 %, alto 20–30 %,
 * muito alto > 30 % (a value on a boundary goes to the lower class).
 */
export function classificarCv(cv: number): ClasseCv {
  if (cv < 10) return 'baixo';
  if (cv <= 20) return 'médio';
  if (cv <= 30) return 'alto';
  return 'muito alto';
}

/** A p-value as a reader expects it: "p = 0,012", "p < 0,001". */
export function descreverP(p: number): string {
  return p < 0.001 ? 'p < 0,001' : `p = ${formatNumber(p, 3)}`;
}

const LEITURA_CV: Readonly<Record<ClasseCv, string>> = {
  baixo: 'boa precisão experimental',
  médio: 'precisão experimental aceitável',
  alto: 'precisão experimental baixa: diferenças moderadas entre tratamentos podem não ser detectadas',
  'muito alto': 'precisão experimental muito baixa: os resultados devem ser vistos com reserva',
};

/** pt-BR notes on the assumptions and precision of an analysis, most important first. */
export function avisos(
  result: TrialCore & Partial<Pick<TrialAnalysis, 'levene' | 'transformacao' | 'diagnostico'>>,
  /** The variable's unit ("" when it has none); an assessment has no gains in kg/ha. */
  { unidade = 'kg/ha', ganhos = true }: { unidade?: string; ganhos?: boolean } = {},
): string[] {
  const out: string[] = [];
  const { transformacao } = result;
  if (transformacao?.aplicada) {
    const escala = unidade ? `na escala original (${unidade})` : 'na escala original';
    out.push(
      `Análise feita com os dados transformados (${pressupostos.nomeTransformacao(transformacao.aplicada, transformacao.lambdaArredondado)}): ANOVA, testes e letras; ${ganhos ? 'médias, ganhos e CV estão' : 'médias e CV estão'} ${escala}.`,
    );
  }
  if (result.shapiroWilk.p < ALPHA) {
    out.push(
      `Os resíduos não seguem distribuição normal (Shapiro-Wilk ${descreverP(result.shapiroWilk.p)}): interprete os testes com cautela.`,
    );
  }
  const { p: pBartlett } = result.bartlett;
  if (pBartlett === null) {
    out.push(
      'O teste de Bartlett não pôde ser calculado porque algum tratamento tem todas as repetições iguais (variância zero): confira os dados.',
    );
  } else if (pBartlett < ALPHA) {
    out.push(`As variâncias dos tratamentos não são homogêneas (Bartlett ${descreverP(pBartlett)}): interprete os testes com cautela.`);
  }
  if (result.levene === null) {
    const r = result.diagnostico ? result.diagnostico.pontos.length / Math.max(1, result.tukey.grupos.length) : 0;
    out.push(
      r === 2
        ? 'O teste de Levene não se aplica com 2 repetições por tratamento: os dois desvios em relação à mediana são sempre iguais.'
        : 'O teste de Levene não pôde ser calculado: os desvios em relação à mediana não variam dentro dos tratamentos.',
    );
  } else if (result.levene && result.levene.p < ALPHA) {
    out.push(
      `As variâncias dos tratamentos não são homogêneas pelo teste de Levene (Brown-Forsythe, ${descreverP(result.levene.p)}): interprete os testes com cautela.`,
    );
  }
  if (transformacao && !transformacao.aplicada && transformacao.sugerida) {
    out.push(
      `Sugestão: analisar os dados com a transformação ${pressupostos.nomeTransformacao(transformacao.sugerida, transformacao.lambdaArredondado)}; veja "Pressupostos da análise".`,
    );
  }
  if (result.anova.tratamentos.p >= ALPHA) {
    out.push(
      `O teste F não foi significativo a 5 % (${descreverP(result.anova.tratamentos.p)}): as médias dos tratamentos não diferem entre si e todas recebem a letra "a".`,
    );
  }
  const classe = classificarCv(result.cv);
  out.push(`Coeficiente de variação ${classe} (CV = ${formatNumber(result.cv, 1)} %): ${LEITURA_CV[classe]}.`);
  return out;
}
