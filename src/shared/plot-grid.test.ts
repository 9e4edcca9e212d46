import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type PasteTarget,
  YIELD_UNITS,
  applyUpdates,
  formatMean,
  fromKgHa,
  isBlockPaste,
  planPaste,
  yieldReader,
  rowMean,
  splitClipboard,
  toCell,
  toKgHa,
} from './plot-grid.js';

const grid4x4: PasteTarget = { row: 0, col: 0, rows: 4, cols: 4, read: yieldReader('kg/ha') };

const values = (plan: ReturnType<typeof planPaste>) => {
  if (!plan.ok) throw new Error(plan.message);
  return plan.updates.map((u) => [u.row, u.col, u.value]);
};

describe('units', () => {
  it('converts to kg/ha: sc of 60 kg and t of 1000 kg', () => {
    expect(toKgHa(55.5, 'sc/ha')).toBe(3330);
    expect(toKgHa(3.2, 't/ha')).toBe(3200);
    expect(toKgHa(1.1, 't/ha')).toBe(1100);
    expect(toKgHa(3250.5, 'kg/ha')).toBe(3250.5);
    expect(fromKgHa(3330, 'sc/ha')).toBe(55.5);
    expect(fromKgHa(3200, 't/ha')).toBe(3.2);
  });

  it('a value typed in a unit comes back as typed (property)', () => {
    for (const unit of YIELD_UNITS) {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 10 ** (5 + unit.decimals) }), (n) => {
          const typed = n / 10 ** unit.decimals;
          expect(Number(fromKgHa(toKgHa(typed, unit.id), unit.id).toFixed(unit.decimals))).toBe(typed);
        }),
      );
    }
  });
});

describe('toCell', () => {
  it('reads form values as cells', () => {
    expect(toCell(3250)).toBe(3250);
    expect(toCell('3.250,5')).toBe(3250.5);
    expect(toCell('3250')).toBe(3250);
    expect(toCell('')).toBeNull();
    expect(toCell(null)).toBeNull();
    expect(toCell(undefined)).toBeNull();
    expect(toCell('abc')).toBeNaN();
    expect(toCell(Number.NaN)).toBeNaN();
  });
});

describe('rowMean', () => {
  it('averages the filled cells and counts them', () => {
    expect(rowMean([3000, 3200, null, 3400])).toEqual({ mean: 3200, filled: 3 });
    expect(rowMean([null, null])).toEqual({ mean: null, filled: 0 });
    expect(rowMean([3000, Number.NaN])).toEqual({ mean: 3000, filled: 1 });
  });

  it('formats the mean in the chosen unit', () => {
    expect(formatMean(3250.4, 'kg/ha')).toBe('3.250');
    expect(formatMean(3330, 'sc/ha')).toBe('55,5');
    expect(formatMean(3250, 't/ha')).toBe('3,25');
    expect(formatMean(null, 'kg/ha')).toBe('–');
  });
});

describe('splitClipboard', () => {
  it('splits Excel (tabs, CRLF, trailing line break) and LibreOffice/CSV (semicolons)', () => {
    expect(splitClipboard('3200\t3100\r\n3300\t3000\r\n')).toEqual([
      ['3200', '3100'],
      ['3300', '3000'],
    ]);
    expect(splitClipboard('3.200,5;3.100\n3.300;3.000\n\n')).toEqual([
      ['3.200,5', '3.100'],
      ['3.300', '3.000'],
    ]);
    expect(splitClipboard(' 3200 \n')).toEqual([['3200']]);
  });

  it('a single value is not a block (the browser pastes it as text)', () => {
    expect(isBlockPaste('3200\r\n')).toBe(false);
    expect(isBlockPaste('3200\t3100')).toBe(true);
    expect(isBlockPaste('3200\n3100')).toBe(true);
    expect(isBlockPaste('3,2')).toBe(false);
  });
});

describe('planPaste', () => {
  it('fills right and down from the cell pasted into, in kg/ha', () => {
    const plan = planPaste('3200\t3100\n3300\t3000\n', { ...grid4x4, row: 1, col: 2 });
    expect(values(plan)).toEqual([
      [1, 2, 3200],
      [1, 3, 3100],
      [2, 2, 3300],
      [2, 3, 3000],
    ]);
  });

  it('reads pt-BR and plain decimals, and converts from the chosen unit', () => {
    expect(values(planPaste('3.250,5;3250.5\n', grid4x4))).toEqual([
      [0, 0, 3250.5],
      [0, 1, 3250.5],
    ]);
    expect(values(planPaste('55,5\t60\n', { ...grid4x4, read: yieldReader('sc/ha') }))).toEqual([
      [0, 0, 3330],
      [0, 1, 3600],
    ]);
    expect(values(planPaste('3,2\t3.25\n', { ...grid4x4, read: yieldReader('t/ha') }))).toEqual([
      [0, 0, 3200],
      [0, 1, 3250],
    ]);
  });

  it('an empty cell in the block clears that cell; a short row leaves the rest alone', () => {
    expect(values(planPaste('3200\t\t3000\n3100\n', grid4x4))).toEqual([
      [0, 0, 3200],
      [0, 1, null],
      [0, 2, 3000],
      [1, 0, 3100],
    ]);
  });

  it('skips a header row and column of titles when that makes the block fit', () => {
    const text = 'Tratamento\tBloco 1\tBloco 2\tBloco 3\tBloco 4\nT1 - Testemunha\t3200\t3100\t3300\t3000\nT2\t3400\t3500\t3600\t3700\n';
    expect(values(planPaste(text, grid4x4))).toHaveLength(8);
    expect(values(planPaste(text, grid4x4))[0]).toEqual([0, 0, 3200]);
    expect(values(planPaste('Bloco 1;Bloco 2\n3200;3100\n', grid4x4))).toEqual([
      [0, 0, 3200],
      [0, 1, 3100],
    ]);
    expect(values(planPaste('T1\t3200\nT2\t3100\n', grid4x4))).toEqual([
      [0, 0, 3200],
      [1, 0, 3100],
    ]);
  });

  it('refuses a block with more rows than remain, saying which, and fills nothing', () => {
    const plan = planPaste('1\n2\n3\n4\n5\n', { ...grid4x4, row: 2 });
    expect(plan).toEqual({
      ok: false,
      message:
        'O bloco colado tem 5 linhas e 1 coluna, mas a partir desta célula cabem 2 linhas e 4 colunas: as linhas 3 a 5 do bloco não cabem. Nada foi colado.',
    });
  });

  it('refuses a block with more columns than remain, saying which', () => {
    const plan = planPaste('1\t2\t3\n', { ...grid4x4, col: 2 });
    expect(plan.ok).toBe(false);
    expect(!plan.ok && plan.message).toContain('a coluna 3 do bloco não cabe');
    const both = planPaste('1\t2\t3\n4\t5\t6\n', { ...grid4x4, row: 3, col: 2 });
    expect(!both.ok && both.message).toContain('a linha 2 do bloco não cabe e a coluna 3 do bloco não cabe');
  });

  it('numbers the rows and columns as in the copied block, headers included', () => {
    const plan = planPaste('Trat.\tB1\tB2\nT1\t1\t2\nT2\t3\t4\nT3\t5\t6\n', { ...grid4x4, rows: 2 });
    expect(!plan.ok && plan.message).toContain('a linha 4 do bloco não cabe');
  });

  it('refuses a cell that is not a number, saying where, and fills nothing', () => {
    expect(planPaste('3200\t3100\n3300\t3,000.5\n', grid4x4)).toEqual({
      ok: false,
      message: 'Linha 2, coluna 2 (“3,000.5”): Informe um número válido. Nada foi colado.',
    });
    const withHeader = planPaste('Bloco 1\tBloco 2\n3200\tx\n', grid4x4);
    expect(!withHeader.ok && withHeader.message).toBe('Linha 2, coluna 2 (“x”): Informe um número válido. Nada foi colado.');
  });

  it('refuses more decimals than the unit keeps', () => {
    const plan = planPaste('55,555\t1\n', { ...grid4x4, read: yieldReader('sc/ha') });
    expect(!plan.ok && plan.message).toBe('Linha 1, coluna 1 (“55,555”): Use no máximo 2 casas decimais. Nada foi colado.');
  });

  it('a row of malformed numbers is not taken for a header', () => {
    const plan = planPaste('1,234.5\t2,345.6\n3200\t3100\n', grid4x4);
    expect(!plan.ok && plan.message).toContain('Linha 1, coluna 1');
  });

  it('applies the updates to a copy of the grid', () => {
    const grid = [
      [1, 2],
      [3, null],
    ];
    const next = applyUpdates(grid, [
      { row: 1, col: 1, value: 4 },
      { row: 0, col: 0, value: null },
    ]);
    expect(next).toEqual([
      [null, 2],
      [3, 4],
    ]);
    expect(grid[1]?.[1]).toBeNull();
  });
});
