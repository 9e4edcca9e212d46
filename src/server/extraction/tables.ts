/**
 * Table geometry from positioned text: columns found by x-alignment, header rows merged into
 * one header per column (cells merged over several columns, units alone in the last header
 * row), cells assigned to columns, a table's horizontal span on a page that has another text
 * column beside it, and the running heads and footers that a table continued on the next page
 * must skip. Nothing here knows about treatments: callers give each column its meaning.
 */
import type { TextCell, TextLine } from './pdf-text.js';
import { key } from './text.js';

export interface Column {
  x: number;
  right: number;
  /** The header texts over this column, top row first, joined by spaces. */
  header: string;
}

export function overlap(a: { x: number; right: number }, b: { x: number; right: number }): number {
  return Math.min(a.right, b.right) - Math.max(a.x, b.x);
}

/** The column a data cell belongs to: the most overlapping header, else the nearest one. */
export function columnOf<C extends Column>(cell: { x: number; right: number }, columns: C[]): C | null {
  let best: C | null = null;
  let bestScore = -Infinity;
  for (const col of columns) {
    const o = overlap(cell, { x: col.x - 3, right: col.right + 3 });
    const score = o > 0 ? o : -Math.min(Math.abs(cell.x - col.right), Math.abs(cell.right - col.x), Math.abs(cell.x - col.x));
    if (score > bestScore) {
      bestScore = score;
      best = col;
    }
  }
  return bestScore > -40 ? best : null;
}

/** A cell that holds a value of a data row: a number, perhaps signed, with mean-test letters. */
export function isDataCell(text: string): boolean {
  return /^[-+−–]?\s?\d[\d.,]*\s*%?\s*[a-eA-E]{0,4}\s*$/.test(text.trim());
}

/** "T1", "T 2", "1", "1.", "(3)": a row code and nothing else. */
export function isRowCode(text: string): boolean {
  return /^\s*(?:T\s?-?\s?\d{1,2}|\(?\d{1,2}[.)º°]?)\s*$/i.test(text);
}

/**
 * The number a row code stands for: "T3", "3." and "(3)" → 3; a letter alone in a code column
 * ("A", "B"…) → its place in the alphabet.
 */
export function rowCodeId(text: string): number | null {
  const t = text.trim();
  if (/^[A-Z]$/.test(t)) return t.charCodeAt(0) - 64;
  const m = /\d{1,2}/.exec(t);
  return m ? Number(m[0]) : null;
}

/** A table's caption or a section heading, which ends a header upwards. */
function isCaption(text: string): boolean {
  return /^(tabela|quadro|figura|gr[aá]fico|tab\.)\s*\d*/i.test(text.trim());
}

/** Whether a line can be a header row: short labels only, no values, no sentence. */
function isHeaderRow(line: TextLine, span: Span): boolean {
  const cells = cellsInSpan(line, span);
  if (cells.length === 0) return false;
  if (cells.some((c) => isDataCell(c.text) || isCaption(c.text))) return false;
  if (cells.length === 1 && /[.:;]$/.test(cells[0]?.text ?? '')) return false;
  if (isRowCode(cells[0]?.text ?? '') || /^T\s?\d{1,2}\b/.test(cells[0]?.text ?? '')) return false;
  return cells.every((c) => c.text.split(/\s+/).length <= 7);
}

/** The x range a table occupies; cells wholly left of it belong to another text column. */
export interface Span {
  left: number;
  right: number;
}

/**
 * The cells of a line that belong to a table spanning `span`: a cell wholly left of the table
 * that reads as running text (not a row code) is the neighbouring text column of a two-column
 * page, and is left out.
 */
export function cellsInSpan(line: TextLine, span: Span): TextCell[] {
  return line.cells.filter((c) => {
    if (c.right >= span.left - 3 && c.x <= span.right + 40) return true;
    if (c.x > span.right + 40) return false;
    return isRowCode(c.text);
  });
}

export interface Header {
  columns: Column[];
  /** Index of the first and last header lines. */
  first: number;
  last: number;
  span: Span;
}

/**
 * The whole header of a table whose header contains line `h`: the header rows just above and
 * below it (close baselines, short labels, no values) merged into columns. The row with the
 * most cells gives the columns; a cell of another row is added to every column it lies over
 * (a merged cell such as "Produtividade" over "kg/ha" and "sc/ha"), or becomes a column of its
 * own when it lies over none ("Tratamento" written only in the middle row).
 */
export function buildHeader(lines: TextLine[], h: number, nameCell: { x: number; right: number }): Header {
  const line = lines[h] as TextLine;
  const spanLeft = nameCell.x - 3;
  const span: Span = { left: spanLeft, right: Infinity };
  // Other header rows leave the name column empty (units under the value columns, a merged
  // "Produtividade" above them); a row with text there is a data row.
  const headerRow = (l: TextLine) => isHeaderRow(l, span) && cellsInSpan(l, span).every((c) => c.x > nameCell.right);
  const gapMax = Math.max(14, line.fontSize * 1.7);
  let first = h;
  let last = h;
  // Lines with nothing inside the table's span (the other text column) are passed over.
  const outside = (l: TextLine) => cellsInSpan(l, span).length === 0;
  const bigger = (l: TextLine) => l.fontSize > line.fontSize + 0.8 && cellsInSpan(l, span).length === l.cells.length;
  for (let i = h - 1; i >= 0; i--) {
    const l = lines[i] as TextLine;
    const above = lines[first] as TextLine;
    if (l.page !== line.page || l.y - above.y > gapMax) break;
    if (outside(l)) continue;
    if (bigger(l) || !headerRow(l)) break;
    first = i;
  }
  for (let i = h + 1; i < lines.length; i++) {
    const l = lines[i] as TextLine;
    const below = lines[last] as TextLine;
    if (l.page !== line.page || below.y - l.y > gapMax) break;
    if (outside(l)) continue;
    if (!headerRow(l)) break;
    last = i;
  }
  const rows = withoutNoteMarks(lines.slice(first, last + 1).map((l) => joinSpreadWords(cellsInSpan(l, span))));
  // The columns: the row with most cells (the lowest on ties: units sit over the data), then
  // cells of the other rows, nearest rows first, that lie over no column yet.
  const finest = rows.reduce((a, b) => (b.length >= a.length ? b : a), rows[0] ?? []);
  const columns: Column[] = finest.map((c) => ({ x: c.x, right: c.right, header: '' }));
  const fine = [...columns];
  /** A cell over two columns drawn as separate pieces ("cacho (kg)" and "(t/ha)" a narrow gap
   * apart) is split back into its pieces; a single piece over two columns is a merged cell. */
  const piecesOf = (row: TextCell[]) =>
    row.flatMap((cell) =>
      row !== finest && cell.parts.length > 1 && fine.filter((col) => overlap(cell, col) > 2).length > 1
        ? cell.parts.map((p) => ({ text: p.text, x: p.x, right: p.right }))
        : [{ text: cell.text, x: cell.x, right: cell.right }],
    );
  const pieces = rows.map(piecesOf);
  /** A merged label centred over two narrow sub-labels fills the gap between them ("Produtividade"
   * over "kg/ha" and "sc/ha" set far apart): it is over both, not a column of its own. */
  const bridged = (cell: { x: number; right: number }) => {
    const left = fine.filter((col) => col.right <= cell.x + 3).sort((a, b) => b.right - a.right)[0];
    const right = fine.filter((col) => col.x >= cell.right - 3).sort((a, b) => a.x - b.x)[0];
    return left && right && cell.x <= left.right + 8 && cell.right >= right.x - 8 ? [left, right] : null;
  };
  for (const row of [...pieces].reverse()) {
    for (const cell of row) {
      if (!columns.some((col) => overlap(cell, col) > 2) && (row === finest || !bridged(cell)))
        columns.push({ x: cell.x, right: cell.right, header: '' });
    }
  }
  columns.sort((a, b) => a.x - b.x);
  for (const row of pieces) {
    for (const cell of row) {
      const over = columns.filter((c) => overlap(cell, c) > 2);
      if (over.length === 0) over.push(...(bridged(cell) ?? []));
      for (const col of over) col.header = `${col.header} ${cell.text}`.trim();
      // A column is as wide as its own header cells ("Produtividade de" over a narrow "kg/ha").
      const only = over.length === 1 ? over[0] : undefined;
      if (only) {
        only.x = Math.min(only.x, cell.x);
        only.right = Math.max(only.right, cell.right);
      }
    }
  }
  const split = splitByData(columns, rows, lines, last, span);
  return { columns: split, first, last, span: { left: spanLeft, right: Math.max(...split.map((c) => c.right)) } };
}

/** A footnote mark: "1", "²", "*", "†" alone. */
const NOTE_MARK = /^(?:\d|[¹²³⁴⁵⁶⁷⁸⁹⁰]{1,2}|\*{1,3}|[†‡])$/;

/**
 * A header label's footnote mark, set a little higher, comes out as a cell of its own right
 * against the label's last letter, often on another baseline ("grãos" then "1"). It is the
 * label's, not a column: it joins the label ("grãos¹" reads "grãos 1") and leaves the row.
 */
function withoutNoteMarks(rows: TextCell[][]): TextCell[][] {
  const all = rows.flat();
  const markOf = (cell: TextCell) =>
    NOTE_MARK.test(cell.text.trim()) && cell.right - cell.x < 8
      ? all.find((o) => o !== cell && !NOTE_MARK.test(o.text.trim()) && Math.abs(cell.x - o.right) < 2.5)
      : undefined;
  const labelled = new Map<TextCell, string>();
  for (const cell of all) {
    const label = markOf(cell);
    if (label) labelled.set(label, `${labelled.get(label) ?? ''} ${cell.text.trim()}`);
  }
  if (labelled.size === 0) return rows;
  return rows
    .map((row) =>
      row
        .filter((cell) => !markOf(cell))
        .map((cell) => (labelled.has(cell) ? { ...cell, text: `${cell.text}${labelled.get(cell)}` } : cell)),
    )
    .filter((row) => row.length > 0);
}

/** A lowercase word that only links two others ("de", "em"): never a column's whole header. */
const CONNECTIVE = /^(de|da|do|das|dos|em|e|por|com|no|na|nos|nas|sem|para)$/;

/**
 * A header label justified across its cell comes out word by word, its words as far apart as
 * columns ("Peso | de | grãos"): a connective standing alone joins the word before it and the
 * first piece after it (the rest of that cell, a narrow gap on, is the next column's label).
 */
function joinSpreadWords(row: TextCell[]): TextCell[] {
  const out = [...row];
  for (let k = 1; k < out.length - 1; k++) {
    const word = out[k] as TextCell;
    if (!CONNECTIVE.test(word.text.trim())) continue;
    const before = out[k - 1] as TextCell;
    const after = out[k + 1] as TextCell;
    const [head, ...rest] = after.parts.length > 0 ? after.parts : [{ text: after.text, x: after.x, right: after.right }];
    if (!head) continue;
    const joined: TextCell = {
      text: `${before.text} ${word.text} ${head.text}`,
      x: before.x,
      right: head.right,
      parts: [...before.parts, ...word.parts, head],
    };
    const tail: TextCell[] =
      rest.length > 0
        ? [
            {
              text: rest.map((p) => p.text).join(' '),
              x: rest[0]?.x ?? head.right,
              right: rest[rest.length - 1]?.right ?? after.right,
              parts: rest,
            },
          ]
        : [];
    out.splice(k - 1, 3, joined, ...tail);
    k -= 1;
  }
  return out;
}

/**
 * Header labels set so close that they came out as one cell ("Cachos por planta Produtividade
 * (t/ha)") are split where the values below them are: when a data line has two values under one
 * header cell drawn in pieces, each piece goes to the value it is aligned with.
 */
function splitByData(columns: Column[], rows: TextCell[][], lines: TextLine[], last: number, span: Span): Column[] {
  const headerLine = lines[last] as TextLine;
  const data: TextCell[][] = [];
  for (let i = last + 1; i < Math.min(lines.length, last + 5); i++) {
    const l = lines[i] as TextLine;
    if (l.page !== headerLine.page) break;
    data.push(
      cellsInSpan(l, span)
        .flatMap((c) => (c.parts.length > 1 ? c.parts.map((p) => ({ ...p, parts: [p] })) : [c]))
        .filter((c) => isDataCell(c.text)),
    );
  }
  const out: Column[] = [];
  for (const col of columns) {
    const source = rows.flat().find((c) => c.parts.length > 1 && Math.abs(c.x - col.x) < 1 && Math.abs(c.right - col.right) < 1);
    const under = data
      .map((cells) => cells.filter((c) => (c.x + c.right) / 2 > col.x && (c.x + c.right) / 2 < col.right))
      .find((cells) => cells.length >= 2);
    if (!source || !under) {
      out.push(col);
      continue;
    }
    const near = (p: { x: number; right: number }, c: TextCell) => Math.min(Math.abs(p.x - c.x), Math.abs(p.right - c.right));
    const groups = under.map((c) => ({ cell: c, parts: [] as { text: string; x: number; right: number }[] }));
    for (const part of source.parts) {
      const best = groups.reduce((a, b) => (near(part, b.cell) < near(part, a.cell) ? b : a));
      best.parts.push(part);
    }
    for (const g of groups.filter((g) => g.parts.length > 0)) {
      out.push({
        x: Math.min(...g.parts.map((p) => p.x), g.cell.x),
        right: Math.max(...g.parts.map((p) => p.right), g.cell.right),
        header: g.parts.map((p) => p.text).join(' '),
      });
    }
  }
  return out;
}

/**
 * A cell that reaches over two columns (a long name printed close to the next column) is cut
 * back into its pieces, each going to its own column. `textColumns` are the left-aligned text
 * columns where pdf.js may have joined runs drawn a space apart into one item.
 */
export function splitAtColumns<C extends Column>(cells: TextCell[], columns: C[], textColumns: C[]): TextCell[] {
  const out: TextCell[] = [];
  for (const cell of cells) {
    const spanned = columns.filter((c) => overlap(cell, c) > 2);
    if (spanned.length < 2) {
      out.push(cell);
      continue;
    }
    const parts = cell.parts.flatMap((part) => cutAtColumnStarts(part, textColumns));
    if (parts.length < 2) {
      out.push(cell);
      continue;
    }
    let current: TextCell | null = null;
    let currentCol: C | null = null;
    for (const part of parts) {
      const col = columnOf(part, columns);
      if (current && col === currentCol) {
        current.text = `${current.text} ${part.text}`.trim();
        current.right = part.right;
        current.parts.push(part);
      } else {
        current = { text: part.text, x: part.x, right: part.right, parts: [part] };
        currentCol = col;
        out.push(current);
      }
    }
  }
  return out;
}

/** Approximate advance widths (em) of Helvetica-like fonts, to place words inside an item. */
function charEm(ch: string): number {
  if (/[ijlI.,:;'!|]/.test(ch)) return 0.25;
  if (/[ frt()\-/]/.test(ch)) return 0.32;
  if (/[mwMW]/.test(ch)) return 0.85;
  if (/[A-ZÀ-Ý]/.test(ch)) return 0.68;
  return 0.54;
}

type Part = TextCell['parts'][number];

/**
 * Splits one item at the word boundary nearest to where a text column starts, with character
 * positions estimated and scaled to the item's real width.
 */
function cutAtColumnStarts(part: Part, textColumns: Column[]): Part[] {
  const starts = textColumns.filter((c) => c.x > part.x + 8 && c.x < part.right - 4).map((c) => c.x);
  if (starts.length === 0) return [part];
  const widths = [...part.text].map(charEm);
  const total = widths.reduce((a, b) => a + b, 0) || 1;
  const scale = (part.right - part.x) / total;
  const wordStarts: { index: number; x: number }[] = [];
  let x = part.x;
  [...part.text].forEach((ch, i) => {
    if (i > 0 && part.text[i - 1] === ' ' && ch !== ' ') wordStarts.push({ index: i, x });
    x += (widths[i] ?? 0) * scale;
  });
  const cuts: number[] = [];
  for (const start of starts) {
    const nearest = wordStarts.reduce<{ index: number; x: number } | null>(
      (best, w) => (!best || Math.abs(w.x - start) < Math.abs(best.x - start) ? w : best),
      null,
    );
    if (nearest && Math.abs(nearest.x - start) < 10) cuts.push(nearest.index);
  }
  if (cuts.length === 0) return [part];
  const out: Part[] = [];
  let from = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    const est = wordStarts.find((w) => w.index === cut)?.x ?? part.x;
    out.push({
      text: part.text.slice(from, cut).trim(),
      x: out.length === 0 ? part.x : (out[out.length - 1]?.right ?? part.x),
      right: est - 1,
    });
    from = cut;
  }
  out.push({
    text: part.text.slice(from).trim(),
    x: textColumns.find((c) => Math.abs(c.x - (wordStarts.find((w) => w.index === from)?.x ?? 0)) < 10)?.x ?? part.x,
    right: part.right,
  });
  return out.filter((p) => p.text);
}

/**
 * Keys of the lines that repeat on two or more pages at the same height (running heads and
 * footers, with page numbers left out), so that a table continued on the next page can skip them.
 * A table row that happens to read the same on both pages (a wrapped name's last word, a mode with
 * other numbers) stands elsewhere on the page, and is no running line.
 */
export function runningLineKeys(lines: TextLine[]): Set<string> {
  const placesOf = new Map<string, { page: number; y: number }[]>();
  for (const l of lines) {
    const k = key(l.text.replace(/\d+/g, '#'));
    if (!k) continue;
    const places = placesOf.get(k) ?? [];
    places.push({ page: l.page, y: l.y });
    placesOf.set(k, places);
  }
  const tolerance = 4;
  return new Set(
    [...placesOf.entries()]
      .filter(([, places]) => places.some((a) => places.some((b) => b.page !== a.page && Math.abs(b.y - a.y) <= tolerance)))
      .map(([k]) => k),
  );
}

export function isRunningLine(line: TextLine, running: Set<string>): boolean {
  return running.has(key(line.text.replace(/\d+/g, '#')));
}
