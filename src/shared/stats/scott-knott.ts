/**
 * Scott-Knott clustering of treatment means, as ExpDes.pt's scottknott() computes it.
 *
 * Scott, A. J. & Knott, M. (1974). A cluster analysis method for grouping means in the analysis
 * of variance. Biometrics 30:507-512; as presented in Ramalho, Ferreira & Oliveira (2005),
 * Experimentação em Genética e Melhoramento de Plantas, UFLA, and coded in ExpDes.pt (adapted by
 * Ferreira, Cavalcanti & Nogueira from Laércio Junio da Silva, GPL ≥ 2).
 *
 * For the means of a group (sorted in decreasing order) the split into "first i" and "the rest"
 * that maximises the between-group sum of squares B0 is found; with s² = QMres/r, ν = gl_res and
 * k means,
 *   σ̂² = (Σ(ȳ − ȳ̄)² + ν·s²) / (k + ν),   λ = π·B0 / (2(π − 2)·σ̂²),
 * and the split is significant when P(χ²(k/(π − 2)) > λ) < α.
 *
 * Two details follow ExpDes.pt rather than the 1974 paper, on purpose (the product shows
 * ExpDes.pt's letters): both halves are examined again whether or not their parent split was
 * significant, and the letters come from its bookkeeping — each significant split records its
 * upper half followed by a marker; a mean's group number is 1 + the number of markers before its
 * last record (0 if never recorded), and consecutive means with the same number share a letter,
 * "a" for the highest. Letters never overlap.
 */
import { chiSquareUpperTail } from './distributions.js';
import { letra, ordemDecrescente, type GrupoMedia, type TukeyInput } from './tukey.js';

/** The same means, replicates and residual as Tukey's test. */
export type ScottKnottInput = TukeyInput;

export interface ScottKnottResult {
  /** Highest mean first. */
  grupos: GrupoMedia[];
}

type Record = number | '*';

/** Two splits whose B0 differ by less than this fraction are a tie. */
export const SPLIT_TIE_RELATIVE = 1e-12;

/** The split statistics for one group of sorted means (exported for the tests). */
export function melhorParticao(
  means: readonly number[],
  s2: number,
  glRes: number,
): { corte: number; b0: number; lambda: number; p: number } {
  const k = means.length;
  const total = means.reduce((acc, v) => acc + v, 0);
  let best = 0;
  let cut = 1; // size of the upper group; ExpDes keeps the first maximum (strict >)
  let upper = 0;
  for (let i = 1; i < k; i++) {
    upper += means[i - 1] ?? 0;
    const lower = total - upper;
    const b0 = (upper * upper) / i + (lower * lower) / (k - i) - (total * total) / k;
    // Splits that tie in exact arithmetic (symmetric means) differ here by rounding in the last
    // bits, either way: a later split must beat the best so far by more than SPLIT_TIE_RELATIVE
    // to replace it, so the first of tied splits is kept, as exact arithmetic (and ExpDes.pt's
    // strict >) would.
    if (b0 > best + SPLIT_TIE_RELATIVE * Math.abs(best)) {
      best = b0;
      cut = i;
    }
  }
  const grand = total / k;
  const ss = means.reduce((acc, v) => acc + (v - grand) ** 2, 0);
  const sigma2 = (ss + glRes * s2) / (k + glRes);
  const lambda = (Math.PI * best) / (2 * sigma2 * (Math.PI - 2));
  const p = chiSquareUpperTail(lambda, k / (Math.PI - 2));
  return { corte: cut, b0: best, lambda, p };
}

/** Group numbers per sorted position, from ExpDes.pt's recursion and bookkeeping. */
function groupNumbers(sortedMeans: readonly number[], s2: number, glRes: number, alpha: number): number[] {
  const records: Record[] = [];
  const visit = (positions: number[]): void => {
    const { corte, p } = melhorParticao(
      positions.map((i) => sortedMeans[i] ?? 0),
      s2,
      glRes,
    );
    const upper = positions.slice(0, corte);
    const lower = positions.slice(corte);
    if (p < alpha) records.push(...upper, '*');
    if (upper.length > 1) visit(upper);
    if (lower.length > 1) visit(lower);
  };
  visit(sortedMeans.map((_, i) => i));

  const numbers: number[] = sortedMeans.map(() => 0);
  let z = 1;
  for (const record of records) {
    if (record === '*') z++;
    else numbers[record] = z;
  }
  return numbers;
}

/** Scott-Knott at level α (5 % by default). */
export function scottKnott(input: ScottKnottInput): ScottKnottResult {
  const alpha = input.alpha ?? 0.05;
  const order = ordemDecrescente(input.medias);
  const sorted = order.map((i) => input.medias[i] ?? 0);
  let letras: string[];
  if (!input.significativo || sorted.length < 2) {
    letras = sorted.map(() => 'a');
  } else {
    const numbers = groupNumbers(sorted, input.qmRes / input.r, input.glRes, alpha);
    // A new letter wherever the group number changes along the sorted means.
    let current = 0;
    letras = numbers.map((number, i) => {
      if (i > 0 && number !== numbers[i - 1]) current++;
      return letra(current);
    });
  }
  return {
    grupos: order.map((i, position) => ({
      nome: input.nomes[i] ?? '',
      media: input.medias[i] ?? 0,
      letras: letras[position] ?? 'a',
    })),
  };
}
