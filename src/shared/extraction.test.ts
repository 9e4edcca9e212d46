import { describe, expect, it } from 'vitest';
import { confidenceToast } from './extraction.js';

describe('confidenceToast', () => {
  it('says the confidence in pt-BR with one decimal, as the review badge does', () => {
    expect(confidenceToast(0.687)).toBe('Dados extraídos com 68,7% de confiança');
    expect(confidenceToast(0.9)).toBe('Dados extraídos com 90,0% de confiança');
  });
});
