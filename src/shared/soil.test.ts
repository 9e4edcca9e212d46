import { describe, expect, it } from 'vitest';
import { clayClass, organicMatterClass } from './soil.js';

describe('soil classes', () => {
  it.each([
    [0, 'arenoso'],
    [14.9, 'arenoso'],
    [15, 'medio'],
    [34.9, 'medio'],
    [35, 'argiloso'],
    [60, 'argiloso'],
    [60.1, 'muito-argiloso'],
    [100, 'muito-argiloso'],
  ])('clay %d%% → %s', (v, id) => expect(clayClass(v)?.id).toBe(id));

  it.each([
    [0, 'baixo'],
    [1.9, 'baixo'],
    [2, 'medio'],
    [4, 'alto'],
    [6, 'alto'],
    [6.5, 'muito-alto'],
  ])('organic matter %d%% → %s', (v, id) => expect(organicMatterClass(v)?.id).toBe(id));

  it('no class for empty or impossible values', () => {
    for (const v of [null, undefined, Number.NaN, -1, 101]) {
      expect(clayClass(v)).toBeNull();
      expect(organicMatterClass(v)).toBeNull();
    }
  });
});
