/** Lines, label pairs and treatment tables rebuilt from positioned text (no PDF needed). */
import { describe, expect, it } from 'vitest';
import { collectLabelPairs, labelField } from './labels.js';
import { groupLines, type TextLine } from './pdf-text.js';
import { compiled as c, item, rowsPage } from './test-support.js';
import { cleanTreatmentName, extractTreatments, headerRole, isControl, normalizeModalidade } from './treatments.js';

/** Lines from rows of [x, text] cells, 15 pt apart from the top. */
const page = (rows: [number, string][][], fontSize = 10, top = 800, pitch = 15): TextLine[] => rowsPage(rows, { fontSize, top, pitch });

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
  it('knows label wordings, ignoring case and accents', () => {
    expect(labelField('Empresa responsável')).toBe('consultoria');
    expect(labelField('RESPONSÁVEL TÉCNICO')).toBe('consultoria');
    expect(labelField('Município/UF')).toBe('local');
    expect(labelField('MATÉRIA ORGÂNICA (g/kg)')).toBe('mo');
    expect(labelField('Cultura / cultivar')).toBe('cultura_cultivar');
    expect(labelField('Tratamento')).toBeNull();
  });

  it('reads a form in capitals: labels above their values, the ticked checkbox, pipes between pairs', () => {
    const lines = page([
      [
        [0, 'UNIDADE DE NEGÓCIO'],
        [200, 'FORMA DE ENTREGA'],
      ],
      [
        [0, '☐ BU1'],
        [60, '☒ BU3'],
        [200, 'Correio'],
      ],
      [[0, 'Marca: Dimicron | BU: BU2 | Custo do ensaio: R$ 9.100,00']],
    ]);
    expect(collectLabelPairs(lines).map((p) => [p.field, p.value])).toEqual([
      ['bu', 'BU3'],
      ['marca', 'Dimicron'],
      ['bu', 'BU2'],
      ['custo', 'R$ 9.100,00'],
    ]);
  });

  it('reads colon pairs, two per line, label cells without colon, and run-together pairs', () => {
    const lines = page([
      [[0, 'Consultoria: Sudoeste Goiano Pesquisa']],
      [
        [0, 'Cultura: Soja'],
        [270, 'Cultivar: M6410'],
      ],
      [
        [0, 'Delineamento'],
        [130, 'DBC'],
      ],
      [[0, 'Cultura: Milho Cultivar: P3456']],
      [
        [0, 'Consultoria'],
        [130, 'Safra Certa Agronomia'],
      ],
    ]);
    expect(collectLabelPairs(lines).map((p) => [p.field, p.value])).toEqual([
      ['consultoria', 'Sudoeste Goiano Pesquisa'],
      ['cultura', 'Soja'],
      ['cultivar', 'M6410'],
      ['delineamento', 'DBC'],
      ['cultura', 'Milho'],
      ['cultivar', 'P3456'],
      ['consultoria', 'Safra Certa Agronomia'],
    ]);
  });

  it('reads labels with their values on the line below', () => {
    const lines = page([
      [
        [0, 'Consultoria'],
        [230, 'Marca'],
        [360, 'Safra'],
      ],
      [
        [0, 'Noroeste Mineiro Assessoria'],
        [230, 'Maximus'],
        [360, '23/24'],
      ],
    ]);
    expect(collectLabelPairs(lines).map((p) => [p.field, p.value])).toEqual([
      ['consultoria', 'Noroeste Mineiro Assessoria'],
      ['marca', 'Maximus'],
      ['ano', '23/24'],
    ]);
  });
});

describe('treatments', () => {
  it('normalises modes of application, ignoring product names', () => {
    expect(normalizeModalidade('via foliar')).toBe('Foliar');
    expect(normalizeModalidade('tratamento de sementes')).toBe('Sementes');
    expect(normalizeModalidade('TS')).toBe('Sementes');
    expect(normalizeModalidade('no sulco de plantio')).toBe('Sulco');
    expect(normalizeModalidade('Em cobertura')).toBe('Cobertura');
    expect(normalizeModalidade('no solo')).toBe('Solo');
    expect(normalizeModalidade('incorporado')).toBe('Incorporado');
    expect(normalizeModalidade('Maximus TS', c)).toBeNull();
    expect(normalizeModalidade('Dimicron Fósforo Foliar em cobertura', c)).toBe('Cobertura');
    expect(normalizeModalidade('-')).toBeNull();
  });

  it('recognises controls and cleans names', () => {
    expect(isControl('Testemunha absoluta')).toBe(true);
    expect(isControl('Controle (sem aplicação)')).toBe(true);
    expect(isControl('Padrão do produtor')).toBe(false);
    expect(cleanTreatmentName('T2 - Aminoagro Sementes Pro (TS)', c)).toEqual({ id: 2, nome: 'Aminoagro Sementes Pro' });
    expect(cleanTreatmentName('T1 Controle (sem aplicação)', c)).toEqual({ id: 1, nome: 'Controle (sem aplicação)' });
  });

  it('classifies table headers', () => {
    expect(headerRole('Tratamento')).toBe('name');
    expect(headerRole('Nº')).toBe('name');
    expect(headerRole('Forma de aplicação')).toBe('mode');
    expect(headerRole('Produtividade (sc/ha)')).toBe('yield');
    expect(headerRole('Incremento (%)')).toBe('other');
    expect(headerRole('Dose')).toBe('other');
    expect(headerRole('Bloco III')).toBe('rep');
    expect(headerRole('R2')).toBe('rep');
    expect(headerRole('Média (kg/ha)')).toBe('mean');
  });

  it('reads a results table, converts sacks, and puts the control first', () => {
    const lines = page(
      [
        [
          [0, 'Tratamento'],
          [220, 'Aplicação'],
          [400, 'Produtividade (sc/ha)'],
        ],
        [
          [0, 'T1 Dimicron Zinco'],
          [220, 'via foliar'],
          [460, '156,9'],
        ],
        [
          [0, 'T2 Dimicron CoMo'],
          [220, 'TS'],
          [460, '154,1 a'],
        ],
        [
          [0, 'T3 Testemunha'],
          [220, '-'],
          [460, '148,2 b'],
        ],
        [
          [0, 'Média geral'],
          [460, '153,0'],
        ],
      ],
      9,
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
    const lines = page(
      [
        [[0, 'T1 – Testemunha (sem aplicação)']],
        [[0, 'T2 – Aminoagro Raiz, 1,0 L/ha, no sulco de plantio']],
        [
          [0, 'Tratamento'],
          [200, 'Bloco I'],
          [260, 'Bloco II'],
          [320, 'Bloco III'],
          [400, 'Média (kg/ha)'],
        ],
        [
          [0, 'T1'],
          [200, '3.540'],
          [260, '3.612'],
          [320, '3.498'],
          [400, '3.550'],
        ],
        [
          [0, 'T2'],
          [200, '3.702'],
          [260, '3.765'],
          [320, '3.688'],
          [400, '3.718'],
        ],
      ],
      9,
    );
    const r = extractTreatments(lines, '', c, 'Soja');
    expect(r.tratamentos).toEqual([
      { nome: 'Testemunha', modalidade: '', repeticoes: [3540, 3612, 3498], produtividade: 3550 },
      { nome: 'Aminoagro Raiz', modalidade: 'Sulco', repeticoes: [3702, 3765, 3688], produtividade: 3718.333 },
    ]);
  });

  it('guesses a missing unit from the crop, with a warning and less confidence', () => {
    const lines = page([
      [
        [0, 'Tratamento'],
        [300, 'Produtividade'],
      ],
      [
        [0, 'T1 Testemunha'],
        [300, '58,2'],
      ],
      [
        [0, 'T2 Vigora Plus'],
        [300, '61,0'],
      ],
    ]);
    const r = extractTreatments(lines, '', c, 'Soja');
    expect(r.tratamentos.map((t) => t.produtividade)).toEqual([3492, 3660]);
    expect(r.warnings.join(' ')).toMatch(/Unidade de produtividade não informada/);
    expect(r.confidence).toBeLessThan(0.8);
  });
});
