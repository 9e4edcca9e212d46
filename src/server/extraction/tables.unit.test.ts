/** Table geometry rebuilt from positioned text: merged header rows, spans, running lines. */
import { describe, expect, it } from 'vitest';
import type { TextLine } from './pdf-text.js';
import { buildHeader, cellsInSpan, isDataCell, isRowCode, runningLineKeys } from './tables.js';
import { eachAnswer, itemsPage } from './test-support.js';

describe('buildHeader', () => {
  it('merges three header rows: a merged cell above, the name in the middle, units alone below', () => {
    const page = itemsPage([
      [300, 712, 'Rendimento'],
      [60, 704, 'Tratamento'],
      [420, 704, 'Altura (cm)'],
      [250, 696, 'Grão (kg/ha)'],
      [330, 696, 'Palha (kg/ha)'],
      [60, 680, 'T1 Alfa'],
      [260, 680, '5.120'],
      [340, 680, '3.010'],
      [430, 680, '82'],
    ]);
    const h = page.findIndex((l) => l.text.startsWith('Tratamento'));
    const header = buildHeader(page, h, page[h]?.cells[0] as { x: number; right: number });
    expect(header.first).toBe(0);
    expect(header.last).toBe(2);
    // The merged cell lies over both yield columns.
    expect(header.columns.map((c) => c.header)).toEqual([
      'Tratamento',
      'Rendimento Grão (kg/ha)',
      'Rendimento Palha (kg/ha)',
      'Altura (cm)',
    ]);
  });

  it('stops at a caption above and at the first data row below, even one without numbers', () => {
    const page = itemsPage([
      [60, 730, 'Tabela 2 – Tratamentos e doses'],
      [60, 716, 'Tratamento'],
      [220, 716, 'Dose'],
      [330, 716, 'Modo de aplicação'],
      [60, 704, 'Testemunha'],
      [220, 704, '–'],
      [330, 704, '–'],
    ]);
    const header = buildHeader(page, 1, page[1]?.cells[0] as { x: number; right: number });
    expect([header.first, header.last]).toEqual([1, 1]);
    expect(header.columns.map((c) => c.header)).toEqual(['Tratamento', 'Dose', 'Modo de aplicação']);
  });

  it('splits a header cell drawn in two pieces over two columns', () => {
    const page = itemsPage([
      [300, 650, 'Tratamento'],
      [420, 656, 'Peso do'],
      [480, 656, 'Produção'],
      // Two items a narrow gap apart: one cell for the line grouping, two columns' units.
      [420, 646, 'fruto (g)'],
      [464, 646, '(t/ha)'],
    ]);
    const h = page.findIndex((l) => l.text === 'Tratamento');
    const header = buildHeader(page, h, page[h]?.cells[0] as { x: number; right: number });
    expect(header.columns.map((c) => c.header)).toEqual(['Tratamento', 'Peso do fruto (g)', 'Produção (t/ha)']);
  });
});

describe('header labels run together', () => {
  it('splits one header cell over two columns of values at its pieces', () => {
    const page = itemsPage(
      [
        [60, 700, 'Tratamento'],
        // Two labels drawn a few points apart: one cell for the line grouping.
        [140, 700, 'Frutos por planta'],
        [212, 700, 'Produção (t/ha)'],
        [60, 688, 'Testemunha'],
        [140, 688, '38'],
        [212, 688, '24,6 b'],
      ],
      1,
      8,
    );
    expect(page[0]?.cells.length).toBe(2);
    const header = buildHeader(page, 0, page[0]?.cells[0] as { x: number; right: number });
    expect(header.columns.map((c) => c.header)).toEqual(['Tratamento', 'Frutos por planta', 'Produção (t/ha)']);
  });
});

describe('cells of a table on a two-column page', () => {
  it('leaves out running text of the other column but keeps row codes left of the table', () => {
    const [line] = itemsPage([
      [50, 600, 'texto corrido da outra coluna'],
      [300, 600, 'T1'],
      [330, 600, 'Alfa'],
      [450, 600, '31,2'],
    ]);
    expect(cellsInSpan(line as TextLine, { left: 327, right: 500 }).map((c) => c.text)).toEqual(['T1', 'Alfa', '31,2']);
  });

  eachAnswer('tells a data cell', isDataCell, [
    [true, ['3.456,7 ab', '+2,8']],
    [false, ['(kg/ha)']],
  ]);

  eachAnswer('tells a row code', isRowCode, [
    [true, ['T3', '(4)']],
    [false, ['Tratamento']],
  ]);
});

describe('runningLineKeys', () => {
  it('finds heads and footers repeated on several pages, whatever their page numbers', () => {
    const all = [
      ...itemsPage([
        [60, 800, 'Empresa Exemplo – relatório 12'],
        [60, 500, 'Conteúdo da primeira página'],
        [60, 30, 'Página 1 de 2'],
      ]),
      ...itemsPage(
        [
          [60, 800, 'Empresa Exemplo – relatório 12'],
          [60, 500, 'Outro conteúdo'],
          [60, 30, 'Página 2 de 2'],
        ],
        2,
      ),
    ];
    const keys = runningLineKeys(all);
    expect(keys.size).toBe(2);
    expect([...keys].some((k) => k.startsWith('pagina'))).toBe(true);
  });
});
