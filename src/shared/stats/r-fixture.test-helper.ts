/**
 * Reads tests/fixtures/stats/comparacoes.out, the numbers base R printed for comparacoes.R (ANOVA
 * rows by aov(); LSD, SNK and Duncan critical differences and letters): one case per trial.
 */
// Imported as text by Vite (vitest), so src/shared stays free of Node's file API.
import printed from '../../../tests/fixtures/stats/comparacoes.out?raw';

export interface RCase {
  nome: string;
  design: 'DBC' | 'DIC';
  /** repeticoes[treatment][replicate] */
  repeticoes: number[][];
  anova: { fonte: string; gl: number; sq: number; qm: number | null; f: number | null; p: number | null }[];
  medias: number[];
  lsdDms: number;
  snkDms: number[];
  duncanDms: number[];
  letras: { lsd: string[]; snk: string[]; duncan: string[] };
}

export const num = (v: string | undefined): number | null => (v === undefined || v === 'NA' ? null : Number(v));

/**
 * The lines of an R output (`nome key values…`, `#` comments) grouped by case and key, each key
 * with its rows in order, the cases in the order they first appear.
 */
export function rOutputCases(text: string): [string, Map<string, string[][]>][] {
  const byCase = new Map<string, Map<string, string[][]>>();
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [nome = '', key = '', ...values] = line.trim().split(/\s+/);
    const keys = byCase.get(nome) ?? new Map<string, string[][]>();
    byCase.set(nome, keys);
    keys.set(key, [...(keys.get(key) ?? []), values]);
  }
  return [...byCase.entries()];
}

/** A case's `dados` row (design, k, r, then the k·r yields by treatment) as its design and repeticoes[treatment][replicate]. */
export function rTrial(dados: string[]): { design: 'DBC' | 'DIC'; repeticoes: number[][] } {
  const [design, kText, rText, ...ys] = dados;
  const k = Number(kText);
  const r = Number(rText);
  return {
    design: design === 'DBC' ? 'DBC' : 'DIC',
    repeticoes: Array.from({ length: k }, (_, i) => ys.slice(i * r, (i + 1) * r).map(Number)),
  };
}

/** The rows of an ANOVA table as R printed them (fonte, gl, sq, qm, f, p; "NA" as null). */
export const rAnovaRows = (rows: readonly string[][] = []) =>
  rows.map(([fonte = '', gl, sq, qm, f, p]) => ({ fonte, gl: Number(gl), sq: Number(sq), qm: num(qm), f: num(f), p: num(p) }));

export function rCases(): RCase[] {
  return rOutputCases(printed).map(([nome, keys]) => {
    const one = (key: string): string[] => keys.get(key)?.[0] ?? [];
    return {
      nome,
      ...rTrial(one('dados')),
      anova: rAnovaRows(keys.get('anova')),
      medias: one('medias').map(Number),
      lsdDms: Number(one('lsd_dms')[0]),
      snkDms: one('snk_dms').map(Number),
      duncanDms: one('duncan_dms').map(Number),
      letras: { lsd: one('lsd_letras'), snk: one('snk_letras'), duncan: one('duncan_letras') },
    };
  });
}

/** |actual − expected| ≤ rel·|expected| (and both null together). */
export function relClose(actual: number | null | undefined, expected: number | null, rel = 1e-6): boolean {
  if (expected === null) return actual === null;
  if (typeof actual !== 'number') return false;
  return Math.abs(actual - expected) <= rel * Math.max(Math.abs(expected), 1e-300);
}
