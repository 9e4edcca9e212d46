import { describe, expect, it } from 'vitest';
import { experimentSchema } from '../experiment.js';
import { describeFieldError, describeFieldErrors, issuesToFields, summarizeFieldErrors } from './issue-labels.js';

const data = {
  tratamentos: [
    { nome: 'Testemunha', modalidade: '' },
    { nome: 'Maximus TS', produtos_aplicados: [{ nome: 'Maximus TS' }, { nome: '' }] },
    { nome: '  ' },
  ],
};

describe('field errors in words', () => {
  it('names the treatment by number and name, and leaves out a label the message already says', () => {
    expect(describeFieldError('tratamentos.0.modalidade', 'Modalidade é obrigatória', data)).toBe(
      'Tratamento 1 (Testemunha): Modalidade é obrigatória',
    );
  });

  it('adds the field label when the message does not name it', () => {
    expect(describeFieldError('tratamentos.1.produtividade', 'Informe um número válido', data)).toBe(
      'Tratamento 2 (Maximus TS), Produtividade: Informe um número válido',
    );
    expect(describeFieldError('ano', 'Informe um número válido')).toBe('Ano: Informe um número válido');
  });

  it('names a product and a block inside a treatment; a treatment without a name by its number', () => {
    expect(describeFieldError('tratamentos.1.produtos_aplicados.0.dose', 'Dose não pode ser negativa', data)).toBe(
      'Tratamento 2 (Maximus TS), produto 1 (Maximus TS): Dose não pode ser negativa',
    );
    expect(describeFieldError(['tratamentos', 2, 'repeticoes', 1], 'Informe um número válido', data)).toBe(
      'Tratamento 3, Repetições, bloco 2: Informe um número válido',
    );
  });

  it('never shows a path: unknown parts are left out, an experiment-wide message stands alone', () => {
    expect(describeFieldError('tratamentos.0.zzz.4', 'Valor inválido', data)).toBe('Tratamento 1 (Testemunha): Valor inválido');
    expect(describeFieldError('_', 'Dados inválidos')).toBe('Dados inválidos');
    expect(describeFieldError('qualquer.coisa', 'Valor inválido')).toBe('Valor inválido');
    expect(describeFieldError('tratamentos', 'Adicione pelo menos um tratamento')).toBe('Tratamentos: Adicione pelo menos um tratamento');
  });

  it('describes a whole answer, first error and the count of the rest', () => {
    const fields = { 'tratamentos.0.modalidade': 'Modalidade é obrigatória', cidade: 'Cidade é obrigatória' };
    expect(describeFieldErrors(fields, data)).toEqual(['Tratamento 1 (Testemunha): Modalidade é obrigatória', 'Cidade é obrigatória']);
    expect(summarizeFieldErrors(fields, data)).toBe('Tratamento 1 (Testemunha): Modalidade é obrigatória (e mais 1 campo a corrigir)');
    expect(summarizeFieldErrors({})).toBeNull();
  });

  it('reads the issues of the shared schema: no message it gives for a treatment holds a path', () => {
    const parsed = experimentSchema.safeParse({ tratamentos: [{ nome: 'Testemunha', modalidade: '', produtividade: 'x' }] });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const fields = issuesToFields(parsed.error.issues);
    expect(fields['tratamentos.0.modalidade']).toBe('Modalidade é obrigatória');
    for (const line of describeFieldErrors(fields, { tratamentos: [{ nome: 'Testemunha' }] })) {
      expect(line).not.toMatch(/tratamentos\.|\.\d+\./);
    }
  });
});
