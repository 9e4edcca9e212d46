/**
 * Treatments from the layouts reports really use, each built from synthetic positioned text:
 * merged multi-row headers, side-by-side yield units, two-column pages, tables continued on the
 * next page, treatment descriptions joined by code, number or name, cards, bar labels and
 * sentences. Product names are invented ("Produto Alfa"…) unless the catalogue matters.
 */
import { describe, expect, it } from 'vitest';
import type { TextLine } from './pdf-text.js';
import {
  findCards,
  findDescriptionTables,
  findProseTreatments,
  findProseYields,
  findTreatmentList,
  findTreatmentSentence,
} from './treatment-sources.js';
import { findYieldScale } from './numbers.js';
import { cleanTreatmentName, dropTrailingValues, normalizeModalidade } from './treatment-text.js';
import { compiled as c, eachAnswer, itemsPage as page } from './test-support.js';
import { extractTreatments, findResultsTables, modesFromMentions } from './treatments.js';

const prose = (lines: TextLine[]) => lines.map((l) => l.text.replace(/\t/g, '   ')).join(' ');
const brief = (r: ReturnType<typeof extractTreatments>) => r.tratamentos.map((t) => [t.nome, t.modalidade, t.produtividade]);

interface PageCase {
  test: string;
  cultura: string;
  /** The page's positioned text, as `itemsPage` takes it. */
  lines: Parameters<typeof page>[0];
  /** What the whole extraction reads from the page, as `brief` gives it. */
  treatments: ReturnType<typeof brief>;
}

/** One test per case: every treatment the full extraction reads from a single page. */
function readsPages(cases: PageCase[]): void {
  for (const { test, cultura, lines, treatments } of cases) {
    it(test, () => {
      const text = page(lines);
      expect(brief(extractTreatments(text, prose(text), c, cultura))).toEqual(treatments);
    });
  }
}

describe('modes and names', () => {
  // Soil routes: drench, fertigation, drip, directed jet, broadcast.
  eachAnswer('maps the route to its mode', normalizeModalidade, [
    ['Solo', ['drench na base', 'via fertirrigação', 'por gotejo', 'jato dirigido na soqueira', 'a lanço no solo']],
    ['Foliar', ['foliar em R1']],
    ['Sementes', ['tratamento de sementes, antes da semeadura']],
  ]);

  it('cuts the values and mean-test letters a name swallowed, not the numbers of a product', () => {
    expect(dropTrailingValues('Produto Alfa 4.512 a')).toBe('Produto Alfa');
    expect(dropTrailingValues('Produto Beta 61,0 ab')).toBe('Produto Beta');
    expect(dropTrailingValues('Maximus Amino 17')).toBe('Maximus Amino 17');
    expect(cleanTreatmentName('(3) Produto Gama 3.977 bc', c)).toEqual({ id: 3, nome: 'Produto Gama' });
  });
});

describe('results tables', () => {
  it('reads a three-row header with units only in the last row, and skips the overall mean', () => {
    const lines = page([
      [60, 720, 'Tratamento'],
      [200, 720, 'Médias de cinco blocos'],
      [200, 709, 'Rendimento de'],
      [300, 709, 'Massa de'],
      [200, 698, 'grãos'],
      [300, 698, 'cem grãos'],
      [200, 687, 'kg/ha'],
      [300, 687, 'g'],
      [60, 675, '1 Testemunha'],
      [262, 675, '6.210'],
      [330, 675, '31,2'],
      [60, 664, '2 Produto Alfa'],
      [262, 664, '6.655'],
      [330, 664, '32,0'],
      [60, 653, 'Média geral'],
      [262, 653, '6.432'],
      [330, 653, '31,6'],
    ]);
    const r = extractTreatments(lines, prose(lines), c, 'Milho');
    expect(brief(r)).toEqual([
      ['Testemunha', '', 6210],
      ['Produto Alfa', '', 6655],
    ]);
    expect(r.evidence?.page).toBe(1);
    expect(r.evidence?.snippet).toMatch(/^Tratamento/);
    expect(r.evidence?.snippet.length).toBeLessThanOrEqual(160);
  });

  it('takes the kg/ha column beside a sc/ha one, and never multiplies it by 60', () => {
    const lines = page([
      [60, 700, 'Tratamento'],
      [180, 700, 'Produtividade (sc/ha)'],
      [300, 700, 'Produtividade (kg/ha)'],
      [60, 688, 'T1 Testemunha'],
      [220, 688, '55,0'],
      [340, 688, '3.300'],
      [60, 676, 'T2 Produto Alfa'],
      [220, 676, '58,5'],
      [340, 676, '3.510'],
    ]);
    expect(brief(extractTreatments(lines, '', c, 'Soja')).map((t) => t[2])).toEqual([3300, 3510]);
  });

  it('converts sacks of a stated mass and boxes whose mass a note states', () => {
    const sacks = page([
      [60, 700, 'Tratamento'],
      [250, 700, 'Produção (sacos de 50 kg/ha)'],
      [60, 688, 'Testemunha'],
      [300, 688, '40,0'],
      [60, 676, 'Produto Alfa'],
      [300, 676, '44,0'],
    ]);
    expect(brief(extractTreatments(sacks, '', c, null)).map((t) => t[2])).toEqual([2000, 2200]);
    const boxes = page([
      [60, 700, 'Tratamento'],
      [250, 700, 'Produção (cx/ha)'],
      [60, 688, 'Testemunha'],
      [300, 688, '1.500'],
      [60, 676, 'Produto Alfa'],
      [300, 676, '1.650'],
      [60, 660, 'Caixas de 20 kg. Médias de quatro repetições.'],
    ]);
    expect(brief(extractTreatments(boxes, '', c, null)).map((t) => t[2])).toEqual([30000, 33000]);
  });

  it('keeps a box yield unconverted (with a warning) when the box mass is not stated', () => {
    const lines = page([
      [60, 700, 'Tratamento'],
      [250, 700, 'Produção (caixas/ha)'],
      [60, 688, 'Testemunha'],
      [300, 688, '1.500'],
      [60, 676, 'Produto Alfa'],
      [300, 676, '1.650'],
    ]);
    const r = extractTreatments(lines, '', c, null);
    expect(r.tratamentos.map((t) => t.produtividade)).toEqual([undefined, undefined]);
    expect(r.warnings.join(' ')).toMatch(/massa da caixa/);
  });

  it('reads a table in the right column of a two-column page, ignoring the text beside it', () => {
    const lines = page([
      [50, 700, 'Texto da coluna da esquerda que'],
      [462, 703, 'Produção'],
      [320, 695, 'Tratamento'],
      [466, 686, '(t/ha)'],
      [50, 690, 'segue ao lado da tabela, com 2023'],
      [320, 672, 'Testemunha'],
      [470, 672, '28,4 b'],
      [50, 668, 'linhas e números como 14,5 t/ha.'],
      [320, 657, 'Produto Alfa'],
      [470, 657, '31,9 a'],
      [50, 650, 'e mais texto corrido'],
      [320, 642, 'Produto Beta'],
      [470, 642, '30,2 ab'],
    ]);
    const r = extractTreatments(lines, prose(lines), c, 'Banana');
    expect(brief(r)).toEqual([
      ['Testemunha', '', 28400],
      ['Produto Alfa', '', 31900],
      ['Produto Beta', '', 30200],
    ]);
  });

  it('follows a table onto the next page past the running head and the repeated header', () => {
    const head: [number, number, string] = [60, 800, 'Empresa Exemplo – relatório de ensaio'];
    const header: [number, number, string][] = [
      [60, 700, 'Tratamento'],
      [250, 700, 'Produtividade'],
      [250, 690, '(kg/ha)'],
    ];
    const lines = [
      ...page([
        head,
        ...header,
        [60, 676, 'T1 – Testemunha'],
        [270, 676, '3.100'],
        [60, 664, 'T2 – Produto Alfa'],
        [270, 664, '3.290'],
        [60, 30, 'Página 1 de 2', 8],
      ]),
      ...page(
        [
          head,
          [60, 760, 'Tratamento'],
          [250, 760, 'Produtividade'],
          [250, 750, '(kg/ha)'],
          [60, 736, 'T3 – Produto Beta de nome'],
          [270, 736, '3.350'],
          [60, 727, 'comprido'],
          [60, 715, 'CV (%)'],
          [270, 715, '4,1'],
          [60, 30, 'Página 2 de 2', 8],
        ],
        2,
      ),
    ];
    const r = extractTreatments(lines, prose(lines), c, 'Soja');
    expect(brief(r)).toEqual([
      ['Testemunha', '', 3100],
      ['Produto Alfa', '', 3290],
      ['Produto Beta de nome comprido', '', 3350],
    ]);
  });

  it('keeps the first page of a continued table whose rows read alike on both pages, names centred on their row', () => {
    const header = (y: number): [number, number, string][] => [
      [60, y, 'Trat.'],
      [100, y, 'Produto'],
      [200, y, 'Aplicação'],
      [330, y + 6, 'Produtividade'],
      [330, y - 6, '(kg/ha)'],
    ];
    const lines = [
      ...page([
        ...header(300),
        [60, 276, 'T1'],
        [100, 276, 'Testemunha'],
        [350, 276, '2.900'],
        [100, 258, 'Produto'],
        [60, 251, 'T2'],
        [200, 251, 'Foliar em R2'],
        [350, 251, '3.120'],
        [100, 244, 'Alfa'],
      ]),
      ...page(
        [
          [60, 770, 'Tabela 2 (continuação).'],
          ...header(740),
          [100, 712, 'Produto'],
          [60, 705, 'T3'],
          [200, 705, 'Foliar em R2'],
          [350, 705, '3.260'],
          [100, 698, 'Beta'],
        ],
        2,
      ),
    ];
    expect(brief(extractTreatments(lines, prose(lines), c, 'Soja'))).toEqual([
      ['Testemunha', '', 2900],
      ['Produto Alfa', 'Foliar', 3120],
      ['Produto Beta', 'Foliar', 3260],
    ]);
  });

  readsPages([
    {
      test: 'reads every row when a dose and a mode wrap around the line of a row that has its name',
      cultura: 'Soja',
      lines: [
        [290, 446, 'Produtividade'],
        [387, 446, 'Ganho'],
        [66, 440, 'Tratamento'],
        [151, 440, 'Modalidade'],
        [240, 440, 'Dose'],
        [310, 435, '(kg/ha)'],
        [399, 435, '(%)'],
        [62, 417, 'Testemunha'],
        [145, 417, '–'],
        [231, 417, '–'],
        [351, 417, '3.010'],
        [450, 417, '–'],
        [231, 399, '150'],
        [145, 393, 'Tratamento de'],
        [62, 387, 'Produto Alfa'],
        [231, 387, 'mL/100'],
        [351, 387, '3.220'],
        [439, 387, '7,0'],
        [145, 381, 'sementes'],
        [231, 376, 'kg'],
        [62, 358, 'Produto'],
        [145, 352, 'Via foliar (R2)'],
        [231, 352, '1,0 L/ha'],
        [351, 352, '3.300'],
        [439, 352, '9,6'],
        [62, 347, 'Beta'],
        [57, 320, 'CV = 5,1 %. Médias de quatro repetições, umidade corrigida.', 8],
      ],
      treatments: [
        ['Testemunha', '', 3010],
        ['Produto Alfa', 'Sementes', 3220],
        ['Produto Beta', 'Foliar', 3300],
      ],
    },
  ]);

  it('reads a table in the right-hand column whose justified header came out word by word', () => {
    const lines = page([
      [310, 714, 'Resultados', 11],
      [408, 698, 'Produção'],
      [456, 698, 'de'],
      [478, 698, 'grãos'],
      [505, 698, 'Umidade'],
      [311, 691, 'Tratamento'],
      [51, 685, 'Texto corrido da coluna da esquerda que'],
      [408, 685, '(kg/ha)'],
      [505, 685, '(%)'],
      [51, 671, 'continua aqui sem parar'],
      [311, 671, 'Testemunha'],
      [480, 671, '2.980'],
      [530, 671, '13,1'],
      [51, 657, 'e segue mais uma linha.'],
      [311, 657, 'Produto Alfa'],
      [480, 657, '3.150'],
      [530, 657, '13,4'],
      [311, 643, 'Produto Beta'],
      [480, 643, '3.090'],
      [530, 643, '13,0'],
    ]);
    expect(brief(extractTreatments(lines, prose(lines), c, 'Milho')).map((t) => [t[0], t[2]])).toEqual([
      ['Testemunha', 2980],
      ['Produto Alfa', 3150],
      ['Produto Beta', 3090],
    ]);
  });

  it('does not take an analysis of variance for a results table', () => {
    const lines = page([
      [60, 700, 'FV'],
      [150, 700, 'GL'],
      [200, 700, 'SQ'],
      [260, 700, 'QM'],
      [320, 700, 'F'],
      [60, 688, 'Tratamentos'],
      [150, 688, '4'],
      [200, 688, '324.794,2'],
      [260, 688, '81.198,5'],
      [320, 688, '5,26'],
    ]);
    expect(findResultsTables(lines)).toEqual([]);
  });
});

describe('descriptions joined to results', () => {
  it('reads the mode column of a treatments table and joins it by T-code to a results table of codes', () => {
    const lines = page([
      [60, 760, 'Trat.'],
      [100, 760, 'Produto'],
      [220, 760, 'Dose'],
      [330, 760, 'Forma de aplicação'],
      [60, 748, 'T1'],
      [100, 748, 'Testemunha'],
      [220, 748, '–'],
      [330, 748, '–'],
      [60, 736, 'T2'],
      [100, 736, 'Produto Alfa'],
      [220, 736, '150 mL/100 kg de'],
      [330, 736, 'tratamento de'],
      [220, 727, 'sementes'],
      [330, 727, 'sementes'],
      [60, 715, 'T3'],
      [100, 715, 'Produto Beta'],
      [220, 715, '1,0 L/ha'],
      [330, 715, 'no sulco de plantio'],
      [60, 600, 'Trat.'],
      [150, 600, 'Produtividade (kg/ha)'],
      [60, 588, 'T1'],
      [180, 588, '4.010'],
      [60, 576, 'T2'],
      [180, 576, '4.160'],
      [60, 564, 'T3'],
      [180, 564, '4.275'],
    ]);
    expect(findDescriptionTables(lines, c).items.map((d) => [d.id, d.nome, d.mode])).toEqual([
      [1, 'Testemunha', null],
      [2, 'Produto Alfa', 'Sementes'],
      [3, 'Produto Beta', 'Sulco'],
    ]);
    expect(brief(extractTreatments(lines, prose(lines), c, 'Soja'))).toEqual([
      ['Testemunha', '', 4010],
      ['Produto Alfa', 'Sementes', 4160],
      ['Produto Beta', 'Sulco', 4275],
    ]);
  });

  readsPages([
    {
      test: 'joins a treatments table without codes to the results by name',
      cultura: 'Trigo',
      lines: [
        [60, 760, 'Tratamento'],
        [200, 760, 'Dose'],
        [300, 760, 'Modo de aplicação'],
        [60, 748, 'Testemunha'],
        [200, 748, '–'],
        [300, 748, '–'],
        [60, 736, 'Produto Beta'],
        [200, 736, '2,0 L/ha'],
        [300, 736, 'via foliar'],
        [60, 724, 'Produto Alfa'],
        [200, 724, '1,0 L/ha'],
        [300, 724, 'em cobertura'],
        [60, 620, 'Tratamento'],
        [200, 620, 'Rendimento (kg/ha)'],
        [60, 608, 'Testemunha'],
        [230, 608, '2.900'],
        [60, 596, 'Produto Alfa'],
        [230, 596, '3.050'],
        [60, 584, 'Produto Beta'],
        [230, 584, '3.120'],
      ],
      treatments: [
        ['Testemunha', '', 2900],
        ['Produto Alfa', 'Cobertura', 3050],
        ['Produto Beta', 'Foliar', 3120],
      ],
    },
  ]);

  it('reads lists of "T1<tab>…" lines and "(1) …; (2) …" items, not a code cited in a sentence', () => {
    const tabbed = page([
      [60, 700, 'T1'],
      [85, 700, 'Testemunha, sem aplicação.'],
      [60, 686, 'T2'],
      [85, 686, 'Produto Alfa, 1,0 L/ha, via foliar em V5.'],
      [60, 650, 'O tratamento Produto Alfa (T2) proporcionou o maior ganho.'],
    ]);
    expect(findTreatmentList(tabbed, new Set(), c).map((d) => [d.id, d.nome, d.mode])).toEqual([
      [1, 'Testemunha', null],
      [2, 'Produto Alfa', 'Foliar'],
    ]);
    const numbersOnly = page([
      [60, 700, 'T1'],
      [120, 700, '8,9'],
      [180, 700, '1,15'],
      [60, 688, 'T2'],
      [120, 688, '9,1'],
      [180, 688, '1,16'],
    ]);
    expect(findTreatmentList(numbersOnly, new Set(), c)).toEqual([]);
    const inline = page([
      [60, 700, '(1) Testemunha, sem aplicação; (2) Produto Alfa, 200 mL/100 kg de sementes, em'],
      [60, 688, 'tratamento de sementes; (3) Produto Beta, 1,0 L/ha, aplicado no sulco de plantio.'],
    ]);
    expect(findTreatmentList(inline, new Set(), c).map((d) => [d.id, d.nome, d.mode])).toEqual([
      [1, 'Testemunha', null],
      [2, 'Produto Alfa', 'Sementes'],
      [3, 'Produto Beta', 'Sulco'],
    ]);
  });

  it('keeps a catalogue product whole even when its name ends in a mode word', () => {
    const lines = page([[60, 700, 'T1 – Testemunha; T2 – Dimicron Fósforo Foliar via foliar, 2,0 L/ha.']]);
    expect(findTreatmentList(lines, new Set(), c).map((d) => [d.nome, d.mode])).toEqual([
      ['Testemunha', null],
      ['Dimicron Fósforo Foliar', 'Foliar'],
    ]);
  });
});

describe('yields laid out without a table', () => {
  it('reads cards side by side under T-codes, with big yields and their unit below', () => {
    const lines = page([
      [90, 560, 'T1'],
      [230, 560, 'T2'],
      [370, 560, 'T3'],
      [70, 545, 'Testemunha', 10],
      [200, 545, 'Produto Alfa', 10],
      [345, 545, 'Produto Beta', 10],
      [60, 530, 'sem aplicação', 8],
      [180, 530, '150 mL/100 kg – trat. de', 8],
      [330, 530, '1,0 L/ha via foliar', 8],
      [200, 521, 'sementes (TS)', 8],
      [75, 500, '41,3', 20],
      [215, 500, '43,0', 20],
      [355, 500, '44,6', 20],
      [85, 486, 'sc/ha', 8],
      [225, 486, 'sc/ha', 8],
      [365, 486, 'sc/ha', 8],
      [210, 475, '+1,7 sc/ha'],
      [350, 475, '+3,3 sc/ha'],
      [30, 455, 'Produtividade em sacas de 60 kg por hectare, médias de quatro blocos e umidade corrigida.'],
    ]);
    expect(findCards(lines, c)?.items.map((i) => [i.id, i.nome, i.mode, i.value])).toEqual([
      [1, 'Testemunha', null, 41.3],
      [2, 'Produto Alfa', 'Sementes', 43],
      [3, 'Produto Beta', 'Foliar', 44.6],
    ]);
    expect(brief(extractTreatments(lines, prose(lines), c, 'Feijão'))).toEqual([
      ['Testemunha', '', 2478],
      ['Produto Alfa', 'Sementes', 2580],
      ['Produto Beta', 'Foliar', 2676],
    ]);
  });

  readsPages([
    {
      test: 'reads cards headed by their names in two rows, past a grid of labels over values above them',
      cultura: 'Soja',
      lines: [
        [50, 700, 'Conduzido por', 8],
        [220, 700, 'Local', 8],
        [390, 700, 'Semeadura', 8],
        [50, 689, 'Empresa Exemplo', 10],
        [220, 689, 'Cidade Nova – XX', 10],
        [390, 689, '12/10/2024', 10],
        [46, 650, 'Resultados', 15],
        [90, 615, 'Testemunha', 11],
        [230, 615, 'Produto Alfa', 11],
        [420, 615, 'Produto Beta', 11],
        [97, 601, 'sem aplicação', 8.5],
        [260, 601, 'Max', 11],
        [419, 601, 'no sulco de plantio', 8.5],
        [245, 588, 'tratamento de sementes', 8.5],
        [95, 575, '52,3', 26],
        [436, 575, '55,0', 26],
        [115, 561, 'sc/ha', 9],
        [266, 561, '54,1', 26],
        [456, 561, 'sc/ha', 9],
        [286, 548, 'sc/ha', 9],
        [70, 510, 'Produto Gama', 11],
        [245, 510, 'Produto Delta', 11],
        [94, 496, 'via foliar em R1', 8.5],
        [255, 496, 'via foliar em R3', 8.5],
        [95, 470, '56,2', 26],
        [266, 470, '53,8', 26],
        [115, 456, 'sc/ha', 9],
        [286, 456, 'sc/ha', 9],
      ],
      treatments: [
        ['Testemunha', '', 3138],
        ['Produto Alfa Max', 'Sementes', 3246],
        ['Produto Beta', 'Sulco', 3300],
        ['Produto Gama', 'Foliar', 3372],
        ['Produto Delta', 'Foliar', 3228],
      ],
    },
    {
      test: 'pairs bar-chart values with the label above them, under a caption with the unit',
      cultura: 'Milho',
      lines: [
        [48, 520, 'RESULTADO POR TRATAMENTO (SC/HA)', 9.5],
        [48, 505, 'Testemunha', 9],
        [500, 500, '101,5', 9.5],
        [48, 496, 'sem aplicação', 7.5],
        [48, 482, 'Produto Alfa', 9],
        [500, 477, '106,0', 9.5],
        [48, 473, 'via foliar em V6', 7.5],
        [48, 459, 'Produto Beta', 9],
        [500, 454, '108,2', 9.5],
        [48, 450, 'no sulco de plantio', 7.5],
        [40, 420, 'Sacas de 60 kg por hectare; médias de quatro blocos, teste de Tukey a 5 % de probabilidade.', 8],
      ],
      treatments: [
        ['Testemunha', '', 6090],
        ['Produto Alfa', 'Foliar', 6360],
        ['Produto Beta', 'Sulco', 6492],
      ],
    },
    {
      test: 'reads a table laid on its side, treatments as columns and the yield as a row',
      cultura: 'Milho',
      lines: [
        [60, 700, 'Variável'],
        [220, 700, 'T1'],
        [300, 700, 'T2'],
        [380, 700, 'T3'],
        [60, 688, 'Produto'],
        [200, 688, 'Testemunha'],
        [280, 688, 'Produto Alfa'],
        [360, 688, 'Produto Beta'],
        [60, 676, 'Aplicação'],
        [200, 676, '–'],
        [280, 676, 'via foliar'],
        [360, 676, 'em cobertura'],
        [60, 664, 'Produtividade (t/ha)'],
        [215, 664, '9,8 b'],
        [295, 664, '10,6 a'],
        [375, 664, '10,9 a'],
      ],
      treatments: [
        ['Testemunha', '', 9800],
        ['Produto Alfa', 'Foliar', 10600],
        ['Produto Beta', 'Cobertura', 10900],
      ],
    },
    {
      test: 'reads a bar chart set beside a side panel, the mode after a dash in the label',
      cultura: 'Milho',
      lines: [
        [300, 470, 'Rendimento por tratamento (t/ha)', 9.5],
        [30, 461, 'Cidade: Lugar Novo/XX', 9],
        [30, 449, 'Variedade: ABC 123', 9],
        [300, 449, 'Testemunha', 9],
        [660, 449, '5,10', 9],
        [30, 434, 'Ano: 2024', 9],
        [300, 428, 'Produto Alfa – foliar em R1', 9],
        [670, 428, '5,62', 9],
        [30, 421, 'Latitude -10,1234 | Longitude -50,4321', 9],
        [300, 407, 'Produto Beta – no sulco', 9],
        [665, 407, '5,48', 9],
        [30, 394, 'Delineamento: blocos ao acaso', 9],
      ],
      treatments: [
        ['Testemunha', '', 5100],
        ['Produto Alfa', 'Foliar', 5620],
        ['Produto Beta', 'Sulco', 5480],
      ],
    },
  ]);

  it('reads yields in sentences whose exponents ("kg ha⁻¹") came out as lines of their own', () => {
    const lines = page([
      [60, 670, 'Resultados e discussão', 11],
      [238, 659, '-1', 8],
      [60, 655, 'A testemunha produziu 7.940 kg ha , acima da média regional. Já o Produto'],
      [240, 644, '-1', 8],
      [60, 640, 'Alfa elevou a produtividade para 8.315 kg ha . O uso de Produto Beta'],
      [180, 629, '-1', 8],
      [60, 625, 'resultou em 8.102 kg ha .'],
    ]);
    const treatments = [
      { nome: 'Testemunha', control: true },
      { nome: 'Produto Alfa', control: false },
      { nome: 'Produto Beta', control: false },
    ];
    expect([...(findProseYields(lines, treatments)?.values.entries() ?? [])].map(([i, v]) => [i, v.value, v.scale.unit])).toEqual([
      [0, 7940, 'kg/ha'],
      [1, 8315, 'kg/ha'],
      [2, 8102, 'kg/ha'],
    ]);
  });

  it('reads yields stated in sentences of the results, not earlier seasons, averages or gains', () => {
    const lines = page([
      [60, 760, 'Introdução', 11],
      [60, 745, 'Em ensaio anterior, a testemunha produziu 7.100 kg ha⁻¹ na mesma área.'],
      [60, 720, 'Material e métodos', 11],
      [60, 705, 'Os tratamentos foram: testemunha, sem aplicação; Produto Alfa via foliar; e'],
      [60, 693, 'Produto Beta no sulco de semeadura.'],
      [60, 670, 'Resultados e discussão', 11],
      [60, 655, 'A testemunha produziu 8.020 kg ha⁻¹, valor acima da média regional de 6.900 kg ha⁻¹.'],
      [60, 643, 'Com Produto Alfa a produtividade foi de 8.410 kg ha⁻¹ (+390 kg ha⁻¹), e o maior'],
      [60, 631, 'rendimento foi obtido com Produto Beta, 8.655 kg ha⁻¹, um ganho de 635 kg ha⁻¹.'],
    ]);
    const treatments = [
      { nome: 'Testemunha', control: true },
      { nome: 'Produto Alfa', control: false },
      { nome: 'Produto Beta', control: false },
    ];
    const found = findProseYields(lines, treatments);
    expect([...(found?.values.entries() ?? [])].map(([i, v]) => [i, v.value])).toEqual([
      [0, 8020],
      [1, 8410],
      [2, 8655],
    ]);
    expect(found?.snippet).toMatch(/testemunha produziu/i);
    expect(brief(extractTreatments(lines, prose(lines), c, 'Milho'))).toEqual([
      ['Testemunha', '', 8020],
      ['Produto Alfa', 'Foliar', 8410],
      ['Produto Beta', 'Sulco', 8655],
    ]);
  });

  it("gives a sentence's yield to a treatment named by its code or right after the unit", () => {
    const lines = page([
      [60, 700, 'Resultados', 11],
      [60, 685, 'O tratamento T1 rendeu 52,0 sc/ha. Foram colhidas 55,5 sc/ha com Produto Alfa e'],
      [60, 673, '57,1 sc/ha com Produto Beta.'],
    ]);
    const found = findProseYields(lines, [
      { nome: 'Testemunha', control: true, id: 1 },
      { nome: 'Produto Alfa', control: false, id: 2 },
      { nome: 'Produto Beta', control: false, id: 3 },
    ]);
    expect([...(found?.values.entries() ?? [])].map(([i, v]) => [i, v.value, v.scale.factor])).toEqual([
      [0, 52, 60],
      [1, 55.5, 60],
      [2, 57.1, 60],
    ]);
  });

  it('reads bar values printed with their unit', () => {
    const lines = page([
      [48, 520, 'Produtividade por tratamento (kg/ha)', 9.5],
      [48, 505, 'Testemunha', 9],
      [470, 505, '3.905 kg/ha', 9],
      [48, 490, 'Produto Alfa', 9],
      [470, 490, '4.120 kg/ha', 9],
    ]);
    expect(brief(extractTreatments(lines, prose(lines), c, 'Soja')).map((t) => t[2])).toEqual([3905, 4120]);
  });
});

describe('layouts of reports written by other hands', () => {
  readsPages([
    {
      test: 'reads names wrapped around values centred in their row, with a code column and words in the gap',
      cultura: 'Soja',
      lines: [
        [60, 720, 'Trat.'],
        [90, 720, 'Produto'],
        [170, 720, 'Modalidade'],
        [300, 726, 'Produtividade'],
        [300, 714, '(kg/ha)'],
        [60, 700, 'T1'],
        [90, 700, 'Testemunha'],
        [175, 700, '—'],
        [310, 700, '3.480 b'],
        [90, 684, 'Produto'],
        [132, 684, 'Alfa'],
        [170, 684, 'Trat. de'],
        [60, 678, 'T2'],
        [310, 678, '3.710 a'],
        [90, 672, 'Quelato'],
        [170, 672, 'sementes'],
        [90, 656, 'Produto Beta'],
        [60, 650, 'T3'],
        [170, 650, 'Foliar'],
        [310, 650, '3.655 a'],
        [90, 644, 'Extra'],
        [90, 628, 'Média'],
        [310, 628, '3.615'],
      ],
      treatments: [
        ['Testemunha', '', 3480],
        ['Produto Alfa Quelato', 'Sementes', 3710],
        ['Produto Beta Extra', 'Foliar', 3655],
      ],
    },
    {
      test: 'keeps a wrapped name under its row when the next row has its own name',
      cultura: 'Soja',
      lines: [
        [60, 720, 'Tratamento'],
        [250, 720, 'Produtividade (sc/ha)'],
        [60, 700, 'Produto Gama de nome'],
        [270, 700, '61,2'],
        [60, 690, 'bem comprido'],
        [60, 676, 'Produto Delta'],
        [270, 676, '63,0'],
      ],
      treatments: [
        ['Produto Gama de nome bem comprido', '', 3672],
        ['Produto Delta', '', 3780],
      ],
    },
  ]);

  it('reads a list item wrapped at the margin in a paragraph, even when the next line starts with a capital', () => {
    const lines = page([
      [60, 700, 'Os tratamentos foram: (1) testemunha; (2) Produto Alfa, 2 L/ha via foliar; (3) Produto'],
      [60, 688, 'Beta Plus, 4 L/ha no sulco de plantio; (4) Produto Gama, 1 L/ha em pulverização; (5)'],
      [60, 676, 'Produto Delta, 20 kg/ha incorporado ao solo antes do plantio.'],
      [60, 650, 'Resultados'],
    ]);
    expect(findTreatmentList(lines, new Set(), c).map((d) => [d.id, d.nome, d.mode])).toEqual([
      [1, 'Testemunha', null],
      [2, 'Produto Alfa', 'Foliar'],
      [3, 'Produto Beta Plus', 'Sulco'],
      [4, 'Produto Gama', 'Foliar'],
      [5, 'Produto Delta', 'Incorporado'],
    ]);
  });

  it('reads "tratamentos:" followed by the list, and a unit whose superscript was drawn apart', () => {
    expect(
      findTreatmentSentence(
        'com quatro tratamentos: testemunha sem aplicação; Produto Alfa aplicado via foliar; e Produto Beta no sulco.',
        c,
      ).map((d) => [d.nome, d.mode]),
    ).toEqual([
      ['Testemunha sem aplicação', null],
      ['Produto Alfa', 'Foliar'],
      ['Produto Beta', 'Sulco'],
    ]);
    expect(findYieldScale('Tabela 1. Produtividade de grãos (kg ha ), massa de mil grãos')?.unit).toBe('kg/ha');
  });
});

describe('codes, boxes and page breaks', () => {
  readsPages([
    {
      test: 'joins results coded by letters to a treatments table coded by letters, boxes of a mass stated in a note',
      cultura: 'Manga',
      lines: [
        [60, 760, 'Cód.'],
        [100, 760, 'Produto'],
        [300, 760, 'Aplicação'],
        [64, 742, 'A'],
        [100, 742, 'Testemunha'],
        [305, 742, '—'],
        [64, 726, 'B'],
        [100, 726, 'Produto Alfa'],
        [300, 726, 'via foliar'],
        [64, 710, 'C'],
        [100, 710, 'Produto Beta'],
        [300, 710, 'fertirrigação'],
        [60, 660, 'Cód.'],
        [100, 660, 'Tratamento'],
        [250, 660, 'Caixas/ha'],
        [350, 660, 'Frutos (%)'],
        [64, 642, 'A'],
        [100, 642, 'Testemunha'],
        [255, 642, '2.010 b'],
        [355, 642, '70'],
        [64, 626, 'B'],
        [100, 626, 'Produto Alfa'],
        [255, 626, '2.240 a'],
        [355, 626, '75'],
        [64, 610, 'C'],
        [100, 610, 'Produto Beta'],
        [255, 610, '2.190 a'],
        [355, 610, '74'],
        [60, 596, 'Caixa padrão de exportação com 5 kg de frutos. Tukey a 5%.', 8],
      ],
      treatments: [
        ['Testemunha', '', 10050],
        ['Produto Alfa', 'Foliar', 11200],
        ['Produto Beta', 'Solo', 10950],
      ],
    },
  ]);

  it('follows a table onto the next page past a long footer in small print that appears once', () => {
    const header: [number, number, string][] = [
      [60, 700, 'Trat.'],
      [100, 700, 'Produto'],
      [250, 700, 'TCH (t/ha)'],
    ];
    const lines = [
      ...page([
        ...header,
        [60, 680, 'T1'],
        [100, 680, 'Testemunha'],
        [260, 680, '88,1'],
        [60, 662, 'T2'],
        [100, 662, 'Produto Alfa'],
        [260, 662, '92,4'],
        [60, 30, 'Documento de uso restrito do cliente e da empresa', 7.5],
        [420, 30, 'Revisão 1 · maio de 2025', 7.5],
      ]),
      ...page(
        [
          [60, 780, 'Trat.'],
          [100, 780, 'Produto'],
          [250, 780, 'TCH (t/ha)'],
          [60, 760, 'T3'],
          [100, 760, 'Produto Beta'],
          [260, 760, '95,0'],
        ],
        2,
      ),
    ];
    expect(brief(extractTreatments(lines, prose(lines), c, 'Cana-de-açúcar'))).toEqual([
      ['Testemunha', '', 88100],
      ['Produto Alfa', '', 92400],
      ['Produto Beta', '', 95000],
    ]);
  });
});

describe('a table on its side, written by other hands', () => {
  readsPages([
    {
      test: 'reads treatments as columns under an empty corner, with names and modes wrapped around their row label',
      cultura: 'Algodão',
      lines: [
        [200, 700, 'T1'],
        [280, 700, 'T2'],
        [360, 700, 'T3'],
        [270, 684, 'Produto'],
        [350, 684, 'Produto'],
        [60, 679, 'Produto'],
        [190, 679, 'Testemunha'],
        [270, 674, 'Alfa'],
        [350, 674, 'Beta Max'],
        [60, 656, 'Dose'],
        [200, 656, '—'],
        [272, 656, '2 L/ha'],
        [352, 656, '1 L/ha'],
        [265, 640, 'Pulverização'],
        [345, 640, 'Tratamento de'],
        [60, 635, 'Modo de aplicação'],
        [200, 635, '—'],
        [275, 630, 'foliar'],
        [350, 630, 'sementes'],
        [60, 612, 'Produtividade (@/ha)'],
        [195, 612, '301,2 b'],
        [275, 612, '322,4 a'],
        [355, 612, '318,0 a'],
        [60, 594, 'Pluma (@/ha)'],
        [195, 594, '121,0'],
        [275, 594, '130,1'],
        [355, 594, '128,5'],
      ],
      treatments: [
        ['Testemunha', '', 4518],
        ['Produto Alfa', 'Foliar', 4836],
        ['Produto Beta Max', 'Sementes', 4770],
      ],
    },
  ]);
});

describe('modes told in the running text', () => {
  it('takes the mode stated right after a treatment is named by code or by name, not a later one', () => {
    const tratamentos = [
      { nome: 'Testemunha', modalidade: '' },
      { nome: 'Produto Alfa', modalidade: '' },
      { nome: 'Produto Solo Forte', modalidade: '' },
      { nome: 'Produto Gama', modalidade: '' },
    ];
    const text =
      'Visita 1 — o tratamento 2 (Produto Alfa, 1 L/ha) foi aplicado nas sementes antes do plantio; o tratamento 3 ' +
      '(Produto Solo Forte) foi pulverizado nas folhas em V4. Produto Gama — no sulco de semeadura. ' +
      'Conclusão: Produto Alfa superou a testemunha, assim como a aplicação via foliar.';
    modesFromMentions(tratamentos, [1, 2, 3, 4], text, c);
    expect(tratamentos.map((t) => t.modalidade)).toEqual(['', 'Sementes', 'Foliar', 'Sulco']);
  });
});

describe('a chart of vertical bars', () => {
  readsPages([
    {
      test: 'gives each name under the bars the value printed over its bar, under a caption with the unit',
      cultura: 'Soja',
      lines: [
        [60, 760, 'Rendimento de grãos (sc/ha)', 14],
        [400, 760, 'Conclusões', 14],
        [400, 740, 'O Produto Beta rendeu 5,1 sc/ha a mais.'],
        [180, 720, '66,0', 12],
        [100, 705, '61,2', 12],
        [260, 698, '64,5', 12],
        [80, 520, 'Testemunha'],
        [160, 520, 'Produto Beta'],
        [240, 520, 'Produto Gama'],
        [60, 500, 'Sacas de 60 kg por hectare.', 8],
        [400, 500, 'Produto Beta — via foliar em V6; Produto Gama — no sulco.', 9],
      ],
      treatments: [
        ['Testemunha', '', 3672],
        ['Produto Beta', 'Foliar', 3960],
        ['Produto Gama', 'Sulco', 3870],
      ],
    },
  ]);
});

describe('treatments told only in sentences', () => {
  it('reads each yield with the treatment named before it, skipping earlier seasons and regional averages', () => {
    const text =
      'Foram comparados três manejos no pomar de Vila Serena. As plantas que serviram de testemunha produziram 21,5 t/ha. ' +
      'O Dimicron Alfa Raiz, aplicado via gotejo desde a brotação, elevou a produtividade para 24,0 t/ha. ' +
      'Já o Dimicron Beta Folha, em três pulverizações foliares, rendeu 22,8 t/ha, sem diferir da testemunha. ' +
      'Para comparação, o mesmo pomar colheu 19,9 t/ha na safra anterior, e a média do município é de 17 t/ha.';
    const lines = page([[60, 700, text]]);
    expect(brief(extractTreatments(lines, text, c, 'Uva'))).toEqual([
      ['Testemunha', '', 21500],
      ['Dimicron Alfa Raiz', 'Solo', 24000],
      ['Dimicron Beta Folha', 'Foliar', 22800],
    ]);
  });

  it('finds nothing in sentences without a control', () => {
    const text = 'A Fazenda Boa Vista colheu 62 sc/ha. O Vale Verde ficou em 58 sc/ha.';
    expect(findProseTreatments(text, c)).toBeNull();
  });
});

describe('footnotes, wrapped names and combinations', () => {
  it("reads a yield header's footnote mark as the label's and takes the unit from its footnote", () => {
    const lines = page([
      [400, 700, 'Produtividade de'],
      [60, 695, 'Trat.'],
      [150, 695, 'Descrição'],
      [433, 695, '1', 6],
      [410, 690, 'grãos'],
      [60, 675, '1'],
      [150, 675, 'Testemunha'],
      [440, 675, '58,2 b'],
      [60, 662, '2'],
      [150, 662, 'Produto Alfa'],
      [440, 662, '61,9 a'],
      [60, 640, '1', 7],
      [70, 640, 'Produtividade em sacas de 60 kg por hectare.', 7],
    ]);
    const [table] = findResultsTables(lines);
    expect(table?.unit?.unit).toBe('sc/ha');
    expect(brief(extractTreatments(lines, prose(lines), c, 'Soja'))).toEqual([
      ['Testemunha', '', 3492],
      ['Produto Alfa', '', 3714],
    ]);
  });

  it('continues a name under its text after the row code, and under a wrapped dose', () => {
    const lines = page([
      [60, 700, 'Tratamento'],
      [260, 700, 'Dose'],
      [380, 700, 'Produtividade (kg/ha)'],
      [60, 686, '1 Testemunha'],
      [400, 686, '3.410'],
      [60, 673, '2 Produto Alfa + Produto'],
      [260, 673, '1,0 L/ha +'],
      [400, 673, '3.622'],
      [71, 663, 'Beta Plus'],
      [260, 663, '0,5 L/ha'],
      [60, 650, '3 Produto Gama'],
      [400, 650, '3.705'],
    ]);
    expect(brief(extractTreatments(lines, prose(lines), c, 'Soja')).map((t) => t[0])).toEqual([
      'Testemunha',
      'Produto Alfa + Produto Beta Plus',
      'Produto Gama',
    ]);
  });

  it('names every product of a combination in a list, and the mode of the first', () => {
    const lines = page([
      [60, 700, 'Os tratamentos avaliados foram:'],
      [60, 686, '1. Testemunha, sem aplicação.'],
      [60, 672, '2. Produto Alfa no sulco (0,5 L/ha) + Produto Beta foliar (1,0 L/ha).'],
    ]);
    expect(findTreatmentList(lines, new Set(), c).map((d) => [d.nome, d.mode])).toEqual([
      ['Testemunha', null],
      ['Produto Alfa + Produto Beta', 'Sulco'],
    ]);
  });

  it('gives every treatment the one way of applying that the methods state for the trial', () => {
    const tratamentos = [
      { nome: 'Testemunha', modalidade: '' },
      { nome: 'Produto Alfa 0,5 L/ha', modalidade: '' },
      { nome: 'Produto Alfa 1,0 L/ha', modalidade: '' },
    ];
    modesFromMentions(tratamentos, [1, 2, 3], 'O produto foi aplicado via foliar com pulverizador costal. A colheita foi manual.', c);
    expect(tratamentos.map((t) => t.modalidade)).toEqual(['', 'Foliar', 'Foliar']);
    const mixed = [
      { nome: 'Testemunha', modalidade: '' },
      { nome: 'Produto Alfa', modalidade: '' },
    ];
    modesFromMentions(mixed, [1, 2], 'Os produtos foram aplicados via foliar e no sulco de semeadura.', c);
    expect(mixed.map((t) => t.modalidade)).toEqual(['', '']);
  });

  it('reads the route right after the verb of the sentence that says how the treatments were applied', () => {
    const doses = () => [
      { nome: 'Testemunha', modalidade: '' },
      { nome: 'Produto Raiz 0,5 L/ha', modalidade: '' },
      { nome: 'Produto Raiz 1,0 L/ha', modalidade: '' },
    ];
    const sulco = doses();
    modesFromMentions(
      sulco,
      [null, null, null],
      'Os tratamentos consistiram em doses de 0,5 e 1,0 L ha-1 de Produto Raiz, aplicadas no sulco de semeadura com jato dirigido acoplado à semeadora, e a testemunha. A adubação de cobertura foi aplicada em V4.',
      c,
    );
    expect(sulco.map((t) => t.modalidade)).toEqual(['', 'Sulco', 'Sulco']);
    const foliar = doses();
    modesFromMentions(
      foliar,
      [null, null, null],
      'As pulverizações foram realizadas via foliar, com pulverizador de pistola. O nitrogênio foi aplicado em cobertura.',
      c,
    );
    expect(foliar.map((t) => t.modalidade)).toEqual(['', 'Foliar', 'Foliar']);
    const either = doses();
    modesFromMentions(either, [null, null, null], 'Os produtos foram aplicados via tratamento de sementes ou via foliar.', c);
    expect(either.map((t) => t.modalidade)).toEqual(['', '', '']);
  });
});

describe('merged headers over narrow sub-labels, code columns', () => {
  it('puts a merged label that fills the gap between two sub-labels over both', () => {
    const lines = page([
      [200, 700, 'Produtividade'],
      [370, 700, 'Diferença p/ T1'],
      [115, 693, 'Trat.'],
      [176, 686, 'kg/ha'],
      [262, 686, 'sc/ha'],
      [345, 686, 'kg/ha'],
      [437, 686, '%'],
      [110, 672, 'T1'],
      [196, 672, '6.318 c'],
      [290, 672, '105,3'],
      [110, 659, 'T2'],
      [196, 659, '6.702 a'],
      [290, 659, '111,7'],
      [392, 659, '384'],
      [475, 659, '6,1'],
    ]);
    const [table] = findResultsTables(lines);
    expect(table?.rows.map((r) => [r.id, r.value])).toEqual([
      [1, 6318],
      [2, 6702],
    ]);
    expect(table?.unit?.unit).toBe('kg/ha');
  });

  it('reads a "Modo e época de aplicação" column and bare numbers under "Nº"', () => {
    const lines = page([
      [70, 700, 'Nº'],
      [150, 700, 'Produto'],
      [360, 700, 'Modo e época de aplicação'],
      [74, 686, '1'],
      [100, 686, 'Testemunha'],
      [330, 686, 'sem aplicação'],
      [74, 673, '2'],
      [100, 673, 'Produto Alfa'],
      [330, 673, 'em cobertura, com a ureia (V4)'],
    ]);
    expect(findDescriptionTables(lines, c).items.map((d) => [d.id, d.nome, d.mode])).toEqual([
      [1, 'Testemunha', null],
      [2, 'Produto Alfa', 'Cobertura'],
    ]);
  });

  it('reads a name set nearer to the code header than to its own as the name', () => {
    const lines = page([
      [65, 700, 'Trat.'],
      [160, 700, 'Produto(s)'],
      [440, 700, 'Modo de aplicação'],
      [62, 686, 'T1'],
      [95, 686, 'Testemunha'],
      [440, 686, '–'],
      [62, 673, 'T2'],
      [95, 673, 'Produto Alfa Longo'],
      [440, 673, 'via foliar'],
    ]);
    expect(findDescriptionTables(lines, c).items.map((d) => [d.id, d.nome, d.mode])).toEqual([
      [1, 'Testemunha', null],
      [2, 'Produto Alfa Longo', 'Foliar'],
    ]);
  });
});

describe('the last word on a mode', () => {
  readsPages([
    {
      test: "takes the route a product's name carries when nothing else in the report says how it was applied",
      cultura: 'Soja',
      lines: [
        [60, 700, 'Tratamento'],
        [300, 700, 'Produtividade (kg/ha)'],
        [60, 686, 'Testemunha'],
        [320, 686, '3.410'],
        [60, 673, 'Dimicron Fósforo Foliar'],
        [320, 673, '3.622'],
      ],
      treatments: [
        ['Testemunha', '', 3410],
        ['Dimicron Fósforo Foliar', 'Foliar', 3622],
      ],
    },
  ]);
});

describe('units and exponents set apart from their text', () => {
  // A table as a browser prints "L ha⁻¹" and "(t ha⁻¹)": the exponent is a small "-1" drawn a few
  // points above the text it belongs to, and a header's may fall on a line of its own.
  const lines = page(
    [
      [61, 372, 'Tratamento'],
      [264, 372, 'Frutos por planta'],
      [450, 372, 'Produtividade (t ha'],
      [529, 375.8, '-', 7.9],
      [487, 360, '1)'],
      [61, 337.0, 'Produto A 1,0 L ha'],
      [147, 340.9, '-1', 7.9],
      [275, 337.9, '138 a'],
      [477, 337.9, '28,4 ab'],
      [61, 318.3, 'Produto A 2,0 L ha'],
      [147, 322.2, '-1', 7.9],
      [275, 319.9, '149 a'],
      [479, 319.9, '31,2 a'],
      [147, 303.4, '-1', 7.9],
      [61, 299.5, 'Produto A 2,0 L ha'],
      [170, 299.5, '+ Produto B 2,0 L'],
      [275, 293.7, '143 a'],
      [479, 293.7, '30,5 a'],
      [70, 289.2, '-1', 7.9],
      [61, 285.3, 'ha'],
      [61, 268.9, 'Testemunha'],
      [275, 268.9, '124 b'],
      [479, 268.9, '25,9 b'],
    ],
    1,
    9.5,
  );

  it('joins a superscript to the line whose body text it stands over', () => {
    const row = lines.find((l) => l.text.includes('138 a'));
    expect(row?.cells.map((cell) => cell.text)).toEqual(['Produto A 1,0 L ha-1', '138 a', '28,4 ab']);
  });

  it('reads the unit whose exponent fell under the header, and every row past the exponents in small type', () => {
    const r = extractTreatments(lines, '', c, 'Manga');
    expect(r.tratamentos.map((t) => [t.nome, t.produtividade])).toEqual([
      ['Testemunha', 25900],
      ['Produto A 1,0 L ha-1', 28400],
      ['Produto A 2,0 L ha-1', 31200],
      ['Produto A 2,0 L ha-1 + Produto B 2,0 L ha-1', 30500],
    ]);
    expect(r.warnings).toEqual([]);
  });
});

describe('a table of ratings by date under a caption that names the measure', () => {
  it('reads "45 DAE | 55 DAE" under "Tabela 7 – Severidade da mancha-angular (%) em folhas…" as severities at those stages', () => {
    const lines = page(
      [
        [60, 700, 'Os tratamentos foram: T1 – testemunha; T2 – 1,0 L ha-1 de Produto Z; T3 – 2,0 L ha-1 de Produto Z.'],
        [195, 660, 'Tabela 7 – Severidade da mancha-angular (%)'],
        [195, 646, "em folhas do feijoeiro 'IAC Imperador' aos 45 e 55"],
        [195, 632, 'dias após a emergência, em função de doses de Produto Z.'],
        [202, 612, 'Tratamento'],
        [267, 612, '45 DAE'],
        [313, 612, '55 DAE'],
        [202, 594, 'T1'],
        [273, 594, '2,4 a'],
        [320, 594, '6,8 a'],
        [202, 576, 'T2'],
        [273, 576, '2,1 a'],
        [317, 576, '5,9 ab'],
        [202, 558, 'T3'],
        [273, 558, '1,9 a'],
        [320, 558, '5,1 b'],
      ],
      1,
      9.5,
    );
    const r = extractTreatments(lines, lines.map((l) => l.text).join('\n'), c, 'Feijão');
    expect(r.avaliacoes?.map((a) => [a.nome, a.unidade, a.estadio, a.alvo])).toEqual([
      ['Severidade', '%', '45 DAE', 'mancha-angular'],
      ['Severidade', '%', '55 DAE', 'mancha-angular'],
    ]);
    expect(r.tratamentos.map((t) => t.observacoes?.[r.avaliacoes?.[1]?.chave ?? ''])).toEqual([[6.8], [5.9], [5.1]]);
  });
});

describe('yields in sentences that name a treatment by its dose', () => {
  it('gives each yield to the treatment whose dose no other has, before or after the number', () => {
    const lines = page([
      [60, 700, 'Resultados e discussão', 11],
      [60, 685, 'A produtividade da testemunha foi de 31,8 t ha-1. Com 5 L ha-1 obteve-se 34,2 t ha-1; a maior'],
      [60, 673, 'produtividade, 36,9 t ha-1, foi obtida com a dose de 10 L ha-1, enquanto a dose de 15 L ha-1'],
      [60, 661, 'resultou em 36,1 t ha-1.'],
    ]);
    const treatments = [
      { nome: 'Testemunha', control: true, text: 'testemunha (sem aplicação)' },
      { nome: 'Produto Mol', control: false, text: '5 L ha-1 de Produto Mol' },
      { nome: 'Produto Mol', control: false, text: '10 L ha-1 de Produto Mol' },
      { nome: 'Produto Mol', control: false, text: '15 L ha-1 de Produto Mol' },
    ];
    expect(
      [...(findProseYields(lines, treatments)?.values.entries() ?? [])].sort(([a], [b]) => a - b).map(([i, v]) => [i, v.value]),
    ).toEqual([
      [0, 31.8],
      [1, 34.2],
      [2, 36.9],
      [3, 36.1],
    ]);
  });
});
