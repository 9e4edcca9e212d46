import { describe, expect, it } from 'vitest';
import { melhorParticao, scottKnott } from './scott-knott.js';
import { BATATA_DOCE, ENXERTO_VASCULAR, SORGO, comparisonOf, type ExampleCase, expectSig, lettersByName } from './test-helpers.js';

const skOf = (example: ExampleCase, design: 'DBC' | 'DIC') => scottKnott(comparisonOf(example, design));

describe('Scott-Knott', () => {
  it('reproduces the sorghum RCBD: K-7 a, every other variety b (stats-examples.json)', () => {
    const sk = skOf(SORGO, 'DBC');
    expect(lettersByName(sk.grupos)).toEqual({ 'K-7': 'a', 'Co-11': 'b', 'African tall': 'b', 'FS-1': 'b', 'Co-24': 'b' });
    expect(sk.grupos.map((g) => g.nome)).toEqual(['K-7', 'Co-11', 'African tall', 'FS-1', 'Co-24']);
  });

  it('computes the split statistics by hand for the sorghum means', () => {
    // Means 40.7 | 31.2, 30.45, 28.475, 25.55; s² = 29.25883/4, ν = 12.
    // B0 = 40.7² + 115.675²/4 − 156.375²/5 = 111.038; σ̂² = (Σ(ȳ−ȳ̄)² + 12·s²)/(5 + 12) = 12.818;
    // λ = π·B0/(2(π−2)σ̂²) = 11.919; P(χ²(5/(π−2)) > λ) = 0.0237 < 0.05: K-7 splits off.
    const first = melhorParticao([40.7, 31.2, 30.45, 28.475, 25.55], 29.258833333333 / 4, 12);
    expect(first.corte).toBe(1);
    expectSig(first.b0, 111.038, 6);
    expectSig(first.lambda, 11.9194, 5);
    expectSig(first.p, 0.0237446, 5);
    // The other four do not split further: p = 0.458.
    const rest = melhorParticao([31.2, 30.45, 28.475, 25.55], 29.258833333333 / 4, 12);
    expectSig(rest.p, 0.458327, 5);
  });

  it('groups the sweetpotato and vascular-graft means (checked against an independent port)', () => {
    // No printed Scott-Knott table was found for these two; the expected groups come from a
    // line-by-line Python translation of ExpDes.pt's scottknott() with SciPy's chi-square.
    expect(lettersByName(skOf(BATATA_DOCE, 'DIC').grupos)).toEqual({ oo: 'a', ff: 'a', cc: 'b', fc: 'c' });
    expect(lettersByName(skOf(ENXERTO_VASCULAR, 'DBC').grupos)).toEqual({ '8500': 'a', '8700': 'a', '8900': 'b', '9100': 'b' });
  });

  it('keeps the first of two splits that tie in exact arithmetic', () => {
    // Symmetric means: 41.92 | 39.45, 36.98 and 41.92, 39.45 | 36.98 have the same B0 = 9.15135;
    // in floating point the second came out 9e-13 larger and used to win.
    const three = melhorParticao([41.92, 39.45, 36.98], 1, 10);
    expect(three.corte).toBe(1);
    expectSig(three.b0, 9.15135, 9);
    // B0 of cuts 1 and 4 are both 88.831125; rounding favoured the last one.
    expect(melhorParticao([29.53, 21.47, 21.1, 20.73, 12.67], 1, 10).corte).toBe(1);
    // A real difference, however small relative to rounding, is still the larger: 2 wins here.
    expect(melhorParticao([10, 9, 0.5], 1, 10).corte).toBe(2);
  });

  it('re-examines both halves even after a non-significant split, as ExpDes.pt does', () => {
    // Top split {75.5 … 53.3} | {43.6, 34.2}: p = 0.069 (not significant); inside the upper half
    // 75.5 | rest has p = 0.015. ExpDes.pt records that split, so 75.5 gets "a" and all others
    // "b" (the 1974 procedure would stop at the top and give every mean "a").
    const medias = [75.5, 57.3, 57.1, 54.4, 53.3, 43.6, 34.2];
    const s2 = 15.96;
    const top = melhorParticao(medias, s2, 9);
    expect(top.corte).toBe(5);
    expectSig(top.p, 0.0694346, 5);
    expectSig(melhorParticao(medias.slice(0, 5), s2, 9).p, 0.0154134, 5);
    const sk = scottKnott({
      nomes: medias.map((_, i) => `T${i + 1}`),
      medias,
      r: 4,
      qmRes: s2 * 4,
      glRes: 9,
      significativo: true,
    });
    expect(sk.grupos.map((g) => g.letras)).toEqual(['a', 'b', 'b', 'b', 'b', 'b', 'b']);
  });

  it('gives "a" to everyone when the F test is not significant, and sorts by mean', () => {
    const sk = scottKnott({ nomes: ['x', 'y', 'z'], medias: [10, 30, 20], r: 4, qmRes: 1, glRes: 9, significativo: false });
    expect(sk.grupos).toEqual([
      { nome: 'y', media: 30, letras: 'a' },
      { nome: 'z', media: 20, letras: 'a' },
      { nome: 'x', media: 10, letras: 'a' },
    ]);
  });

  it('separates clearly different means into non-overlapping groups', () => {
    const sk = scottKnott({
      nomes: ['a1', 'a2', 'b1', 'b2', 'c1'],
      medias: [100, 99, 60, 61, 20],
      r: 4,
      qmRes: 4,
      glRes: 15,
      significativo: true,
    });
    expect(sk.grupos.map((g) => `${g.nome}:${g.letras}`)).toEqual(['a1:a', 'a2:a', 'b2:b', 'b1:b', 'c1:c']);
  });
});
