/**
 * What the extractor's tests share: the reference data of the migration, and positioned text
 * built by hand (no PDF needed) through the same `groupLines` the PDF reader uses.
 */
import { readFileSync } from 'node:fs';
import { groupLines, type PdfText, type TextItem, type TextLine } from './pdf-text.js';
import { compileReference } from './reference.js';
import { referenceFromSql } from './reference-sql.js';

export const reference = referenceFromSql(readFileSync(new URL('../db/migrations/0003_reference_data.sql', import.meta.url), 'utf8'));
export const compiled = compileReference(reference);

/** Helvetica-ish widths are enough for layout tests: 0.5 em per character. */
export const item = (str: string, x: number, y: number, fontSize = 10): TextItem => ({
  str,
  x,
  y,
  width: str.length * fontSize * 0.5,
  fontSize,
});

/** A page's lines from rows of [x, text] cells, `pitch` pt apart from the top. */
export function rowsPage(rows: [number, string][][], options: { page?: number; fontSize?: number; top?: number; pitch?: number } = {}) {
  const { page = 1, fontSize = 10, top = 800, pitch = 15 } = options;
  return groupLines(
    rows.flatMap((cells, r) => cells.map(([x, text]) => item(text, x, top - r * pitch, fontSize))),
    page,
  );
}

/** A page's lines from [x, y, text] or [x, y, text, fontSize] items. */
export function itemsPage(items: ([number, number, string] | [number, number, string, number])[], page = 1, fontSize = 9): TextLine[] {
  return groupLines(
    items.map(([x, y, s, f]) => item(s, x, y, f ?? fontSize)),
    page,
  );
}

/** Lines as the PDF reader answers them. */
export function pdfOf(lines: TextLine[], pageCount = 1): PdfText {
  return { pageCount, pagesRead: pageCount, lines, charCount: lines.reduce((s, l) => s + l.text.length, 0) };
}
