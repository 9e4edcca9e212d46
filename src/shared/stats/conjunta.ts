/**
 * Joint analysis of a group of trials (análise conjunta): the same treatments at several sites or
 * seasons, each trial a balanced DIC or DBC. The model is R's aov(y ~ local/bloco + trat * local):
 *
 *   Blocos/Locais (the DBC sites' blocks), Locais, Tratamentos, Tratamentos × Locais, Resíduo, Total
 *
 * where Blocos/Locais and Resíduo pool each site's own blocks and residual (so a group may mix DIC
 * and DBC sites: a DIC site adds no block row). References: Pimentel-Gomes, Curso de Estatística
 * Experimental (análise de grupos de experimentos); Banzatto & Kronka, Experimentação Agrícola
 * (análise conjunta); Cochran & Cox (1957), Experimental Designs (groups of experiments).
 *
 * Decisions (docs/decisions/011-joint-analysis.md):
 * - Every site must have the same number of replicates r. With different r the treatment × site
 *   table is unbalanced and the test of treatments against the interaction depends on variance
 *   components; as decision 004 says for one trial, that is refused in words, not approximated.
 * - Tratamentos is tested against Tratamentos × Locais when the interaction is significant at 5 %
 *   (the treatments' differences then change from site to site, and the sites are a sample of
 *   where the product will be used), and against the pooled residual otherwise (Pimentel-Gomes;
 *   Banzatto & Kronka). Every other row is tested against the pooled residual, as aov prints it.
 * - Tukey's letters for the overall means use that same error: DMS = q(k, gl) · √(QM / (r · L)).
 * - razao_qmr = largest / smallest residual mean square of the sites; above 7 the pooled residual
 *   does not represent every site (Pimentel-Gomes' rule) and a warning says so.
 * - The control is the first treatment of the first experiment; treatments are matched by name,
 *   trimmed and without regard to case. A win at a site is a site mean above the control's there.
 */
import { anova, DESIGNS_UM_FATOR, type AnovaResult, type Delineamento, type LinhaTabelaAnova } from './anova.js';
import { fUpperTail } from './distributions.js';
import { StatsInputError } from './stats-input-error.js';
import { tukey, type GrupoMedia } from './tukey.js';
import { formatNumber } from '../format.js';

/** At 5 %, as the single-trial analysis (index.ts ALPHA). */
const ALPHA = 0.05;
const MIN_REPETICOES = 2;
const MAX_REPETICOES = 12;
export const MIN_LOCAIS = 2;
export const MAX_LOCAIS = 50;
/** Pimentel-Gomes: residual mean squares more than 7 times apart should not be pooled. */
export const RAZAO_QMR_MAXIMA = 7;

/** One trial of the group, as the server reads it. */
export interface LocalInput {
  experimentId: number;
  /** How the report and the messages name the site ("Sorriso/MT · 2024"). */
  nome: string;
  /** The experiment's tipo_estatistica. */
  design: string;
  /** In the experiment's order; repeticoes[j] is block j in a DBC. */
  tratamentos: { nome: string; repeticoes: number[] | null | undefined }[];
}

export type LinhaAnovaConjunta = LinhaTabelaAnova<
  'Blocos/Locais' | 'Locais' | 'Tratamentos' | 'Tratamentos × Locais' | 'Resíduo' | 'Total'
>;

export interface LocalConjunta {
  experimentId: number;
  nome: string;
  delineamento: Delineamento;
  media: number;
  cv: number;
  qmRes: number;
  glRes: number;
  /** The site's own F test of treatments. */
  pTratamentos: number;
  /** The site's treatment means, in the order of `tratamentos`. */
  medias: number[];
}

export interface VitoriaConjunta {
  nome: string;
  /** Sites where this treatment's mean beat the control's. */
  vitorias: number;
  locais: number;
  /** vitorias / locais, 0–1. */
  taxa: number;
  /** Overall mean minus the control's, kg/ha; pct null when the control's mean is 0. */
  ganhoKgHa: number;
  ganhoPct: number | null;
}

export interface AnaliseConjunta {
  /** The treatments' names as the first experiment spells them, in its order (the first is the control). */
  tratamentos: string[];
  repeticoes: number;
  media: number;
  /** Of the pooled residual: 100·√QMres / mean. */
  cv: number;
  anova: { linhas: LinhaAnovaConjunta[] };
  /** The error Tratamentos and Tukey's letters were tested against. */
  erroTratamentos: { fonte: 'Tratamentos × Locais' | 'Resíduo'; gl: number; qm: number };
  razao_qmr: number;
  tukey: { dms: number; grupos: GrupoMedia[] };
  /** Overall means with Tukey's letters, highest first (the same as tukey.grupos). */
  grupos: GrupoMedia[];
  testemunha: { nome: string; media: number };
  locais: LocalConjunta[];
  vitorias: VitoriaConjunta[];
  avisos: string[];
}

const chave = (nome: string) => nome.trim().toLocaleLowerCase('pt-BR');
const rotulo = (l: LocalInput) => `o experimento nº ${l.experimentId} (${l.nome})`;
/** Up to five names in quotes, then how many more (a message stays readable with 30 treatments). */
const lista = (nomes: string[]) => {
  const shown = nomes.slice(0, 5).map((n) => `"${n}"`);
  return nomes.length > 5 ? `${shown.join(', ')} e mais ${nomes.length - 5}` : shown.join(', ');
};
const Rotulo = (l: LocalInput) => `O experimento nº ${l.experimentId} (${l.nome})`;

function delineamentoDe(l: LocalInput): Delineamento {
  const found = DESIGNS_UM_FATOR[String(l.design ?? '').trim()];
  if (!found) {
    throw new StatsInputError(
      `${Rotulo(l)} é "${String(l.design ?? '')}": a análise conjunta aceita experimentos de um fator em DBC ou inteiramente casualizados (DIC).`,
    );
  }
  return found;
}

/** Each site's yields in the first experiment's treatment order, after every check a user can act on. */
function tabelas(locais: readonly LocalInput[]): { nomes: string[]; tabelas: number[][][]; r: number } {
  const ref = locais[0]!;
  const nomes = ref.tratamentos.map((t) => String(t?.nome ?? '').trim());
  const porLocal = locais.map((l) => {
    if (!Array.isArray(l.tratamentos) || l.tratamentos.length < 2) {
      throw new StatsInputError(`${Rotulo(l)} tem menos de 2 tratamentos: não pode entrar na análise conjunta.`);
    }
    const indice = new Map<string, number>();
    l.tratamentos.forEach((t, i) => {
      const k = chave(String(t?.nome ?? ''));
      if (indice.has(k)) {
        throw new StatsInputError(
          `${Rotulo(l)} tem dois tratamentos chamados "${String(t.nome).trim()}": cada tratamento precisa de um nome diferente.`,
        );
      }
      indice.set(k, i);
    });
    return indice;
  });
  const refIndice = porLocal[0]!;
  locais.forEach((l, s) => {
    const indice = porLocal[s]!;
    const faltam = nomes.filter((n) => !indice.has(chave(n)));
    const sobram = l.tratamentos.map((t) => String(t.nome).trim()).filter((n) => !refIndice.has(chave(n)));
    if (faltam.length || sobram.length) {
      const partes = [
        faltam.length ? `não tem ${lista(faltam)}` : '',
        sobram.length ? `tem ${lista(sobram)}, que ${rotulo(ref)} não tem` : '',
      ].filter(Boolean);
      throw new StatsInputError(
        `Os experimentos não têm os mesmos tratamentos: ${rotulo(l)} ${partes.join(' e ')}. A análise conjunta exige os mesmos tratamentos (com os mesmos nomes) em todos os experimentos.`,
      );
    }
  });

  const tab = locais.map((l, s) => {
    const indice = porLocal[s]!;
    const linhas = nomes.map((n) => l.tratamentos[indice.get(chave(n))!]!.repeticoes);
    if (linhas.some((y) => !Array.isArray(y) || y.length === 0)) {
      throw new StatsInputError(
        `${Rotulo(l)} não tem as produtividades por repetição (blocos) de todos os tratamentos: registre-as no formulário para incluí-lo na análise conjunta.`,
      );
    }
    const counts = linhas.map((y) => y!.length);
    if (counts.some((c) => c !== counts[0])) {
      const detalhe = nomes.map((n, i) => `${n} (${counts[i]})`).join(', ');
      throw new StatsInputError(
        `${Rotulo(l)} tem número de repetições diferente entre os tratamentos: ${detalhe}. Todos precisam ter o mesmo número de repetições.`,
      );
    }
    const r = counts[0]!;
    if (r < MIN_REPETICOES || r > MAX_REPETICOES) {
      throw new StatsInputError(
        `${Rotulo(l)} tem ${r} repetição(ões) por tratamento: a análise aceita de ${MIN_REPETICOES} a ${MAX_REPETICOES}.`,
      );
    }
    linhas.forEach((y, i) =>
      y!.forEach((v, j) => {
        if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
          throw new StatsInputError(
            `${Rotulo(l)}: valor inválido na repetição ${j + 1} de "${nomes[i]}" (informe uma produtividade maior ou igual a zero).`,
          );
        }
      }),
    );
    return linhas as number[][];
  });

  const rs = tab.map((t) => t[0]!.length);
  if (rs.some((r) => r !== rs[0])) {
    const detalhe = locais.map((l, s) => `nº ${l.experimentId} (${l.nome}): ${rs[s]}`).join('; ');
    throw new StatsInputError(
      `Os experimentos têm números de repetições diferentes (${detalhe}). A análise conjunta exige o mesmo número de repetições em todos os locais.`,
    );
  }
  return { nomes, tabelas: tab, r: rs[0]! };
}

const mean = (values: readonly number[]) => values.reduce((a, v) => a + v, 0) / values.length;

/**
 * The joint analysis of `locais` (2–50 trials, the first one's first treatment the control).
 * Throws StatsInputError (pt-BR, for a 422) when they cannot be analysed together.
 */
export function analiseConjunta(locais: readonly LocalInput[]): AnaliseConjunta {
  if (!Array.isArray(locais) || locais.length < MIN_LOCAIS) {
    throw new StatsInputError(`Selecione pelo menos ${MIN_LOCAIS} experimentos para a análise conjunta.`);
  }
  if (locais.length > MAX_LOCAIS) {
    throw new StatsInputError(`A análise conjunta aceita no máximo ${MAX_LOCAIS} experimentos (selecionados: ${locais.length}).`);
  }
  const delineamentos = locais.map(delineamentoDe);
  const { nomes, tabelas: tab, r } = tabelas(locais);
  const k = nomes.length;
  const L = locais.length;

  // Each site on its own, as its single-trial analysis: its residual, blocks, CV and means.
  const porLocal: AnovaResult[] = tab.map((t, s) => {
    try {
      return anova(t, delineamentos[s]!);
    } catch (err) {
      if (err instanceof StatsInputError) throw new StatsInputError(`${Rotulo(locais[s]!)}: ${err.message}`);
      throw err;
    }
  });

  const todos = tab.flat(2);
  const G = mean(todos);
  const mediasLocal = porLocal.map((a) => a.media);
  const mediasTrat = nomes.map((_, i) => mean(porLocal.map((a) => a.medias[i]!)));
  let sqTL = 0;
  porLocal.forEach((a, s) =>
    a.medias.forEach((c, i) => {
      sqTL += (c - mediasTrat[i]! - mediasLocal[s]! + G) ** 2;
    }),
  );
  sqTL *= r;
  const sqL = k * r * mediasLocal.reduce((acc, m) => acc + (m - G) ** 2, 0);
  const sqT = r * L * mediasTrat.reduce((acc, m) => acc + (m - G) ** 2, 0);
  const sqTotal = todos.reduce((acc, y) => acc + (y - G) ** 2, 0);
  const blocos = porLocal.filter((a) => a.blocos);
  const sqB = blocos.reduce((acc, a) => acc + a.blocos!.sq, 0);
  const glB = blocos.reduce((acc, a) => acc + a.blocos!.gl, 0);
  const sqR = porLocal.reduce((acc, a) => acc + a.residuo.sq, 0);
  const glR = porLocal.reduce((acc, a) => acc + a.residuo.gl, 0);
  const qmR = sqR / glR;

  const glL = L - 1;
  const glT = k - 1;
  const glTL = glT * glL;
  const qmTL = sqTL / glTL;
  const fTL = qmTL / qmR;
  const pTL = fUpperTail(fTL, glTL, glR);
  const interacao = pTL < ALPHA;
  const erro = interacao
    ? ({ fonte: 'Tratamentos × Locais', gl: glTL, qm: qmTL } as const)
    : ({ fonte: 'Resíduo', gl: glR, qm: qmR } as const);
  const qmT = sqT / glT;
  const fT = qmT / erro.qm;
  const pT = fUpperTail(fT, glT, erro.gl);
  const contraResiduo = (fonte: LinhaAnovaConjunta['fonte'], gl: number, sq: number): LinhaAnovaConjunta => {
    const qm = sq / gl;
    const f = qm / qmR;
    return { fonte, gl, sq, qm, f, p: fUpperTail(f, gl, glR) };
  };
  const linhas: LinhaAnovaConjunta[] = [
    ...(glB > 0 ? [contraResiduo('Blocos/Locais', glB, sqB)] : []),
    contraResiduo('Locais', glL, sqL),
    { fonte: 'Tratamentos', gl: glT, sq: sqT, qm: qmT, f: fT, p: pT },
    { fonte: 'Tratamentos × Locais', gl: glTL, sq: sqTL, qm: qmTL, f: fTL, p: pTL },
    { fonte: 'Resíduo', gl: glR, sq: sqR, qm: qmR, f: null, p: null },
    { fonte: 'Total', gl: L * k * r - 1, sq: sqTotal, qm: null, f: null, p: null },
  ];

  const qms = porLocal.map((a) => a.residuo.qm);
  const razao = Math.max(...qms) / Math.min(...qms);
  const hsd = tukey({
    nomes,
    medias: mediasTrat,
    r: r * L,
    qmRes: erro.qm,
    glRes: erro.gl,
    significativo: pT < ALPHA,
    alpha: ALPHA,
  });

  const controle = mediasTrat[0]!;
  const vitorias: VitoriaConjunta[] = nomes.slice(1).map((nome, idx) => {
    const i = idx + 1;
    const v = porLocal.filter((a) => a.medias[i]! > a.medias[0]!).length;
    const ganho = mediasTrat[i]! - controle;
    return { nome, vitorias: v, locais: L, taxa: v / L, ganhoKgHa: ganho, ganhoPct: controle > 0 ? (100 * ganho) / controle : null };
  });

  const result: Omit<AnaliseConjunta, 'avisos'> = {
    tratamentos: nomes,
    repeticoes: r,
    media: G,
    cv: (100 * Math.sqrt(qmR)) / G,
    anova: { linhas },
    erroTratamentos: erro,
    razao_qmr: razao,
    tukey: { dms: hsd.dms, grupos: hsd.grupos },
    grupos: hsd.grupos,
    testemunha: { nome: nomes[0]!, media: controle },
    locais: locais.map((l, s) => {
      const a = porLocal[s]!;
      return {
        experimentId: l.experimentId,
        nome: l.nome,
        delineamento: a.delineamento,
        media: a.media,
        cv: a.cv,
        qmRes: a.residuo.qm,
        glRes: a.residuo.gl,
        pTratamentos: a.tratamentos.p,
        medias: a.medias,
      };
    }),
    vitorias,
  };
  return { ...result, avisos: avisosConjunta(result) };
}

const descreverP = (p: number) => (p < 0.001 ? 'p < 0,001' : `p = ${formatNumber(p, 3)}`);

/** pt-BR notes on the group: heterogeneous residuals, the interaction and which error was used. */
function avisosConjunta(a: Omit<AnaliseConjunta, 'avisos'>): string[] {
  const out: string[] = [];
  if (a.razao_qmr > RAZAO_QMR_MAXIMA) {
    out.push(
      `A razão entre o maior e o menor quadrado médio do resíduo dos locais é ${formatNumber(a.razao_qmr, 1)}, maior que ${RAZAO_QMR_MAXIMA}: as variâncias dos locais não são homogêneas e o resíduo médio não representa todos eles (regra de Pimentel-Gomes). Interprete os testes com cautela ou analise juntos só os locais de variâncias semelhantes.`,
    );
  }
  const tl = a.anova.linhas.find((l) => l.fonte === 'Tratamentos × Locais')!;
  if (a.erroTratamentos.fonte === 'Tratamentos × Locais') {
    out.push(
      `A interação Tratamentos × Locais foi significativa (${descreverP(tl.p!)}): a diferença entre os tratamentos muda de um local para outro. Tratamentos e as letras de Tukey foram testados contra o quadrado médio da interação; veja as médias por local.`,
    );
  } else {
    out.push(
      `A interação Tratamentos × Locais não foi significativa (${descreverP(tl.p!)}): os tratamentos se comportam de forma semelhante nos locais, e Tratamentos foi testado contra o resíduo médio.`,
    );
  }
  const t = a.anova.linhas.find((l) => l.fonte === 'Tratamentos')!;
  if (t.p! >= ALPHA) {
    out.push(
      `O teste F de Tratamentos não foi significativo a 5 % (${descreverP(t.p!)}): as médias gerais não diferem entre si e todas recebem a letra "a".`,
    );
  }
  return out;
}
