import { describe, expect, it } from 'vitest';
import { evenSample } from './sample.js';

describe('evenSample', () => {
  it('returns the input when it fits', () => {
    const items = Array.from({ length: 10 }, (_, i) => i);
    expect(evenSample(items, 10)).toBe(items);
    expect(evenSample(items, 0)).toEqual([]);
  });

  it('takes exactly one item from each equal run, the same way every time', () => {
    const items = Array.from({ length: 1000 }, (_, i) => i);
    const sample = evenSample(items, 100);
    expect(sample).toHaveLength(100);
    // Run i covers items 10i..10i+9.
    sample.forEach((v, i) => expect(Math.floor(v / 10)).toBe(i));
    expect(evenSample(items, 100)).toEqual(sample);
  });

  it('does not alias with periodic data', () => {
    // Five states repeating; a plain stride of 2.5 would only ever pick two of them.
    const estados = Array.from({ length: 5000 }, (_, i) => ['PR', 'RS', 'MT', 'GO', 'SP'][i % 5]);
    const counts = new Map<string | undefined, number>();
    for (const e of evenSample(estados, 2000)) counts.set(e, (counts.get(e) ?? 0) + 1);
    expect(counts.size).toBe(5);
    for (const c of counts.values()) expect(c).toBeGreaterThan(250);
  });
});
