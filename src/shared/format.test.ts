import { describe, expect, it } from 'vitest';
import { formatBRL, formatKgHa, formatLongDate, formatNumber, initials } from './format.js';

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
