import { describe, expect, it } from 'vitest';
import { ASSESSMENT_FIELDS } from './fields/catalogue.js';
import { AVALIACAO_NOME_MAX, filtersSchema, hasAnyFilter } from './filters.js';

describe('filtersSchema: avaliacao', () => {
  it('is as long as an assessment name may be', () => {
    expect(AVALIACAO_NOME_MAX).toBe(ASSESSMENT_FIELDS.nome.max);
  });

  it('is trimmed, empty means not set, and a name longer than any assessment is refused', () => {
    expect(filtersSchema.parse({ avaliacao: '  Severidade ' }).avaliacao).toBe('Severidade');
    expect(filtersSchema.parse({ avaliacao: '   ' }).avaliacao).toBeUndefined();
    expect(filtersSchema.safeParse({ avaliacao: 'a'.repeat(AVALIACAO_NOME_MAX) }).success).toBe(true);
    expect(filtersSchema.safeParse({ avaliacao: 'a'.repeat(AVALIACAO_NOME_MAX + 1) }).success).toBe(false);
    expect(filtersSchema.safeParse({ avaliacao: 'Sev\u0000' }).success).toBe(false);
  });

  it('counts as a filter', () => {
    expect(hasAnyFilter({ avaliacao: 'Severidade' })).toBe(true);
    expect(hasAnyFilter({ avaliacao: '' })).toBe(false);
  });
});
