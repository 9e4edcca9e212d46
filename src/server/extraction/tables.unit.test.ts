/** Table geometry rebuilt from positioned text: merged header rows, spans, running lines. */
import { describe, expect, it } from 'vitest';
import { groupLines, type TextItem, type TextLine } from './pdf-text.js';
import { buildHeader, cellsInSpan, isDataCell, isRowCode, runningLineKeys } from './tables.js';

/** 0.5 em per character is enough for layout tests. */
const item = (str: string, x: number, y: number, fontSize = 9): TextItem => ({ str, x, y, width: str.length * fontSize * 0.5, fontSize });

/** Lines of one page from [x, y, text] items. */
function lines(items: [number, number, string][], page = 1, fontSize = 9): TextLine[] {
  return groupLines(
    items.map(([x, y, s]) => item(s, x, y, fontSize)),
    page,
  );
}

describe('buildHeader', () => {
  it('merges three header rows: a merged cell above, the name in the middle, units alone below', () => {
    const page = lines([
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
    const page = lines([
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
    const items: TextItem[] = [
      item('Tratamento', 300, 650),
      item('Peso do', 420, 656),
      item('Produção', 480, 656),
      // Two items a narrow gap apart: one cell for the line grouping, two columns' units.
      item('fruto (g)', 420, 646),
      item('(t/ha)', 464, 646),
    ];
    const page = groupLines(items, 1);
    const h = page.findIndex((l) => l.text === 'Tratamento');
    const header = buildHeader(page, h, page[h]?.cells[0] as { x: number; right: number });
    expect(header.columns.map((c) => c.header)).toEqual(['Tratamento', 'Peso do fruto (g)', 'Produção (t/ha)']);
  });
});

describe('header labels run together', () => {
  it('splits one header cell over two columns of values at its pieces', () => {
    const items: TextItem[] = [
      item('Tratamento', 60, 700, 8),
      // Two labels drawn a few points apart: one cell for the line grouping.
      item('Frutos por planta', 140, 700, 8),
      item('Produção (t/ha)', 212, 700, 8),
      item('Testemunha', 60, 688, 8),
      item('38', 140, 688, 8),
      item('24,6 b', 212, 688, 8),
    ];
    const page = groupLines(items, 1);
    expect(page[0]?.cells.length).toBe(2);
    const header = buildHeader(page, 0, page[0]?.cells[0] as { x: number; right: number });
    expect(header.columns.map((c) => c.header)).toEqual(['Tratamento', 'Frutos por planta', 'Produção (t/ha)']);
  });
});

describe('cells of a table on a two-column page', () => {
  it('leaves out running text of the other column but keeps row codes left of the table', () => {
    const [line] = lines([
      [50, 600, 'texto corrido da outra coluna'],
      [300, 600, 'T1'],
      [330, 600, 'Alfa'],
      [450, 600, '31,2'],
    ]);
    expect(cellsInSpan(line as TextLine, { left: 327, right: 500 }).map((c) => c.text)).toEqual(['T1', 'Alfa', '31,2']);
  });

  it('recognises data cells and row codes', () => {
    expect(isDataCell('3.456,7 ab')).toBe(true);
    expect(isDataCell('+2,8')).toBe(true);
    expect(isDataCell('(kg/ha)')).toBe(false);
    expect(isRowCode('T3')).toBe(true);
    expect(isRowCode('(4)')).toBe(true);
    expect(isRowCode('Tratamento')).toBe(false);
  });
});

describe('runningLineKeys', () => {
  it('finds heads and footers repeated on several pages, whatever their page numbers', () => {
    const all = [
      ...lines([
        [60, 800, 'Empresa Exemplo – relatório 12'],
        [60, 500, 'Conteúdo da primeira página'],
        [60, 30, 'Página 1 de 2'],
      ]),
      ...lines(
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
