/**
 * OCR words → the lines and cells a text PDF gives (`groupLines`), so that the extractor reads a
 * scanned page like any other: each word becomes a text item at its baseline, in PDF points from
 * the page's bottom-left, straightened by the page's skew (a scan is rarely square to the glass),
 * and the items are grouped by the same rule as a text layer's. Obvious OCR artefacts are fixed
 * by form (table rules read as "|", em dashes for hyphens, ordinal signs inside coordinates),
 * never by particular words.
 */
import { groupLines, type TextItem, type TextLine } from './text-lines.js';

/** A recognised word, in raster pixels (y down). */
export interface OcrWord {
  text: string;
  /** 0–100, tesseract's. */
  confidence: number;
  x0: number;
  x1: number;
  /** Top and bottom of the word's box. */
  y0: number;
  y1: number;
  /** The baseline of its line under the word's middle. */
  baseline: number;
  /** Height of its line (ascender to descender): about the font size. */
  lineHeight: number;
}

/** The part of tesseract.js's `blocks` output read here. */
interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
export interface TesseractBlock {
  paragraphs?: {
    lines?: {
      baseline?: Box;
      bbox: Box;
      rowAttributes?: { rowHeight?: number };
      words?: { text: string; confidence: number; bbox: Box }[];
    }[];
  }[];
}

/** Words of tesseract's block tree, each with its line's baseline and height. */
export function wordsOf(blocks: TesseractBlock[] | null | undefined): OcrWord[] {
  const words: OcrWord[] = [];
  for (const block of blocks ?? []) {
    for (const paragraph of block.paragraphs ?? []) {
      for (const line of paragraph.lines ?? []) {
        const b = line.baseline;
        const slope = b && b.x1 !== b.x0 ? (b.y1 - b.y0) / (b.x1 - b.x0) : 0;
        const lineHeight = line.rowAttributes?.rowHeight || line.bbox.y1 - line.bbox.y0;
        for (const w of line.words ?? []) {
          const text = w.text.trim();
          if (!text) continue;
          const mid = (w.bbox.x0 + w.bbox.x1) / 2;
          const baseline = b ? b.y0 + slope * (mid - b.x0) : w.bbox.y1;
          words.push({ text, confidence: w.confidence, x0: w.bbox.x0, x1: w.bbox.x1, y0: w.bbox.y0, y1: w.bbox.y1, baseline, lineHeight });
        }
      }
    }
  }
  return words;
}

/**
 * The page's skew in radians (positive when lines descend to the right), from the words: each
 * pair of neighbours on one line gives a slope; the median of those is robust to the odd word
 * paired across columns.
 */
export function skewOf(words: OcrWord[]): number {
  const slopes: number[] = [];
  const sorted = [...words].sort((a, b) => a.x0 - b.x0);
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]!;
    // The next word to the right whose baseline is within half a line: the same text line.
    for (let j = i + 1; j < sorted.length && j < i + 60; j++) {
      const b = sorted[j]!;
      const dx = (b.x0 + b.x1) / 2 - (a.x0 + a.x1) / 2;
      if (dx < a.lineHeight * 3) continue;
      if (Math.abs(b.baseline - a.baseline) > a.lineHeight * 0.5) continue;
      slopes.push((b.baseline - a.baseline) / dx);
      break;
    }
  }
  if (slopes.length < 5) return 0;
  slopes.sort((a, b) => a - b);
  const median = slopes[slopes.length >> 1]!;
  // Beyond a few degrees a page is turned, not skewed; tesseract would not have read it anyway.
  return Math.abs(median) > 0.1 ? 0 : Math.atan(median);
}

const ALNUM = /[\p{L}\p{N}]/u;

/**
 * One word's text with OCR artefacts fixed, or '' when it is noise: vertical table rules read
 * as "|" (or brackets glued to them), em dashes for the hyphens and minus signs of typed text,
 * curly quotes for the straight ones of coordinates, "º" (ordinal) for "°" inside DMS
 * coordinates, "dm?"/"dmº" for "dm³", a missing space after a label's colon, and a mean-test
 * letter glued to its number ("4.519a").
 */
export function cleanWord(text: string, confidence: number): string {
  let t = text.replace(/[|¦]/g, '').replace(/[—―‒]/g, '-').replace(/[“”„]/g, '"').replace(/[‘’‚]/g, "'");
  // Brackets left from a rule beside a letter ("[o", "l]") only when they do not pair.
  if ((t.match(/\[/g)?.length ?? 0) !== (t.match(/]/g)?.length ?? 0)) t = t.replace(/[[\]]/g, '');
  t = t
    .replace(/(\d)\s?[º˚](?=\s?\d)/g, '$1°')
    .replace(/(\d°\s?\d{1,2}(?:[.,]\d+)?'\s?\d{1,2}(?:[.,]\d+)?(?:"|'')?\s?)[º˚]/g, '$1"')
    .replace(/(\/[cd]m)[?º°](?![\p{L}\p{N}])/gu, '$1³')
    .replace(/^(\p{L}{3,}):(?=\p{L})/u, '$1: ')
    .replace(/^(\d{1,3}(?:\.\d{3})*,\d+|\d{1,3}(?:\.\d{3})+|\d+[.,]\d+)([a-e]{1,3})$/, '$1 $2')
    .trim();
  if (!t) return '';
  // Signs that stand alone in reports (an empty cell's dash, a unit) are kept.
  if (/^[-–%°"'$]$/.test(t)) return t;
  // Low-confidence specks and rule fragments: no letter or digit, or a lone letter tesseract doubts.
  if (!ALNUM.test(t) && confidence < 50) return '';
  if (t.length === 1 && confidence < 30) return '';
  return t;
}

/**
 * Each word's font size in pixels, as steady as a text layer's: tesseract's line heights vary
 * by a tenth from line to line (and a one-word line's may be anything), while the extractor
 * reads a change of size as the end of a table. The estimates (the line's height, unless it is
 * far taller than the word itself) are grouped into sizes at most 20 % apart, and each word
 * takes its group's median: body text gets one size, headings another.
 */
export function fontSizes(words: OcrWord[]): Map<OcrWord, number> {
  const estimates = words
    .map((w) => ({ w, size: Math.min(w.lineHeight, 1.5 * (w.y1 - w.y0)) }))
    .filter((e) => e.size > 0)
    .sort((a, b) => a.size - b.size);
  const sizes = new Map<OcrWord, number>();
  let group: typeof estimates = [];
  const close = () => {
    const median = group[group.length >> 1]?.size ?? 0;
    for (const e of group) sizes.set(e.w, median);
    group = [];
  };
  for (const e of estimates) {
    if (group.length > 0 && e.size > group[0]!.size * 1.2) close();
    group.push(e);
  }
  close();
  return sizes;
}

export interface PageGeometry {
  page: number;
  /** Raster pixels per PDF point. */
  pxPerPt: number;
  /** Page height in points (y is counted from the bottom in text lines). */
  heightPt: number;
  /** Raster size, for the rotation centre. */
  widthPx: number;
  heightPx: number;
}

/**
 * The page's text lines from its OCR words: straightened, in PDF points, grouped and split
 * into cells exactly as a text layer's items are (`groupLines`).
 */
export function ocrLines(words: OcrWord[], geometry: PageGeometry): TextLine[] {
  const { page, pxPerPt, heightPt, widthPx, heightPx } = geometry;
  const angle = skewOf(words);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const cx = widthPx / 2;
  const cy = heightPx / 2;
  const sizes = fontSizes(words);
  const items: TextItem[] = [];
  for (const w of words) {
    const str = cleanWord(w.text, w.confidence);
    if (!str) continue;
    // Rotate the word's baseline start by -angle around the page centre.
    const dx = w.x0 - cx;
    const dy = w.baseline - cy;
    const x = cx + dx * cos + dy * sin;
    const y = cy - dx * sin + dy * cos;
    items.push({
      str,
      x: x / pxPerPt,
      y: heightPt - y / pxPerPt,
      width: (w.x1 - w.x0) / pxPerPt,
      fontSize: Math.max(4, (sizes.get(w) ?? w.lineHeight) / pxPerPt),
    });
  }
  return groupLines(items, page, 'typical');
}
