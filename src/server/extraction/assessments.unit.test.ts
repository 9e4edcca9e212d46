/**
 * Assessments read beside the yield in a results table: headers with their unit in parentheses,
 * timings after an application ("DAA"), scores with their scale, test letters after the means,
 * columns that are no assessment (gains, costs, doses), over tables built by hand. Product names
 * are invented.
 */
import { describe, expect, it } from 'vitest';
import { readAssessmentHeader, keyAssessments } from './assessments.js';
import { extractFromText } from './extract.js';
import type { TextLine } from './pdf-text.js';
import { compiled as c, itemsPage as page, pdfOf, reference, tablePage, textPage } from './test-support.js';
import { extractTreatments, headerRole } from './treatments.js';

const prose = (lines: TextLine[]) => lines.map((l) => l.text.replace(/\t/g, '   ')).join(' ');

/** What the review shows of each assessment: name, unit, type, stage, scale. */
const brief = (h: ReturnType<typeof readAssessmentHeader>) =>
  h && [h.nome, h.unidade, h.tipo, h.estadio, h.escala_min, h.escala_max].filter((v) => v !== null);

describe('assessment headers', () => {
  it.each([
    ['Severidade (%)', ['Severidade', '%', 'porcentagem']],
    ['Sev. 14 DAA', ['Severidade', '%', 'porcentagem', '14 DAA']],
    ['Severidade de ferrugem (%) 21 DAA', ['Severidade', '%', 'porcentagem', '21 DAA']],
    ['Incidência (%) aos 7 dias após a aplicação', ['Incidência', '%', 'porcentagem', '7 DAA']],
    ['% Controle', ['Controle', '%', 'porcentagem']],
    ['Eficácia de controle (%)', ['Controle', '%', 'porcentagem']],
    ['Eficiência de controle (%) 14 DAA', ['Controle', '%', 'porcentagem', '14 DAA']],
    ['Incid. (%)', ['Incidência', '%', 'porcentagem']],
    ['Altura (cm)', ['Altura de Plantas', 'cm', 'medida']],
    ['Alt. plantas (m) R5', ['Altura de Plantas', 'm', 'medida', 'R5']],
    ['SPAD', ['Índice SPAD', 'índice SPAD', 'medida']],
    ['Índice de clorofila', ['Índice de Clorofila', 'índice SPAD', 'medida']],
    ['Nº vagens/planta', ['Número de Vagens', 'vagens/planta', 'contagem']],
    ['Número de espigas por metro', ['Número de Espigas', 'espigas/m', 'contagem']],
    ['Grãos/vagem', ['Número de Grãos por Vagem', 'unidades', 'medida']],
    ['Nº de grãos por vagem', ['Número de Grãos por Vagem', 'unidades', 'medida']],
    ['Altura na desfolha (m)', ['Altura de Plantas', 'm', 'medida']],
    ['PMG (g)', ['Peso de 1000 Grãos', 'g', 'medida']],
    ['Massa de mil grãos (g)', ['Peso de 1000 Grãos', 'g', 'medida']],
    ['Stand (plantas/m)', ['Stand Final', 'plantas/m', 'medida']],
    ['Stand inicial (pl/m)', ['Stand Inicial', 'pl/m', 'medida']],
    ['Estande final (plantas/m)', ['Stand Final', 'plantas/m', 'medida']],
    ['Fitotox. (nota 1-9)', ['Fitotoxicidade', 'nota', 'nota', 1, 9]],
    ['Fitotoxicidade (escala 0 a 5) 7 DAA', ['Fitotoxicidade', 'nota', 'nota', '7 DAA', 0, 5]],
    ['Fitotoxicidade (%)', ['Fitotoxicidade', '%', 'porcentagem']],
    ['Diâmetro do colmo (mm)', ['Diâmetro do colmo', 'mm', 'medida']],
  ])('%s', (header, expected) => {
    expect(brief(readAssessmentHeader(header))).toEqual(expected);
  });

  it('keeps a date the header states', () => {
    expect(readAssessmentHeader('Severidade (%) 15/01/2025')).toMatchObject({ nome: 'Severidade', data: '2025-01-15' });
    expect(readAssessmentHeader('Severidade (%) 14 DAA')?.data).toBeNull();
  });

  it('names what a severity rates as its target', () => {
    expect(readAssessmentHeader('Severidade de ferrugem (%) 21 DAA')?.alvo).toBe('ferrugem');
    expect(readAssessmentHeader('Sev. (%)')?.alvo).toBeNull();
  });

  it.each([
    'Produtividade (kg/ha)',
    'Produtividade relativa (%)',
    'Incremento (%)',
    'Custo (R$/ha)',
    'Dose (L/ha)',
    'Tratamento',
    'Umidade (%)',
    'Peso',
    'Peso da parcela (kg)',
    'Ganho (sc/ha)',
    'Tukey 5%',
    'Inc. (%)',
    'Eficiência agronômica (kg/kg)',
    'Teor de umidade (%)',
    '% do controle',
    'Em relação ao controle (%)',
    // Words of two columns merged: a height is not weighed.
    'Massa de 1.000 Altura de plantas grãos (g)',
  ])('%s is no assessment', (header) => {
    expect(readAssessmentHeader(header)).toBeNull();
  });

  it('classifies a count\'s "Nº" as an assessment, not a row code', () => {
    expect(headerRole('Nº vagens/planta')).toBe('assessment');
    expect(headerRole('Nº')).toBe('name');
    expect(headerRole('Altura (cm)')).toBe('assessment');
    expect(headerRole('Incremento (%)')).toBe('other');
  });

  it('keys repeated names apart and gives means the type they fit', () => {
    const sev = readAssessmentHeader('Sev. (%) 7 DAA');
    const sev2 = readAssessmentHeader('Sev. (%) 14 DAA');
    const pods = readAssessmentHeader('Nº vagens/planta');
    const score = readAssessmentHeader('Fitotox. (nota)');
    const bare = readAssessmentHeader('Fitotox. (nota 1-9)');
    if (!sev || !sev2 || !pods || !score || !bare) throw new Error('headers not read');
    const keyed = keyAssessments(
      [sev, sev2, pods, score, bare],
      [
        [12.5, 3.1],
        [20, null],
        [41.3, 38],
        [0, 2],
        [1, 3],
      ],
    );
    expect(keyed.map((a) => [a.chave, a.tipo, a.escala_min, a.escala_max])).toEqual([
      ['severidade', 'porcentagem', null, null],
      ['severidade-2', 'porcentagem', null, null],
      // A mean of counts is seldom whole: a count would refuse it.
      ['numero-de-vagens', 'medida', null, null],
      // The usual 1–9 scale of the name, which a 0 breaks.
      ['fitotoxicidade', 'medida', null, null],
      ['fitotoxicidade-2', 'nota', 1, 9],
    ]);
  });
});

describe('assessments in a results table', () => {
  // One results table each: the yields read as before, the assessment columns declared (name, unit,
  // type, stage, scale) and each treatment's mean under its key, the letters stripped.
  it.each([
    {
      caso: 'severities after application, a control column and the yield beside them, with letters after the means',
      crop: 'Soja',
      columns: [50, 200, 290, 380, 460, 580],
      rows: [
        ['Tratamento', 'Sev. (%) 7 DAA', 'Sev. (%) 14 DAA', '% Controle', 'Produtividade (kg/ha)', 'Custo (R$/ha)'],
        ['T1 Testemunha', '18,4 a', '32,6 a', '-', '3.210 b', '0'],
        ['T2 Fungicida Alfa', '6,2 b', '9,8 b', '69,9', '3.688 a', '145,00'],
        ['T3 Fungicida Beta', '4,9 bc', '7,1 c', '78,2', '3.804 a', '162,50'],
      ],
      yields: [3210, 3688, 3804],
      declared: [
        { chave: 'severidade', nome: 'Severidade', unidade: '%', tipo: 'porcentagem', estadio: '7 DAA' },
        { chave: 'severidade-2', nome: 'Severidade', unidade: '%', tipo: 'porcentagem', estadio: '14 DAA' },
        { chave: 'controle', nome: 'Controle', unidade: '%', tipo: 'porcentagem', estadio: null },
      ],
      observed: [
        { severidade: [18.4], 'severidade-2': [32.6] },
        { severidade: [6.2], 'severidade-2': [9.8], controle: [69.9] },
        { severidade: [4.9], 'severidade-2': [7.1], controle: [78.2] },
      ],
    },
    {
      caso: 'a score with its scale, a stand and a count of whole numbers, the gain over the control ignored',
      crop: 'Milho',
      columns: [50, 200, 320, 430, 510, 600],
      rows: [
        ['Trat.', 'Fitotox. (nota 1-9)', 'Stand (plantas/m)', 'Nº espigas/m', 'Rend. (sc/ha)', 'Incremento (%)'],
        ['T1 Testemunha', '1', '5,8', '6', '152,3', '-'],
        ['T2 Adubo Foliar Delta', '2', '6,1', '7', '161,0', '5,7'],
        ['T3 Adubo Foliar Épsilon', '1', '6,0', '7', '158,4', '4,0'],
      ],
      yields: [9138, 9660, 9504],
      declared: [
        { chave: 'fitotoxicidade', unidade: 'nota', tipo: 'nota', escala_min: 1, escala_max: 9 },
        { chave: 'stand-final', unidade: 'plantas/m', tipo: 'medida', escala_min: null, escala_max: null },
        { chave: 'numero-de-espigas', unidade: 'espigas/m', tipo: 'contagem', escala_min: null, escala_max: null },
      ],
      observed: [
        { fitotoxicidade: [1], 'stand-final': [5.8], 'numero-de-espigas': [6] },
        { fitotoxicidade: [2], 'stand-final': [6.1], 'numero-de-espigas': [7] },
        { fitotoxicidade: [1], 'stand-final': [6], 'numero-de-espigas': [7] },
      ],
    },
  ])('reads $caso', ({ crop, columns, rows, yields, declared, observed }) => {
    const lines = tablePage(columns, rows, { fontSize: 9 });
    const r = extractTreatments(lines, prose(lines), c, crop);
    expect(r.tratamentos.map((t) => t.produtividade)).toEqual(yields);
    expect(r.avaliacoes).toHaveLength(declared.length);
    declared.forEach((d, i) => expect(r.avaliacoes?.[i]).toMatchObject(d));
    expect(r.tratamentos.map((t) => t.observacoes)).toEqual(observed);
    expect(r.assessmentsEvidence?.snippet).toContain(rows[0]![2]!);
  });

  it('reads a merged header over its timings, plant measures and a count, with the yield in sacks', () => {
    const lines = page([
      [210, 712, 'Severidade (%)'],
      [60, 700, 'Tratamentos'],
      [205, 700, '7 DAA'],
      [265, 700, '21 DAA'],
      [320, 700, 'Altura (cm)'],
      [385, 700, 'SPAD'],
      [425, 700, 'Nº vagens/planta'],
      [515, 700, 'PMG (g)'],
      [560, 700, 'Prod. (sc/ha)'],
      [60, 686, '1. Testemunha'],
      [210, 686, '22,0'],
      [270, 686, '41,5'],
      [330, 686, '78,4'],
      [388, 686, '38,2'],
      [445, 686, '41,3'],
      [515, 686, '158,2'],
      [565, 686, '58,4'],
      [60, 672, '2. Bioestimulante Gama'],
      [210, 672, '15,3'],
      [270, 672, '28,0'],
      [330, 672, '84,1'],
      [388, 672, '42,7'],
      [445, 672, '47,8'],
      [515, 672, '166,0'],
      [565, 672, '63,1'],
    ]);
    const r = extractTreatments(lines, prose(lines), c, 'Soja');
    expect(r.tratamentos.map((t) => [t.nome, t.produtividade])).toEqual([
      ['Testemunha', 3504],
      ['Bioestimulante Gama', 3786],
    ]);
    expect(r.avaliacoes?.map((a) => [a.nome, a.unidade, a.tipo, a.estadio])).toEqual([
      ['Severidade', '%', 'porcentagem', '7 DAA'],
      ['Severidade', '%', 'porcentagem', '21 DAA'],
      ['Altura de Plantas', 'cm', 'medida', null],
      ['Índice SPAD', 'índice SPAD', 'medida', null],
      ['Número de Vagens', 'vagens/planta', 'medida', null],
      ['Peso de 1000 Grãos', 'g', 'medida', null],
    ]);
    expect(r.tratamentos[1]?.observacoes).toEqual({
      severidade: [15.3],
      'severidade-2': [28],
      'altura-de-plantas': [84.1],
      'indice-spad': [42.7],
      'numero-de-vagens': [47.8],
      'peso-de-1000-graos': [166],
    });
  });

  it('joins a table of assessments only to the treatments of the yield table, by code', () => {
    const yieldTable = tablePage(
      [50, 260],
      [
        ['Tratamento', 'Produtividade (kg/ha)'],
        ['T1 Testemunha', '3.050 b'],
        ['T2 Fungicida Alfa', '3.590 a'],
        ['T3 Fungicida Beta', '3.610 a'],
      ],
      { top: 800 },
    );
    // The severities come later on the page, the rows in another order and without the names.
    const severityTable = tablePage(
      [50, 200, 300],
      [
        ['Trat.', 'Sev. (%) 7 DAA', 'Sev. (%) 21 DAA'],
        ['T3', '3,0 c', '6,8 c'],
        ['T1', '14,2 a', '37,5 a'],
        ['T2', '4,1 b', '9,9 b'],
      ],
      { top: 600 },
    );
    const lines = [...yieldTable, ...severityTable];
    const r = extractTreatments(lines, prose(lines), c, 'Soja');
    expect(r.tratamentos.map((t) => [t.nome, t.produtividade, t.observacoes])).toEqual([
      ['Testemunha', 3050, { severidade: [14.2], 'severidade-2': [37.5] }],
      ['Fungicida Alfa', 3590, { severidade: [4.1], 'severidade-2': [9.9] }],
      ['Fungicida Beta', 3610, { severidade: [3], 'severidade-2': [6.8] }],
    ]);
    expect(r.avaliacoes?.map((a) => a.estadio)).toEqual(['7 DAA', '21 DAA']);
  });

  it('joins a table of assessments by name when its rows have no codes, and ignores a row it cannot join', () => {
    const yieldTable = tablePage(
      [50, 260],
      [
        ['Tratamento', 'Rendimento (sc/ha)'],
        ['Testemunha', '55,0'],
        ['Produto Alfa', '61,5'],
        ['Produto Beta', '60,2'],
      ],
      { top: 800 },
    );
    const heightTable = tablePage(
      [50, 220],
      [
        ['Tratamento', 'Altura de plantas (cm)'],
        ['Produto Beta', '92,0'],
        ['Testemunha', '85,5'],
        ['Produto Alfa', '90,1'],
        ['Produto Gama', '88,0'],
      ],
      { top: 600 },
    );
    const lines = [...yieldTable, ...heightTable];
    const r = extractTreatments(lines, prose(lines), c, 'Soja');
    expect(r.tratamentos.map((t) => [t.nome, t.observacoes])).toEqual([
      ['Testemunha', { 'altura-de-plantas': [85.5] }],
      ['Produto Alfa', { 'altura-de-plantas': [90.1] }],
      ['Produto Beta', { 'altura-de-plantas': [92] }],
    ]);
  });

  it('leaves a table without assessment columns as it was', () => {
    const lines = tablePage(
      [50, 260, 380],
      [
        ['Tratamento', 'Produtividade (kg/ha)', 'Relativa (%)'],
        ['T1 Testemunha', '3.400', '100'],
        ['T2 Produto Zeta', '3.650', '107,4'],
      ],
    );
    const r = extractTreatments(lines, prose(lines), c, 'Soja');
    expect(r.tratamentos).toEqual([
      { nome: 'Testemunha', modalidade: '', produtividade: 3400 },
      { nome: 'Produto Zeta', modalidade: '', produtividade: 3650 },
    ]);
    expect(r.avaliacoes).toBeUndefined();
  });

  it('puts the assessments in the result with their evidence', () => {
    const lines = [
      ...textPage([
        'Relatório técnico de ensaio de fungicidas',
        'Cultura: Soja   Cultivar: Variedade X   Safra 2024/25',
        'Local: Fazenda Boa Vista, Rio Verde - GO',
        'Delineamento em blocos casualizados com quatro repetições.',
      ]),
      ...tablePage(
        [50, 220, 320, 430],
        [
          ['Tratamento', 'Severidade (%) 14 DAA', 'Altura (cm)', 'Produtividade (kg/ha)'],
          ['T1 Testemunha', '35,0 a', '71,2', '3.120 b'],
          ['T2 Fungicida Alfa', '8,4 b', '74,9', '3.705 a'],
        ],
        { top: 600 },
      ),
    ];
    const result = extractFromText(pdfOf(lines), reference);
    expect(result.data.avaliacoes?.map((a) => a.chave)).toEqual(['severidade', 'altura-de-plantas']);
    expect(result.data.tratamentos?.[1]?.observacoes).toEqual({ severidade: [8.4], 'altura-de-plantas': [74.9] });
    expect(result.evidence?.avaliacoes).toMatchObject({ page: 1, source: 'table' });
    expect(result.evidence?.avaliacoes?.snippet).toContain('Severidade (%) 14 DAA');
    // Assessments are not one of the form's scalar fields.
    expect(result.fieldsExtracted).not.toContain('avaliacoes');
  });
});
