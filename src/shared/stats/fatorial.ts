/**
 * Two-factor trials: "Fatorial DIC", "Fatorial DBC", "Fatorial DBC com adicional" and
 * "Parcelas Subdivididas DBC". Each treatment is one combination of a level of A (`nivelA`) and a
 * level of B (`nivelB`), every combination exactly once; in DBC the j-th replicate is block j.
 *
 * Sums of squares from the cell means of the balanced table (Banzatto & Kronka, Experimentação
 * Agrícola, caps. 7–8; Pimentel-Gomes, Curso de Estatística Experimental), accumulated from
 * deviations like anova.ts. The residual of the factorials is the one-way residual of the
 * combinations (identical); "com adicional" splits the treatments' sum of squares into A, B, A×B and
 * the contrast of the factorial's mean with the additional treatment's (Healy 1956, as ExpDes.pt's
 * fat2.ad.dbc); the split plot (parcelas-subdivididas.ts) has errors (a) and (b).
 *
 * When the interaction is significant at 5 % it is unfolded (desdobramento): B within each level of
 * A and A within each level of B, each with its F test and Tukey letters; otherwise the main-effect
 * means get Tukey letters. In split plots A within B is tested against the combined error
 * [QMa + (b − 1)·QMb]/b with Satterthwaite's degrees of freedom, as ExpDes.pt's psub2.dbc does.
 * Reference values: tests/fixtures/stats/fatorial.R.
 */
import type { DelineamentoFatorial } from '../constants.js';
import type { AnovaResult, LinhaTabelaAnova } from './anova.js';
import { fUpperTail } from './distributions.js';
import { erroCombinado as combinar, somasParcelas } from './parcelas-subdivididas.js';
import { StatsInputError } from './stats-input-error.js';
import { tukey, type GrupoMedia } from './tukey.js';

// The same 5 % as index.ts ALPHA (index.ts imports this module, so it cannot import from there).
const ALPHA = 0.05;

/** Tukey at 5 % for the levels of one factor: `grupos[].nome` is the level, highest mean first. */
export interface ComparacaoNiveis {
  dms: number;
  grupos: GrupoMedia[];
}

/** One row of a desdobramento: the factor within one level of the other, with its letters. */
export interface LinhaDesdobramento extends ComparacaoNiveis {
  /** The level of the other factor this row is within. */
  nivel: string;
  gl: number;
  sq: number;
  qm: number;
  f: number;
  p: number;
}

/** The error a desdobramento is tested against (gl not an integer for the combined error). */
export interface ErroDesdobramento {
  fonte: string;
  gl: number;
  qm: number;
}

export interface Desdobramento {
  bDentroDeA: LinhaDesdobramento[];
  aDentroDeB: LinhaDesdobramento[];
  residuo: { bDentroDeA: ErroDesdobramento; aDentroDeB: ErroDesdobramento };
}

export interface MediaNivel {
  nivel: string;
  media: number;
}

export interface FatorialResult {
  /** The design actually analysed (the top-level `delineamento` stays DBC/DIC for the one-way part). */
  delineamento: DelineamentoFatorial;
  fatores: { a: string; b: string };
  /** Levels in order of first appearance, spelled as first typed (trimmed). */
  niveisA: string[];
  niveisB: string[];
  interacao: { f: number; p: number; significativa: boolean };
  /** Mean of every combination, A-major. */
  medias: { nivelA: string; nivelB: string; media: number }[];
  /** Marginal means of each factor (over the factorial's plots only). */
  mediasA: MediaNivel[];
  mediasB: MediaNivel[];
  /** Tukey for each factor's main effect when the interaction is not significant, else null. */
  efeitosPrincipais: { a: ComparacaoNiveis; b: ComparacaoNiveis } | null;
  /** "com adicional": the additional treatment's mean beside the factorial's. */
  adicional: { nome: string; media: number; mediaFatorial: number } | null;
  /** Split plots: 100·√QM / mean for errors (a) and (b); null for the other designs. */
  cv: { a: number; b: number } | null;
}

export interface FatorialAnalysis {
  linhas: LinhaTabelaAnova[];
  fatorial: FatorialResult;
  desdobramento: Desdobramento | null;
}

export interface FatorialInput {
  design: DelineamentoFatorial;
  fatores?: { a?: string | null; b?: string | null } | undefined;
  /** Already validated as a rectangular table (index.ts). */
  tratamentos: readonly { nome: string; repeticoes: readonly number[]; nivelA?: string | null; nivelB?: string | null }[];
}

/** Where each treatment sits: cell[i][j] is the treatment index of level i of A with level j of B. */
interface Arranjo {
  niveisA: string[];
  niveisB: string[];
  celula: number[][];
  adicional: number | null;
}

const chave = (nivel: string): string => nivel.trim().toLocaleLowerCase('pt-BR');
const texto = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

function nomesFatores(fatores: FatorialInput['fatores']): { a: string; b: string } {
  return { a: texto(fatores?.a) || 'Fator A', b: texto(fatores?.b) || 'Fator B' };
}

/** Reads and checks every treatment's levels; the messages name the treatment (pt-BR, for a 422). */
function arranjo(input: FatorialInput): Arranjo {
  const { a: nomeA, b: nomeB } = nomesFatores(input.fatores);
  const comAdicional = input.design === 'Fatorial DBC com adicional';
  const nomes = input.tratamentos.map((t, i) => String(t.nome ?? '').trim() || `tratamento ${i + 1}`);
  const semNiveis: number[] = [];
  const niveis: { a: string; b: string }[] = [];
  input.tratamentos.forEach((t, i) => {
    const a = texto(t.nivelA);
    const b = texto(t.nivelB);
    niveis.push({ a, b });
    if (!a && !b && comAdicional) {
      semNiveis.push(i);
      return;
    }
    if (!a || !b) {
      const falta = [!a ? `"${nomeA}"` : '', !b ? `"${nomeB}"` : ''].filter(Boolean).join(' e ');
      throw new StatsInputError(
        `Informe o nível de ${falta} do tratamento "${nomes[i]}": no delineamento "${input.design}" cada tratamento é uma combinação de um nível de cada fator${comAdicional ? ' (só o tratamento adicional fica sem níveis)' : ''}.`,
      );
    }
  });
  if (comAdicional && semNiveis.length !== 1) {
    const lista = semNiveis.map((i) => `"${nomes[i]}"`).join(', ');
    throw new StatsInputError(
      semNiveis.length === 0
        ? 'No "Fatorial DBC com adicional" um tratamento (o adicional, em geral a testemunha) fica sem níveis dos fatores: deixe em branco os níveis dele.'
        : `No "Fatorial DBC com adicional" só um tratamento fica sem níveis (o adicional); estão sem níveis: ${lista}.`,
    );
  }
  const adicional = comAdicional ? (semNiveis[0] ?? null) : null;

  const niveisA: string[] = [];
  const niveisB: string[] = [];
  const indice = (lista: string[], nivel: string): number => {
    const k = chave(nivel);
    const found = lista.findIndex((n) => chave(n) === k);
    if (found >= 0) return found;
    lista.push(nivel);
    return lista.length - 1;
  };
  const posicoes = niveis.map((n, t) => (t === adicional ? null : { i: indice(niveisA, n.a), j: indice(niveisB, n.b) }));
  for (const [nome, lista] of [
    [nomeA, niveisA],
    [nomeB, niveisB],
  ] as const) {
    if (lista.length < 2) {
      throw new StatsInputError(
        `O fator "${nome}" tem só ${lista.length === 1 ? `o nível "${lista[0]}"` : 'um nível'}: um fatorial precisa de pelo menos 2 níveis em cada fator.`,
      );
    }
  }
  const celula: number[][] = niveisA.map(() => niveisB.map(() => -1));
  posicoes.forEach((pos, t) => {
    if (!pos) return;
    const row = celula[pos.i] as number[];
    const anterior = row[pos.j] ?? -1;
    if (anterior >= 0) {
      throw new StatsInputError(
        `Os tratamentos "${nomes[anterior]}" e "${nomes[t]}" têm a mesma combinação (${nomeA} ${niveisA[pos.i]} × ${nomeB} ${niveisB[pos.j]}): cada combinação entra uma única vez.`,
      );
    }
    row[pos.j] = t;
  });
  const faltam: string[] = [];
  celula.forEach((row, i) => row.forEach((t, j) => (t < 0 ? faltam.push(`${niveisA[i]} × ${niveisB[j]}`) : undefined)));
  if (faltam.length > 0) {
    const mostradas = faltam.slice(0, 6).join(', ') + (faltam.length > 6 ? ` e mais ${faltam.length - 6}` : '');
    throw new StatsInputError(
      `Fatorial incompleto: faltam as combinações ${mostradas} (${nomeA} × ${nomeB}). Cada nível de "${nomeA}" precisa aparecer com cada nível de "${nomeB}".`,
    );
  }
  return { niveisA, niveisB, celula, adicional };
}

const media = (values: readonly number[]): number => values.reduce((acc, v) => acc + v, 0) / values.length;

/** Cell, marginal and grand means of the factorial part (the additional treatment left out). */
interface MediasFatorial {
  a: number;
  b: number;
  r: number;
  celula: number[][];
  mA: number[];
  mB: number[];
  geral: number;
}

function mediasDe(y: readonly (readonly number[])[], arr: Arranjo): MediasFatorial {
  const celula = arr.celula.map((row) => row.map((t) => media(y[t] ?? [])));
  const a = arr.niveisA.length;
  const b = arr.niveisB.length;
  const mA = celula.map((row) => media(row));
  const mB = arr.niveisB.map((_, j) => media(celula.map((row) => row[j] ?? 0)));
  return { a, b, r: y[0]?.length ?? 0, celula, mA, mB, geral: media(mA) };
}

/** SQ of A, B and A×B from the cell means (balanced: r plots a cell). */
function somasFatoriais(m: MediasFatorial): { sqA: number; sqB: number; sqAB: number } {
  const { a, b, r, celula, mA, mB, geral } = m;
  const sqA = b * r * mA.reduce((acc, v) => acc + (v - geral) ** 2, 0);
  const sqB = a * r * mB.reduce((acc, v) => acc + (v - geral) ** 2, 0);
  let sqAB = 0;
  celula.forEach((row, i) =>
    row.forEach((v, j) => {
      sqAB += (v - (mA[i] ?? 0) - (mB[j] ?? 0) + geral) ** 2;
    }),
  );
  return { sqA, sqB, sqAB: r * sqAB };
}

interface Teste {
  gl: number;
  sq: number;
  qm: number;
  f: number;
  p: number;
}

/** The F test of a source with `gl` and `sq` against an error. */
function testar(gl: number, sq: number, erro: { gl: number; qm: number }): Teste {
  const qm = sq / gl;
  const f = qm / erro.qm;
  return { gl, sq, qm, f, p: fUpperTail(f, gl, erro.gl) };
}

const linha = (fonte: string, gl: number, sq: number, erro: { gl: number; qm: number }): LinhaTabelaAnova => ({
  fonte,
  ...testar(gl, sq, erro),
});

/** Tukey at 5 % among `niveis` with these means, letters only when `significativo`. */
function compararNiveis(
  niveis: readonly string[],
  medias: readonly number[],
  r: number,
  erro: { gl: number; qm: number },
  significativo: boolean,
): ComparacaoNiveis {
  const t = tukey({ nomes: niveis, medias, r, qmRes: erro.qm, glRes: erro.gl, significativo, alpha: ALPHA });
  return { dms: t.dms, grupos: t.grupos };
}

/**
 * Each level of one factor (`niveis`, with the cell means of the other factor's levels within it in
 * `medias[i]`, around their mean `marginais[i]`): its F test and the letters among the other's levels.
 */
function dentroDe(
  niveis: readonly string[],
  outros: readonly string[],
  medias: readonly (readonly number[])[],
  marginais: readonly number[],
  r: number,
  erro: ErroDesdobramento,
): LinhaDesdobramento[] {
  return niveis.map((nivel, i) => {
    const dentro = medias[i] ?? [];
    const sq = r * dentro.reduce((acc, v) => acc + (v - (marginais[i] ?? 0)) ** 2, 0);
    const t = testar(outros.length - 1, sq, erro);
    return { nivel, ...t, ...compararNiveis(outros, dentro, r, erro, t.p < ALPHA) };
  });
}

function desdobrar(m: MediasFatorial, arr: Arranjo, erroBdentroA: ErroDesdobramento, erroAdentroB: ErroDesdobramento): Desdobramento {
  const porB = arr.niveisB.map((_, j) => m.celula.map((row) => row[j] ?? 0));
  return {
    bDentroDeA: dentroDe(arr.niveisA, arr.niveisB, m.celula, m.mA, m.r, erroBdentroA),
    aDentroDeB: dentroDe(arr.niveisB, arr.niveisA, porB, m.mB, m.r, erroAdentroB),
    residuo: { bDentroDeA: erroBdentroA, aDentroDeB: erroAdentroB },
  };
}

/**
 * The two-factor analysis of a validated rectangular table. `umFator` is the one-way analysis of
 * every treatment (the combinations, plus the additional one) that analyze() already ran: its
 * residual and blocks are the factorials' own.
 */
export function analisarFatorial(input: FatorialInput, umFator: AnovaResult): FatorialAnalysis {
  const arr = arranjo(input);
  const fatores = nomesFatores(input.fatores);
  const y = input.tratamentos.map((t) => t.repeticoes);
  const m = mediasDe(y, arr);
  const { sqA, sqB, sqAB } = somasFatoriais(m);
  const { a, b, r } = m;
  const nomeAB = `${fatores.a} × ${fatores.b}`;
  const total: LinhaTabelaAnova = { fonte: 'Total', gl: umFator.total.gl, sq: umFator.total.sq, qm: null, f: null, p: null };

  let linhas: LinhaTabelaAnova[];
  let interacao: Teste;
  let erroA: ErroDesdobramento;
  let erroB: ErroDesdobramento;
  let erroCombinado: ErroDesdobramento;
  let cv: FatorialResult['cv'] = null;
  let adicional: FatorialResult['adicional'] = null;

  if (input.design === 'Parcelas Subdivididas DBC') {
    const { sqBlocos, sqErroA, sqErroB } = somasParcelas(y, arr.celula, m, umFator.total.sq);
    erroA = { fonte: 'Resíduo (a)', gl: (a - 1) * (r - 1), qm: sqErroA / ((a - 1) * (r - 1)) };
    erroB = { fonte: 'Resíduo (b)', gl: a * (b - 1) * (r - 1), qm: sqErroB / (a * (b - 1) * (r - 1)) };
    erroCombinado = { fonte: 'Resíduo combinado', ...combinar(erroA, erroB, b) };
    interacao = testar((a - 1) * (b - 1), sqAB, erroB);
    linhas = [
      linha('Blocos', r - 1, sqBlocos, erroA),
      linha(fatores.a, a - 1, sqA, erroA),
      { fonte: 'Resíduo (a)', gl: erroA.gl, sq: sqErroA, qm: erroA.qm, f: null, p: null },
      linha(fatores.b, b - 1, sqB, erroB),
      { fonte: nomeAB, ...interacao },
      { fonte: 'Resíduo (b)', gl: erroB.gl, sq: sqErroB, qm: erroB.qm, f: null, p: null },
      total,
    ];
    cv = { a: (100 * Math.sqrt(erroA.qm)) / m.geral, b: (100 * Math.sqrt(erroB.qm)) / m.geral };
  } else {
    const residuo = umFator.residuo;
    const erro: ErroDesdobramento = { fonte: 'Resíduo', gl: residuo.gl, qm: residuo.qm };
    const linhaA = linha(fatores.a, a - 1, sqA, erro);
    const linhaB = linha(fatores.b, b - 1, sqB, erro);
    interacao = testar((a - 1) * (b - 1), sqAB, erro);
    linhas = [linhaA, linhaB, { fonte: nomeAB, ...interacao }];
    if (arr.adicional !== null) {
      // The contrast of the ab·r factorial plots' mean with the r additional plots': its SQ is the
      // treatments' SQ minus A, B and A×B, computed directly so it keeps its digits.
      const mediaAd = umFator.medias[arr.adicional] ?? 0;
      const nF = a * b * r;
      const sqAd = ((nF * r) / (nF + r)) * (m.geral - mediaAd) ** 2;
      linhas.push(linha('Fatorial vs Adicional', 1, sqAd, erro));
      adicional = { nome: String(input.tratamentos[arr.adicional]?.nome ?? '').trim(), media: mediaAd, mediaFatorial: m.geral };
    }
    if (umFator.blocos) linhas.push({ fonte: 'Blocos', ...umFator.blocos });
    linhas.push({ fonte: 'Resíduo', gl: residuo.gl, sq: residuo.sq, qm: residuo.qm, f: null, p: null }, total);
    erroA = erro;
    erroB = erro;
    erroCombinado = erro;
  }

  const significativa = interacao.p < ALPHA;
  const pDe = (fonte: string): number => linhas.find((l) => l.fonte === fonte)?.p ?? 1;
  const efeitosPrincipais = significativa
    ? null
    : {
        a: compararNiveis(arr.niveisA, m.mA, b * r, erroA, pDe(fatores.a) < ALPHA),
        b: compararNiveis(arr.niveisB, m.mB, a * r, erroB, pDe(fatores.b) < ALPHA),
      };
  const fatorial: FatorialResult = {
    delineamento: input.design,
    fatores,
    niveisA: arr.niveisA,
    niveisB: arr.niveisB,
    interacao: { f: interacao.f, p: interacao.p, significativa },
    medias: arr.niveisA.flatMap((nivelA, i) => arr.niveisB.map((nivelB, j) => ({ nivelA, nivelB, media: m.celula[i]?.[j] ?? 0 }))),
    mediasA: arr.niveisA.map((nivel, i) => ({ nivel, media: m.mA[i] ?? 0 })),
    mediasB: arr.niveisB.map((nivel, j) => ({ nivel, media: m.mB[j] ?? 0 })),
    efeitosPrincipais,
    adicional,
    cv,
  };
  return { linhas, fatorial, desdobramento: significativa ? desdobrar(m, arr, erroB, erroCombinado) : null };
}
