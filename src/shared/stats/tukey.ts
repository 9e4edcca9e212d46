/**
 * Tukey's HSD test with the letter display exactly as ExpDes.pt prints it.
 *
 * DMS (HSD) = q(1 − α; k, gl_res) · √(QMres / r)   (Tukey 1949; Steel, Torrie & Dickey 1997).
 *
 * Letters: ExpDes.pt's order.group() (adapted by Ferreira, Cavalcanti & Nogueira from Felipe de
 * Mendiburu's agricolae, GPL) walks the means sorted in decreasing order. Starting from the
 * current reference mean j it gives the current letter to every following mean within DMS of it;
 * at the first mean i beyond DMS it opens the next letter at i and advances j past every mean that
 * is also beyond DMS of i. Letters therefore overlap ("ab") and "a" marks the highest mean. The
 * port below keeps its control flow, including the quirks (a loop guard of n passes and a flag
 * that is not reset when a pass opens no letter), because the product promises ExpDes.pt's
 * letters, not a different valid display. Those quirks never change the letters: a pass that
 * opens no letter cannot add one either. One deliberate difference: see endsWithLetter().
 */
import { qtukey } from './distributions.js';

export interface GrupoMedia {
  nome: string;
  media: number;
  letras: string;
}

export interface TukeyResult {
  /** Critical value q(1 − α; k, gl). */
  q: number;
  /** Diferença mínima significativa (HSD). */
  dms: number;
  /** Highest mean first. */
  grupos: GrupoMedia[];
}

export interface TukeyInput {
  nomes: readonly string[];
  medias: readonly number[];
  /** Replicates per treatment (balanced trials). */
  r: number;
  qmRes: number;
  glRes: number;
  /** Whether the treatment F test was significant; when false every treatment gets "a". */
  significativo: boolean;
  alpha?: number;
}

/** "a", "b", …, "z", then "a1" … "z1", "a2" … as ExpDes.pt does past 26 groups. */
export function letra(index: number): string {
  const base = String.fromCharCode(97 + (index % 26));
  const round = Math.floor(index / 26);
  return round === 0 ? base : `${base}${round}`;
}

/** Indices of the means in decreasing order; ties keep the input order (a stable sort). */
export function ordemDecrescente(medias: readonly number[]): number[] {
  return medias.map((_, i) => i).sort((a, b) => (medias[b] ?? 0) - (medias[a] ?? 0) || a - b);
}

/**
 * Whether a display already ends with `letter`, ignoring the padding spaces. ExpDes.pt's lastC()
 * compares only the last character, which for the letters past "z" ("a1", …) never matches and
 * prints "a1a1"; comparing the whole letter gives the same result for a–z and fixes that.
 */
function endsWithLetter(label: string, letter: string): boolean {
  return label.replace(/ +$/, '').endsWith(letter);
}

/**
 * ExpDes.pt order.group() for sorted means and one critical difference; returns the letters in
 * the same (decreasing) order. Indices are 0-based here, 1-based in the R original.
 */
export function letrasExpDes(sortedMeans: readonly number[], dms: number): string[] {
  const n = sortedMeans.length;
  const labels: string[] = new Array<string>(n).fill('');
  if (n === 0) return [];
  const at = (i: number): number => sortedMeans[i] ?? 0;
  let k = 0;
  let j = 0;
  let changed = false; // R's `cambio1`, deliberately carried across passes
  let passes = 0;
  labels[0] = letra(0);
  while (j < n - 1) {
    passes++;
    if (passes > n) break;
    for (let i = j; i < n; i++) {
      if (Math.abs(at(i) - at(j)) <= dms) {
        if (!endsWithLetter(labels[i] ?? '', letra(k))) labels[i] = (labels[i] ?? '') + letra(k);
        continue;
      }
      k++;
      const start = i;
      changed = false;
      const reference = j;
      for (let jj = start; jj < n; jj++) labels[jj] = (labels[jj] ?? '') + ' ';
      labels[start] = (labels[start] ?? '') + letra(k);
      for (let v = reference; v <= start; v++) {
        if (Math.abs(at(v) - at(start)) > dms) {
          j++;
          changed = true;
        } else break;
      }
      break;
    }
    if (!changed) j++;
  }
  return labels.map((label) => label.replace(/ /g, ''));
}

/** Tukey's test at level α (5 % by default). */
export function tukey(input: TukeyInput): TukeyResult {
  const alpha = input.alpha ?? 0.05;
  const k = input.medias.length;
  const q = qtukey(1 - alpha, k, input.glRes);
  const dms = q * Math.sqrt(input.qmRes / input.r);
  const order = ordemDecrescente(input.medias);
  const sorted = order.map((i) => input.medias[i] ?? 0);
  const letras = input.significativo ? letrasExpDes(sorted, dms) : sorted.map(() => 'a');
  return {
    q,
    dms,
    grupos: order.map((i, position) => ({
      nome: input.nomes[i] ?? '',
      media: input.medias[i] ?? 0,
      letras: letras[position] ?? 'a',
    })),
  };
}
