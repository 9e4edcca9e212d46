/** Lines, label pairs and treatment tables rebuilt from positioned text (no PDF needed). */
import { describe, expect, it } from 'vitest';
import { collectLabelPairs, labelField } from './labels.js';
import { groupLines } from './pdf-text.js';
import { compiled as c, eachAnswer, item, tablePage } from './test-support.js';
import { cleanTreatmentName, extractTreatments, headerRole, isControl, normalizeModalidade } from './treatments.js';

describe('groupLines', () => {
  it('joins items of one baseline and splits columns at wide gaps', () => {
    const lines = groupLines(
      [item('Marca:', 50, 700), item('Aminoagro', 84, 700.6), item('BU: BU1', 320, 700), item('Regional: GO', 50, 685)],
      1,
    );
    expect(lines.map((l) => l.text)).toEqual(['Marca: Aminoagro\tBU: BU1', 'Regional: GO']);
    expect(lines[0]?.cells.map((cell) => cell.x)).toEqual([50, 320]);
  });

  it('orders lines top to bottom and cells left to right', () => {
    const lines = groupLines([item('b', 200, 500), item('c', 50, 400), item('a', 50, 500)], 2);
    expect(lines.map((l) => l.text)).toEqual(['a\tb', 'c']);
    expect(lines[0]?.page).toBe(2);
  });
});

describe('label pairs', () => {
  eachAnswer('knows the label, ignoring case and accents', labelField, [
    ['consultoria', ['Empresa responsável', 'RESPONSÁVEL TÉCNICO']],
    ['local', ['Município/UF']],
    ['mo', ['MATÉRIA ORGÂNICA (g/kg)']],
    ['cultura_cultivar', ['Cultura / cultivar']],
    [null, ['Tratamento']],
  ]);

  it.each([
    {
      why: 'reads a form in capitals: labels above their values, the ticked checkbox, pipes between pairs',
      columns: [0, 60, 200],
      rows: [
        ['UNIDADE DE NEGÓCIO', '', 'FORMA DE ENTREGA'],
        ['☐ BU1', '☒ BU3', 'Correio'],
        ['Marca: Dimicron | BU: BU2 | Custo do ensaio: R$ 9.100,00'],
      ],
      pairs: [
        ['bu', 'BU3'],
        ['marca', 'Dimicron'],
        ['bu', 'BU2'],
        ['custo', 'R$ 9.100,00'],
      ],
    },
    {
      why: 'reads colon pairs, two per line, label cells without colon, and run-together pairs',
      columns: [0, 130, 270],
      rows: [
        ['Consultoria: Sudoeste Goiano Pesquisa'],
        ['Cultura: Soja', '', 'Cultivar: M6410'],
        ['Delineamento', 'DBC'],
        ['Cultura: Milho Cultivar: P3456'],
        ['Consultoria', 'Safra Certa Agronomia'],
      ],
      pairs: [
        ['consultoria', 'Sudoeste Goiano Pesquisa'],
        ['cultura', 'Soja'],
        ['cultivar', 'M6410'],
        ['delineamento', 'DBC'],
        ['cultura', 'Milho'],
        ['cultivar', 'P3456'],
        ['consultoria', 'Safra Certa Agronomia'],
      ],
    },
    {
      why: 'reads labels with their values on the line below',
      columns: [0, 230, 360],
      rows: [
        ['Consultoria', 'Marca', 'Safra'],
        ['Noroeste Mineiro Assessoria', 'Maximus', '23/24'],
      ],
      pairs: [
        ['consultoria', 'Noroeste Mineiro Assessoria'],
        ['marca', 'Maximus'],
        ['ano', '23/24'],
      ],
    },
  ])('$why', ({ columns, rows, pairs }) => {
    expect(collectLabelPairs(tablePage(columns, rows)).map((p) => [p.field, p.value])).toEqual(pairs);
  });
});

describe('treatments', () => {
  eachAnswer('normalises the mode of application', normalizeModalidade, [
    ['Foliar', ['via foliar']],
    ['Sementes', ['tratamento de sementes', 'TS']],
    ['Sulco', ['no sulco de plantio']],
    ['Cobertura', ['Em cobertura']],
    ['Solo', ['no solo']],
    ['Incorporado', ['incorporado']],
    [null, ['-']],
  ]);

  it('ignores product names in a mode of application', () => {
    expect(normalizeModalidade('Maximus TS', c)).toBeNull();
    expect(normalizeModalidade('Dimicron Fósforo Foliar em cobertura', c)).toBe('Cobertura');
  });

  it('recognises controls and cleans names', () => {
    expect(isControl('Testemunha absoluta')).toBe(true);
    expect(isControl('Controle (sem aplicação)')).toBe(true);
    expect(isControl('Padrão do produtor')).toBe(false);
    expect(cleanTreatmentName('T2 - Aminoagro Sementes Pro (TS)', c)).toEqual({ id: 2, nome: 'Aminoagro Sementes Pro' });
    expect(cleanTreatmentName('T1 Controle (sem aplicação)', c)).toEqual({ id: 1, nome: 'Controle (sem aplicação)' });
  });

  eachAnswer('classifies the table header', headerRole, [
    ['name', ['Tratamento', 'Nº']],
    ['mode', ['Forma de aplicação']],
    ['yield', ['Produtividade (sc/ha)']],
    ['dose', ['Dose', 'Doses (L/ha)', 'Dose p.c.']],
    ['other', ['Incremento (%)', 'Custo da dose (R$/ha)', 'Resposta à dose']],
    ['rep', ['Bloco III', 'R2']],
    ['mean', ['Média (kg/ha)']],
  ]);

  it('reads a results table, converts sacks, and puts the control first', () => {
    const lines = tablePage(
      [0, 220, 460],
      [
        ['Tratamento', 'Aplicação', [400, 'Produtividade (sc/ha)']],
        ['T1 Dimicron Zinco', 'via foliar', '156,9'],
        ['T2 Dimicron CoMo', 'TS', '154,1 a'],
        ['T3 Testemunha', '-', '148,2 b'],
        ['Média geral', '', '153,0'],
      ],
      { fontSize: 9 },
    );
    const r = extractTreatments(lines, '', c, 'Milho');
    expect(r.tratamentos).toEqual([
      { nome: 'Testemunha', modalidade: '', produtividade: 8892 },
      { nome: 'Dimicron Zinco', modalidade: 'Foliar', produtividade: 9414 },
      { nome: 'Dimicron CoMo', modalidade: 'Sementes', produtividade: 9246 },
    ]);
    expect(r.confidence).toBeGreaterThan(0.9);
  });

  it('averages replicates per block and fills codes from the treatment list', () => {
    const lines = tablePage(
      [0, 200, 260, 320, 400],
      [
        ['T1 – Testemunha (sem aplicação)'],
        ['T2 – Aminoagro Raiz, 1,0 L/ha, no sulco de plantio'],
        ['Tratamento', 'Bloco I', 'Bloco II', 'Bloco III', 'Média (kg/ha)'],
        ['T1', '3.540', '3.612', '3.498', '3.550'],
        ['T2', '3.702', '3.765', '3.688', '3.718'],
      ],
      { fontSize: 9 },
    );
    const r = extractTreatments(lines, '', c, 'Soja');
    expect(r.tratamentos).toEqual([
      { nome: 'Testemunha', modalidade: '', repeticoes: [3540, 3612, 3498], produtividade: 3550 },
      { nome: 'Aminoagro Raiz', modalidade: 'Sulco', repeticoes: [3702, 3765, 3688], produtividade: 3718.333 },
    ]);
  });

  it('guesses a missing unit from the crop, with a warning and less confidence', () => {
    const lines = tablePage(
      [0, 300],
      [
        ['Tratamento', 'Produtividade'],
        ['T1 Testemunha', '58,2'],
        ['T2 Vigora Plus', '61,0'],
      ],
    );
    const r = extractTreatments(lines, '', c, 'Soja');
    expect(r.tratamentos.map((t) => t.produtividade)).toEqual([3492, 3660]);
    expect(r.warnings.join(' ')).toMatch(/Unidade de produtividade não informada/);
    expect(r.confidence).toBeLessThan(0.8);
  });
});
