/**
 * What an import may still store (docs/api.md "Archive import", "Quota"): per person, files and
 * bytes of the drafts they created in the last 24 hours (whatever became of them); per
 * installation, the bytes all drafts still hold (queued, being read, waiting for review, failed
 * within their retention). Counted in the database, so every server sees the same numbers.
 */
import { sql } from 'drizzle-orm';
import { IMPORT_MSG, formatWait } from '../../../shared/imports.js';
import type { ImportLimits } from '../../config.js';
import { type Db, type Tx, queryRows } from '../../db/client.js';

export const QUOTA_WINDOW_MS = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;
/** Namespace of the per-person advisory lock that makes quota checks of one person's requests take turns. */
const QUOTA_LOCK_NAMESPACE = 7_341_203;

export interface ImportUsage {
  /** The database's clock (ms). */
  now: number;
  /** The person's drafts of the last 24 hours, oldest first. */
  window: Array<{ at: number; size: number }>;
  /** Bytes all drafts of the installation hold. */
  held: number;
}

/** Makes a person's concurrent uploads check and spend the quota one after the other (inside a transaction). */
export async function lockQuota(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_NAMESPACE}, hashtext(${userId}))`);
}

export async function readUsage(db: Db | Tx, userId: string): Promise<ImportUsage> {
  const [rows, [totals]] = await Promise.all([
    queryRows<{ created_at: string | Date; size: number | string }>(
      db,
      sql`select created_at, size from import_drafts
        where owner_id = ${userId} and created_at > now() - interval '24 hours'
        order by created_at, id`,
    ),
    queryRows<{ now: string | Date; held: number | string }>(
      db,
      sql`select now() as now, (select coalesce(sum(size), 0) from import_drafts where content is not null) as held`,
    ),
  ]);
  return {
    now: new Date(totals?.now ?? Date.now()).getTime(),
    window: rows.map((r) => ({ at: new Date(r.created_at).getTime(), size: Number(r.size) })),
    held: Number(totals?.held ?? 0),
  };
}

/** The quota as it stands, spent file by file as a request's files are taken. */
export class ImportAllowance {
  private files: number;
  private bytes: number;
  private held: number;
  private readonly window: Array<{ at: number; size: number }>;

  constructor(
    private readonly limits: ImportLimits,
    private readonly usage: ImportUsage,
  ) {
    this.window = [...usage.window];
    this.files = this.window.length;
    this.bytes = this.window.reduce((s, w) => s + w.size, 0);
    this.held = usage.held;
  }

  /** What may still come in: files and bytes (the smaller of the person's and the installation's room). */
  room(): { files: number; bytes: number } {
    return {
      files: Math.max(0, this.limits.filesPerDay - this.files),
      bytes: Math.max(0, Math.min(this.limits.bytesPerDay - this.bytes, this.limits.storageBytes - this.held)),
    };
  }

  /** Whether the person's daily quota is spent (nothing at all could be taken), and when something frees up. */
  spent(): { waitMs: number } | null {
    if (this.files < this.limits.filesPerDay && this.bytes < this.limits.bytesPerDay) return null;
    const oldest = this.window[0];
    return { waitMs: oldest ? Math.max(0, oldest.at + QUOTA_WINDOW_MS - this.usage.now) : 0 };
  }

  /** Whether the installation's room for drafts is full. */
  storageFull(): boolean {
    return this.held >= this.limits.storageBytes;
  }

  /** Why a file of `size` bytes cannot be taken now (pt-BR), or null. Spends nothing. */
  refusal(size: number): string | null {
    const { filesPerDay, bytesPerDay, storageBytes } = this.limits;
    if (size > bytesPerDay) return IMPORT_MSG.quotaFileTooBig(Math.floor(bytesPerDay / MB));
    if (this.files + 1 > filesPerDay) {
      // The (files + 1 − limit)-th oldest draft of the window has to turn a day old.
      const freeing = this.window[this.files - filesPerDay];
      return IMPORT_MSG.quotaFiles(filesPerDay, formatWait(this.waitFor(freeing)));
    }
    if (this.bytes + size > bytesPerDay) {
      let freed = 0;
      let freeing: { at: number } | undefined;
      for (const w of this.window) {
        freed += w.size;
        freeing = w;
        if (this.bytes - freed + size <= bytesPerDay) break;
      }
      return IMPORT_MSG.quotaBytes(Math.floor(bytesPerDay / MB), formatWait(this.waitFor(freeing)));
    }
    if (this.held + size > storageBytes) return IMPORT_MSG.storageFull;
    return null;
  }

  /** Takes a file: null when it fits (and it is counted), else the reason it does not. */
  take(size: number): string | null {
    const reason = this.refusal(size);
    if (reason !== null) return reason;
    this.window.push({ at: this.usage.now, size });
    this.files += 1;
    this.bytes += size;
    this.held += size;
    return null;
  }

  private waitFor(entry: { at: number } | undefined): number {
    return entry ? Math.max(0, entry.at + QUOTA_WINDOW_MS - this.usage.now) : QUOTA_WINDOW_MS;
  }
}
