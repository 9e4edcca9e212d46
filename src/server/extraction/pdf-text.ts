/**
 * The text of a PDF with its layout: every page's text items (from unpdf's bundled pdf.js, the
 * only pdf.js in the process) regrouped into lines by baseline and, inside a line, into cells
 * wherever a gap is wider than a couple of spaces. Cells keep their x extent, so callers can
 * rebuild label/value pairs and table columns; a line's `text` joins its cells with tabs.
 * Pages without a text layer (scans) are read by OCR (ocr.ts) into the same lines and cells.
 */
import { inflateSync } from 'node:zlib';
import type { getDocumentProxy } from 'unpdf';
import type { OcrOptions, OcrUnreadReason } from './ocr.js';
import { groupLines, type TextItem, type TextLine } from './text-lines.js';

export { groupLines, type TextCell, type TextItem, type TextLine } from './text-lines.js';

/** Reports inflate to a few MB; a "zip bomb" stream inflating past this is refused unread. */
export const MAX_INFLATED_BYTES = 256 * 1024 * 1024;

/**
 * Whether the file's Flate streams together inflate to more than `budget` bytes. Each stream is
 * inflated with a cap, so a bomb costs at most the budget in memory, never gigabytes.
 */
export function inflatesBeyond(bytes: Uint8Array, budget = MAX_INFLATED_BYTES): boolean {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let remaining = budget;
  let from = 0;
  for (;;) {
    const at = buf.indexOf('stream', from, 'latin1');
    if (at < 0) return false;
    from = at + 6;
    // `endstream` also contains the word; a stream keyword is followed by an end of line.
    if (buf.subarray(at - 3, at).toString('latin1') === 'end') continue;
    let start = at + 6;
    if (buf[start] === 0x0d) start++;
    if (buf[start] !== 0x0a) continue;
    start++;
    const dict = buf.subarray(Math.max(0, at - 2048), at).toString('latin1');
    const dictStart = dict.lastIndexOf('obj');
    if (!/\/FlateDecode|\/Fl\b/.test(dict.slice(dictStart < 0 ? 0 : dictStart))) continue;
    const end = buf.indexOf('endstream', start, 'latin1');
    if (end < 0) return false;
    from = end + 9;
    try {
      remaining -= inflateSync(buf.subarray(start, end), { maxOutputLength: Math.max(1, remaining) }).length;
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return true;
      // A damaged stream is pdf.js's business.
    }
    if (remaining <= 0) return true;
  }
}

export const PDF_UNREADABLE_MESSAGE = 'Não foi possível ler o PDF. Verifique se o arquivo não está danificado ou protegido por senha.';

/** A PDF that pdf.js cannot open: damaged, truncated, not a PDF at all, or password-protected. */
export class PdfUnreadableError extends Error {
  readonly code = 'PDF_UNREADABLE';
  /** The HTTP status the API answers with. */
  readonly statusCode = 422;
  constructor(
    readonly reason: 'damaged' | 'encrypted' | 'too-complex',
    options?: { cause?: unknown },
  ) {
    super(PDF_UNREADABLE_MESSAGE, options);
    this.name = 'PdfUnreadableError';
  }
}

/** Whether the bytes start like a PDF (the header may follow a little junk, as viewers allow). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

export interface PdfText {
  pageCount: number;
  /** Pages actually read (a very long file is read up to MAX_PAGES). */
  pagesRead: number;
  lines: TextLine[];
  /** Non-space characters of the text layer and of the OCR text: near zero for a scan OCR could not read. */
  charCount: number;
  /**
   * 1-based numbers of the pages read that have (almost) no text even after OCR: scans when OCR
   * is off or ran out of time, pages drawn without text or images.
   */
  pagesWithoutText?: number[];
  /** 1-based pages without a text layer whose lines were read by OCR (present when OCR ran). */
  ocrPages?: number[];
  /** Mean OCR word confidence, 0–1, over `ocrPages` (present when OCR ran). */
  ocrConfidence?: number;
  /** Pages OCR tried and could not read, and why (present when OCR ran). */
  ocrUnread?: { page: number; reason: OcrUnreadReason }[];
}

export interface ReadPdfOptions {
  /** OCR of the pages without text (default on unless EXTRACTION_OCR=off); false turns it off. */
  ocr?: OcrOptions | false;
}

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/** Reports are a few pages; reading hundreds would only cost time. */
export const MAX_PAGES = 60;

/**
 * Opens the PDF and reads every page's text with positions.
 * @throws PdfUnreadableError when pdf.js cannot open the file.
 */
export async function readPdfText(bytes: Uint8Array, options: ReadPdfOptions = {}): Promise<PdfText> {
  if (inflatesBeyond(bytes)) throw new PdfUnreadableError('too-complex');
  let doc: PdfDocument;
  try {
    // A copy: pdf.js may take ownership of (detach) the buffer it is given.
    // Loaded on first use: the server's main thread never holds pdf.js (it runs in a worker).
    const { getDocumentProxy: open } = await import('unpdf');
    doc = await open(new Uint8Array(bytes), { verbosity: 0, stopAtErrors: false });
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    throw new PdfUnreadableError(name === 'PasswordException' ? 'encrypted' : 'damaged', { cause: err });
  }
  try {
    const pagesRead = Math.min(doc.numPages, MAX_PAGES);
    const lines: TextLine[] = [];
    let charCount = 0;
    let failedPages = 0;
    const pagesWithoutText: number[] = [];
    for (let p = 1; p <= pagesRead; p++) {
      let items: TextItem[];
      const before = charCount;
      try {
        const page = await doc.getPage(p);
        const content = await page.getTextContent();
        items = [];
        for (const raw of content.items) {
          // Marked-content entries carry no text.
          if (!('str' in raw) || !raw.str || !raw.str.trim()) continue;
          const [a = 1, b = 0, , d = 1, e = 0, f = 0] = raw.transform as number[];
          // Rotated text (stamps, vertical margins) would scramble the lines; leave it out.
          if (Math.abs(b) > 0.01 * Math.abs(a || 1)) continue;
          const str = normalizeItemText(raw.str);
          items.push({ str, x: e, y: f, width: raw.width, fontSize: Math.abs(d) || Math.abs(a) || 10 });
          charCount += str.replace(/\s/g, '').length;
        }
        page.cleanup();
      } catch {
        failedPages++;
        continue;
      }
      if (charCount - before < 25) {
        pagesWithoutText.push(p);
        // Image XObjects are never inside compressed object streams: a file without "/Image"
        // has no scan to read (a page drawn with vector paths only).
        if (
          pagesWithoutText.length === 1 &&
          options.ocr !== false &&
          Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('/Image')
        ) {
          void warmOcr(options.ocr?.engine);
        }
      }
      // One by one: spreading a page of many thousand lines into push() overflows the stack.
      for (const line of groupLines(items, p)) lines.push(line);
    }
    if (failedPages === pagesRead && pagesRead > 0) throw new PdfUnreadableError('damaged');
    const text: PdfText = { pageCount: doc.numPages, pagesRead, lines, charCount, pagesWithoutText };
    if (pagesWithoutText.length > 0 && options.ocr !== false) await addOcrText(doc, text, options.ocr ?? {});
    return text;
  } finally {
    // Frees the document's worker-side data; the fake worker of Node lives in this process.
    await doc.loadingTask.destroy();
  }
}

/** Starts tesseract while the rest of the document is read (nothing when OCR is off). */
async function warmOcr(engine: OcrOptions['engine']): Promise<void> {
  try {
    const { ocrEnabled, sharedOcrEngine } = await import('./ocr.js');
    if (ocrEnabled()) (engine ?? sharedOcrEngine()).warm();
  } catch {
    // The OCR itself will report what went wrong.
  }
}

/** Reads the pages without text by OCR and merges their lines in page order. */
async function addOcrText(doc: PdfDocument, text: PdfText, options: OcrOptions): Promise<void> {
  // Loaded on first use: text PDFs never load the OCR code.
  const { ocrEnabled, readByOcr } = await import('./ocr.js');
  if (!ocrEnabled()) return;
  const { getResolvedPDFJS } = await import('unpdf');
  const { OPS } = await getResolvedPDFJS();
  const outcome = await readByOcr(doc, text.pagesWithoutText ?? [], OPS, options);
  for (const line of outcome.lines) {
    text.lines.push(line);
    text.charCount += line.text.replace(/\s/g, '').length;
  }
  // Stable: each page's lines keep their top-to-bottom order.
  if (outcome.lines.length > 0) text.lines.sort((a, b) => a.page - b.page);
  text.pagesWithoutText = (text.pagesWithoutText ?? []).filter((p) => !outcome.read.includes(p));
  text.ocrPages = outcome.read;
  text.ocrConfidence = outcome.confidence;
  text.ocrUnread = outcome.unread;
}

/** Ligatures to letters; odd spaces to plain ones. Degree signs and "³" are kept. */
function normalizeItemText(text: string): string {
  return text.replace(/[\ufb00-\ufb06]/g, (c) => c.normalize('NFKC')).replace(/[\u00a0\u2000-\u200b\u202f]/g, ' ');
}
