/**
 * Worked examples and a tolerance helper shared by the statistics tests.
 *
 * The first two cases are copied from ../shared/data/stats-examples.json (kept here so the tests
 * do not depend on a file outside the repository); the third is a published randomised-block
 * example from a textbook.
 */
import { expect } from 'vitest';
import { anova } from './anova.js';
import type { TukeyInput } from './tukey.js';

/**
 * Asserts that `actual` agrees with a printed value to `sig` significant figures: the relative
 * difference is at most half a unit in the last printed digit (relative), never looser than 3
 * significant figures.
 */
export function expectSig(actual: number | null | undefined, expected: number, sig = 3): void {
  expect(actual).toBeTypeOf('number');
  const tolerance = 0.5 * 10 ** (1 - Math.max(3, sig)) * Math.abs(expected);
  expect(Math.abs((actual as number) - expected), `${actual} ≈ ${expected} (${sig} alg. sig.)`).toBeLessThanOrEqual(tolerance);
}

export interface ExampleCase {
  design: 'DBC' | 'Inteiramente Casualizado';
  nomes: string[];
  /** repeticoes[treatment][replicate/block] */
  repeticoes: number[][];
}

/**
 * Sorghum fodder, 5 varieties × 4 blocks (RCBD). Source of the published ANOVA:
 * agriculturalstatistic.blogspot.com, 2020/07 "RCBD analysis in R" (also printed by R in
 * rpubs 849802); expected values in stats-examples.json.
 */
export const SORGO: ExampleCase = {
  design: 'DBC',
  nomes: ['African tall', 'Co-11', 'FS-1', 'K-7', 'Co-24'],
  // stats-examples.json lists one row per block; transposed here to one row per treatment.
  repeticoes: [
    [22.9, 25.9, 39.1, 33.9],
    [29.5, 30.4, 35.3, 29.6],
    [28.8, 24.4, 32.1, 28.6],
    [47, 40.9, 42.8, 32.1],
    [28.9, 20.4, 21.1, 31.8],
  ],
};

/**
 * agricolae's `sweetpotato` data (completely randomised, 4 virus treatments × 3 plots).
 * Mendiburu, agricolae vignette "Multiple comparisons": cv 17.1666, mean 27.625, MSerror
 * 22.48917, LSD 8.928965; HSD.test groups oo a, ff ab, cc bc, fc c.
 */
export const BATATA_DOCE: ExampleCase = {
  design: 'Inteiramente Casualizado',
  nomes: ['cc', 'fc', 'ff', 'oo'],
  repeticoes: [
    [28.5, 21.7, 23.0],
    [14.9, 10.6, 13.1],
    [41.8, 39.2, 28.0],
    [38.2, 40.4, 32.1],
  ],
};

/**
 * Montgomery, D. C., Design and Analysis of Experiments, Example 4.1 (vascular grafts): yield at 4
 * extrusion pressures (treatments) in 6 batches of resin (blocks). Data as in the book's Table 4.3
 * (reproduced in the ISE 426/526 lecture 4 notes, with treatment totals 556.9, 550.1, 533.5,
 * 514.6). ANOVA as printed by R's aov() in the UWF STA6246 notes
 * (uwfteaching.github.io/STA6246/qmd/RCBD_Examples.html): pressure df 3, MS 59.39, F 8.107,
 * p 0.00192; batch df 5, MS 38.45, F 5.249, p 0.00553; residuals df 15, SS 109.9, MS 7.33.
 * No printed Tukey letter display was found for it: see tukey.test.ts for how they were checked.
 */
export const ENXERTO_VASCULAR: ExampleCase = {
  design: 'DBC',
  nomes: ['8500', '8700', '8900', '9100'],
  repeticoes: [
    [90.3, 89.2, 98.2, 93.9, 87.4, 97.9],
    [92.5, 89.5, 90.6, 94.7, 87.0, 95.8],
    [85.5, 90.8, 89.6, 86.2, 88.0, 93.4],
    [82.5, 89.5, 85.6, 87.4, 78.9, 90.7],
  ],
};

/**
 * R's InsectSprays data set (Beall 1942, Biometrika 32:243-262): insect counts, 6 sprays × 12
 * plots, completely randomised. R prints for it: aov(count ~ spray) Df 5/66, SS 2669/1015,
 * MS 533.8/15.4, F 34.7, p < 2e-16; bartlett.test K² = 25.96, df 5, p = 9.085e-05;
 * shapiro.test(residuals) W = 0.96006, p = 0.02226.
 */
export const INSECT_SPRAYS: number[][] = [
  [10, 7, 20, 14, 14, 12, 10, 23, 17, 20, 14, 13],
  [11, 17, 21, 11, 16, 14, 17, 17, 19, 21, 7, 13],
  [0, 1, 7, 2, 3, 1, 2, 1, 3, 0, 1, 4],
  [3, 5, 12, 6, 4, 3, 5, 5, 5, 5, 2, 4],
  [3, 5, 3, 5, 3, 6, 1, 1, 3, 2, 6, 4],
  [11, 9, 15, 22, 15, 16, 13, 10, 26, 26, 24, 13],
];

export function asInput(example: ExampleCase): { design: ExampleCase['design']; tratamentos: { nome: string; repeticoes: number[] }[] } {
  return {
    design: example.design,
    tratamentos: example.nomes.map((nome, i) => ({ nome, repeticoes: [...(example.repeticoes[i] ?? [])] })),
  };
}

/** What Tukey and Scott-Knott compare (the means and residual of the example's ANOVA), as analyze() builds it. */
export function comparisonOf(example: ExampleCase, design: 'DBC' | 'DIC'): TukeyInput {
  const a = anova(example.repeticoes, design);
  return {
    nomes: example.nomes,
    medias: a.medias,
    r: a.r,
    qmRes: a.residuo.qm,
    glRes: a.residuo.gl,
    significativo: a.tratamentos.p < 0.05,
  };
}

/** name → letters, for comparing with the printed tables. */
export function lettersByName(grupos: readonly { nome: string; letras: string }[]): Record<string, string> {
  return Object.fromEntries(grupos.map((g) => [g.nome, g.letras]));
}
