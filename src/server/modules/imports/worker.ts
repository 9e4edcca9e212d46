/**
 * The import queue's worker (docs/decisions/012): the queued drafts in the database are the jobs,
 * so every server runs one of these and none keeps a job to itself. A job is claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`, renewed while it runs); a server that
 * dies leaves its lease to run out, and the job is claimed again (at most IMPORT_MAX_ATTEMPTS
 * times). At most `concurrency` extractions run at once per server, through the process's fair
 * extraction pool (worker threads: the event loop only waits). Woken by an enqueue, and polls.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type SQL, sql } from 'drizzle-orm';
import { IMPORT_MAX_ATTEMPTS, IMPORT_MSG } from '../../../shared/imports.js';
import type { FastifyBaseLogger } from 'fastify';
import { type DatabaseKind, type Db, queryRows } from '../../db/client.js';
import {
  NOT_A_REPORT_WARNING,
  PdfUnreadableError,
  type ReferenceData,
  SCANNED_WARNING,
  extractFromText,
} from '../../extraction/extract.js';
import { ExtractionBusyError, ExtractionCancelledError, type PdfTextReader } from '../../extraction/pdf-text-reader.js';
import { findDuplicateExperiment, readDraftContent } from './repository.js';

export interface ImportWorkerOptions {
  db: Db;
  kind: DatabaseKind;
  pool: PdfTextReader;
  reference: () => Promise<ReferenceData>;
  log: FastifyBaseLogger;
  /** Extractions at once on this server (IMPORT_CONCURRENCY). */
  concurrency: number;
  /** How often the queue is looked at without a wake-up (ms). */
  pollMs?: number;
  /** How long a claim holds without renewal (ms); renewed every third of it. */
  leaseMs?: number;
  /**
   * Resolves when no person's request is being answered (or after a short wait at most). The
   * worker's queries wait for it: on the embedded engine every query runs on the event loop's
   * thread, so the import goes between people's requests instead of in front of them.
   */
  quiet?: () => Promise<void>;
  /**
   * Pause after a job finishes before this server claims again (ms). Default: 400 on the embedded engine (its
   * queries share the event loop with people's requests, and a batch is due in minutes, not
   * seconds), 0 on PostgreSQL.
   */
  gapMs?: number;
  /** Days a failed draft keeps its PDF (IMPORT_FAILED_RETENTION_DAYS; default 7). */
  failedRetentionDays?: number;
}

/** Pool owner of import jobs: one owner, so an interactive extraction is never queued behind a whole archive. */
const POOL_OWNER = 'import';
/** How often a server drops the PDFs of failed drafts past their retention. */
const PURGE_EVERY_MS = 60_000;
/** A brand or crop added during an import counts from the next half minute's reports. */
const REFERENCE_TTL_MS = 30_000;

export class ImportWorker {
  /** Names this server's claims (`locked_by`). */
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly gapMs: number;
  private readonly retentionDays: number;
  private readonly running = new Map<number, AbortController>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  /** The pool refused a job (busy with interactive extractions): no new claims before this time. */
  private pausedUntil = 0;
  private readonly finished = new Set<Promise<void>>();
  /** Reference lists, read once per REFERENCE_TTL_MS rather than once per report of a batch. */
  private reference: { value: Promise<ReferenceData>; until: number } | null = null;
  /** When the expired leases were last swept (once per poll, not at every wake-up). */
  private sweptAt = 0;
  /** When failed drafts' PDFs were last dropped (at start, then once per PURGE_EVERY_MS). */
  private purgedAt = 0;

  constructor(private readonly opts: ImportWorkerOptions) {
    this.pollMs = opts.pollMs ?? 1_000;
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.gapMs = opts.gapMs ?? (opts.kind === 'pglite' ? 400 : 0);
    this.retentionDays = opts.failedRetentionDays ?? 7;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.wake();
  }

  /** Looks at the queue now (after an enqueue) instead of at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.ticking = this.tick()
      .catch((err: unknown) => this.opts.log.warn({ err }, 'import queue: claim failed'))
      .finally(() => {
        this.ticking = null;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.wake();
        } else {
          this.timer = setTimeout(() => this.wake(), this.pollMs);
        }
      });
  }

  /**
   * Stops claiming, cancels what runs and gives those jobs back to the queue (without counting
   * the attempt), so another server or the next start takes them at once.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
    for (const controller of this.running.values()) controller.abort();
    await Promise.allSettled([...this.finished]);
  }

  /**
   * Drops the PDF of drafts that failed more than `failedRetentionDays` ago (the draft and its
   * reason stay). One idempotent update: any server may run it, at any time, in any number.
   */
  async purgeExpired(): Promise<number> {
    const rows = await queryRows<{ id: number }>(
      this.opts.db,
      sql`update import_drafts set content = null
        where status = 'failed' and content is not null
          and updated_at < now() - make_interval(days => ${this.retentionDays})
        returning id`,
    );
    if (rows.length) this.opts.log.info({ drafts: rows.length }, 'import queue: PDFs of failed drafts past their retention dropped');
    return rows.length;
  }

  /** Jobs running on this server now (tests read it). */
  get active(): number {
    return this.running.size;
  }

  private quiet(): Promise<void> {
    return this.stopped || !this.opts.quiet ? Promise.resolve() : this.opts.quiet();
  }

  private referenceData(): Promise<ReferenceData> {
    if (!this.reference || Date.now() > this.reference.until) {
      const value = this.opts.reference();
      this.reference = { value, until: Date.now() + REFERENCE_TTL_MS };
      value.catch(() => (this.reference = null));
    }
    return this.reference.value;
  }

  private async tick(): Promise<void> {
    const { db } = this.opts;
    await this.quiet();
    if (Date.now() - this.purgedAt >= PURGE_EVERY_MS) {
      this.purgedAt = Date.now();
      await this.purgeExpired();
    }
    if (Date.now() - this.sweptAt >= this.pollMs) {
      this.sweptAt = Date.now();
      // Leases that ran out for the last time: those jobs have failed.
      await db.execute(sql`update import_drafts
        set status = 'failed', reason = ${IMPORT_MSG.interrupted}, locked_until = null, locked_by = null, updated_at = now()
        where status = 'processing' and locked_until < now() and attempts >= ${IMPORT_MAX_ATTEMPTS}`);
    }
    const free = this.opts.concurrency - this.running.size;
    if (free <= 0 || Date.now() < this.pausedUntil) return;
    const claimed = await claimJobs(db, this.id, free, this.leaseMs);
    if (claimed.length > free) this.opts.log.error({ claimed: claimed.length, free }, 'import queue: claimed more than asked');
    for (const { id } of claimed) {
      const controller = new AbortController();
      this.running.set(id, controller);
      const job = this.run(id, controller.signal)
        .catch((err: unknown) => this.opts.log.error({ err, draftId: id }, 'import job failed unexpectedly'))
        .finally(() => {
          this.running.delete(id);
          this.finished.delete(job);
          if (this.gapMs === 0) this.wake();
          else if (!this.stopped) {
            // One pause for the server, not one per job: no claim before it ends.
            this.pausedUntil = Math.max(this.pausedUntil, Date.now() + this.gapMs);
            setTimeout(() => this.wake(), this.gapMs).unref();
          }
        });
      this.finished.add(job);
    }
  }

  private async run(id: number, signal: AbortSignal): Promise<void> {
    const { db } = this.opts;
    const mine = sql`id = ${id} and locked_by = ${this.id} and status = 'processing'`;
    const renew = setInterval(() => {
      db.execute(sql`update import_drafts set locked_until = now() + make_interval(secs => ${this.leaseMs / 1000}) where ${mine}`).catch(
        (err: unknown) => this.opts.log.warn({ err, draftId: id }, 'import queue: lease renewal failed'),
      );
    }, this.leaseMs / 3);
    try {
      await this.quiet();
      const content = await readDraftContent(db, this.opts.kind, id);
      if (!content) {
        await db.execute(sql`update import_drafts set status = 'failed', reason = ${IMPORT_MSG.failed}, updated_at = now() where ${mine}`);
        return;
      }
      let text;
      try {
        text = await this.opts.pool.read(new Uint8Array(content), { owner: POOL_OWNER, signal });
      } catch (err) {
        if (err instanceof PdfUnreadableError) {
          await fail(db, mine, err.message);
          return;
        }
        if (err instanceof ExtractionBusyError || err instanceof ExtractionCancelledError) {
          // Not the file's fault: back to the queue, this attempt not counted; people first for a poll.
          if (err instanceof ExtractionBusyError) this.pausedUntil = Date.now() + this.pollMs;
          await db.execute(sql`update import_drafts
            set status = 'queued', attempts = greatest(attempts - 1, 0), locked_until = null, locked_by = null, updated_at = now()
            where ${mine}`);
          return;
        }
        throw err;
      }
      const result = extractFromText(text, await this.referenceData());
      if (result.warnings.includes(SCANNED_WARNING) && Object.keys(result.data).length === 0) {
        await fail(db, mine, IMPORT_MSG.noText);
        return;
      }
      if (result.warnings.includes(NOT_A_REPORT_WARNING)) {
        await fail(db, mine, IMPORT_MSG.notReport);
        return;
      }
      await this.quiet();
      const duplicate = await findDuplicateExperiment(db, result.data);
      await db.execute(sql`update import_drafts
        set status = 'ready', confidence = ${result.confidence}, data = ${JSON.stringify(result.data)}::jsonb,
            evidence = ${JSON.stringify(result.evidence ?? {})}::jsonb, warnings = ${JSON.stringify(result.warnings)}::jsonb,
            duplicate_of = ${duplicate}, reason = null, locked_until = null, locked_by = null, updated_at = now()
        where ${mine}`);
    } catch (err) {
      // A database error or a bug: the lease runs out and the job is tried again (up to the limit).
      this.opts.log.error({ err, draftId: id }, 'import job failed; it will be retried when its lease ends');
    } finally {
      clearInterval(renew);
    }
  }
}

/**
 * Claims up to `n` jobs for worker `workerId`, fairly between people: each owner's jobs in order,
 * and among owners, turns: the k-th queued job of an owner with r jobs running now waits for turn
 * r + k, and an equal turn goes first to the owner served least recently (never served first).
 * One person's batch of a hundred files delays another's single file by at most one job per
 * extraction slot. Jobs are locked with `FOR UPDATE SKIP LOCKED`, so servers never share one.
 */
export async function claimJobs(db: Db, workerId: string, n: number, leaseMs: number): Promise<Array<{ id: number }>> {
  const claimable = (d: SQL) =>
    sql`(${d}.status = 'queued' or (${d}.status = 'processing' and ${d}.locked_until < now() and ${d}.attempts < ${IMPORT_MAX_ATTEMPTS}))`;
  // The turns are computed in CTEs (window functions and FOR UPDATE cannot share a query level),
  // from each waiting owner's first `n` jobs and two indexed look-ups per owner; the locking CTE
  // is evaluated once, so a re-scan never locks further rows.
  return queryRows<{ id: number }>(
    db,
    sql`with owners as (
        select distinct d.owner_id from import_drafts d where ${claimable(sql`d`)}),
      counted as (
        select o.owner_id,
          (select count(*) from import_drafts r
            where r.owner_id = o.owner_id and r.status = 'processing' and r.locked_until >= now()) as running,
          (select max(c.claimed_at) from import_drafts c where c.owner_id = o.owner_id) as served
        from owners o),
      firsts as (
        select j.id, j.owner_id, c.running, c.served from counted c
        cross join lateral (
          select d.id, d.owner_id from import_drafts d
          where d.owner_id = c.owner_id and ${claimable(sql`d`)}
          order by d.id limit ${n}) j),
      waiting as (
        select f.id, f.served, f.running + row_number() over (partition by f.owner_id order by f.id) as turn from firsts f),
      next as (
        select d.id from import_drafts d
        join waiting w on w.id = d.id
        where ${claimable(sql`d`)}
        order by w.turn, w.served asc nulls first, d.id
        limit ${n}
        for update of d skip locked)
      update import_drafts d
      set status = 'processing', attempts = d.attempts + 1, locked_by = ${workerId}, claimed_at = now(),
          locked_until = now() + make_interval(secs => ${leaseMs / 1000}), updated_at = now()
      from next where d.id = next.id
      returning d.id`,
  );
}

function fail(db: Db, mine: ReturnType<typeof sql>, reason: string) {
  return db.execute(sql`update import_drafts
    set status = 'failed', reason = ${reason}, locked_until = null, locked_by = null, updated_at = now()
    where ${mine}`);
}
