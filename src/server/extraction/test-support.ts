/**
 * What the extractor's tests share: the reference data of the migration, and positioned text
 * built by hand (no PDF needed) through the same `groupLines` the PDF reader uses.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
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

/**
 * A table's lines, row under row: `columns` gives each column's x and a row's texts fill them left to
 * right ('' leaves a cell empty); an [x, text] cell stands where it says (a header wider than its values).
 */
export function tablePage(
  columns: number[],
  rows: (string | [number, string])[][],
  options: { page?: number; fontSize?: number; top?: number; pitch?: number } = {},
) {
  return rowsPage(
    rows.map((cells) =>
      cells.flatMap((cell, i): [number, string][] => {
        if (typeof cell !== 'string') return [cell];
        const x = columns[i];
        if (x === undefined) throw new Error(`tablePage: no column ${i + 1} for "${cell}"`);
        return cell ? [[x, cell]] : [];
      }),
    ),
    options,
  );
}

/** A page of running text: one line per string, all starting at the left margin. */
export function textPage(texts: string[], options: { page?: number; fontSize?: number; left?: number } = {}) {
  const { left = 50, ...rest } = options;
  return rowsPage(
    texts.map((text) => [[left, text]]),
    rest,
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

/**
 * Tests a reader that sorts texts into a few answers: one test per answer, over every text that must
 * give it (`[answer, texts]` rows).
 */
export function eachAnswer<T>(what: string, read: (text: string) => T, cases: [T, string[]][]): void {
  it.each(cases)(`${what}: %j from %j`, (answer, texts) => {
    for (const text of texts) expect(read(text)).toBe(answer);
  });
}
