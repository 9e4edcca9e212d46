import { describe, expect, it } from 'vitest';
import { bartlett } from './bartlett.js';
import { BATATA_DOCE, INSECT_SPRAYS, SORGO, expectSig } from './test-helpers.js';

describe('Bartlett', () => {
  it("reproduces R's bartlett.test(count ~ spray, InsectSprays): K² = 25.96, df 5, p = 9.085e-05", () => {
    const r = bartlett(INSECT_SPRAYS);
    expectSig(r.estatistica, 25.96, 4);
    expectSig(r.p, 9.085e-5, 4);
  });

  it('agrees with SciPy on the two worked examples', () => {
    const sorgo = bartlett(SORGO.repeticoes);
    expectSig(sorgo.estatistica, 3.4974553, 7);
    expectSig(sorgo.p, 0.4782654, 6);
    const batata = bartlett(BATATA_DOCE.repeticoes);
    expectSig(batata.estatistica, 2.3886492, 7);
    expectSig(batata.p, 0.4957511, 6);
  });

  it('is 0 for groups with identical variances', () => {
    const r = bartlett([
      [1, 2, 3],
      [11, 12, 13],
    ]);
    expect(r.estatistica).toBeCloseTo(0, 12);
    expect(r.p).toBeCloseTo(1, 12);
  });

  it('is clamped at 0 when equal variances leave a negative rounding residue', () => {
    // The three groups have the same variance; unclamped, K² came out as −2.5e-14.
    const r = bartlett([
      [3000, 3000, 3000, 3000.001],
      [3000, 3000.001, 3000, 3000],
      [3000, 3000, 3000.001, 3000],
    ]);
    expect(r.estatistica).toBe(0);
    expect(r.p).toBe(1);
  });

  it('returns nulls when a group has zero variance (the statistic would be infinite)', () => {
    expect(
      bartlett([
        [5, 5, 5],
        [1, 2, 3],
      ]),
    ).toEqual({ estatistica: null, p: null });
  });
});
