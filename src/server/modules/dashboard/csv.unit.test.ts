import { describe, expect, it } from 'vitest';
import { ASSESSMENT_CSV_HEADER, CSV_HEADER, assessmentCsvLines, csvField, csvLine, csvNumber, experimentCsvLines } from './csv.js';
import { buildExperiment } from '../../../shared/factories.test-helper.js';
import type { Experiment } from '../../../shared/experiment.js';

describe('csv', () => {
  it('numbers with a decimal comma', () => {
    expect(csvNumber(3456.75)).toBe('3456,75');
    expect(csvNumber(-17.7923)).toBe('-17,7923');
    expect(csvNumber(null)).toBe('');
  });
  it('quotes when needed and neutralises formulas', () => {
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('diz "oi"')).toBe('"diz ""oi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('São João')).toBe('São João');
    expect(csvLine(['a', 1.5, null, -17.5])).toBe('a;1,5;;-17,5\r\n');
    expect(csvField('-5 dias')).toBe("'-5 dias");
  });
  it('one line per treatment', () => {
    const e = {
      id: 7,
      consultoria: 'Agro; Cia',
      marca: 'Aminoagro',
      bu: 'BU1',
      regional: 'GO',
      cidade: 'Jataí',
      estado: 'GO',
      latitude: null,
      longitude: null,
      teor_argila: 40,
      teor_materia_organica: 2.5,
      cultura: 'Soja',
      cultivar: 'M6410',
      ano: 2025,
      tipo_estatistica: 'DBC',
      custo_protocolo: 1000,
      roi: null,
      produtividade_media: 3550,
      pdf_filename: 'r.pdf',
      tratamentos: [
        { id: 1, nome: 'Testemunha', modalidade: 'Foliar', produtividade: 3500, custo: 0, produtos_aplicados: [], analises_adicionais: [] },
        {
          id: 2,
          nome: 'Raiz',
          modalidade: 'Solo',
          papel: 'teste',
          produtividade: 3600,
          custo: 10.5,
          produtos_aplicados: [{ nome: 'Aminoagro Raiz', dose: 0.5, custo: 10.5 }],
          analises_adicionais: [],
        },
      ],
    } as unknown as Experiment;
    const lines = experimentCsvLines(e).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.split(';')).toHaveLength(CSV_HEADER.length + 1 /* the quoted "Agro; Cia" adds one split */);
    expect(lines[1]).toContain('"Agro; Cia"');
    // The role by its label; levels and dose are empty for a single-factor trial.
    expect(lines[1]).toMatch(/;T2;Raiz;Solo;Produto testado;3600;10,5;;;;Aminoagro Raiz dose 0,5 R\$ 10,5$/);
    expect(lines[0]).toMatch(/;T1;Testemunha;Foliar;;3500;/);
    const fatorial = {
      ...e,
      tipo_estatistica: 'Fatorial DBC',
      fator_a: 'Produto',
      fator_b: 'Dose',
      tratamentos: [{ ...e.tratamentos[1]!, nivel_a: 'Raiz', nivel_b: '1 L', dose: 2.5 }],
    };
    expect(experimentCsvLines(fatorial)).toMatch(
      /;Fatorial DBC;Produto;Dose;1000;.*;T1;Raiz;Solo;Produto testado;3600;10,5;Raiz;1 L;2,5;Aminoagro/,
    );
    expect(CSV_HEADER).toEqual(expect.arrayContaining(['Fator A', 'Fator B', 'Nível do fator A', 'Nível do fator B', 'Dose (regressão)']));
    const withUnit = {
      ...e,
      tratamentos: [{ ...e.tratamentos[1]!, produtos_aplicados: [{ nome: 'Aminoagro Raiz', dose: 2, unidade: 'L/ha', custo: 10.5 }] }],
    };
    expect(experimentCsvLines(withUnit)).toMatch(/;Aminoagro Raiz dose 2 L\/ha R\$ 10,5\r\n$/);
  });
});

describe('assessments csv', () => {
  it('has a row per treatment × assessment with the mean of the rated plots and each plot, empty where not rated', () => {
    const base = buildExperiment();
    const e = buildExperiment({
      id: 7,
      avaliacoes: [
        {
          chave: 'sev',
          nome: 'Severidade',
          unidade: '%',
          tipo: 'porcentagem',
          data: '2026-01-14',
          estadio: 'R5.1',
          alvo: 'Ferrugem',
          escala_min: null,
          escala_max: null,
          daa: null,
        },
      ],
      tratamentos: base.tratamentos.map((t, i) => ({ ...t, observacoes: { sev: i ? [4.5, null, 5.5] : [30, 32, 34] } })),
    });
    const lines = assessmentCsvLines(e).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    const row = (line: string) => line.split(';');
    expect(row(lines[1]!).slice(0, 18)).toEqual([
      String(e.id),
      'Soja',
      'Cascavel',
      'PR',
      '2025',
      'T2',
      'Aminoagro Raiz',
      'Severidade',
      '%',
      'Porcentagem (0–100)',
      '14/01/2026',
      'R5.1',
      'Ferrugem',
      '5',
      '2',
      '4,5',
      '',
      '5,5',
    ]);
    expect(row(lines[0]!).slice(13, 15)).toEqual(['32', '3']);
    expect(row(lines[0]!)).toHaveLength(ASSESSMENT_CSV_HEADER.length);
  });
});
