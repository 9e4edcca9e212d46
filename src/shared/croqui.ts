/**
 * The randomised field layout (croqui) of a trial, drawn from a stored seed (decision 023): the
 * same seed, design, treatments, blocks and numbering give the same layout on every machine, so
 * the server keeps only the seed and redraws the layout whenever it is asked for.
 *
 * Randomness: mulberry32 (Tommy Ettinger's 32-bit generator, public domain), seeded with the
 * trial's `semente`. It uses only 32-bit integer arithmetic (Math.imul, shifts, xor), which every
 * JavaScript engine computes identically. Integers in [0, n) are drawn without bias by rejection
 * (a draw in the incomplete last stretch of 2^32 is thrown away), and permutations are
 * Fisher–Yates shuffles of those draws. No floating point enters the layout.
 *
 * Geometry: block (or field row) b is field row `linha = b`, its plots in columns 1..n from left
 * to right. Plot numbers are 100·b + k (1000·b when a block holds 100 plots or more), k the
 * walking order within the block: the column in every block ('sequencial'), or back and forth
 * ('serpentina': odd blocks left to right, even blocks right to left).
 */
import { MAX_BLOCKS, MAX_TREATMENTS } from './constants.js';
import { NUMERACOES, QUADRADO_LATINO, type Croqui, type Numeracao, type ParcelaCroqui } from './field-plan.js';

/** Input the user can get wrong (design, blocks, treatments, seed): the message is pt-BR, for a 422. */
export class CroquiInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CroquiInputError';
  }
}

export interface CroquiInput {
  /** The experiment's `tipo_estatistica`. */
  delineamento: string;
  /** In the experiment's order; split plots read each treatment's levels (A: main plot, B: subplot). */
  tratamentos: { nivel_a?: string | null; nivel_b?: string | null }[];
  blocos: number;
  semente: number;
  numeracao: Numeracao;
}

type Familia = 'DIC' | 'DBC' | 'PSUB' | 'DQL';

/** The designs a layout can be drawn for and how each is randomised. */
const FAMILIAS: Readonly<Record<string, Familia>> = {
  'Inteiramente Casualizado': 'DIC',
  DIC: 'DIC',
  'Fatorial DIC': 'DIC',
  DBC: 'DBC',
  'Blocos Casualizados': 'DBC',
  ANOVA: 'DBC',
  'Fatorial DBC': 'DBC',
  'Fatorial DBC com adicional': 'DBC',
  'Parcelas Subdivididas DBC': 'PSUB',
  [QUADRADO_LATINO]: 'DQL',
};

export const DELINEAMENTOS_CROQUI: readonly string[] = Object.keys(FAMILIAS);

/** The largest seed: seeds are positive 31-bit integers (they fit every database's INTEGER). */
export const SEMENTE_MAX = 2 ** 31 - 1;
/** The Latin square's treatments (its rows, columns and blocks): MAX_BLOCKS caps the rows. */
export const QUADRADO_LATINO_MIN = 3;
export const QUADRADO_LATINO_MAX = MAX_BLOCKS;

/** A 32-bit generator: each call returns the next unsigned 32-bit integer. */
export type Gerador = () => number;

/** mulberry32: a 32-bit state advanced by a Weyl sequence and mixed; integer arithmetic only. */
export function mulberry32(semente: number): Gerador {
  let state = semente >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return (z ^ (z >>> 14)) >>> 0;
  };
}

const DOIS_32 = 2 ** 32;

/** An integer in [0, n) with every value equally likely (rejection of the last, incomplete stretch). */
export function inteiroAte(gerador: Gerador, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > DOIS_32) throw new RangeError(`inteiroAte: n inválido (${n})`);
  const limite = DOIS_32 - (DOIS_32 % n);
  for (;;) {
    const x = gerador();
    if (x < limite) return x % n;
  }
}

/** Fisher–Yates: a uniformly random permutation of `itens` (a new array). */
export function embaralhar<T>(gerador: Gerador, itens: readonly T[]): T[] {
  const out = [...itens];
  for (let i = out.length - 1; i > 0; i--) {
    const j = inteiroAte(gerador, i + 1);
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return out;
}

/** 0, 1, …, n − 1 in random order. */
const permutacao = (gerador: Gerador, n: number): number[] =>
  embaralhar(
    gerador,
    Array.from({ length: n }, (_, i) => i),
  );

/** A new seed: a random integer in 1..2^31 − 1 (the platform's crypto when there is one). */
export function novaSemente(): number {
  const cryptoApi = (globalThis as { crypto?: { getRandomValues?: (a: Uint32Array) => Uint32Array } }).crypto;
  for (;;) {
    let x: number;
    if (cryptoApi?.getRandomValues) {
      const buf = new Uint32Array(1);
      cryptoApi.getRandomValues(buf);
      x = (buf[0] ?? 0) & SEMENTE_MAX;
    } else {
      x = Math.floor(Math.random() * SEMENTE_MAX);
    }
    if (x >= 1 && x <= SEMENTE_MAX) return x;
  }
}

const nivel = (v: string | null | undefined): string => (typeof v === 'string' ? v.trim() : '');

function validar(input: CroquiInput): Familia {
  const familia = typeof input?.delineamento === 'string' ? FAMILIAS[input.delineamento.trim()] : undefined;
  if (!familia) {
    throw new CroquiInputError(
      `Delineamento não reconhecido para o croqui: "${String(input?.delineamento)}". Use ${DELINEAMENTOS_CROQUI.join(', ')}.`,
    );
  }
  if (!NUMERACOES.includes(input.numeracao)) {
    throw new CroquiInputError(`Numeração desconhecida: "${String(input.numeracao)}". Use serpentina ou sequencial.`);
  }
  const n = Array.isArray(input.tratamentos) ? input.tratamentos.length : 0;
  if (n < 2) throw new CroquiInputError(`O croqui precisa de pelo menos 2 tratamentos (informado: ${n}).`);
  if (n > MAX_TREATMENTS) throw new CroquiInputError(`O croqui aceita no máximo ${MAX_TREATMENTS} tratamentos (informados: ${n}).`);
  const { blocos, semente } = input;
  if (!Number.isInteger(blocos) || blocos < 2 || blocos > MAX_BLOCKS) {
    throw new CroquiInputError(`Número de blocos inválido: ${String(blocos)}. Informe um número inteiro de 2 a ${MAX_BLOCKS}.`);
  }
  if (!Number.isInteger(semente) || semente < 1 || semente > SEMENTE_MAX) {
    throw new CroquiInputError(`Semente inválida: ${String(semente)}. Informe um número inteiro de 1 a ${SEMENTE_MAX}.`);
  }
  if (familia === 'DQL') {
    if (n < QUADRADO_LATINO_MIN || n > QUADRADO_LATINO_MAX) {
      throw new CroquiInputError(
        `O quadrado latino precisa de ${QUADRADO_LATINO_MIN} a ${QUADRADO_LATINO_MAX} tratamentos (informados: ${n}).`,
      );
    }
    if (blocos !== n) {
      throw new CroquiInputError(
        `O quadrado latino precisa de tantos blocos (linhas) quanto tratamentos: ${n} tratamentos e ${blocos} blocos. Informe ${n} blocos.`,
      );
    }
  }
  return familia;
}

/**
 * The split plot's arrangement: the levels of A and of B in order of first appearance and, for
 * each (A, B), the index of its treatment. Throws when the treatments are not every A × B once.
 */
function cruzamento(tratamentos: CroquiInput['tratamentos']): { celula: number[][] } {
  const semNivel = tratamentos
    .map((t, i) => (nivel(t?.nivel_a) && nivel(t?.nivel_b) ? null : `T${i + 1}`))
    .filter((x): x is string => x !== null);
  if (semNivel.length > 0) {
    throw new CroquiInputError(
      `Em parcelas subdivididas cada tratamento é uma combinação de um nível de A (parcela) e um de B (subparcela): informe os níveis de ${semNivel.join(', ')}.`,
    );
  }
  const niveisA = [...new Set(tratamentos.map((t) => nivel(t.nivel_a)))];
  const niveisB = [...new Set(tratamentos.map((t) => nivel(t.nivel_b)))];
  if (niveisA.length < 2 || niveisB.length < 2) {
    throw new CroquiInputError(
      `Em parcelas subdivididas cada fator precisa de pelo menos 2 níveis (informados: ${niveisA.length} de A e ${niveisB.length} de B).`,
    );
  }
  const celula = niveisA.map(() => niveisB.map(() => -1));
  const repetidas: string[] = [];
  tratamentos.forEach((t, i) => {
    const a = niveisA.indexOf(nivel(t.nivel_a));
    const b = niveisB.indexOf(nivel(t.nivel_b));
    const row = celula[a] as number[];
    if ((row[b] ?? -1) >= 0) repetidas.push(`${niveisA[a]} × ${niveisB[b]} (T${i + 1})`);
    else row[b] = i;
  });
  if (repetidas.length > 0) {
    throw new CroquiInputError(
      `Combinações repetidas nas parcelas subdivididas: ${repetidas.join(', ')}. Cada combinação A × B aparece uma vez.`,
    );
  }
  const faltam: string[] = [];
  celula.forEach((row, a) =>
    row.forEach((i, b) => {
      if (i < 0) faltam.push(`${niveisA[a]} × ${niveisB[b]}`);
    }),
  );
  if (faltam.length > 0) {
    throw new CroquiInputError(
      `Em parcelas subdivididas os tratamentos precisam cruzar todos os níveis de A com todos os de B. Faltam as combinações: ${faltam.join(', ')}.`,
    );
  }
  return { celula };
}

/** A plot before it is numbered: where it is and what it holds. */
interface Posicao {
  linha: number;
  coluna: number;
  tratamento: number;
  repeticao: number;
  parcela_principal?: number;
}

/** Draws the randomised layout. Throws CroquiInputError (pt-BR) when the input cannot be laid out. */
export function sortearCroqui(input: CroquiInput): Croqui {
  const familia = validar(input);
  const gerador = mulberry32(input.semente);
  const t = input.tratamentos.length;
  const blocos = input.blocos;
  const posicoes: Posicao[] = [];

  if (familia === 'DIC') {
    // Every treatment r times, shuffled over the blocos × t plots (rows are only field rows).
    const todos = Array.from({ length: t * blocos }, (_, p) => p % t);
    embaralhar(gerador, todos).forEach((tratamento, p) => {
      posicoes.push({ linha: Math.floor(p / t) + 1, coluna: (p % t) + 1, tratamento, repeticao: 0 });
    });
  } else if (familia === 'DBC') {
    for (let b = 1; b <= blocos; b++) {
      permutacao(gerador, t).forEach((tratamento, c) => posicoes.push({ linha: b, coluna: c + 1, tratamento, repeticao: b }));
    }
  } else if (familia === 'PSUB') {
    const { celula } = cruzamento(input.tratamentos);
    const nb = celula[0]?.length ?? 0;
    for (let b = 1; b <= blocos; b++) {
      permutacao(gerador, celula.length).forEach((a, m) => {
        permutacao(gerador, nb).forEach((j, s) => {
          posicoes.push({ linha: b, coluna: m * nb + s + 1, tratamento: celula[a]?.[j] ?? 0, repeticao: b, parcela_principal: m + 1 });
        });
      });
    }
  } else {
    // A cyclic square (row i, column j holds (i + j) mod t) with its rows, columns and treatment
    // labels permuted: still one of each treatment per row and per column.
    const linhas = permutacao(gerador, t);
    const colunas = permutacao(gerador, t);
    const rotulos = permutacao(gerador, t);
    for (let i = 0; i < t; i++) {
      for (let j = 0; j < t; j++) {
        const tratamento = rotulos[((linhas[i] ?? 0) + (colunas[j] ?? 0)) % t] ?? 0;
        posicoes.push({ linha: i + 1, coluna: j + 1, tratamento, repeticao: i + 1 });
      }
    }
  }

  const porBloco = Math.max(...posicoes.map((p) => p.coluna));
  const centena = porBloco >= 100 ? 1000 : 100;
  const parcelas: ParcelaCroqui[] = posicoes
    .map((p) => {
      const k = input.numeracao === 'serpentina' && p.linha % 2 === 0 ? porBloco + 1 - p.coluna : p.coluna;
      return { numero: centena * p.linha + k, bloco: p.linha, ...p };
    })
    .sort((a, b) => a.numero - b.numero);
  if (familia === 'DIC') {
    // The replicate is the order in which the treatment appears along the plot numbers.
    const vistos = new Array<number>(t).fill(0);
    for (const p of parcelas) {
      vistos[p.tratamento] = (vistos[p.tratamento] ?? 0) + 1;
      p.repeticao = vistos[p.tratamento] ?? 0;
    }
  }
  return {
    semente: input.semente,
    numeracao: input.numeracao,
    delineamento: input.delineamento.trim(),
    blocos,
    parcelas: parcelas.map(ordenarCampos),
  };
}

/** The plot with its fields in the declared order (numero first), for stable JSON and snapshots. */
function ordenarCampos(p: ParcelaCroqui): ParcelaCroqui {
  const base: ParcelaCroqui = {
    numero: p.numero,
    bloco: p.bloco,
    linha: p.linha,
    coluna: p.coluna,
    tratamento: p.tratamento,
    repeticao: p.repeticao,
  };
  return p.parcela_principal === undefined ? base : { ...base, parcela_principal: p.parcela_principal };
}

/** The plots in the order they are walked in the field: by block, then along the block (by number). */
export function ordemDeCaminhada<T extends Pick<ParcelaCroqui, 'numero'>>(parcelas: readonly T[]): T[] {
  return [...parcelas].sort((a, b) => a.numero - b.numero);
}

/**
 * A cell of the pt-BR CSV, quoted as the dashboard's export does (src/server/modules/dashboard/csv.ts):
 * a text starting with = + - @ gets a leading apostrophe (no formula), and a field holding `;`,
 * `"` or a line break is quoted with its quotes doubled.
 */
function campoCsv(v: string | number): string {
  const s = String(v);
  const safe = typeof v !== 'number' && /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The layout as a pt-BR CSV (`;` between fields, CRLF lines, like the dashboard's export; the
 * server adds the UTF-8 BOM when it sends the file), one row per plot in walking order. The
 * treatment column is "T1", "T2"… and its name is `nomesTratamentos[i]`; split plots add the main plot.
 */
export function croquiCsv(croqui: Croqui, nomesTratamentos: readonly string[]): string {
  const subdividida = croqui.parcelas.some((p) => p.parcela_principal !== undefined);
  const header = ['parcela', 'bloco', 'linha', 'coluna', 'tratamento', 'nome_tratamento', 'repeticao'];
  if (subdividida) header.push('parcela_principal');
  const linhas = ordemDeCaminhada(croqui.parcelas).map((p) => {
    const campos: (string | number)[] = [
      p.numero,
      p.bloco,
      p.linha,
      p.coluna,
      `T${p.tratamento + 1}`,
      nomesTratamentos[p.tratamento] ?? '',
      p.repeticao,
    ];
    if (subdividida) campos.push(p.parcela_principal ?? '');
    return campos;
  });
  return [header, ...linhas].map((campos) => `${campos.map(campoCsv).join(';')}\r\n`).join('');
}
