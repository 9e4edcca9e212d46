/**
 * Heavy reads (the dashboard's CSV export, the joint analysis, any read that walks many
 * experiments): at most `perUser` at once per user, across every server of one database
 * (docs/decisions/008). Beyond it: 429 with Retry-After and a pt-BR message.
 *
 * A slot is a row of `heavy_read_leases` keyed (user, slot number). It is taken by one upsert
 * that overwrites only an expired row, so two servers racing for the same slot never both get it
 * (PostgreSQL re-checks the condition on the row the winner wrote); it is renewed while its request
 * runs and deleted when its work is done: as the answer is sent (JSON), as the last chunk of a
 * streamed answer is read from its source (so a client that asks again as soon as it has the whole
 * answer finds the slot free), or when the connection closes. A server killed mid-request leaves
 * its row, which frees itself `leaseSeconds` later.
 *
 * A route takes a slot with one line, after its guard: `await ctx.heavyReads.hold(request, reply, 'analise')`.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Db, queryRows } from '../db/client.js';
import { currentUser } from './auth.js';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The heavy-read slot this request holds (HeavyReads.hold), freed when its answer is sent. */
    heavyReadLease: HeavyReadLease | null;
  }
}

/** What runs in a slot: the refusal names what the user already has running. */
export type HeavyReadKind = 'exportacao' | 'analise';

export const HEAVY_READ_MSG = {
  busy: (running: HeavyReadKind | undefined, perUser: number) => {
    if (perUser > 1) return `Você já tem ${perUser} exportações ou análises em andamento: aguarde uma delas terminar e tente de novo.`;
    return running === 'analise'
      ? 'Você já tem uma análise em andamento: aguarde terminar e tente de novo.'
      : 'Você já tem uma exportação em andamento: aguarde terminar e tente de novo.';
  },
  cancelled: 'Consulta cancelada: a conexão foi encerrada antes da resposta.',
} as const;

export interface HeavyReadsOptions {
  /** Heavy reads one user runs at once (HEAVY_READS_PER_USER). Default 1. */
  perUser?: number;
  /** How long a slot outlives its last renewal (a killed server's slot frees itself then). Default 30. */
  leaseSeconds?: number;
}

export interface HeavyReadLease {
  readonly slot: number;
  /** Frees the slot (idempotent); a failure is logged, the row then expires by itself. */
  release(): Promise<void>;
}

/** At most this many seconds are suggested to wait: a running export or analysis ends in seconds. */
const RETRY_AFTER_MAX_SECONDS = 5;

export class HeavyReads {
  readonly perUser: number;
  private readonly leaseSeconds: number;
  /** The slots this process holds: renewed together, freed on close. */
  private readonly held = new Map<string, { userId: string; slot: number }>();
  private renewal: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    opts: HeavyReadsOptions = {},
  ) {
    this.perUser = opts.perUser ?? 1;
    this.leaseSeconds = opts.leaseSeconds ?? 30;
  }

  /** Frees each request's slot as its answer goes out (see the header). */
  install(app: FastifyInstance): void {
    app.decorateRequest('heavyReadLease', null);
    // Callback style: every answer passes here, and most hold no slot (no promise for them).
    app.addHook('onSend', (request, _reply, payload, done) => {
      const lease = request.heavyReadLease;
      if (!lease) return done(null, payload);
      if (payload instanceof Readable) return done(null, Readable.from(releasedAtEnd(payload, lease)));
      void lease.release().then(() => done(null, payload));
    });
    // A server that stops frees the slots of the requests it was still serving.
    app.addHook('onClose', () => this.close());
  }

  /** Takes a free slot of the user (a free one, or one whose lease expired); null when all are held. */
  async take(userId: string, kind: HeavyReadKind): Promise<HeavyReadLease | null> {
    const leaseId = randomUUID();
    for (let slot = 0; slot < this.perUser; slot++) {
      const rows = await queryRows<{ slot: number }>(
        this.db,
        sql`insert into heavy_read_leases as l (user_id, slot, lease_id, kind, expires_at)
            values (${userId}, ${slot}, ${leaseId}, ${kind}, now() + ${this.leaseSeconds} * interval '1 second')
            on conflict (user_id, slot) do update
              set lease_id = excluded.lease_id, kind = excluded.kind, expires_at = excluded.expires_at
              where l.expires_at <= now()
            returning slot`,
      );
      if (rows.length > 0) return this.track(leaseId, userId, slot);
    }
    return null;
  }

  /**
   * For a route, after its guard: takes a slot for this request, freed when the response has been
   * sent or the connection closes (whichever comes first); 429 with Retry-After when the user's
   * slots are all held.
   */
  async hold(request: FastifyRequest, reply: FastifyReply, kind: HeavyReadKind): Promise<void> {
    if (gone(request, reply)) throw new AppError(503, 'SERVICE_UNAVAILABLE', HEAVY_READ_MSG.cancelled);
    const user = currentUser(request);
    const lease = await this.take(user.id, kind);
    if (!lease) {
      const running = await this.running(user.id);
      reply.header('retry-after', String(Math.min(RETRY_AFTER_MAX_SECONDS, Math.max(1, running?.seconds ?? 1))));
      throw new AppError(429, 'TOO_MANY_REQUESTS', HEAVY_READ_MSG.busy(running?.kind, this.perUser));
    }
    request.heavyReadLease = lease;
    // The connection closing before the answer (or an answer that bypassed onSend).
    const free = () => {
      reply.raw.off('finish', free);
      reply.raw.off('close', free);
      void lease.release();
    };
    reply.raw.once('finish', free);
    reply.raw.once('close', free);
    // Closed while the slot was being taken: its 'close' has been emitted already.
    if (gone(request, reply)) {
      free();
      throw new AppError(503, 'SERVICE_UNAVAILABLE', HEAVY_READ_MSG.cancelled);
    }
  }

  /** Frees every slot this process holds (the app closing). */
  async close(): Promise<void> {
    this.stopRenewal();
    const held = [...this.held.entries()];
    this.held.clear();
    await Promise.all(held.map(([leaseId, h]) => this.delete(leaseId, h.userId, h.slot)));
  }

  private track(leaseId: string, userId: string, slot: number): HeavyReadLease {
    this.held.set(leaseId, { userId, slot });
    this.renewal ??= setInterval(() => void this.renew(), (this.leaseSeconds * 1000) / 3).unref();
    return {
      slot,
      release: async () => {
        if (!this.held.delete(leaseId)) return;
        if (this.held.size === 0) this.stopRenewal();
        await this.delete(leaseId, userId, slot);
      },
    };
  }

  private async delete(leaseId: string, userId: string, slot: number): Promise<void> {
    try {
      await this.db.execute(sql`delete from heavy_read_leases where user_id = ${userId} and slot = ${slot} and lease_id = ${leaseId}`);
    } catch (err) {
      this.log.warn({ err }, 'heavy read slot not freed: it expires by itself');
    }
  }

  /** Pushes the expiry of every slot this process holds (one statement); every third of a lease while any is held. */
  async renew(): Promise<void> {
    const ids = [...this.held.keys()];
    if (ids.length === 0) return;
    try {
      await this.db.execute(
        sql`update heavy_read_leases set expires_at = now() + ${this.leaseSeconds} * interval '1 second'
            where lease_id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
    } catch (err) {
      this.log.warn({ err }, 'heavy read slots not renewed');
    }
  }

  private stopRenewal(): void {
    clearInterval(this.renewal);
    this.renewal = undefined;
  }

  /** The user's running heavy read that ends first (its kind, seconds to its expiry), if any. */
  private async running(userId: string): Promise<{ kind: HeavyReadKind; seconds: number } | undefined> {
    const [row] = await queryRows<{ kind: HeavyReadKind; seconds: number }>(
      this.db,
      sql`select kind, ceil(extract(epoch from expires_at - now()))::int as seconds
          from heavy_read_leases where user_id = ${userId} and expires_at > now()
          order by expires_at limit 1`,
    );
    return row ? { kind: row.kind, seconds: Number(row.seconds) } : undefined;
  }
}

/** Relays a streamed answer, freeing the slot once its source is exhausted (or destroyed). */
async function* releasedAtEnd(source: Readable, lease: HeavyReadLease): AsyncGenerator<unknown> {
  try {
    for await (const chunk of source) yield chunk;
  } finally {
    await lease.release();
  }
}

/** The client is gone: its socket closed (an injected request has none). */
function gone(request: FastifyRequest, reply: FastifyReply): boolean {
  return Boolean(request.raw.socket?.destroyed) || reply.raw.destroyed;
}
