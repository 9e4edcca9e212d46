import { describe, expect, it } from 'vitest';
import { formatBRL, formatFileSize, formatKgHa, formatLongDate, formatNumber, formatPercent, initials } from './format.js';

describe('format', () => {
  it('long pt-BR dates in Brazil time', () => {
    expect(formatLongDate('2026-11-21T12:00:00Z')).toBe('21 de novembro de 2026');
    // 01:00 UTC on 1 March is still 28 February in São Paulo.
    expect(formatLongDate('2025-03-01T01:00:00Z')).toBe('28 de fevereiro de 2025');
    expect(formatLongDate('não é data')).toBe('');
  });

  it('initials', () => {
    expect(initials('Maria da Silva Souza')).toBe('MS');
    expect(initials('  joão ')).toBe('J');
    expect(initials('')).toBe('');
  });
});

describe('numbers in pt-BR', () => {
  it('money, decimals, yields', () => {
    expect(formatBRL(1234.56).replace(/\s/g, ' ')).toBe('R$ 1.234,56');
    expect(formatBRL(null)).toBe('-');
    expect(formatNumber(3456.7)).toBe('3.456,7');
    expect(formatNumber(3456.75, 0)).toBe('3.457');
    expect(formatKgHa(3456.5)).toBe('3.457 kg/ha');
    expect(formatKgHa(undefined)).toBe('-');
  });
});

describe('percentages and file sizes in pt-BR', () => {
  it.each([
    [0.687, undefined, '68,7%'],
    [0.87, undefined, '87,0%'],
    [0.99951, undefined, '100,0%'],
    [1, undefined, '100,0%'],
    [0.5, 0, '50%'],
    [Number.NaN, undefined, '-'],
    [null, undefined, '-'],
  ])('a ratio as a percentage with one fixed decimal (the extraction confidence): %s → %s', (ratio, decimals, shown) => {
    expect(formatPercent(ratio, decimals)).toBe(shown);
  });

  it('file sizes: bytes, KB and MB, never "0 MB" for a small file', () => {
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(512)).toBe('512 bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(850 * 1024)).toBe('850 KB');
    expect(formatFileSize(1024 * 1024 - 100)).toBe('1 MB');
    expect(formatFileSize(1.2 * 1024 * 1024)).toBe('1,2 MB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatFileSize(12_345_678)).toBe('11,8 MB');
    expect(formatFileSize(-1)).toBe('-');
    expect(formatFileSize(undefined)).toBe('-');
  });
});
