import { describe, expect, it } from 'vitest';
import type { ExtractedData } from '../../../shared/extraction.js';
import { applyExtraction, planExtraction } from './apply-extraction.js';
import { type TratamentoForm, newExperimentDefaults, newTreatment, withBlocks } from './form-values.js';
import { buildAvaliacao } from '../../../shared/factories.test-helper.js';

const treatment = (t: Partial<TratamentoForm>): TratamentoForm => ({ ...newTreatment(false), ...t });

describe('planExtraction and applyExtraction', () => {
  it('fills the empty fields, keeps what the user typed unless told otherwise, and never blanks', () => {
    const current = { ...newExperimentDefaults(), consultoria: 'Digitada', cultivar: 'Minha', roi: 5, teor_materia_organica: '3,2' };
    const data: ExtractedData = {
      consultoria: 'Do Relatório',
      marca: 'Aminoagro',
      cidade: 'Rio Verde',
      cultivar: '',
      teor_argila: 42.5,
      teor_materia_organica: 3.2,
      ano: 2023,
      tipo_estatistica: 'DBC',
    };
    const plan = planExtraction(current, data);
    // teor_materia_organica: '3,2' typed is the report's 3.2, neither a fill nor a conflict.
    expect(plan.fills).toEqual(['marca', 'cidade', 'teor_argila', 'ano', 'tipo_estatistica']);
    expect(plan.conflicts).toEqual([{ field: 'consultoria', label: 'Consultoria', current: 'Digitada', extracted: 'Do Relatório' }]);
    expect(applyExtraction(current, data)).toMatchObject({
      consultoria: 'Digitada',
      marca: 'Aminoagro',
      cidade: 'Rio Verde',
      cultivar: 'Minha',
      teor_argila: 42.5,
      teor_materia_organica: '3,2',
      ano: 2023,
      tipo_estatistica: 'DBC',
      roi: 5,
    });
    expect(applyExtraction(current, data, { consultoria: 'report' }).consultoria).toBe('Do Relatório');
  });

  it("compares text trimmed and without case or accents, numbers within the field's precision", () => {
    const current = {
      ...newExperimentDefaults(),
      cidade: '  rio verde ',
      regional: 'Goiás',
      teor_argila: '52,00',
      custo_protocolo: 1480.001,
    };
    const plan = planExtraction(current, { cidade: 'Rio Verde', regional: 'GOIAS', teor_argila: 52, custo_protocolo: 1480 });
    expect(plan).toEqual({ fills: [], conflicts: [], treatments: 'keep' });
    const differs = planExtraction(current, { teor_argila: 52.5, custo_protocolo: 1480.5 });
    expect(differs.conflicts).toEqual([
      { field: 'teor_argila', label: 'Teor de argila', current: '52%', extracted: '52,5%' },
      expect.objectContaining({ field: 'custo_protocolo', label: 'Custo do protocolo' }),
    ]);
  });

  it("a value still at the new form's preset is filled; in edit mode (no preset) it is a conflict", () => {
    const current = newExperimentDefaults();
    expect(planExtraction(current, { ano: 2023 }).fills).toEqual(['ano']);
    expect(planExtraction(current, { ano: 2023 }, null).conflicts).toEqual([
      { field: 'ano', label: 'Ano', current: '2024', extracted: '2023' },
    ]);
  });

  it('ignores a choice the form does not offer and a number that is not finite', () => {
    const plan = planExtraction(newExperimentDefaults(), { bu: 'BU99', teor_argila: Number.NaN });
    expect(plan.fills).toEqual([]);
    expect(applyExtraction(newExperimentDefaults(), { bu: 'BU99' }).bu).toBe('');
  });

  it("takes the report's treatments when the form has none with content", () => {
    const current = { ...newExperimentDefaults(), tratamentos: [newTreatment(true)] };
    const data: ExtractedData = {
      tratamentos: [
        { nome: '', modalidade: 'Foliar', produtividade: 3500 },
        { nome: 'Raiz', modalidade: 'Via Aérea', produtividade: 3800 },
      ],
    };
    expect(planExtraction(current, data)).toMatchObject({ conflicts: [], treatments: 'take' });
    expect(applyExtraction(current, data).tratamentos).toEqual([
      { ...newTreatment(true), modalidade: 'Foliar', produtividade: 3500 },
      { ...newTreatment(false), nome: 'Raiz', produtividade: 3800 },
    ]);
  });

  it('a differing treatment list is one conflict; keeping mine leaves the rows untouched', () => {
    const mine = [treatment({ nome: 'Testemunha', modalidade: 'Solo', produtividade: 1 })];
    const current = { ...newExperimentDefaults(), tratamentos: mine };
    const data: ExtractedData = {
      tratamentos: [
        { nome: 'Testemunha', modalidade: '', produtividade: 3612.4 },
        { nome: 'Raiz', modalidade: 'Sementes', produtividade: 3845 },
      ],
    };
    const plan = planExtraction(current, data);
    expect(plan.treatments).toBe('conflict');
    expect(plan.conflicts).toEqual([
      {
        field: 'tratamentos',
        label: 'Tratamentos',
        current: '1 tratamento: Testemunha · Solo',
        extracted: '2 tratamentos: Testemunha · 3.612 kg/ha; Raiz · Sementes · 3.845 kg/ha',
      },
    ]);
    expect(applyExtraction(current, data).tratamentos).toBe(mine);
  });

  it("using the report's list keeps the user's modality, cost and products where the report lacks them, and rows beyond it", () => {
    const product = { nome: 'Adubo', dose: 2, unidade: 'L/ha', custo: 10 };
    const current = {
      ...newExperimentDefaults(),
      tratamentos: [
        treatment({ nome: 'Testemunha', modalidade: 'Solo', produtividade: 1, custo: 5 }),
        treatment({ nome: 'Minha B', modalidade: 'Foliar', produtividade: 2, produtos_aplicados: [product] }),
        treatment({ nome: 'Minha C', modalidade: 'Sulco', produtividade: 3 }),
        treatment({}),
      ],
    };
    const next = applyExtraction(
      current,
      {
        tratamentos: [
          { nome: 'Testemunha', modalidade: '', produtividade: 3612.4 },
          { nome: 'Raiz', modalidade: 'Sementes' },
        ],
      },
      { tratamentos: 'report' },
    );
    expect(next.tratamentos).toEqual([
      treatment({ nome: 'Testemunha', modalidade: 'Solo', produtividade: 3612.4, custo: 5 }),
      treatment({ nome: 'Raiz', modalidade: 'Sementes', produtividade: 2, produtos_aplicados: [product] }),
      treatment({ nome: 'Minha C', modalidade: 'Sulco', produtividade: 3 }),
    ]);
  });

  it('a report that agrees with the rows fills their blanks without asking', () => {
    const current = {
      ...newExperimentDefaults(),
      tratamentos: [
        treatment({ nome: 'testemunha ', modalidade: 'Solo', produtividade: '' }),
        treatment({ nome: 'Raiz', produtividade: 3845 }),
      ],
    };
    const data: ExtractedData = {
      tratamentos: [
        { nome: 'Testemunha', produtividade: 3612.4 },
        { nome: 'Raiz', modalidade: 'Sementes', produtividade: 3845 },
      ],
    };
    expect(planExtraction(current, data)).toMatchObject({ conflicts: [], treatments: 'merge' });
    expect(applyExtraction(current, data).tratamentos.map((t) => [t.nome, t.modalidade, t.produtividade])).toEqual([
      ['Testemunha', 'Solo', 3612.4],
      ['Raiz', 'Sementes', 3845],
    ]);
  });

  it('brings plot tables along when every treatment has the same blocks, and resizes the rows kept', () => {
    const current = {
      ...newExperimentDefaults(),
      tratamentos: [
        treatment({ nome: 'Testemunha', modalidade: 'Solo' }),
        treatment({ nome: 'X', modalidade: 'Solo' }),
        treatment({ nome: 'Extra', modalidade: 'Solo' }),
      ],
    };
    const next = applyExtraction(
      current,
      {
        tratamentos: [
          { nome: 'Testemunha', modalidade: 'Foliar', produtividade: 2, repeticoes: [1, 2, 3] },
          { nome: 'B', modalidade: 'Foliar', produtividade: 3, repeticoes: [2, 3, 4] },
        ],
      },
      { tratamentos: 'report' },
    );
    expect(next.tratamentos.map((t) => t.repeticoes)).toEqual([
      [1, 2, 3],
      [2, 3, 4],
      ['', '', ''],
    ]);
  });

  it("adds the report's assessments with the treatments' means, keeping the form's own and their values", () => {
    const mine = {
      chave: 'severidade',
      nome: 'Severidade',
      unidade: '%',
      tipo: 'porcentagem',
      data: '',
      estadio: '14 DAA',
      alvo: '',
      escala_min: null,
      escala_max: null,
    };
    const current = {
      ...newExperimentDefaults(),
      avaliacoes: [mine],
      tratamentos: [
        treatment({ nome: 'Testemunha', modalidade: 'Solo', repeticoes: ['', '', ''], observacoes: { severidade: [30, '', ''] } }),
      ],
    };
    const sev = buildAvaliacao();
    const data: ExtractedData = {
      avaliacoes: [
        { ...sev, chave: 'severidade', estadio: '7 DAA' },
        { ...sev, chave: 'severidade-2', estadio: '14 DAA' },
        { ...sev, chave: 'altura-de-plantas', nome: 'Altura de Plantas', unidade: 'cm', tipo: 'medida', estadio: null },
      ],
      tratamentos: [
        { nome: 'Testemunha', modalidade: '', produtividade: 3000, observacoes: { severidade: [12.5], 'severidade-2': [31.2] } },
        { nome: 'Produto A', modalidade: 'Foliar', produtividade: 3400, observacoes: { severidade: [4], 'altura-de-plantas': [80.5] } },
      ],
    };
    const next = applyExtraction(current, data, { tratamentos: 'report' });
    // The form's "Severidade 14 DAA" is the report's second; the report's 7 DAA one needs a new key.
    expect(next.avaliacoes.map((a) => [a.chave, a.nome, a.unidade, a.tipo, a.estadio])).toEqual([
      ['severidade', 'Severidade', '%', 'porcentagem', '14 DAA'],
      ['severidade-2', 'Severidade', '%', 'porcentagem', '7 DAA'],
      ['altura-de-plantas', 'Altura de Plantas', 'cm', 'medida', ''],
    ]);
    expect(next.tratamentos.map((t) => t.observacoes)).toEqual([
      // The user's 30 stays; the report's mean goes in the first block of each new assessment.
      { severidade: [30, '', ''], 'severidade-2': [12.5, '', ''] },
      { 'severidade-2': [4, '', ''], 'altura-de-plantas': [80.5, '', ''] },
    ]);
  });

  it('leaves the assessments alone when the user keeps their own treatments', () => {
    const current = { ...newExperimentDefaults(), tratamentos: [treatment({ nome: 'Minha', modalidade: 'Solo' })] };
    const data: ExtractedData = {
      avaliacoes: [
        {
          chave: 'spad',
          nome: 'Índice SPAD',
          unidade: 'índice SPAD',
          tipo: 'medida',
          data: null,
          estadio: null,
          alvo: null,
          escala_min: null,
          escala_max: null,
        },
      ],
      tratamentos: [{ nome: 'Outra', modalidade: 'Foliar', produtividade: 1, observacoes: { spad: [40] } }],
    };
    const next = applyExtraction(current, data);
    expect(next.avaliacoes).toEqual([]);
    expect(next.tratamentos).toEqual(current.tratamentos);
  });

  it('leaves the treatments alone when the report had none', () => {
    const current = { ...newExperimentDefaults(), tratamentos: [treatment({ nome: 'Testemunha', modalidade: 'Solo', produtividade: 1 })] };
    expect(planExtraction(current, { tratamentos: [] }).treatments).toBe('keep');
    expect(applyExtraction(current, { tratamentos: [] }).tratamentos).toBe(current.tratamentos);
  });

  it("puts a control the report prints last in the form's first row, the rest in the printed order", () => {
    const data: ExtractedData = {
      tratamentos: [
        { nome: 'Produto X 0,5 L/ha', modalidade: 'Foliar', produtividade: 6842 },
        { nome: 'Produto X 1,0 L/ha', modalidade: 'Foliar', produtividade: 7215 },
        { nome: 'Testemunha', modalidade: 'Sem aplicação', produtividade: 6518 },
      ],
    };
    const rows = applyExtraction(newExperimentDefaults(), data).tratamentos;
    expect(rows.map((t) => t.nome)).toEqual(['Testemunha', 'Produto X 0,5 L/ha', 'Produto X 1,0 L/ha']);
    expect(rows[0]?.produtividade).toBe(6518);
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
