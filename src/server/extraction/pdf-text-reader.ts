/**
 * Reads PDF text in a worker thread (pdf-text-worker.ts), so that a hostile or pathological PDF
 * (a decompression bomb, millions of drawing operators, deep nesting) cannot stall or crash the
 * server: the worker has a heap limit and a deadline, and is replaced when it fails. One worker,
 * one PDF at a time; it is kept between requests, so a normal report pays no start-up cost.
 */
import { Worker } from 'node:worker_threads';
import { type PdfText, PdfUnreadableError } from './pdf-text.js';

export interface PdfTextReaderOptions {
  timeoutMs?: number;
  maxHeapMb?: number;
}

type Reply = { ok: true; text: PdfText } | { ok: false; reason: PdfUnreadableError['reason']; message: string };

export class PdfTextReader {
  private worker: Worker | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly timeoutMs: number;
  private readonly maxHeapMb: number;

  constructor(opts: PdfTextReaderOptions = {}) {
    this.timeoutMs = opts.timeoutMs ?? 20_000;
    this.maxHeapMb = opts.maxHeapMb ?? 768;
  }

  /** The text of a PDF, or PdfUnreadableError (damaged, encrypted, too complex to read in time). */
  read(bytes: Uint8Array): Promise<PdfText> {
    const run = this.queue.then(() => this.run(bytes));
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }

  private spawn(): Worker {
    const resourceLimits = { maxOldGenerationSizeMb: this.maxHeapMb, maxYoungGenerationSizeMb: 16 };
    // Tests run the TypeScript sources: the worker then registers tsx before loading its module.
    const worker = import.meta.url.endsWith('.ts')
      ? new Worker(
          `(async () => { (await import('tsx/esm/api')).register(); await import(${JSON.stringify(new URL('./pdf-text-worker.ts', import.meta.url).href)}); })()`,
          { eval: true, resourceLimits },
        )
      : new Worker(new URL('./pdf-text-worker.js', import.meta.url), { resourceLimits });
    worker.unref();
    // A worker that dies between two PDFs is replaced by the next read.
    worker.once('exit', () => {
      if (this.worker === worker) this.worker = null;
    });
    return worker;
  }

  private run(bytes: Uint8Array): Promise<PdfText> {
    const worker = (this.worker ??= this.spawn());
    return new Promise<PdfText>((resolve, reject) => {
      const fail = (cause: unknown) => {
        cleanup();
        // A worker that failed or ran out of time is not reused.
        if (this.worker === worker) this.worker = null;
        void worker.terminate();
        reject(new PdfUnreadableError('too-complex', { cause }));
      };
      const timer = setTimeout(() => fail(new Error('tempo esgotado')), this.timeoutMs);
      const onMessage = (reply: Reply) => {
        cleanup();
        if (reply.ok) resolve(reply.text);
        else reject(new PdfUnreadableError(reply.reason, { cause: new Error(reply.message) }));
      };
      const onError = (err: Error) => fail(err);
      const onExit = (code: number) => fail(new Error(`worker saiu com código ${code}`));
      const cleanup = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      // A copy is transferred: the caller keeps its bytes (they may still be stored).
      const copy = new Uint8Array(bytes);
      worker.postMessage(copy, [copy.buffer]);
    });
  }
}
