/**
 * Reads PDF text in a small pool of worker threads (pdf-text-worker.ts), so that a hostile or
 * pathological PDF (a decompression bomb, millions of drawing operators, deep nesting, a long
 * scan to OCR) cannot stall or crash the server, and so that one user's slow PDFs cannot make
 * everyone else wait:
 *
 * - `workers` threads (default 2), each with a heap limit (768 MB); a job that passes its deadline
 *   (default 90 s, `EXTRACTION_TIMEOUT_MS`: a text pass of up to ~20 s plus up to 45 s of OCR
 *   for a scan, with margin) or crashes its worker answers `PdfUnreadableError('too-complex')`,
 *   and the worker is replaced.
 * - Fair order: the waiting jobs are taken round-robin between users, not first come first served.
 * - One user never holds every worker (at most `workers - 1` running, at least 1), so another
 *   user's normal report finds a free worker while someone's slow PDFs run.
 * - When every running job is a long one (running for more than `longAfterMs`, 1 s) and someone
 *   waits, more threads are started for the waiting jobs, up to `burst` extra threads
 *   (default as many as `workers`): the cores are then shared, so a normal report takes a
 *   fraction of a second more instead of waiting for slow PDFs of several users. Extra threads
 *   end when they fall idle.
 * - Bounded: at most `perUser` jobs per user running or waiting, and at most `maxQueued` waiting
 *   in all; beyond that `read` refuses at once with `ExtractionBusyError` (the route answers 429/503).
 * - Cancellation: when the caller's `signal` aborts (the client went away), a waiting job is
 *   dropped and a running one is stopped (its worker terminated and replaced).
 *
 * The pool is per process: several servers on one database each have their own (the limits are
 * per process too). Workers are started on demand and kept between requests, so a normal report
 * pays no start-up cost.
 */
import { Worker } from 'node:worker_threads';
import { type PdfText, PdfUnreadableError } from './pdf-text.js';

export interface PdfTextReaderOptions {
  /** Worker threads (default 2). */
  workers?: number;
  /** Deadline of one PDF once it runs, in ms (default 90 s). */
  timeoutMs?: number;
  maxHeapMb?: number;
  /** Jobs one user may have running or waiting (default 2). */
  perUser?: number;
  /** Jobs waiting for a worker, all users together (default 16). */
  maxQueued?: number;
  /** Extra threads allowed while every running job is long (default: `workers`; 0 turns it off). */
  burst?: number;
  /** A running job is long after this many ms (default 1 s). */
  longAfterMs?: number;
}

export interface ReadOptions {
  /** Who asked (a user id): fairness and the per-user limit are per owner. */
  owner?: string;
  /** Aborting it drops the job if it waits, or stops its worker if it runs. */
  signal?: AbortSignal;
}

/** The pool refused a job at once: the user's own limit (`user`) or the whole queue (`server`). */
export class ExtractionBusyError extends Error {
  constructor(
    readonly scope: 'user' | 'server',
    /** A hint for Retry-After, in seconds. */
    readonly retryAfterSeconds: number,
    readonly limit: number,
  ) {
    super(scope === 'user' ? 'per-user extraction limit reached' : 'extraction queue full');
    this.name = 'ExtractionBusyError';
  }
}

/** The job was cancelled by its caller's signal before it finished. */
export class ExtractionCancelledError extends Error {
  constructor() {
    super('extraction cancelled by the client');
    this.name = 'ExtractionCancelledError';
  }
}

/** What the pool is doing and has done (tests and logs read it). */
export interface PoolStats {
  /** Worker threads alive. */
  workers: number;
  running: number;
  queued: number;
  completed: number;
  /** Cancelled by the caller: dropped from the queue or stopped while running. */
  cancelled: number;
  timedOut: number;
  /** Workers that exited or failed while reading a PDF. */
  crashed: number;
}

type Reply = { ok: true; text: PdfText } | { ok: false; reason: PdfUnreadableError['reason']; message: string };

interface Job {
  owner: string;
  bytes: Uint8Array<ArrayBuffer>;
  resolve(text: PdfText): void;
  reject(err: unknown): void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
  /** Set while it runs: stops it (the slot's worker is terminated). */
  stop?: (err: unknown) => void;
}

interface Slot {
  worker: Worker | null;
  job: Job | null;
  /** When its job started (ms since the epoch). */
  since: number;
  /** An extra thread (burst): ended when idle. */
  extra: boolean;
}

// 90 s: a text pass of up to ~20 s plus OCR of scanned pages (ocr.ts: 45 s per document at most), with margin.
const DEFAULTS = { workers: 2, timeoutMs: 90_000, maxHeapMb: 768, perUser: 2, maxQueued: 16, burst: -1, longAfterMs: 1_000 };

export class PdfTextReader {
  private readonly opts: typeof DEFAULTS;
  private slots: Slot[];
  /** Looks again for long jobs while someone waits (burst). */
  private ticker: NodeJS.Timeout | null = null;
  /** Waiting jobs per owner; the map's order is the round-robin order. */
  private readonly queues = new Map<string, Job[]>();
  private readonly runningBy = new Map<string, number>();
  private readonly counters = { completed: 0, cancelled: 0, timedOut: 0, crashed: 0 };
  /** Moving average of a job's duration (ms), for Retry-After. */
  private averageMs = 2_000;
  private closed = false;

  constructor(opts: PdfTextReaderOptions = {}) {
    const whole = (v: number | undefined, def: number) => (v !== undefined && Number.isFinite(v) && v >= 1 ? Math.floor(v) : def);
    this.opts = {
      workers: whole(opts.workers, DEFAULTS.workers),
      timeoutMs: whole(opts.timeoutMs, DEFAULTS.timeoutMs),
      maxHeapMb: whole(opts.maxHeapMb, DEFAULTS.maxHeapMb),
      perUser: whole(opts.perUser, DEFAULTS.perUser),
      maxQueued: opts.maxQueued === 0 ? 0 : whole(opts.maxQueued, DEFAULTS.maxQueued),
      burst: opts.burst === 0 ? 0 : whole(opts.burst, 0) || whole(opts.workers, DEFAULTS.workers),
      longAfterMs: whole(opts.longAfterMs, DEFAULTS.longAfterMs),
    };
    this.slots = Array.from({ length: this.opts.workers }, () => ({ worker: null, job: null, since: 0, extra: false }));
  }

  /** Jobs one owner may run at once: all but one worker, so someone else always finds one. */
  get runningPerUser(): number {
    return Math.max(1, this.opts.workers - 1);
  }

  stats(): PoolStats {
    let queued = 0;
    for (const q of this.queues.values()) queued += q.length;
    return {
      workers: this.slots.filter((s) => s.worker).length,
      running: this.slots.filter((s) => s.job).length,
      queued,
      ...this.counters,
    };
  }

  /**
   * The text of a PDF, or PdfUnreadableError (damaged, encrypted, too complex to read in time),
   * ExtractionBusyError (refused at once: limits) or ExtractionCancelledError (the signal aborted).
   */
  read(bytes: Uint8Array, { owner = '', signal }: ReadOptions = {}): Promise<PdfText> {
    if (this.closed) return Promise.reject(new Error('PdfTextReader is closed'));
    if (signal?.aborted) {
      this.counters.cancelled++;
      return Promise.reject(new ExtractionCancelledError());
    }
    const stats = this.stats();
    const mine = (this.runningBy.get(owner) ?? 0) + (this.queues.get(owner)?.length ?? 0);
    if (mine >= this.opts.perUser) return Promise.reject(new ExtractionBusyError('user', this.retryAfter(mine), this.opts.perUser));
    const idle = this.slots.some((s) => !s.job) && (this.runningBy.get(owner) ?? 0) < this.runningPerUser;
    if (!idle && stats.queued >= this.opts.maxQueued)
      return Promise.reject(new ExtractionBusyError('server', this.retryAfter(stats.queued + stats.running), this.opts.maxQueued));
    return new Promise<PdfText>((resolve, reject) => {
      // A copy: the caller keeps its bytes (they may still be stored), the copy is transferred.
      const job: Job = { owner, bytes: new Uint8Array(bytes), resolve, reject, signal, onAbort: undefined };
      if (signal) {
        job.onAbort = () => this.cancel(job);
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      const q = this.queues.get(owner);
      if (q) q.push(job);
      else this.queues.set(owner, [job]);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const [, q] of this.queues) for (const job of q) this.settle(job, () => job.reject(new ExtractionCancelledError()));
    this.queues.clear();
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    const workers = this.slots.map((s) => s.worker).filter((w): w is Worker => w !== null);
    for (const s of this.slots) {
      s.job?.stop?.(new ExtractionCancelledError());
      s.worker = null;
    }
    await Promise.all(workers.map((w) => w.terminate()));
  }

  /** Seconds until a place is likely to free up, for Retry-After (1 to 60). */
  private retryAfter(ahead: number): number {
    const s = Math.ceil((this.averageMs * Math.max(1, ahead)) / this.opts.workers / 1000);
    return Math.min(60, Math.max(1, s));
  }

  private cancel(job: Job): void {
    const q = this.queues.get(job.owner);
    const at = q?.indexOf(job) ?? -1;
    if (q && at >= 0) {
      q.splice(at, 1);
      if (!q.length) this.queues.delete(job.owner);
      this.counters.cancelled++;
      this.settle(job, () => job.reject(new ExtractionCancelledError()));
      return;
    }
    if (job.stop) {
      this.counters.cancelled++;
      job.stop(new ExtractionCancelledError());
    }
  }

  /** Resolves or rejects a job once, and forgets its signal. */
  private settle(job: Job, how: () => void): void {
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    job.onAbort = undefined;
    how();
  }

  /** Starts waiting jobs on idle workers, owners taken in turn; opens an extra thread when all run long. */
  private dispatch(): void {
    if (this.closed) return;
    for (const slot of this.slots) {
      if (slot.job) continue;
      const job = this.next();
      if (!job) break;
      this.start(slot, job);
    }
    // Extra threads that fell idle end (their slot goes).
    for (const slot of this.slots.filter((s) => s.extra && !s.job)) {
      void slot.worker?.terminate();
      this.slots = this.slots.filter((s) => s !== slot);
    }
    // Every thread busy with a long job: the waiting ones (up to `burst` extra threads) start now.
    const now = Date.now();
    const allLong = this.slots.every((s) => s.job && now - s.since >= this.opts.longAfterMs);
    while (allLong && this.slots.length < this.opts.workers + this.opts.burst) {
      const job = this.next();
      if (!job) break;
      const slot: Slot = { worker: null, job: null, since: 0, extra: true };
      this.slots.push(slot);
      this.start(slot, job);
    }
    // While someone waits, look again as running jobs become long.
    const waiting = [...this.queues.values()].some((q) => q.length);
    if (waiting && !this.ticker && this.opts.burst > 0) {
      this.ticker = setInterval(() => this.dispatch(), Math.max(50, Math.floor(this.opts.longAfterMs / 4)));
      this.ticker.unref();
    } else if (!waiting && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = null;
    }
  }

  /** The next job in round-robin order among owners below their running limit. */
  private next(): Job | undefined {
    for (const [owner, q] of this.queues) {
      if ((this.runningBy.get(owner) ?? 0) >= this.runningPerUser) continue;
      const job = q.shift()!;
      // The owner goes to the back of the turn (or leaves it when it has no more waiting).
      this.queues.delete(owner);
      if (q.length) this.queues.set(owner, q);
      return job;
    }
    return undefined;
  }

  private spawn(): Worker {
    const resourceLimits = { maxOldGenerationSizeMb: this.opts.maxHeapMb, maxYoungGenerationSizeMb: 16 };
    // Tests run the TypeScript sources: the worker then registers tsx before loading its module.
    const worker = import.meta.url.endsWith('.ts')
      ? new Worker(
          `(async () => { (await import('tsx/esm/api')).register(); await import(${JSON.stringify(new URL('./pdf-text-worker.ts', import.meta.url).href)}); })()`,
          { eval: true, resourceLimits },
        )
      : new Worker(new URL('./pdf-text-worker.js', import.meta.url), { resourceLimits });
    worker.unref();
    // A worker that dies between two PDFs is replaced by the next job of its slot.
    worker.once('exit', () => {
      for (const s of this.slots) if (s.worker === worker) s.worker = null;
    });
    return worker;
  }

  private start(slot: Slot, job: Job): void {
    const worker = (slot.worker ??= this.spawn());
    slot.job = job;
    slot.since = Date.now();
    this.runningBy.set(job.owner, (this.runningBy.get(job.owner) ?? 0) + 1);
    const started = Date.now();
    let done = false;
    const finish = (how: () => void, replaceWorker: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      job.stop = undefined;
      slot.job = null;
      const left = (this.runningBy.get(job.owner) ?? 1) - 1;
      if (left > 0) this.runningBy.set(job.owner, left);
      else this.runningBy.delete(job.owner);
      // A worker that failed, ran out of time or was stopped is not reused.
      if (replaceWorker) {
        if (slot.worker === worker) slot.worker = null;
        void worker.terminate();
      }
      this.settle(job, how);
      this.dispatch();
    };
    const unreadable = (cause: unknown) => () => job.reject(new PdfUnreadableError('too-complex', { cause }));
    const timer = setTimeout(() => {
      this.counters.timedOut++;
      finish(unreadable(new Error('tempo esgotado')), true);
    }, this.opts.timeoutMs);
    const onMessage = (reply: Reply) => {
      this.counters.completed++;
      this.averageMs = 0.7 * this.averageMs + 0.3 * (Date.now() - started);
      finish(
        () => (reply.ok ? job.resolve(reply.text) : job.reject(new PdfUnreadableError(reply.reason, { cause: new Error(reply.message) }))),
        false,
      );
    };
    const onError = (err: Error) => {
      this.counters.crashed++;
      finish(unreadable(err), true);
    };
    const onExit = (code: number) => {
      this.counters.crashed++;
      finish(unreadable(new Error(`worker saiu com código ${code}`)), true);
    };
    job.stop = (err: unknown) => finish(() => job.reject(err), true);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    const bytes = job.bytes;
    job.bytes = new Uint8Array(new ArrayBuffer(0));
    worker.postMessage(bytes, [bytes.buffer]);
  }
}
