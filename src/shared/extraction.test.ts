import { describe, expect, it } from 'vitest';
import { confidenceToast, controlFirst } from './extraction.js';

describe('confidenceToast', () => {
  it('says the confidence in pt-BR with one decimal, as the review badge does', () => {
    expect(confidenceToast(0.687)).toBe('Dados extraídos com 68,7% de confiança');
    expect(confidenceToast(0.9)).toBe('Dados extraídos com 90,0% de confiança');
  });
});

describe('controlFirst', () => {
  it('moves the untreated control to the front and keeps the others in order', () => {
    const t = (nome: string, modalidade = 'Foliar') => ({ nome, modalidade });
    expect(controlFirst([t('A'), t('B'), t('Sem produto', 'Sem aplicação')]).map((x) => x.nome)).toEqual(['Sem produto', 'A', 'B']);
    expect(controlFirst([t('A'), t('Testemunha absoluta', '')]).map((x) => x.nome)).toEqual(['Testemunha absoluta', 'A']);
    expect(controlFirst([t('A'), t('B')]).map((x) => x.nome)).toEqual(['A', 'B']);
  });
});
