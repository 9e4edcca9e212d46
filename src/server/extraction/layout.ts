/**
 * Stage 2 of the extractor: the layout of the text read from the PDF (stage 1, pdf-text.ts).
 *
 * - Running headers and footers (the same line at the top or bottom of several pages, page
 *   numbers aside) are kept on their first page only, so a table continued on the next page
 *   reads as one table and a letterhead counts once.
 * - Columns are found by x-alignment: a vertical gutter that no cell crosses over a run of lines
 *   with text on both sides. The running text (`flat`) reads such a block column by column, so a
 *   sentence wrapped in a two-column page reads whole; `lines` keep the page's rows for tables.
 * - The letterhead: the first lines of the first page, above the title.
 *
 * Every offset in `flat` maps back to its page (evidence shown in the review).
 */
import type { PdfText, TextCell, TextLine } from './pdf-text.js';
import { fold } from './text.js';

export interface Layout {
  /** The document's lines, top to bottom and page by page, without repeated headers/footers. */
  lines: TextLine[];
  pageCount: number;
  /** Running text in reading order: lines joined by spaces, cells by three spaces. */
  flat: string;
  /** `flat` folded (lower case, no accents), index for index. */
  folded: string;
  /** Lines of the letterhead: the top of the first page, above the report's title. */
  letterhead: TextLine[];
  /** Pages read by OCR. */
  ocrPages: number[];
  /** The page of an offset of `flat`. */
  pageAt(offset: number): number;
}

/** One piece of running text: a line, or the part of a line on one side of a gutter. */
interface Piece {
  text: string;
  page: number;
}

/** Text of cells as running text: cells apart by three spaces (a gap, not a word break). */
export function cellsText(cells: readonly TextCell[]): string {
  return cells.map((c) => c.text).join('   ');
}

/** A line as it is shown in evidence: cells separated by " · " would read as a list; spaces read as text. */
export function lineSnippet(line: TextLine, max = 160): string {
  const text = line.cells
    .map((c) => c.text)
    .join('  ')
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** A line's shape for spotting repeats: digits (page numbers, dates) do not count. */
function shapeOf(line: TextLine): string {
  return fold(line.text).replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}

/** How many lines at a page's top or bottom may be a running header or footer. */
const EDGE_LINES = 3;

/** Drops lines that repeat at the top or bottom of two or more pages, except their first one. */
export function dropRunningLines(lines: TextLine[]): TextLine[] {
  const byPage = new Map<number, TextLine[]>();
  for (const l of lines) {
    const list = byPage.get(l.page) ?? [];
    list.push(l);
    byPage.set(l.page, list);
  }
  if (byPage.size < 2) return lines;
  const edgeShapes = new Map<string, Set<number>>();
  for (const [page, list] of byPage) {
    const edges = [...list.slice(0, EDGE_LINES), ...list.slice(-EDGE_LINES)];
    for (const l of edges) {
      const s = shapeOf(l);
      // A bare page number ("#", "pagina # de #") repeats too; so does a short word.
      if (s.replace(/[^a-z]/g, '').length < 4 && !/pagina|pag/.test(s)) {
        if (/^[#\s/.-]*$/.test(s)) edgeShapes.set(s, new Set([...(edgeShapes.get(s) ?? []), page, -page]));
        continue;
      }
      const pages = edgeShapes.get(s) ?? new Set<number>();
      pages.add(page);
      edgeShapes.set(s, pages);
    }
  }
  const running = new Set([...edgeShapes].filter(([, pages]) => [...pages].filter((p) => p > 0).length >= 2).map(([s]) => s));
  if (running.size === 0) return lines;
  const seen = new Set<string>();
  return lines.filter((l) => {
    const s = shapeOf(l);
    if (!running.has(s)) return true;
    const list = byPage.get(l.page) ?? [];
    const at = list.indexOf(l);
    const atEdge = at < EDGE_LINES || at >= list.length - EDGE_LINES;
    if (!atEdge) return true;
    // Page numbers go everywhere; a header stays on its first page.
    if (/^[#\s/.-]*$|pagina|pag/.test(s)) return false;
    if (seen.has(s)) return false;
    seen.add(s);
    return true;
  });
}

/** The minimum number of consecutive lines a column block spans. */
const MIN_BLOCK_LINES = 4;

/**
 * The x of a gutter that splits `lines` into two columns: no cell crosses it, and text stands on
 * both sides of it on several lines (the same lines in a form, alternate lines when the two
 * columns' baselines differ). Null when the lines are one column.
 */
export function findGutter(lines: readonly TextLine[]): number | null {
  if (lines.length < MIN_BLOCK_LINES) return null;
  const left = Math.min(...lines.flatMap((l) => l.cells.map((c) => c.x)));
  const right = Math.max(...lines.flatMap((l) => l.cells.map((c) => c.right)));
  const width = right - left;
  if (width <= 0) return null;
  const middle = left + width / 2;
  let best: { x: number; sides: number } | null = null;
  for (let x = left + width * 0.25; x <= left + width * 0.75; x += 2) {
    let onLeft = 0;
    let onRight = 0;
    let crossed = false;
    for (const l of lines) {
      if (l.cells.some((c) => c.x < x - 1 && c.right > x + 1)) {
        crossed = true;
        break;
      }
      if (l.cells.some((c) => c.right <= x)) onLeft++;
      if (l.cells.some((c) => c.x >= x)) onRight++;
    }
    if (crossed) continue;
    const sides = Math.min(onLeft, onRight);
    if (!best || sides > best.sides || (sides === best.sides && Math.abs(x - middle) < Math.abs(best.x - middle))) best = { x, sides };
  }
  return best && best.sides >= Math.max(2, lines.length * 0.25) ? best.x : null;
}

/**
 * A page's running text: blocks of lines that share a gutter are read left column first, the
 * other lines as they are.
 */
function readingOrder(pageLines: readonly TextLine[]): Piece[] {
  const pieces: Piece[] = [];
  let i = 0;
  while (i < pageLines.length) {
    // The longest block from line i that keeps one gutter.
    let end = i + MIN_BLOCK_LINES;
    let gutter = end <= pageLines.length ? findGutter(pageLines.slice(i, end)) : null;
    if (gutter === null) {
      const line = pageLines[i] as TextLine;
      pieces.push({ text: cellsText(line.cells), page: line.page });
      i++;
      continue;
    }
    while (end < pageLines.length) {
      // A line that keeps clear of the gutter extends the block as it is; only one that crosses it
      // makes the gutter be looked for again (a page of many lines stays linear).
      const g = gutter;
      const line = pageLines[end] as TextLine;
      if (!line.cells.some((c) => c.x < g - 1 && c.right > g + 1)) {
        end++;
        continue;
      }
      const next = findGutter(pageLines.slice(i, end + 1));
      if (next === null) break;
      gutter = next;
      end++;
    }
    const block = pageLines.slice(i, end);
    const g = gutter;
    for (const side of [(c: TextCell) => c.right <= g + 1, (c: TextCell) => c.x >= g - 1]) {
      for (const line of block) {
        const cells = line.cells.filter(side);
        if (cells.length > 0) pieces.push({ text: cellsText(cells), page: line.page });
      }
    }
    i = end;
  }
  return pieces;
}

/** The letterhead: lines of page 1 above its largest-font line (the title), at most six. */
function findLetterhead(lines: readonly TextLine[]): TextLine[] {
  const first = lines.filter((l) => l.page === (lines[0]?.page ?? 1)).slice(0, 8);
  return first.slice(0, 6);
}

export function buildLayout(pdf: PdfText): Layout {
  const lines = dropRunningLines(pdf.lines);
  const pages = [...new Set(lines.map((l) => l.page))];
  const pieces = pages.flatMap((p) => readingOrder(lines.filter((l) => l.page === p)));
  const starts: number[] = [];
  let flat = '';
  for (const piece of pieces) {
    if (flat) flat += ' ';
    starts.push(flat.length);
    flat += piece.text;
  }
  const pageAt = (offset: number): number => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return pieces[lo]?.page ?? 1;
  };
  return {
    lines,
    pageCount: pdf.pageCount,
    flat,
    folded: fold(flat),
    letterhead: findLetterhead(lines),
    ocrPages: pdf.ocrPages ?? [],
    pageAt,
  };
}

/** The text around `[start, end)` of `flat`, cut at word boundaries, at most `max` characters. */
export function snippetAround(flat: string, start: number, end: number, max = 160): string {
  const room = Math.max(0, max - (end - start));
  let from = Math.max(0, start - Math.floor(room / 3));
  let to = Math.min(flat.length, end + room - (start - from));
  if (from > 0) from = flat.indexOf(' ', from) + 1 || from;
  if (to < flat.length) to = flat.lastIndexOf(' ', to) > end ? flat.lastIndexOf(' ', to) : to;
  const text = flat.slice(from, to).replace(/\s+/g, ' ').trim();
  return `${from > 0 ? '…' : ''}${text}${to < flat.length ? '…' : ''}`;
}
