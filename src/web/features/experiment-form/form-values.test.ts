import { describe, expect, it } from 'vitest';
import { step1Schema, step2Schema, step3Schema, step4Schema, step5Schema, step6Schema } from '../../../shared/experiment.js';
import { EXPERIMENT_FIELDS } from '../../../shared/fields/catalogue.js';
import { STEPS, fromExperiment, newAnalysis, newExperimentDefaults, newProduct, newTreatment, stepOfField } from './form-values.js';

describe('form values from the catalogue', () => {
  it('validates each step on exactly the fields of its schema', () => {
    const schemas = [step1Schema, step2Schema, step3Schema, step4Schema, step5Schema, step6Schema];
    expect(STEPS).toHaveLength(7);
    schemas.forEach((schema, i) => expect([...STEPS[i]!.fields].sort()).toEqual(Object.keys(schema.shape).sort()));
    expect(STEPS[6]!.fields).toEqual([]);
    // Every field belongs to one step.
    expect(STEPS.flatMap((s) => s.fields).sort()).toEqual(Object.keys(EXPERIMENT_FIELDS).sort());
    expect(stepOfField('tratamentos.2.nome')).toBe(5);
    expect(stepOfField('preco_saca')).toBe(6);
  });

  it('starts a new experiment empty: no number pre-filled with 0, ano 2024', () => {
    expect(newExperimentDefaults()).toEqual({
      // A new trial is concluded unless the user says otherwise (the catalogue's `absent`).
      situacao: 'concluido',
      consultoria: '',
      marca: '',
      bu: '',
      regional: '',
      cidade: '',
      estado: '',
      latitude: null,
      longitude: null,
      teor_argila: null,
      teor_materia_organica: null,
      cultura: '',
      cultivar: '',
      ano: 2024,
      produtividade_regional: null,
      tratamentos: [],
      avaliacoes: [],
      tipo_estatistica: '',
      fator_a: '',
      fator_b: '',
      custo_protocolo: null,
      roi: null,
      preco_saca: null,
      blocos: null,
      parcela: { comprimento_m: null, largura_m: null },
      aplicacoes: [],
    });
    expect(newProduct()).toEqual({ nome: '', dose: null, unidade: '', custo: null });
    expect(newAnalysis()).toEqual({ nome: '', valor: null, unidade: '' });
    expect(newTreatment(true, 2)).toEqual({
      nome: 'Testemunha',
      modalidade: '',
      papel: '',
      produtividade: null,
      custo: null,
      nivel_a: '',
      nivel_b: '',
      dose: null,
      repeticoes: ['', ''],
      produtos_aplicados: [],
      analises_adicionais: [],
    });
  });

  it('reads a stored experiment back into the form, nulls as empty numbers', () => {
    const tratamento = {
      nome: 'Testemunha',
      modalidade: 'Foliar',
      produtividade: 3000,
      custo: 0,
      nivel_a: 'Produto X',
      nivel_b: '',
      dose: 2.5,
      repeticoes: [2900, 3100],
      produtos_aplicados: [{ nome: 'P', dose: null, unidade: 'L/ha', custo: 4 }],
      analises_adicionais: [{ nome: 'A', valor: null, unidade: 'cm' }],
      observacoes: { sev: [12.5, null] },
    };
    const avaliacao = {
      chave: 'sev',
      nome: 'Severidade',
      unidade: '%',
      tipo: 'porcentagem' as const,
      data: '2026-01-14',
      estadio: null,
      alvo: 'Ferrugem',
      escala_min: null,
      escala_max: null,
    };
    const values = fromExperiment({
      id: 1,
      version: 2,
      created_at: '',
      updated_at: '',
      owner: { id: 'u', name: 'U' },
      pdf_filename: null,
      produtividade_media: 3000,
      ...newExperimentDefaults(),
      latitude: null,
      longitude: -50.5,
      teor_argila: null,
      teor_materia_organica: 2.5,
      ano: 2025,
      custo_protocolo: 10,
      roi: null,
      preco_saca: 120,
      produtividade_regional: null,
      tratamentos: [{ id: 9, ...tratamento }],
      avaliacoes: [{ ...avaliacao, daa: null }],
      situacao: 'concluido',
      blocos: null,
      parcela: null,
      aplicacoes: [],
    });
    expect(values).toMatchObject({
      latitude: null,
      longitude: -50.5,
      teor_argila: null,
      teor_materia_organica: 2.5,
      roi: null,
      preco_saca: 120,
      ano: 2025,
    });
    // The treatment comes back without its id, everything else as stored (no role: the select's
    // empty option); a missing plot stays empty.
    expect(values.tratamentos).toEqual([{ ...tratamento, papel: '' }]);
    expect(values.avaliacoes).toEqual([{ ...avaliacao, estadio: '', escala_min: null, escala_max: null }]);
  });
});
