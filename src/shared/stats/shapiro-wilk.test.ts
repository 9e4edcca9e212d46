import { describe, expect, it } from 'vitest';
import { shapiroWilk } from './shapiro-wilk.js';
import { expectSig } from './test-helpers.js';

describe('Shapiro-Wilk (Royston 1995, AS R94)', () => {
  it("reproduces Shapiro & Wilk's (1965) worked example: weights of 11 men", () => {
    // Biometrika 52:591-611, §5: W = 0.79, significant at 1 %. R's shapiro.test() and
    // scipy.stats.shapiro (same AS R94 code) give W = 0.78881, p = 0.006704.
    const weights = [148, 154, 158, 160, 161, 162, 166, 170, 182, 195, 236];
    const { w, p } = shapiroWilk(weights);
    expectSig(w, 0.78881, 5);
    expectSig(p, 0.006704, 4);
    expect(p).toBeLessThan(0.01);
  });

  it('does not depend on the order of the sample', () => {
    const shuffled = [236, 160, 148, 195, 161, 170, 154, 182, 158, 166, 162];
    expectSig(shapiroWilk(shuffled).w, 0.78881, 5);
  });

  it('uses the exact distribution for n = 3', () => {
    // For {1, 2, 4}: W = (√½·3)² / (14/3) = 27/28, and p = (6/π)(asin √W − π/3)
    const { w, p } = shapiroWilk([1, 2, 4]);
    expectSig(w, 0.9642857142857142, 10);
    expectSig(p, (6 / Math.PI) * (Math.asin(Math.sqrt(27 / 28)) - Math.PI / 3), 10);
    expectSig(p, 0.636887, 6);
  });

  it('matches reference values across the n ≤ 11 and n ≥ 12 approximations', () => {
    // Reference: scipy.stats.shapiro 1.17 (Royston's AS R94, as in R).
    const small = shapiroWilk([1.2, 3.4, 2.2, 9.9]);
    expectSig(small.w, 0.8276539, 6);
    expectSig(small.p, 0.1617666, 6);
    const six = shapiroWilk([2.1, 3.4, 1.9, 5.6, 4.4, 3.3]);
    expectSig(six.w, 0.9413672, 6);
    expectSig(six.p, 0.6702339, 6);
    const squares = shapiroWilk(Array.from({ length: 20 }, (_, i) => (i + 1) ** 2));
    expectSig(squares.w, 0.9061306, 6);
    expectSig(squares.p, 0.0538096, 5);
  });

  it('accepts 5000 values and refuses samples outside 3..5000 or without spread', () => {
    const big = Array.from({ length: 5000 }, (_, i) => Math.sin(i) * 10 + (i % 7));
    const r = shapiroWilk(big);
    expect(r.w).toBeGreaterThan(0);
    expect(r.w).toBeLessThanOrEqual(1);
    expect(() => shapiroWilk([1, 2])).toThrow(RangeError);
    expect(() => shapiroWilk(new Array<number>(5001).fill(0).map((_, i) => i))).toThrow(RangeError);
    expect(() => shapiroWilk([5, 5, 5, 5])).toThrow(RangeError);
  });
});
