/**
 * A page's positioned text items grouped into lines and cells: the shape every stage after
 * pdf-text.ts reads, whether the items came from a text layer or from OCR (ocr-lines.ts). It
 * imports nothing, so both readers can share it without importing each other.
 */

export interface TextItem {
  str: string;
  x: number;
  /** Baseline, PDF units from the page's bottom. */
  y: number;
  width: number;
  fontSize: number;
}

export interface TextCell {
  text: string;
  x: number;
  right: number;
  /** The pieces the cell was joined from, so a table can split a cell that spans two columns. */
  parts: { text: string; x: number; right: number }[];
}

export interface TextLine {
  /** 1-based page number. */
  page: number;
  y: number;
  fontSize: number;
  cells: TextCell[];
  /** The cells joined by tabs. */
  text: string;
}

/**
 * Groups a page's items into lines (baselines within a third of the font size of the line's largest
 * type, so a superscript joins the line it belongs to), sorted top to
 * bottom, and each line's items into cells: items closer than ~0.9 em belong to one cell (a bold
 * label and its regular value, or words drawn separately), wider gaps separate columns.
 * A line's font size is its largest item's, or (`typical`, for OCR words whose sizes are
 * estimates) the size most of its characters have.
 */
export function groupLines(items: TextItem[], page: number, lineSize: 'largest' | 'typical' = 'largest'): TextLine[] {
  const sorted = [...items].sort((p, q) => q.y - p.y || p.x - q.x);
  const rows: TextItem[][] = [];
  let current: TextItem[] = [];
  let baseline = Number.NaN;
  let baseSize = 0;
  for (const item of sorted) {
    const tolerance = Math.max(2, item.fontSize * 0.35);
    if (current.length > 0 && Math.abs(item.y - baseline) <= tolerance) {
      current.push(item);
      // A superscript ("ha⁻¹" drawn as a small "-1" above) comes first from the top, but the line's
      // baseline is its body text's: the largest type decides.
      if (item.fontSize > baseSize) {
        baseline = item.y;
        baseSize = item.fontSize;
      }
      continue;
    }
    if (current.length > 0) rows.push(current);
    current = [item];
    baseline = item.y;
    baseSize = item.fontSize;
  }
  if (current.length > 0) rows.push(current);
  const bodies = withExponentsJoined(rows);

  return bodies.map(({ row, body }) => {
    row.sort((p, q) => p.x - q.x);
    const fontSize = lineSize === 'largest' ? Math.max(...row.map((i) => i.fontSize)) : typicalSize(row);
    const cells: TextCell[] = [];
    for (const item of row) {
      const last = cells[cells.length - 1];
      const gap = last ? item.x - last.right : Infinity;
      const em = item.fontSize || fontSize;
      const part = { text: item.str.trim(), x: item.x, right: item.x + item.width };
      // Up to ~3 spaces wide: the same cell (a bold label and its value, words drawn apart).
      if (last && gap < em * 0.9) {
        // Touching items need a space only if neither has one.
        const glue = gap > em * 0.12 && !last.text.endsWith(' ') && !item.str.startsWith(' ') ? ' ' : '';
        last.text += glue + item.str;
        last.right = Math.max(last.right, part.right);
        last.parts.push(part);
      } else {
        cells.push({ text: item.str, x: item.x, right: part.right, parts: [part] });
      }
    }
    for (const c of cells) c.text = c.text.replace(/\s+/g, ' ').trim();
    const kept = cells.filter((c) => c.text);
    const y = body.reduce((s, i) => s + i.y, 0) / body.length;
    return { page, y, fontSize, cells: kept, text: kept.map((c) => c.text).join('\t') };
  });
}

/** A unit's negative exponent in small type ("-1" of "kg ha⁻¹"); a digit alone may be a footnote's mark. */
const EXPONENT = /^\s*[-−–]\d\s*$/;

/**
 * Exponents drawn higher than a third of an em above their text form a line of their own ("-1 -1")
 * between two lines of a paragraph; each belongs to the text it follows on a line just below (within
 * 0.6 em: in two columns that may be the second line down), where it is read in place ("ha-1").
 * `body` is a line's own items, which alone give its baseline.
 */
function withExponentsJoined(rows: TextItem[][]): { row: TextItem[]; body: TextItem[] }[] {
  const raised = rows.map((): TextItem[] => []);
  const gone = new Set<number>();
  rows.forEach((row, r) => {
    if (!row.every((i) => EXPONENT.test(i.str))) return;
    const homes = row.map((exp) => {
      for (let b = r + 1; b < Math.min(rows.length, r + 3); b++) {
        const below = rows[b] as TextItem[];
        const em = Math.max(...below.map((i) => i.fontSize));
        const lift = exp.y - Math.max(...below.map((i) => i.y));
        if (exp.fontSize >= em || lift > em * 0.6) continue;
        // Right after a text's end, not inside it.
        if (below.some((i) => Math.abs(exp.x - (i.x + i.width)) <= em * 0.3)) return b;
      }
      return -1;
    });
    if (homes.some((b) => b < 0)) return;
    row.forEach((exp, k) => (raised[homes[k] as number] as TextItem[]).push(exp));
    gone.add(r);
  });
  return rows.flatMap((body, r) => (gone.has(r) ? [] : [{ row: [...body, ...(raised[r] as TextItem[])], body }]));
}

/** The font size of most of the row's characters. */
function typicalSize(row: TextItem[]): number {
  const sorted = [...row].sort((a, b) => a.fontSize - b.fontSize);
  const total = sorted.reduce((n, i) => n + i.str.length, 0);
  let seen = 0;
  for (const item of sorted) {
    seen += item.str.length;
    if (seen * 2 >= total) return item.fontSize;
  }
  return sorted[sorted.length - 1]?.fontSize ?? 10;
}
