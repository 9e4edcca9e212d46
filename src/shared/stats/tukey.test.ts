import { describe, expect, it } from 'vitest';
import { letra, letrasExpDes, ordemDecrescente, tukey } from './tukey.js';
import { BATATA_DOCE, ENXERTO_VASCULAR, SORGO, comparisonOf, type ExampleCase, expectSig, lettersByName } from './test-helpers.js';

const tukeyOf = (example: ExampleCase, design: 'DBC' | 'DIC') => tukey(comparisonOf(example, design));

describe('Tukey HSD', () => {
  it('reproduces the sorghum RCBD: DMS 12.19 and letters K-7 a, Co-11 ab, African tall ab, FS-1 b, Co-24 b', () => {
    const t = tukeyOf(SORGO, 'DBC');
    expectSig(t.dms, 12.19, 4);
    expect(lettersByName(t.grupos)).toEqual({ 'K-7': 'a', 'Co-11': 'ab', 'African tall': 'ab', 'FS-1': 'b', 'Co-24': 'b' });
    expect(t.grupos.map((g) => g.nome)).toEqual(['K-7', 'Co-11', 'African tall', 'FS-1', 'Co-24']);
    expectSig(t.grupos[0]?.media, 40.7, 6);
  });

  it("reproduces agricolae's sweetpotato HSD.test: 12.3997 and oo a, ff ab, cc bc, fc c", () => {
    const t = tukeyOf(BATATA_DOCE, 'DIC');
    expectSig(t.dms, 12.3997, 6);
    expectSig(t.q, 4.52881, 5); // q(0.95; 4, 8), table value 4.53
    expect(lettersByName(t.grupos)).toEqual({ oo: 'a', ff: 'ab', cc: 'bc', fc: 'c' });
  });

  it("gives Montgomery's vascular-graft means the letters 8500 a, 8700 a, 8900 ab, 9100 b", () => {
    // Not printed as a letter table in the sources found, so checked by hand from the printed
    // ANOVA: DMS = q(0.95; 4, 15)·√(7.32575/6) = 4.076 × 1.1050 = 4.504. Means 92.82, 91.68,
    // 88.92, 85.77: 9100 differs from 8500 (7.05) and 8700 (5.92) but not from 8900 (3.15);
    // 8500 − 8900 = 3.90 < 4.50. The same letters come from an independent line-by-line Python
    // translation of ExpDes.pt's order.group() with SciPy's studentized range.
    const t = tukeyOf(ENXERTO_VASCULAR, 'DBC');
    expectSig(t.dms, 4.5038, 5);
    expect(lettersByName(t.grupos)).toEqual({ '8500': 'a', '8700': 'a', '8900': 'ab', '9100': 'b' });
  });

  it('gives every treatment "a" when the F test is not significant', () => {
    const t = tukey({ ...comparisonOf(SORGO, 'DBC'), significativo: false });
    expect(t.grupos.map((g) => g.letras)).toEqual(['a', 'a', 'a', 'a', 'a']);
    expectSig(t.dms, 12.19, 4);
  });
});

describe('ExpDes.pt letter display (order.group)', () => {
  it('opens a letter at the first mean beyond DMS and lets letters overlap (hand-traced)', () => {
    // dms 2.5: 10−7 = 3 opens "b" at 7; from 9, 9−6 = 3 opens "c" at 6; 8 is within 2.5 of 6.
    expect(letrasExpDes([10, 9, 8, 7, 6], 2.5)).toEqual(['a', 'ab', 'abc', 'bc', 'c']);
  });

  it('gives one letter to means all within DMS and one letter each to means far apart', () => {
    expect(letrasExpDes([5, 4.5, 4.2], 1)).toEqual(['a', 'a', 'a']);
    expect(letrasExpDes([40, 30, 20, 10], 5)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('names groups past "z" as ExpDes.pt does (a1, b1, …), without repeating them', () => {
    expect(letra(0)).toBe('a');
    expect(letra(25)).toBe('z');
    expect(letra(26)).toBe('a1');
    expect(letra(53)).toBe('b2');
    const means = Array.from({ length: 28 }, (_, i) => 100 - 10 * i);
    expect(letrasExpDes(means, 1).slice(25)).toEqual(['z', 'a1', 'b1']);
  });

  it('orders means decreasingly and keeps the input order for ties', () => {
    expect(ordemDecrescente([3, 5, 3, 9])).toEqual([3, 1, 0, 2]);
  });
});
