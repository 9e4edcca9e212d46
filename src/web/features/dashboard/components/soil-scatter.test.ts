import { describe, expect, it } from 'vitest';
import { niceTicks } from './soil-scatter.js';

describe('niceTicks', () => {
  it('covers the whole range, so no point is drawn past the axis', () => {
    expect(niceTicks(0, 60)).toEqual([0, 20, 40, 60]);
    // A maximum in the upper half of a step: the last tick must still reach it.
    const t = niceTicks(2100, 89_000);
    expect(t[0]).toBeLessThanOrEqual(2100);
    expect(t.at(-1)).toBeGreaterThanOrEqual(89_000);
    for (const [min, max] of [
      [3, 97],
      [0.5, 8.9],
      [1234, 5678],
      [0, 1],
    ] as const) {
      const ticks = niceTicks(min, max);
      expect(ticks[0]).toBeLessThanOrEqual(min);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(8);
    }
    expect(niceTicks(5, 5)).toEqual([5]);
    expect(niceTicks(Number.NaN, 1)).toEqual([]);
  });
});
