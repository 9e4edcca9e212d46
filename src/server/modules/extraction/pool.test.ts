/**
 * The extraction pool under load, through the HTTP API: the per-user limit, fair service of
 * another user while one user's slow PDFs run, cancellation when the client goes away, the
 * per-PDF deadline, and a worker that crashes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_UNREADABLE_MESSAGE } from '../../extraction/pdf-text.js';
import { packageRoot } from '../../paths.js';
import { type SignedInApp, signedInApp, listenOnLoopback } from '../../test/app.js';
import { type Account, createAccount, multipart } from '../../test/factories.js';
import { pdfWithContent, slowPdf } from '../../test/hostile-pdfs.js';
import { POOL_MSG } from './routes.js';

const report = () => readFileSync(join(packageRoot(), 'tests', 'fixtures', 'extraction', '01-blocos-soja-rio-verde.pdf'));
/** A flood of text operators: more than the small heap below holds, so its worker dies. */
const heapEater = () => pdfWithContent(Buffer.from('BT /F1 1 Tf 0 0 Td (x) Tj ET\n'.repeat(200_000), 'latin1'));

const injectAs = (app: SignedInApp, content: Buffer, who: Account) => {
  const body = multipart({}, [{ filename: 'relatorio.pdf', content }]);
  return app.t.app.inject({ method: 'POST', url: '/api/extract-pdf', payload: body.payload, headers: { ...body.headers, ...who.auth } });
};

describe('the extraction pool', () => {
  // Two workers; a PDF may run 8 s (a 12-page slow PDF takes longer on any machine: 9 s idle, 28 s here under load).
  const ctx = signedInApp({ config: { extractionPool: { workers: 2, perUser: 2, maxQueued: 4, timeoutMs: 8_000 } } });
  let other: Account;
  let base: string;

  beforeAll(async () => {
    other = await createAccount(ctx.t.app);
    base = `http://127.0.0.1:${await listenOnLoopback(ctx.t.app)}`;
  });

  const inject = (content: Buffer, who: Account) => injectAs(ctx, content, who);

  /** Over a real connection, so that the client can go away. */
  const post = (content: Buffer, who: Account, signal?: AbortSignal) => {
    const form = new FormData();
    form.append('pdf', new Blob([new Uint8Array(content)], { type: 'application/pdf' }), 'relatorio.pdf');
    return fetch(`${base}/api/extract-pdf`, { method: 'POST', body: form, headers: who.auth, ...(signal ? { signal } : {}) });
  };

  const pool = () => ctx.t.app.extractionPool.stats();
  async function until(what: string, ok: () => boolean, ms = 10_000): Promise<void> {
    const started = Date.now();
    while (!ok()) {
      if (Date.now() - started > ms) throw new Error(`${what}: ${JSON.stringify(pool())}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const idle = () => until('pool idle', () => pool().running === 0 && pool().queued === 0, 20_000);

  afterAll(idle);

  it('a user beyond their limit gets 429 at once, and another user is served while that user’s slow PDFs run', async () => {
    const first = inject(slowPdf(12), ctx.me);
    const second = inject(slowPdf(12), ctx.me);
    // One user never holds both workers: one runs, one waits.
    await until('two in flight', () => pool().running === 1 && pool().queued === 1);
    const refused = await inject(report(), ctx.me);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: POOL_MSG.perUser(2) } });
    expect(refused.json().error.message).toBe('Você já tem 2 extrações em andamento. Aguarde uma delas terminar para enviar outro PDF.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    const started = Date.now();
    const served = await inject(report(), other);
    expect(served.statusCode).toBe(200);
    expect(served.json().fieldsExtracted.length).toBeGreaterThan(5);
    // Without the pool it would wait for both slow PDFs (up to twice the 8 s deadline).
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(pool().running + pool().queued).toBe(2);
    for (const res of await Promise.all([first, second])) expect([200, 422]).toContain(res.statusCode);
  }, 90_000);

  it('a PDF past its deadline answers the unreadable message (422), never a 5xx', async () => {
    const before = pool().timedOut;
    const started = Date.now();
    const res = await inject(slowPdf(12), ctx.me);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({ code: 'UNPROCESSABLE', message: PDF_UNREADABLE_MESSAGE });
    expect(pool().timedOut).toBe(before + 1);
    expect(Date.now() - started).toBeLessThan(25_000);
  }, 60_000);

  it('a request the client abandons is cancelled: its running job is stopped, its waiting job dropped', async () => {
    await idle();
    const before = pool().cancelled;
    const running = new AbortController();
    const waiting = new AbortController();
    const a = post(slowPdf(12), ctx.me, running.signal).catch((e: unknown) => e);
    await until('one running', () => pool().running === 1);
    const b = post(slowPdf(12), ctx.me, waiting.signal).catch((e: unknown) => e);
    await until('one waiting', () => pool().queued === 1);

    waiting.abort();
    await until('waiting job dropped', () => pool().queued === 0 && pool().cancelled === before + 1, 3_000);
    expect(pool().running).toBe(1);
    running.abort();
    // Stopped now, not when its 8 s deadline would have ended it.
    await until('running job stopped', () => pool().running === 0 && pool().cancelled === before + 2, 3_000);
    expect(await a).toBeInstanceOf(Error);
    expect(await b).toBeInstanceOf(Error);

    // The stopped worker is replaced: the next report is read.
    const res = await post(report(), ctx.me);
    expect(res.status).toBe(200);
  }, 60_000);

  it('while three users’ slow PDFs run, a fourth user’s report is served in seconds (extra threads once all run long)', async () => {
    await idle();
    const users = [ctx.me, other, await createAccount(ctx.t.app)];
    const fourth = await createAccount(ctx.t.app);
    const slow = users.map((u) => inject(slowPdf(12), u));
    await until('two running, one waiting', () => pool().running === 2 && pool().queued === 1);
    const started = Date.now();
    const served = await inject(report(), fourth);
    expect(served.statusCode).toBe(200);
    // Once both running jobs are long (1 s), the two waiting ones start on extra threads; the deadline is 8 s.
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(pool().workers).toBeLessThanOrEqual(4);
    for (const res of await Promise.all(slow)) expect([200, 422]).toContain(res.statusCode);
    // The extra threads end when idle.
    await until('back to two workers', () => pool().workers <= 2, 5_000);
  }, 60_000);

  it('a full queue answers 503 with Retry-After', async () => {
    await idle();
    // Eight users, one slow PDF each: two run, two more on extra threads, four wait: the queue (4) is full.
    const users = [ctx.me, other];
    while (users.length < 9) users.push(await createAccount(ctx.t.app));
    const pending = users.slice(0, 6).map((u) => inject(slowPdf(12), u));
    await until('four running', () => pool().running === 4 && pool().queued === 2);
    pending.push(...users.slice(6, 8).map((u) => inject(slowPdf(12), u)));
    await until('queue full', () => pool().queued === 4);
    const refused = await inject(report(), users[8]!);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: POOL_MSG.busy } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    for (const res of await Promise.all(pending)) expect([200, 422]).toContain(res.statusCode);
  }, 120_000);
});

// A heap that a report fits in and a flood of text operators does not (its worker dies in ~4 s), and
// the default 60 s deadline, so the worker dies of memory before its time is up.
describe('a crashed worker', () => {
  const crashCtx = signedInApp({ config: { extractionPool: { workers: 2, maxHeapMb: 64 } } });

  it('survives a worker that crashes: that PDF answers 422, the next one is read', async () => {
    const before = crashCtx.t.app.extractionPool.stats().crashed;
    const res = await injectAs(crashCtx, heapEater(), crashCtx.me);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(PDF_UNREADABLE_MESSAGE);
    expect(crashCtx.t.app.extractionPool.stats().crashed).toBe(before + 1);
    const next = await injectAs(crashCtx, report(), crashCtx.me);
    expect(next.statusCode).toBe(200);
    expect(next.json().fieldsExtracted.length).toBeGreaterThan(5);
    const health = await crashCtx.t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    // 5.8 s measured idle, 28 s with the 2 cores shared by a load of 13 (a worker thread restarted).
  }, 180_000);
});
