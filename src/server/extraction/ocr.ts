/**
 * OCR of the pages a PDF has no text layer for (scans), offline: tesseract.js with the
 * Portuguese model from `@tesseract.js-data/por` read from node_modules, never downloaded. The
 * tesseract worker thread is started on the first scan and kept for the next ones (start-up
 * costs ~0.5 s); it runs in a wrapper that refuses every network call, so a path of tesseract.js
 * that would fetch fails loudly instead of downloading. Each page has a deadline and so has
 * the whole document: a page not read in time is reported as unread and the worker, which
 * cannot be interrupted, is replaced. `EXTRACTION_OCR=off` turns OCR off.
 */
import { createRequire } from 'node:module';
import type { Worker as NodeWorker } from 'node:worker_threads';
import type { getDocumentProxy } from 'unpdf';
import { encodePgm, pageRaster, type PdfjsOps, removeRules } from './ocr-image.js';
import { ocrLines, type TesseractBlock, wordsOf } from './ocr-lines.js';
import type { TextLine } from './text-lines.js';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/**
 * A page gets this long to be read. An A4 page costs ~1.5–2.5 s of CPU; on this 2-core machine
 * shared with other work (load 15–20) that became 4–15 s of wall time, hence the margin. The
 * deadline is there for pathological pages (noise, huge images), not for ordinary ones.
 */
export const OCR_PAGE_TIMEOUT_MS = 20_000;
/** All the scanned pages of one document together. */
export const OCR_TOTAL_TIMEOUT_MS = 45_000;
/** Starting tesseract (loading the model) may take this long. */
const START_TIMEOUT_MS = 15_000;
/** An idle tesseract worker is stopped after this, giving back its ~200 MB. */
const IDLE_STOP_MS = 10 * 60_000;
/** Tesseract's sparse-text mode: every word with its box, columns and table cells included. */
const PSM_SPARSE_TEXT = '11';
/** LSTM engine only (the model's legacy part is not loaded). */
const OEM_LSTM_ONLY = 1;

/** Whether OCR runs: on unless `EXTRACTION_OCR=off` (tests that do not need it). */
export function ocrEnabled(): boolean {
  return (process.env.EXTRACTION_OCR ?? '').trim().toLowerCase() !== 'off';
}

/**
 * The deadlines, overridable by `EXTRACTION_OCR_PAGE_MS` and `EXTRACTION_OCR_TOTAL_MS` (a slower
 * server, a test of the time-out path).
 */
export function ocrLimits(): { pageTimeoutMs: number; totalTimeoutMs: number } {
  const read = (name: string, fallback: number) => {
    const v = Number(process.env[name]);
    return Number.isFinite(v) && v > 0 ? v : fallback;
  };
  return {
    pageTimeoutMs: read('EXTRACTION_OCR_PAGE_MS', OCR_PAGE_TIMEOUT_MS),
    totalTimeoutMs: read('EXTRACTION_OCR_TOTAL_MS', OCR_TOTAL_TIMEOUT_MS),
  };
}

export class OcrTimeoutError extends Error {
  constructor() {
    super('OCR: tempo esgotado');
    this.name = 'OcrTimeoutError';
  }
}

const require = createRequire(import.meta.url);

/** The tesseract.js worker script, loaded behind a guard that makes any network call throw. */
export function guardedWorkerUrl(): URL {
  const script = require.resolve('tesseract.js/src/worker-script/node/index.js');
  const source = `
import { createRequire } from 'node:module';
const require = createRequire(${JSON.stringify(script)});
const refuse = () => { throw new Error('OCR offline: acesso à rede recusado'); };
globalThis.fetch = async () => refuse();
for (const name of ['node:http', 'node:https']) {
  const m = require(name);
  m.request = refuse;
  m.get = refuse;
}
const net = require('node:net');
net.connect = refuse;
net.createConnection = refuse;
// A failure inside tesseract ends this thread with a code instead of an 'error' event that
// the thread above might not be listening to yet.
process.on('uncaughtException', () => process.exit(70));
process.on('unhandledRejection', () => process.exit(70));
require(${JSON.stringify(script)});
`;
  return new URL(`data:text/javascript,${encodeURIComponent(source)}`);
}

/** The tesseract.js worker API used here (its typings are a global namespace). */
export interface TesseractWorker {
  setParameters(params: Record<string, string>): Promise<unknown>;
  recognize(
    image: Buffer,
    options: object,
    output: { text: boolean; blocks: boolean },
  ): Promise<{ data: { blocks: TesseractBlock[] | null } }>;
  terminate(): Promise<unknown>;
  /** The worker thread (tesseract.js exposes it; not in its typings). */
  worker?: NodeWorker;
}

export interface StartOptions {
  /** Where the model is read from; the installed `@tesseract.js-data/por` unless a test says otherwise. */
  langPath?: string;
  /** Told the error of a failed tesseract job (tesseract.js rethrows it inside its listener without one). */
  errorHandler?: (error: unknown) => void;
}

/** A tesseract.js worker with the Portuguese model from node_modules, behind the network guard. */
export async function startTesseract(options: StartOptions = {}): Promise<TesseractWorker> {
  const { createWorker } = (await import('tesseract.js')).default;
  const por = require('@tesseract.js-data/por') as { langPath: string };
  return (await createWorker('por', OEM_LSTM_ONLY, {
    // A local folder: tesseract.js reads it from disk (a URL would be fetched).
    langPath: options.langPath ?? por.langPath,
    gzip: true,
    cacheMethod: 'none',
    workerPath: guardedWorkerUrl() as unknown as string, // a data: URL; new Worker() takes URL objects
    legacyCore: false,
    legacyLang: false,
    errorHandler: options.errorHandler ?? (() => undefined),
  })) as unknown as TesseractWorker;
}

type Timer = ReturnType<typeof setTimeout>;

function withDeadline<T>(promise: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: Timer | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => {
          onTimeout();
          reject(new OcrTimeoutError());
        },
        Math.max(1, ms),
      );
    }),
  ]).finally(() => clearTimeout(timer));
}

/** One tesseract worker, one page at a time, kept between documents. */
export class OcrEngine {
  private worker: TesseractWorker | null = null;
  private starting: Promise<TesseractWorker> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private idleTimer: Timer | null = null;
  /** Rejects the page being read when the worker thread dies under it. */
  private abortCurrent: ((err: Error) => void) | null = null;
  /** How many times a worker was started (tests, measurements). */
  starts = 0;

  /**
   * Words of one page image (PGM), or OcrTimeoutError when reading takes more than `pageMs` or
   * `deadline` (epoch ms, the document's) passes. Starting the worker counts only against the
   * deadline.
   */
  read(pgm: Uint8Array, dpi: number, pageMs: number, deadline = Date.now() + pageMs): Promise<TesseractBlock[]> {
    const run = this.queue.then(() => this.readNow(pgm, dpi, pageMs, deadline));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Starts the worker in the background (a scanned page was just found: tesseract loads its
   * model while pdf.js reads the rest and prepares the page image). A failure here is retried
   * by the first read.
   */
  warm(): void {
    if (this.worker || this.starting) return;
    this.ready(START_TIMEOUT_MS).catch(() => undefined);
  }

  /** Stops the worker (a test's teardown, a server's shutdown). */
  async close(): Promise<void> {
    this.clearIdle();
    const w = this.worker;
    this.worker = null;
    this.starting = null;
    if (w) await w.terminate().catch(() => undefined);
  }

  private async readNow(pgm: Uint8Array, dpi: number, pageMs: number, deadline: number): Promise<TesseractBlock[]> {
    this.clearIdle();
    if (deadline <= Date.now()) throw new OcrTimeoutError();
    const worker = await this.ready(Math.min(deadline - Date.now(), START_TIMEOUT_MS));
    const thread = worker.worker;
    thread?.ref();
    try {
      const left = Math.min(pageMs, deadline - Date.now());
      if (left <= 0) throw new OcrTimeoutError();
      const job = (async () => {
        await worker.setParameters({ tessedit_pageseg_mode: PSM_SPARSE_TEXT, user_defined_dpi: String(Math.round(dpi)) });
        const res = await worker.recognize(Buffer.from(pgm.buffer, pgm.byteOffset, pgm.byteLength), {}, { text: false, blocks: true });
        return res.data.blocks ?? [];
      })();
      const died = new Promise<never>((_, reject) => (this.abortCurrent = reject));
      // A timed-out worker is busy with the page and cannot be interrupted: it is replaced.
      return await withDeadline(Promise.race([job, died]), left, () => this.kill(worker));
    } finally {
      this.abortCurrent = null;
      thread?.unref();
      if (this.worker) this.idleTimer = setTimeout(() => void this.close(), IDLE_STOP_MS).unref();
    }
  }

  private ready(timeoutMs: number): Promise<TesseractWorker> {
    if (this.worker) return Promise.resolve(this.worker);
    if (!this.starting) {
      const starting = this.start();
      this.starting = starting;
      starting.then(
        (w) => {
          if (this.starting === starting) {
            this.worker = w;
            this.starting = null;
          } else {
            // Abandoned after its deadline: stopped as soon as it arrives.
            void w.terminate().catch(() => undefined);
          }
        },
        () => {
          if (this.starting === starting) this.starting = null;
        },
      );
    }
    const starting = this.starting;
    return withDeadline(starting, timeoutMs, () => {
      if (this.starting === starting) this.starting = null;
    });
  }

  private async start(): Promise<TesseractWorker> {
    this.starts++;
    const worker = await startTesseract();
    const thread = worker.worker;
    // Idle, it does not keep a process alive; it is referenced while it reads a page.
    thread?.unref();
    thread?.on('error', (err: Error) => this.lost(worker, err));
    thread?.on('exit', (code: number) => this.lost(worker, new Error(`OCR: o processo de leitura terminou (código ${code})`)));
    return worker;
  }

  private lost(worker: TesseractWorker, err: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.abortCurrent?.(err);
  }

  private kill(worker: TesseractWorker): void {
    if (this.worker === worker) this.worker = null;
    void worker.terminate().catch(() => undefined);
  }

  private clearIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}

let shared: OcrEngine | null = null;

/** The engine of this thread (one tesseract worker per thread that reads PDFs). */
export function sharedOcrEngine(): OcrEngine {
  return (shared ??= new OcrEngine());
}

/** Stops this thread's engine, if any. */
export async function closeOcr(): Promise<void> {
  const e = shared;
  shared = null;
  if (e) await e.close();
}

/** Out of time; no image on the page (vector drawing, blank); an image without text (a photo); tesseract failed. */
export type OcrUnreadReason = 'timeout' | 'no-image' | 'empty' | 'error';

export interface OcrOutcome {
  lines: TextLine[];
  /** Pages that came back with text. */
  read: number[];
  /** Pages that could not be read, and why. */
  unread: { page: number; reason: OcrUnreadReason }[];
  /** Mean word confidence (0–1) of the pages read. */
  confidence: number;
  /** Milliseconds per page attempted, in order. */
  timings: { page: number; ms: number }[];
}

export interface OcrOptions {
  pageTimeoutMs?: number;
  totalTimeoutMs?: number;
  engine?: OcrEngine;
}

/** Below this many characters a page's OCR found nothing (a blank or a photo). */
const MIN_PAGE_CHARS = 10;

/** Reads `pages` (1-based) of an open document by OCR, one by one, within the deadlines. */
export async function readByOcr(doc: PdfDocument, pages: number[], ops: PdfjsOps, options: OcrOptions = {}): Promise<OcrOutcome> {
  const limits = ocrLimits();
  const pageTimeout = options.pageTimeoutMs ?? limits.pageTimeoutMs;
  const deadline = Date.now() + (options.totalTimeoutMs ?? limits.totalTimeoutMs);
  const engine = options.engine ?? sharedOcrEngine();
  const outcome: OcrOutcome = { lines: [], read: [], unread: [], confidence: 0, timings: [] };
  let confidenceSum = 0;
  let wordCount = 0;
  for (const p of pages) {
    const left = deadline - Date.now();
    if (left <= 0) {
      outcome.unread.push({ page: p, reason: 'timeout' });
      continue;
    }
    const started = Date.now();
    try {
      const page = await doc.getPage(p);
      try {
        const raster = await pageRaster(page, ops);
        if (!raster) {
          outcome.unread.push({ page: p, reason: 'no-image' });
          continue;
        }
        removeRules(raster.image, raster.pxPerPt * 72);
        const blocks = await engine.read(encodePgm(raster.image), raster.pxPerPt * 72, pageTimeout, deadline);
        const words = wordsOf(blocks);
        const lines = ocrLines(words, {
          page: p,
          pxPerPt: raster.pxPerPt,
          heightPt: raster.heightPt,
          widthPx: raster.image.width,
          heightPx: raster.image.height,
        });
        const chars = lines.reduce((n, l) => n + l.text.replace(/\s/g, '').length, 0);
        if (chars < MIN_PAGE_CHARS) {
          outcome.unread.push({ page: p, reason: 'empty' });
          continue;
        }
        for (const line of lines) outcome.lines.push(line);
        outcome.read.push(p);
        for (const w of words) confidenceSum += w.confidence;
        wordCount += words.length;
      } finally {
        page.cleanup();
      }
    } catch (err) {
      outcome.unread.push({ page: p, reason: err instanceof OcrTimeoutError ? 'timeout' : 'error' });
    } finally {
      outcome.timings.push({ page: p, ms: Date.now() - started });
    }
  }
  outcome.confidence = wordCount > 0 ? Math.round((confidenceSum / wordCount) * 10) / 1000 : 0;
  return outcome;
}
