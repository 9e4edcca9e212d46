import { describe, expect, it } from 'vitest';
import { truncateLabel, wholePercent } from './labels.js';

describe('labels', () => {
  it('truncate at 12 characters plus an ellipsis', () => {
    expect(truncateLabel('MT Oeste/RO/AC')).toBe('MT Oeste/RO/…');
    expect(truncateLabel('Cerrado MG')).toBe('Cerrado MG');
    expect(truncateLabel('123456789012')).toBe('123456789012');
  });
  it('whole percentages', () => {
    expect(wholePercent(1, 3)).toBe('33%');
    expect(wholePercent(2, 3)).toBe('67%');
    expect(wholePercent(0, 0)).toBe('0%');
  });
});
