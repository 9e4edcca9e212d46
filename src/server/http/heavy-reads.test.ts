/**
 * Heavy reads at once per user (http/heavy-reads.ts): the dashboard's CSV export and the joint
 * analysis share the user's slots, kept in the database. A running read is played by a slot taken
 * through the module (no race against a real slow export), so these tests do not depend on timing.
 */
import { request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../app.js';
import { queryRows } from '../db/client.js';
import { createTestApp, type TestApp, listenOnLoopback } from '../test/app.js';
import { testEngine } from '../test/database.js';
import { type Account, createAccount, createExperiment, eventually } from '../test/factories.js';
import { createAuthGuards } from './auth.js';
import { HeavyReads } from './heavy-reads.js';

const ctx = {} as { t: TestApp; ana: Account; bia: Account };
let gate: () => void = () => undefined;

beforeAll(async () => {
  ctx.t = await createTestApp();
  // A heavy read that runs until the test lets it end (added before the app's first request).
  const guards = createAuthGuards(ctx.t.app.ctx);
  const released = new Promise<void>((resolve) => (gate = resolve));
  ctx.t.app.get('/api/teste/leitura-lenta', { onRequest: guards.requireUser }, async (request, reply) => {
    await ctx.t.app.ctx.heavyReads.hold(request, reply, 'exportacao');
    await released;
    return { ok: true };
  });
  ctx.ana = await createAccount(ctx.t.app);
  ctx.bia = await createAccount(ctx.t.app);
});
afterAll(async () => {
  gate();
  await ctx.t.close();
});

const exportCsv = (auth: { authorization: string }) => ctx.t.app.inject({ method: 'GET', url: '/api/dashboard/export.csv', headers: auth });
const joint = (auth: { authorization: string }, experimentIds: number[]) =>
  ctx.t.app.inject({ method: 'POST', url: '/api/analises/conjunta', headers: auth, payload: { experimentIds } });
const leasesOf = async (userId: string) =>
  (
    await queryRows<{ n: number }>(
      ctx.t.app.ctx.db,
      sql`select count(*)::int as n from heavy_read_leases where user_id = ${userId} and expires_at > now()`,
    )
  )[0]?.n ?? 0;

describe('heavy reads: one at a time per user', () => {
  it('a second export while one runs answers 429 with Retry-After and a pt-BR message; another user is not affected', async () => {
    await createExperiment(ctx.t.app, ctx.ana);
    const running = await ctx.t.app.ctx.heavyReads.take(ctx.ana.user.id, 'exportacao');
    expect(running).not.toBeNull();
    try {
      const refused = await exportCsv(ctx.ana.auth);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: { code: 'TOO_MANY_REQUESTS', message: 'Você já tem uma exportação em andamento: aguarde terminar e tente de novo.' },
      });
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(5);
      // The joint analysis shares the slot (the message names what is running).
      const analysis = await joint(ctx.ana.auth, [1, 2]);
      expect(analysis.statusCode).toBe(429);
      expect(analysis.json().error.message).toBe('Você já tem uma exportação em andamento: aguarde terminar e tente de novo.');
      expect(analysis.headers['retry-after']).toBeDefined();

      const other = await exportCsv(ctx.bia.auth);
      expect(other.statusCode).toBe(200);
      expect(other.body).toContain(';');
    } finally {
      await running?.release();
    }
    expect((await exportCsv(ctx.ana.auth)).statusCode).toBe(200);
  });

  it('names a running analysis in the refusal', async () => {
    const running = await ctx.t.app.ctx.heavyReads.take(ctx.ana.user.id, 'analise');
    onTestFinished(() => running?.release());
    const refused = await exportCsv(ctx.ana.auth);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('Você já tem uma análise em andamento: aguarde terminar e tente de novo.');
  });

  it('frees the slot when the answer has been sent, an error answer too', async () => {
    for (let i = 0; i < 3; i++) expect((await exportCsv(ctx.ana.auth)).statusCode).toBe(200);
    expect(await leasesOf(ctx.ana.user.id)).toBe(0);
    // Unknown experiments: 404 after the slot was taken; it is freed all the same.
    const a = await createExperiment(ctx.t.app, ctx.ana);
    for (let i = 0; i < 2; i++) expect((await joint(ctx.ana.auth, [a.id, 999_999])).statusCode).toBe(404);
    expect(await leasesOf(ctx.ana.user.id)).toBe(0);
    // A body refused by validation takes no slot at all.
    expect((await joint(ctx.ana.auth, [a.id])).statusCode).toBe(400);
  });

  it('takes over a slot whose server died (its lease expired)', async () => {
    await ctx.t.app.ctx.db.execute(
      sql`insert into heavy_read_leases (user_id, slot, lease_id, kind, expires_at)
          values (${ctx.ana.user.id}, 0, ${crypto.randomUUID()}, 'exportacao', now() - interval '1 second')`,
    );
    expect((await exportCsv(ctx.ana.auth)).statusCode).toBe(200);
    expect(await leasesOf(ctx.ana.user.id)).toBe(0);
  });

  it('frees the slot when the client goes away before the answer', async () => {
    const port = await listenOnLoopback(ctx.t.app);
    const req = httpRequest({ host: '127.0.0.1', port, path: '/api/teste/leitura-lenta', headers: ctx.ana.auth });
    req.on('error', () => undefined);
    req.end();
    await eventually(async () => ((await leasesOf(ctx.ana.user.id)) === 1 ? true : undefined), 60_000);
    expect((await exportCsv(ctx.ana.auth)).statusCode).toBe(429);
    req.destroy();
    await eventually(async () => ((await leasesOf(ctx.ana.user.id)) === 0 ? true : undefined), 60_000);
    expect((await exportCsv(ctx.ana.auth)).statusCode).toBe(200);
  });

  it('HEAVY_READS_PER_USER sets how many run at once; a slot is taken once however many ask together', async () => {
    const two = new HeavyReads(ctx.t.app.ctx.db, ctx.t.app.log, { perUser: 2 });
    onTestFinished(() => two.close());
    const taken = await Promise.all(Array.from({ length: 6 }, () => two.take(ctx.bia.user.id, 'analise')));
    const held = taken.filter((l) => l !== null);
    expect(held.map((l) => l.slot).sort()).toEqual([0, 1]);
    await held[0]!.release();
    expect(await two.take(ctx.bia.user.id, 'analise')).not.toBeNull();
    expect(await two.take(ctx.bia.user.id, 'analise')).toBeNull();
  });

  it('a running read keeps its slot: the lease is renewed while it runs', async () => {
    const reads = new HeavyReads(ctx.t.app.ctx.db, ctx.t.app.log, { leaseSeconds: 600 });
    onTestFinished(() => reads.close());
    const lease = await reads.take(ctx.bia.user.id, 'exportacao');
    expect(lease).not.toBeNull();
    // As if its last renewal were long ago: due to expire in a second.
    await ctx.t.app.ctx.db.execute(
      sql`update heavy_read_leases set expires_at = now() + interval '1 second' where user_id = ${ctx.bia.user.id}`,
    );
    await reads.renew();
    const [row] = await queryRows<{ left: number }>(
      ctx.t.app.ctx.db,
      sql`select extract(epoch from expires_at - now())::int as left from heavy_read_leases where user_id = ${ctx.bia.user.id}`,
    );
    expect(row!.left).toBeGreaterThan(500);
  });

  it('a server that closes frees the slots it held', async () => {
    const app = await buildApp({ config: ctx.t.config, database: ctx.t.db.database, logger: false });
    expect(await app.ctx.heavyReads.take(ctx.bia.user.id, 'exportacao')).not.toBeNull();
    expect((await exportCsv(ctx.bia.auth)).statusCode).toBe(429);
    await app.close();
    expect((await exportCsv(ctx.bia.auth)).statusCode).toBe(200);
  });
});

// Two servers, each with its own connections to one PostgreSQL database.
describe.runIf(testEngine().kind === 'postgres')('heavy reads across servers (PostgreSQL)', () => {
  it('two servers on one database share the limit, also when they race for the slot', async () => {
    const otherDatabase = await ctx.t.db.reopen();
    const other = await buildApp({ config: ctx.t.config, database: otherDatabase, logger: false });
    onTestFinished(async () => {
      await other.close();
      await otherDatabase.close();
    });
    const running = await ctx.t.app.ctx.heavyReads.take(ctx.ana.user.id, 'exportacao');
    expect(running).not.toBeNull();
    const refused = await other.inject({ method: 'GET', url: '/api/dashboard/export.csv', headers: ctx.ana.auth });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await running!.release();
    expect((await other.inject({ method: 'GET', url: '/api/dashboard/export.csv', headers: ctx.ana.auth })).statusCode).toBe(200);

    for (let round = 0; round < 5; round++) {
      const taken = await Promise.all(
        Array.from({ length: 8 }, (_, i) => (i % 2 ? other : ctx.t.app).ctx.heavyReads.take(ctx.bia.user.id, 'analise')),
      );
      const held = taken.filter((l) => l !== null);
      expect(held).toHaveLength(1);
      await held[0]!.release();
    }
  });
});
