/**
 * A minimal PDF writer for the demo reports: text lines in the standard Helvetica fonts, no
 * dependency and no compression, so ten thousand reports cost well under a second or two.
 *
 * Text is encoded in WinAnsiEncoding (Latin-1 plus a few typographic characters), which the 14
 * standard fonts support in every viewer: Portuguese accents render without embedding a font.
 * The whole file is built as a string whose every character is one byte (code ≤ 0xFF), so byte
 * offsets for the xref table are plain string lengths and the final Buffer is a latin1 copy.
 */

export interface PdfCell {
  text: string;
  /** Distance from the left margin, in points. */
  x: number;
  bold?: boolean;
  /** Right-aligns the text at `x + width`. */
  align?: 'left' | 'right';
  /** Truncates the text (with "...") to fit; required for right alignment. */
  width?: number;
}

export interface PdfLine {
  /** A single left-aligned text; ignored when `cells` is given. */
  text?: string;
  cells?: PdfCell[];
  bold?: boolean;
  /** Font size in points (default 10). */
  size?: number;
  /** Extra space above the line, in points. */
  spaceBefore?: number;
  /** Draws a thin horizontal rule instead of text (a table separator). */
  rule?: boolean;
}

export interface PdfOptions {
  title?: string;
  /** Printed at the bottom of every page, next to "Página i de n". */
  footer?: string;
}

const PAGE_WIDTH = 595.28; // A4
const PAGE_HEIGHT = 841.89;
const MARGIN = 50;
const FOOTER_SIZE = 8;
const LINE_FACTOR = 1.35;

/** WinAnsi bytes of the characters outside Latin-1 that it also has (0x80–0x9F). */
const WIN_ANSI_EXTRA: Record<number, number> = {
  0x20ac: 0x80, // €
  0x201a: 0x82,
  0x0192: 0x83,
  0x201e: 0x84,
  0x2026: 0x85, // …
  0x2020: 0x86,
  0x2021: 0x87,
  0x02c6: 0x88,
  0x2030: 0x89,
  0x0160: 0x8a,
  0x2039: 0x8b,
  0x0152: 0x8c,
  0x017d: 0x8e,
  0x2018: 0x91, // ‘
  0x2019: 0x92, // ’
  0x201c: 0x93, // “
  0x201d: 0x94, // ”
  0x2022: 0x95, // •
  0x2013: 0x96, // –
  0x2014: 0x97, // —
  0x02dc: 0x98,
  0x2122: 0x99, // ™
  0x0161: 0x9a,
  0x203a: 0x9b,
  0x0153: 0x9c,
  0x017e: 0x9e,
  0x0178: 0x9f,
};

/** Printable Latin-1 without the literal-string delimiters: already valid as is. */
const PLAIN = /^[\x20-\x27\x2a-\x5b\x5d-\x7e\xa0-\xff]*$/;

/**
 * The text as WinAnsi bytes (one char per byte), escaped for a PDF literal string. Characters
 * the encoding lacks become '?'; so do control characters, which have no glyph.
 */
export function encodePdfText(text: string): string {
  // Most texts need no change; a native regex test skips the per-character loop for them.
  if (PLAIN.test(text)) return text;
  let out = '';
  for (const ch of text) {
    let code = ch.codePointAt(0) ?? 0x3f;
    if (code === 0x09) code = 0x20;
    else if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0)) code = 0x3f;
    else if (code > 0xff) code = WIN_ANSI_EXTRA[code] ?? 0x3f;
    if (code === 0x5c || code === 0x28 || code === 0x29) out += '\\';
    out += String.fromCharCode(code);
  }
  return out;
}

// Advance widths (1/1000 em) of ASCII 32–126, from the standard fonts' AFM metrics.
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278,
  278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722,
  667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556,
  556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333,
  333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722,
  667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611,
  611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];

/** Width of the Latin-1 letters by their base letter (Helvetica regular; bold differs little). */
const LATIN1_BASE: Record<number, number> = (() => {
  const map: Record<number, number> = {};
  for (let c = 0xc0; c <= 0xff; c++) {
    const base = String.fromCharCode(c).normalize('NFD').charCodeAt(0);
    if (base >= 32 && base <= 126) map[c] = HELVETICA[base - 32] ?? 556;
  }
  map[0xa0] = 278; // no-break space
  map[0xb0] = 400; // °
  map[0xb2] = 333; // ²
  map[0xaa] = 370; // ª
  map[0xba] = 365; // º
  return map;
})();

/** Width in points of text already encoded by encodePdfText (escapes excluded). */
function encodedWidth(encoded: string, size: number, bold: boolean): number {
  const table = bold ? HELVETICA_BOLD : HELVETICA;
  let units = 0;
  for (let i = 0; i < encoded.length; i++) {
    let c = encoded.charCodeAt(i);
    if (c === 0x5c && i + 1 < encoded.length) c = encoded.charCodeAt(++i);
    // Accented letters share their base letter's width; a plain 556 is close for the rest.
    units += c >= 32 && c <= 126 ? (table[c - 32] ?? 556) : (LATIN1_BASE[c] ?? 556);
  }
  return (units * size) / 1000;
}

/** Width of a text in points (lets callers lay out columns). */
export function textWidth(text: string, size: number, bold = false): number {
  return encodedWidth(encodePdfText(text), size, bold);
}

/** Cuts the text with "..." until it fits `width`; returns it encoded. */
function fit(text: string, size: number, bold: boolean, width: number | undefined): string {
  let encoded = encodePdfText(text);
  if (width === undefined || encodedWidth(encoded, size, bold) <= width) return encoded;
  let chars = [...text];
  while (chars.length > 0) {
    chars = chars.slice(0, -1);
    encoded = encodePdfText(chars.join('').trimEnd() + '...');
    if (encodedWidth(encoded, size, bold) <= width) return encoded;
  }
  return '';
}

const num = (n: number) => (Math.round(n * 100) / 100).toString();

/** Splits the lines into pages and returns each page's content stream. */
function layout(lines: PdfLine[]): string[] {
  const pages: string[] = [];
  let ops = '';
  let y = PAGE_HEIGHT - MARGIN;
  const bottom = MARGIN + FOOTER_SIZE * 3;
  for (const line of lines) {
    const size = line.size ?? 10;
    const step = (line.rule ? size * 0.6 : size * LINE_FACTOR) + (line.spaceBefore ?? 0);
    if (y - step < bottom && ops) {
      pages.push(ops);
      ops = '';
      y = PAGE_HEIGHT - MARGIN;
    }
    y -= step;
    if (line.rule) {
      ops += `0.6 G 0.5 w ${MARGIN} ${num(y + size * 0.3)} m ${num(PAGE_WIDTH - MARGIN)} ${num(y + size * 0.3)} l S 0 G\n`;
      continue;
    }
    const cells = line.cells ?? [{ text: line.text ?? '', x: 0, bold: line.bold }];
    for (const cell of cells) {
      const bold = cell.bold ?? line.bold ?? false;
      const encoded = fit(cell.text, size, bold, cell.width ?? PAGE_WIDTH - 2 * MARGIN - cell.x);
      if (!encoded) continue;
      let x = MARGIN + cell.x;
      if (cell.align === 'right' && cell.width !== undefined) x += cell.width - encodedWidth(encoded, size, bold);
      ops += `BT /${bold ? 'F2' : 'F1'} ${size} Tf ${num(x)} ${num(y)} Td (${encoded}) Tj ET\n`;
    }
  }
  if (ops || pages.length === 0) pages.push(ops);
  return pages;
}

/** A PDF of the lines, paginated on A4 with a footer; returns the file's bytes. */
export function writePdf(lines: PdfLine[], opts: PdfOptions = {}): Buffer {
  const pages = layout(lines);
  const pageCount = pages.length;
  // Objects: 1 catalog, 2 pages, 3–4 fonts, then page + content per page, then info.
  const firstPage = 5;
  const infoId = firstPage + pageCount * 2;
  const objects: string[] = [];
  const kids = pages.map((_, i) => `${firstPage + i * 2} 0 R`).join(' ');
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  pages.forEach((ops, i) => {
    const footerText = `${opts.footer ? `${opts.footer}  ` : ''}Página ${i + 1} de ${pageCount}`;
    const footer = `BT /F1 ${FOOTER_SIZE} Tf ${MARGIN} ${MARGIN} Td (${encodePdfText(footerText)}) Tj ET\n`;
    const content = ops + footer;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${firstPage + i * 2 + 1} 0 R >>`,
    );
    // Every character is one byte, so the string length is the stream's byte length.
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}endstream`);
  });
  objects.push(`<< /Producer (${encodePdfText('Gestão Agrícola')})${opts.title ? ` /Title (${encodePdfText(opts.title)})` : ''} >>`);
  if (objects.length !== infoId) throw new Error('pdf-writer: numeração de objetos inconsistente');

  // The binary comment on line 2 tells transfer tools the file is binary (PDF spec 7.5.2).
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${off.toString().padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
