import { describe, expect, it } from 'vitest';
import { applyExtraction } from './apply-extraction.js';
import { newExperimentDefaults, newTreatment, withBlocks } from './form-values.js';

describe('applyExtraction', () => {
  it('sets every non-empty extracted field and keeps the rest', () => {
    const current = { ...newExperimentDefaults(), consultoria: 'Digitada', cultivar: 'Minha', roi: 5 };
    const next = applyExtraction(current, {
      marca: 'Aminoagro',
      cidade: 'Rio Verde',
      estado: 'GO',
      cultivar: '',
      teor_argila: 42.5,
      ano: 2024,
      tipo_estatistica: 'DBC',
      tratamentos: [
        { nome: 'Testemunha', modalidade: 'Foliar', produtividade: 3500 },
        { nome: 'Raiz', modalidade: 'Via Aérea', produtividade: 3800 },
      ],
    });
    expect(next).toMatchObject({ consultoria: 'Digitada', marca: 'Aminoagro', cidade: 'Rio Verde', estado: 'GO', cultivar: 'Minha', teor_argila: 42.5, ano: 2024, tipo_estatistica: 'DBC', roi: 5 });
    expect(next.tratamentos).toEqual([
      { nome: 'Testemunha', modalidade: 'Foliar', produtividade: 3500, custo: null, produtos_aplicados: [], analises_adicionais: [] },
      { nome: 'Raiz', modalidade: '', produtividade: 3800, custo: null, produtos_aplicados: [], analises_adicionais: [] },
    ]);
  });

  it('brings plot tables along when every treatment has the same blocks', () => {
    const next = applyExtraction(newExperimentDefaults(), {
      tratamentos: [
        { nome: 'Testemunha', modalidade: 'Foliar', produtividade: 2, repeticoes: [1, 2, 3] },
        { nome: 'B', modalidade: 'Foliar', produtividade: 3, repeticoes: [2, 3, 4] },
      ],
    });
    expect(next.tratamentos.map((t) => t.repeticoes)).toEqual([
      [1, 2, 3],
      [2, 3, 4],
    ]);
  });

  it('leaves the treatments alone when the report had none', () => {
    const current = { ...newExperimentDefaults(), tratamentos: [{ nome: 'Testemunha', modalidade: 'Solo', produtividade: 1, custo: 0, produtos_aplicados: [], analises_adicionais: [] }] };
    expect(applyExtraction(current, { tratamentos: [] }).tratamentos).toBe(current.tratamentos);
  });
});

describe('replicate inputs', () => {
  it('a new treatment gets one empty input per block', () => {
    expect(newTreatment(false, 3).repeticoes).toEqual(['', '', '']);
    expect(newTreatment(true)).not.toHaveProperty('repeticoes');
  });
  it('changing the number of blocks keeps what was typed', () => {
    const t = { ...newTreatment(false, 3), repeticoes: [1, 2, 3] };
    expect(withBlocks(t, 4).repeticoes).toEqual([1, 2, 3, '']);
    expect(withBlocks(t, 2).repeticoes).toEqual([1, 2]);
    expect(withBlocks(t, 0)).not.toHaveProperty('repeticoes');
  });
});
