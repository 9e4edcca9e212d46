/**
 * Attempt counters kept in the database (`rate_limits`, migration 0011): every server of one
 * database counts into the same rows, and a restart forgets nothing. Fixed windows; one atomic
 * upsert counts an attempt under several keys at once and answers each key's count, so two
 * servers racing on the same key never both see it under the limit. Keys are namespaced by the
 * caller ("login:pair:…") and stored as SHA-256: the table keeps no e-mail or address in clear.
 */
import { isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { sha256 } from './tokens.js';

export interface Count {
  count: number;
  /** Seconds until the key's window ends. */
  retryAfter: number;
  /** The key (hashed) and the window this attempt was counted in: what `undo` takes back. */
  hit?: { key: string; window: string };
}

/**
 * A window's identity: its end in microseconds, as text (the same expression on the same stored
 * value gives the same text, whichever server or driver reads it).
 */
const WINDOW_ID = sql.raw(`((extract(epoch from window_end) * 1000000)::bigint)::text`);

/** Expired rows are deleted by one in this many hits (any server). */
const SWEEP_EVERY = 200;

export class AttemptCounter {
  private hits = 0;

  constructor(private readonly db: Db) {}

  /** Counts one attempt under each key (a window of `windowSeconds` opens where none is running). */
  async hit(keys: readonly string[], windowSeconds: number): Promise<Count[]> {
    const hashed = keys.map((k) => sha256(k));
    // Written in key order: two servers upserting the same keys lock them in the same order.
    const order = [...new Set(hashed)].sort();
    const rows = await queryRows<{ key: string; count: number; retry_after: number; window_id: string }>(
      this.db,
      sql`insert into rate_limits as r (key, count, window_end)
          values ${sql.join(
            order.map((k) => sql`(${k}, 1, now() + ${windowSeconds} * interval '1 second')`),
            sql`, `,
          )}
          on conflict (key) do update set
            count = case when r.window_end <= now() then 1 else r.count + 1 end,
            window_end = case when r.window_end <= now() then excluded.window_end else r.window_end end
          returning key, count, greatest(1, ceil(extract(epoch from r.window_end - now())))::int as retry_after,
            ${WINDOW_ID} as window_id`,
    );
    if (++this.hits % SWEEP_EVERY === 0) await this.sweep();
    const byKey = new Map<string, Count>(
      rows.map((r) => [r.key, { count: Number(r.count), retryAfter: Number(r.retry_after), hit: { key: r.key, window: r.window_id } }]),
    );
    return hashed.map((k) => byKey.get(k) ?? { count: 0, retryAfter: 0 });
  }

  /**
   * Takes back attempts counted by `hit` (an attempt that turned out not to be one to limit, such
   * as a correct sign-in). Only in the window they were counted in: a window that ended and
   * started over in between keeps the counts of its own attempts.
   */
  async undo(counts: readonly Count[]): Promise<void> {
    const hits = new Map(counts.flatMap((c) => (c.hit ? [[c.hit.key, c.hit.window] as const] : [])));
    // One row per statement: each locks a single row, so no order of servers can deadlock.
    for (const [key, window] of [...hits].sort(([a], [b]) => (a < b ? -1 : 1))) {
      await this.db.execute(sql`update rate_limits set count = count - 1 where key = ${key} and count > 0 and ${WINDOW_ID} = ${window}`);
    }
  }

  /** The count of a running window, without counting (0 when none). */
  async peek(key: string): Promise<number> {
    const [row] = await queryRows<{ count: number }>(
      this.db,
      sql`select count from rate_limits where key = ${sha256(key)} and window_end > now()`,
    );
    return Number(row?.count ?? 0);
  }

  /** Sets a key for `windowSeconds` from now (a mark such as "this address signed in"). */
  async mark(key: string, windowSeconds: number): Promise<void> {
    await this.db.execute(
      sql`insert into rate_limits (key, count, window_end) values (${sha256(key)}, 1, now() + ${windowSeconds} * interval '1 second')
          on conflict (key) do update set count = 1, window_end = excluded.window_end`,
    );
  }

  async reset(...keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.execute(
      sql`delete from rate_limits where key in (${sql.join(
        keys.map((k) => sql`${sha256(k)}`),
        sql`, `,
      )})`,
    );
  }

  private async sweep(): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where window_end < now()`);
  }
}

/**
 * The part of a client address that one party controls: an IPv4 address, or the /64 prefix of an
 * IPv6 address (one connection is routinely given a whole /64, so counting its single addresses
 * would let a client spread guesses over millions of them). IPv4-mapped IPv6 is read as IPv4.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  // An embedded IPv4 tail counts as two groups; only the first four groups matter here.
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
