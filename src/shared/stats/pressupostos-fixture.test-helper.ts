/**
 * Reads tests/fixtures/stats/pressupostos.out, the numbers base R printed for pressupostos.R
 * (Levene, the Box-Cox maximiser, aov's residuals, qqnorm and qqline, and the analysis of the
 * transformed data): one case per trial, each key's values as numbers (NA → null).
 */
// Imported as text by Vite (vitest), so src/shared stays free of Node's file API.
import printed from '../../../tests/fixtures/stats/pressupostos.out?raw';

export interface RPressupostos {
  nome: string;
  design: 'DBC' | 'DIC';
  /** repeticoes[treatment][replicate] */
  repeticoes: number[][];
  /** Every other line of the case: key → its values. */
  valores: Map<string, (number | null)[]>;
}

export function rPressupostos(): RPressupostos[] {
  const text: string = printed;
  const byCase = new Map<string, Map<string, string[]>>();
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [nome = '', key = '', ...values] = line.trim().split(/\s+/);
    const keys = byCase.get(nome) ?? new Map<string, string[]>();
    byCase.set(nome, keys);
    keys.set(key, values);
  }
  return [...byCase.entries()].map(([nome, keys]) => {
    const [design, kText, rText, ...ys] = keys.get('dados') ?? [];
    const k = Number(kText);
    const r = Number(rText);
    const valores = new Map<string, (number | null)[]>();
    for (const [key, values] of keys)
      if (key !== 'dados')
        valores.set(
          key,
          values.map((v) => (v === 'NA' ? null : Number(v))),
        );
    return {
      nome,
      design: design === 'DBC' ? 'DBC' : 'DIC',
      repeticoes: Array.from({ length: k }, (_, i) => ys.slice(i * r, (i + 1) * r).map(Number)),
      valores,
    };
  });
}
