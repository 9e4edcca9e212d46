import { describe, expect, it } from 'vitest';
import {
  chiSquareCdf,
  chiSquareUpperTail,
  fCdf,
  fUpperTail,
  logGamma,
  normalCdf,
  normalQuantile,
  ptukey,
  qtukey,
  regularizedBeta,
  regularizedGammaP,
  regularizedGammaQ,
  studentTCdf,
  studentTQuantile,
  studentTTwoSided,
} from './distributions.js';
import { expectSig } from './test-helpers.js';

/** Relative closeness for values known to many digits (R / SciPy reference values). */
function expectRel(actual: number, expected: number, rel = 1e-9): void {
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(rel * Math.abs(expected));
}

describe('logGamma and the incomplete gamma and beta functions', () => {
  it('matches closed forms and reference values', () => {
    expectRel(logGamma(0.5), Math.log(Math.sqrt(Math.PI)), 1e-14);
    expectRel(logGamma(10), Math.log(362880), 1e-14);
    expectRel(logGamma(100), 359.1342053695754, 1e-14);
    expectRel(logGamma(3.7), 1.428072326665388, 1e-13);
    expect(logGamma(1)).toBeCloseTo(0, 14);
    expect(() => logGamma(0)).toThrow(RangeError);
  });

  it('gives P(1, x) = 1 − e^(−x) and agrees with SciPy elsewhere', () => {
    for (const x of [0.01, 0.5, 1, 3, 10, 30]) expectRel(regularizedGammaP(1, x), -Math.expm1(-x), 1e-13);
    expectRel(regularizedGammaP(2.5, 1.3), 0.23863473215498604, 1e-12);
    expectRel(regularizedGammaQ(7, 3), 0.9664914646911588, 1e-12);
    expect(regularizedGammaP(3, 0)).toBe(0);
    expect(regularizedGammaQ(3, 0)).toBe(1);
  });

  it('gives I_x(a, b) for a closed form and a U-shaped beta', () => {
    expectRel(regularizedBeta(0.5, 2, 3), 11 / 16, 1e-14);
    expectRel(regularizedBeta(0.1, 0.5, 0.5), (2 / Math.PI) * Math.asin(Math.sqrt(0.1)), 1e-12);
    expect(regularizedBeta(0, 2, 3)).toBe(0);
    expect(regularizedBeta(1, 2, 3)).toBe(1);
  });
});

describe('F distribution', () => {
  it('reproduces the tabulated 5 % and 1 % points (Montgomery, Appendix tables)', () => {
    // F(0.05; 3, 10) = 3.71, F(0.01; 2, 20) = 5.85, F(0.05; 1, 1) = 161.4
    expectSig(fUpperTail(3.708, 3, 10), 0.05, 3);
    expectSig(fUpperTail(5.849, 2, 20), 0.01, 3);
    expectSig(fUpperTail(161.4, 1, 1), 0.05, 3);
  });

  it('reproduces published ANOVA p-values', () => {
    // [F, gl1, gl2, p, significant digits printed]
    const published: [number, number, number, number, number][] = [
      // Sorghum RCBD (stats-examples.json): treatments F 4.4476 → p 0.01958, blocks F 0.9205 → 0.46033
      [4.4476, 4, 12, 0.01958, 4],
      [0.9205, 3, 12, 0.46033, 5],
      // Montgomery Example 4.1 printed by R: F 8.107 (3, 15) → 0.00192; F 5.249 (5, 15) → 0.00553
      [8.107076636066834, 3, 15, 0.00192, 3],
      [5.248666234401496, 5, 15, 0.00553, 3],
    ];
    for (const [f, gl1, gl2, p, sig] of published) expectSig(fUpperTail(f, gl1, gl2), p, sig);
  });

  it('has CDF + upper tail = 1 and the right limits', () => {
    expectRel(fCdf(2.5, 4, 12), 0.9018381888268955, 1e-12);
    expectRel(fCdf(2.5, 4, 12) + fUpperTail(2.5, 4, 12), 1, 1e-14);
    expect(fUpperTail(0, 3, 10)).toBe(1);
    expect(fUpperTail(Infinity, 3, 10)).toBe(0);
  });
});

describe('Student t', () => {
  it('reproduces tabulated two-sided critical values', () => {
    expectSig(studentTQuantile(0.975, 8), 2.306, 4);
    expectSig(studentTQuantile(0.975, 1), 12.706, 5);
    expectSig(studentTQuantile(0.995, 10), 3.169, 4);
    expectSig(studentTTwoSided(2.228, 10), 0.05, 3);
    expectRel(studentTCdf(-2.5, 7), 0.020496109292876444, 1e-11);
    expect(studentTQuantile(0.025, 8)).toBeCloseTo(-studentTQuantile(0.975, 8), 12);
  });

  it("gives agricolae's LSD for the sweetpotato trial (t(0.975; 8)·√(2·22.48917/3) = 8.928965)", () => {
    expectSig(studentTQuantile(0.975, 8) * Math.sqrt((2 * 22.48917) / 3), 8.928965, 7);
  });
});

describe('chi-square', () => {
  it('reproduces tabulated upper points', () => {
    // [χ², gl, p, significant digits printed]
    const table: [number, number, number, number][] = [
      [3.841, 1, 0.05, 3],
      [11.07, 5, 0.05, 3],
      [18.307, 10, 0.05, 4],
      [6.635, 1, 0.01, 3],
    ];
    for (const [x, gl, p, sig] of table) expectSig(chiSquareUpperTail(x, gl), p, sig);
  });

  it('accepts fractional degrees of freedom (Scott-Knott uses k/(π − 2))', () => {
    expectRel(chiSquareUpperTail(5, 2.3), 0.10571216583163319, 1e-11);
    expectRel(chiSquareCdf(2, 3), 0.42759329552912023, 1e-12);
  });
});

describe('normal distribution (AS 241)', () => {
  it('inverts the CDF to full precision, including the far tail', () => {
    expectRel(normalQuantile(0.975), 1.959963984540054, 1e-15);
    expectRel(normalQuantile(0.3), -0.5244005127080409, 1e-14);
    expectRel(normalQuantile(1e-10), -6.361340902404056, 1e-14);
    for (const p of [1e-12, 0.001, 0.07, 0.5, 0.6, 0.93, 0.999]) expectRel(normalCdf(normalQuantile(p)), p, 1e-12);
  });

  it('keeps relative precision in the lower tail', () => {
    expectRel(normalCdf(-5), 2.866515718791933e-7, 1e-12);
    expectRel(normalCdf(-10), 7.61985302416047e-24, 1e-11);
    expectRel(normalCdf(1.96), 0.9750021048517795, 1e-14);
  });
});

describe('studentized range (Copenhaver & Holland 1988)', () => {
  it('reproduces the classic table of q(0.95; k, gl)', () => {
    // Harter (1960) / Montgomery Appendix: upper 5 % points of the studentized range
    // [p, k means, gl, q], each printed to 4 significant digits
    const table: [number, number, number, number][] = [
      [0.95, 3, 10, 3.877],
      [0.95, 5, 12, 4.508],
      [0.95, 4, 20, 3.958],
      [0.95, 10, 60, 4.646],
      [0.95, 6, 24, 4.373],
      [0.95, 20, 120, 5.126],
      [0.99, 3, 10, 5.27],
    ];
    for (const [p, k, gl, q] of table) expectSig(qtukey(p, k, gl), q, 4);
  });

  it('agrees with R/SciPy to many digits where the quadrature is accurate', () => {
    expectRel(qtukey(0.95, 3, 10), 3.87677675, 1e-8);
    expectRel(qtukey(0.95, 15, 105), 4.9125531061, 1e-8);
    expectRel(ptukey(3.5, 4, 20), 0.9050415494537, 1e-9);
  });

  it('is exactly √2·t for two means, which also covers gl = 1', () => {
    expectRel(qtukey(0.95, 2, 5), Math.SQRT2 * studentTQuantile(0.975, 5), 1e-12);
    expectSig(qtukey(0.95, 2, 1), 17.97, 4);
    expectRel(ptukey(qtukey(0.95, 2, 12), 2, 12), 0.95, 1e-10);
  });

  it('inverts its own CDF', () => {
    for (const [k, df] of [
      [3, 2],
      [5, 12],
      [8, 40],
      [12, 300],
    ] as const) {
      expectRel(ptukey(qtukey(0.95, k, df), k, df), 0.95, 1e-9);
    }
    expect(ptukey(0, 3, 10)).toBe(0);
    expect(ptukey(Infinity, 3, 10)).toBe(1);
  });
});
