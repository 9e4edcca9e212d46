import { describe, expect, it } from 'vitest';
import { truncateLabel, wholePercent } from './labels.js';

describe('labels', () => {
  it.each([
    ['MT Oeste/RO/AC', 'MT Oeste/RO/…'],
    ['Cerrado MG', 'Cerrado MG'],
    ['123456789012', '123456789012'],
  ])('truncate at 12 characters plus an ellipsis: %s → %s', (label, shown) => {
    expect(truncateLabel(label)).toBe(shown);
  });
  it.each([
    [1, 3, '33%'],
    [2, 3, '67%'],
    [0, 0, '0%'],
  ])('whole percentages: %i of %i → %s', (part, total, shown) => {
    expect(wholePercent(part, total)).toBe(shown);
  });
});
