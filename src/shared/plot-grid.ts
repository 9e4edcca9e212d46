/**
 * Plot yields as a grid: treatments as rows, blocks as columns, always stored in kg/ha.
 * Pure logic of src/web/components/ui/yield-grid.tsx: units, row means, and pasting a block copied
 * from Excel or LibreOffice (rows by line, cells by tab or semicolon, pt-BR or plain decimals).
 */
import { type ParseResult, formatDecimal, parseDecimal } from './decimal.js';

export type YieldUnit = 'kg/ha' | 'sc/ha' | 't/ha';

export interface YieldUnitInfo {
  id: YieldUnit;
  label: string;
  /** kg/ha in one unit. */
  factor: number;
  /** Decimal places typed and shown in this unit (1 kg/ha at most lost by rounding the display). */
  decimals: number;
}

export const YIELD_UNITS: readonly YieldUnitInfo[] = Object.freeze([
  { id: 'kg/ha', label: 'kg/ha', factor: 1, decimals: 2 },
  { id: 'sc/ha', label: 'sc/ha (60 kg)', factor: 60, decimals: 2 },
  { id: 't/ha', label: 't/ha', factor: 1000, decimals: 3 },
]);

export function unitInfo(unit: YieldUnit): YieldUnitInfo {
  return YIELD_UNITS.find((u) => u.id === unit) ?? (YIELD_UNITS[0] as YieldUnitInfo);
}

/** A value typed in `unit` in kg/ha, to the hundredth: 3,2 t/ha is 3200, not 3200.0000000000005. */
export function toKgHa(value: number, unit: YieldUnit): number {
  return Math.round(value * unitInfo(unit).factor * 100) / 100;
}

export function fromKgHa(kg: number, unit: YieldUnit): number {
  return kg / unitInfo(unit).factor;
}

export type Cell = number | null;

/**
 * A form value as a grid cell: numbers as they are (NaN included), empty as null, and strings (older
 * form state, "3250" or "3.250,5") read as pt-BR; a string that is not a number becomes NaN.
 */
export function toCell(value: unknown): Cell {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return null;
  const r = parseDecimal(value);
  return r.ok ? r.value : Number.NaN;
}

/** A filled cell: a finite number (NaN marks a text that is not a number). */
const filled = (v: Cell | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Mean of the filled cells of a row, and how many there are. */
export function rowMean(row: readonly Cell[]): { mean: number | null; filled: number } {
  const nums = row.filter(filled);
  return { mean: nums.length ? nums.reduce((a, b) => a + b, 0) / nums.length : null, filled: nums.length };
}

/** Splits clipboard text into rows of trimmed cells; the trailing line break spreadsheets add is dropped. */
export function splitClipboard(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length && lines.at(-1)?.trim() === '') lines.pop();
  const sep = text.includes('\t') ? '\t' : ';';
  return lines.map((line) => line.split(sep).map((c) => c.trim()));
}

/** True when pasting `text` into a cell is a block (several cells), not a single value. */
export function isBlockPaste(text: string): boolean {
  const rows = splitClipboard(text);
  return rows.length > 1 || (rows[0]?.length ?? 0) > 1;
}

export interface CellUpdate {
  row: number;
  col: number;
  /** kg/ha; null clears the cell (an empty cell in the block). */
  value: number | null;
}

export type PastePlan = { ok: true; updates: CellUpdate[]; rows: number; cols: number } | { ok: false; message: string };

export interface PasteTarget {
  /** The cell pasted into: the block's top-left corner. */
  row: number;
  col: number;
  /** The grid's size. */
  rows: number;
  cols: number;
  /** A pasted cell's text as the value the grid stores (or why it cannot be one): yieldReader() for yields. */
  read: (text: string) => ParseResult;
}

/** Reads a plot yield typed in `unit` as kg/ha, with the decimals the unit allows. */
export function yieldReader(unit: YieldUnit): (text: string) => ParseResult {
  const { decimals } = unitInfo(unit);
  return (text) => {
    const r = parseDecimal(text, { decimals });
    return r.ok && r.value !== null ? { ok: true, value: toKgHa(r.value, unit) } : r;
  };
}

const NOTHING = 'Nada foi colado.';

/** A title such as "Bloco 1" or "T2 - Fungicida": has a letter. A malformed number ("1,234.5") is not one. */
const isLabel = (cell: string) => /\p{L}/u.test(cell);

/** "a linha 4", "as linhas 4 e 5", "as linhas 4 a 7". */
function span(word: 'linha' | 'coluna', from: number, to: number): string {
  if (from === to) return `a ${word} ${from}`;
  return `as ${word}s ${from} ${to === from + 1 ? 'e' : 'a'} ${to}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

interface Candidate {
  skipRow: boolean;
  skipCol: boolean;
}

/** The cells of `block` without its header row/column; each keeps its position in the copied block. */
function body(block: string[][], { skipRow, skipCol }: Candidate) {
  return block
    .slice(skipRow ? 1 : 0)
    .map((cells, r) =>
      cells.slice(skipCol ? 1 : 0).map((text, c) => ({ text, line: r + (skipRow ? 2 : 1), column: c + (skipCol ? 2 : 1) })),
    );
}

function check(block: string[][], candidate: Candidate, target: PasteTarget): PastePlan {
  const cells = body(block, candidate);
  const height = cells.length;
  const width = Math.max(0, ...cells.map((r) => r.length));
  const roomRows = target.rows - target.row;
  const roomCols = target.cols - target.col;
  if (height === 0 || width === 0) return { ok: false, message: `O conteúdo colado não tem valores. ${NOTHING}` };
  if (height > roomRows || width > roomCols) {
    const first = cells[0]?.[0] ?? { line: 1, column: 1 };
    const parts: string[] = [];
    if (height > roomRows)
      parts.push(
        `${span('linha', first.line + roomRows, first.line + height - 1)} do bloco não ${height - roomRows === 1 ? 'cabe' : 'cabem'}`,
      );
    if (width > roomCols)
      parts.push(
        `${span('coluna', first.column + roomCols, first.column + width - 1)} do bloco não ${width - roomCols === 1 ? 'cabe' : 'cabem'}`,
      );
    return {
      ok: false,
      message:
        `O bloco colado tem ${plural(height, 'linha', 'linhas')} e ${plural(width, 'coluna', 'colunas')}, ` +
        `mas a partir desta célula cabem ${plural(roomRows, 'linha', 'linhas')} e ${plural(roomCols, 'coluna', 'colunas')}: ` +
        `${parts.join(' e ')}. ${NOTHING}`,
    };
  }
  const updates: CellUpdate[] = [];
  for (const [r, row] of cells.entries()) {
    for (const [c, cell] of row.entries()) {
      const parsed = target.read(cell.text);
      if (!parsed.ok)
        return { ok: false, message: `Linha ${cell.line}, coluna ${cell.column} (“${cell.text}”): ${parsed.message}. ${NOTHING}` };
      updates.push({ row: target.row + r, col: target.col + c, value: parsed.value });
    }
  }
  return { ok: true, updates, rows: height, cols: width };
}

/**
 * What pasting `text` at a cell does: every cell to fill, or a message saying which rows, columns or
 * cell do not fit, in which case nothing is filled. A header row and/or column of titles (cells
 * with letters, as copied with the sheet's headings) is skipped when that makes the block fit.
 */
export function planPaste(text: string, target: PasteTarget): PastePlan {
  const block = splitClipboard(text);
  const labels = (cells: string[]) => cells.some(isLabel) && cells.every((c) => c === '' || isLabel(c));
  const headerRow = labels(block[0] ?? []);
  const headerCol = labels(block.slice(headerRow ? 1 : 0).map((r) => r[0] ?? ''));
  const candidates: Candidate[] = [{ skipRow: false, skipCol: false }];
  if (headerRow) candidates.push({ skipRow: true, skipCol: false });
  if (headerCol) candidates.push({ skipRow: false, skipCol: true });
  if (headerRow && headerCol) candidates.push({ skipRow: true, skipCol: true });
  for (const c of candidates) {
    const plan = check(block, c, target);
    if (plan.ok) return plan;
  }
  // None fits: explain with the headers left out, as the user most likely meant them.
  return check(block, { skipRow: headerRow, skipCol: headerCol }, target);
}

/** The grid after a paste; the input arrays are not modified. */
export function applyUpdates(values: readonly (readonly Cell[])[], updates: readonly CellUpdate[]): Cell[][] {
  const next = values.map((row) => [...row]);
  for (const u of updates) {
    const row = next[u.row];
    if (row) row[u.col] = u.value;
  }
  return next;
}

/** "3.250 kg/ha"-style mean in the chosen unit, or "–" when nothing is filled. */
export function formatMean(mean: number | null, unit: YieldUnit): string {
  if (mean === null) return '–';
  return formatDecimal(fromKgHa(mean, unit), { decimals: unit === 'kg/ha' ? 0 : unitInfo(unit).decimals });
}
