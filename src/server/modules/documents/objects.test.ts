/**
 * PDFs past the stated size live in the object store, on either backend (a folder, or an
 * S3-compatible service: s3rver here): written before the row commits, read back byte for byte,
 * orphans collected after their grace, and small PDFs still in their row.
 */
import { existsSync, mkdtempSync, readdirSync, utimesSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { queryRows } from '../../db/client.js';
import { signedInApp } from '../../test/app.js';
import { buildExperiment, samplePdf, sendMultipart, uploadDocument } from '../../test/factories.js';
import { startLocalS3 } from '../../test/s3.js';
import { claimJob } from './collector.js';
import type { ObjectStore } from './object-store.js';
import { FileObjectStore, type ObjectStoreSettings, openObjectStore } from './objects.js';
import { DatabaseDocumentStore, collectOrphans } from './store.js';

/** A valid PDF of about `size` bytes (a comment pads it). */
function pdfOf(size: number, marker: string): Buffer {
  const pdf = samplePdf(marker);
  return Buffer.concat([pdf.subarray(0, 9), Buffer.from(`%${'x'.repeat(Math.max(0, size - pdf.length - 2))}\n`), pdf.subarray(9)]);
}
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const keysOf = async (objects: ObjectStore) => {
  const keys: string[] = [];
  for await (const o of objects.list()) keys.push(o.key);
  return keys.sort();
};

const s3 = await startLocalS3();
afterAll(() => s3.close());

const backends: { name: string; settings: ObjectStoreSettings }[] = [
  { name: 'pasta', settings: { dir: mkdtempSync(join(tmpdir(), 'ga-objetos-')) } },
  { name: 'S3', settings: { s3: s3.settings } },
];

describe.each(backends)('documents in the object store ($name)', ({ settings }) => {
  const ctx = signedInApp({ config: { documentObjects: { ...settings, minBytes: 4096 } } });
  let objects: ObjectStore;
  beforeAll(async () => {
    objects = await openObjectStore(settings);
  });
  afterAll(() => objects.close?.());
  const storedRows = () =>
    queryRows<{ id: number; storage: string; has_content: boolean; sha256: string }>(
      ctx.t.db.database.db,
      sql`select id, storage, content is not null as has_content, sha256 from documents order by id`,
    );

  it('a PDF from the stated size goes to the store, a smaller one stays in its row, and both download intact', async () => {
    const big = pdfOf(50_000, 'grande');
    const small = pdfOf(1000, 'pequeno');
    const created = await sendMultipart(ctx.t.app, 'POST', '/api/experiments', ctx.me, { data: JSON.stringify(buildExperiment()) }, [
      { filename: 'grande.pdf', content: big },
    ]);
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { experiment: { id: number } }).experiment.id;
    expect((await uploadDocument(ctx.t.app, ctx.me, id, 'pequeno.pdf', small)).statusCode).toBe(201);

    const rows = await storedRows();
    expect(rows.map((r) => [r.storage, r.has_content])).toEqual([
      ['objeto', false],
      ['banco', true],
    ]);
    expect(await keysOf(objects)).toEqual([sha(big)]);
    for (const [row, bytes] of [
      [rows[0]!, big],
      [rows[1]!, small],
    ] as const) {
      const res = await ctx.t.app.inject({ method: 'GET', url: `/api/uploads/documents/${row.id}/download`, headers: ctx.me.auth });
      expect(res.statusCode).toBe(200);
      expect(Buffer.compare(res.rawPayload, bytes)).toBe(0);
    }
  });

  it('an object whose row never committed is an orphan: kept during its grace, then collected; referenced ones stay', async () => {
    const orphan = pdfOf(20_000, 'órfão');
    const store = new DatabaseDocumentStore('pglite', { objects, threshold: 4096 });
    const [{ id } = { id: 0 }] = await queryRows<{ id: number }>(ctx.t.db.database.db, sql`select min(id)::int as id from experiments`);
    await expect(
      ctx.t.db.database.db.transaction(async (tx) => {
        await store.put(tx, { experimentId: id, filename: 'órfão.pdf', content: orphan, uploadedBy: null });
        throw new Error('falha depois do objeto escrito');
      }),
    ).rejects.toThrow('falha depois do objeto escrito');
    expect(await keysOf(objects)).toContain(sha(orphan));
    expect((await storedRows()).some((r) => r.sha256 === sha(orphan))).toBe(false);

    expect(await collectOrphans(ctx.t.db.database.db, objects, 60_000)).toMatchObject({ removed: 0 });
    expect(await keysOf(objects)).toContain(sha(orphan));

    // Two minutes later, with a grace of one: a store's clock cannot be wound back, the grace can.
    const result = await collectOrphans(ctx.t.db.database.db, objects, 60_000 - 120_000);
    expect(result).toMatchObject({ removed: 1, kept: 1 });
    expect(await keysOf(objects)).toEqual([(await storedRows())[0]!.sha256]);
  });

  it('reads an object in pieces of the size asked, knows a missing one, and writing again keeps one object', async () => {
    const bytes = Buffer.alloc(1_300_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) % 251;
    const key = sha(bytes);
    await objects.put(key, bytes);
    await objects.put(key, bytes);
    const pieces: Buffer[] = [];
    for await (const piece of objects.chunks(key, 512 * 1024)) pieces.push(piece);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThanOrEqual(512 * 1024);
    expect(sha(Buffer.concat(pieces))).toBe(key);
    expect((await keysOf(objects)).filter((k) => k === key)).toHaveLength(1);
    expect(await objects.modifiedAt(key)).toBeInstanceOf(Date);

    const missing = 'f'.repeat(64);
    expect(await objects.modifiedAt(missing)).toBeNull();
    await expect(
      (async () => {
        for await (const piece of objects.chunks(missing, 1024)) expect(piece).toBeUndefined();
      })(),
    ).rejects.toThrow();
    await objects.delete(key);
    await objects.delete(key);
    expect(await objects.modifiedAt(key)).toBeNull();
    await expect(objects.put('../../etc/passwd', bytes)).rejects.toThrow('chave de objeto inválida');
  });
});

describe('the S3 backend', () => {
  it('keeps to its prefix: two prefixes in one bucket do not see each other', async () => {
    const a = await openObjectStore({ s3: { ...s3.settings, prefix: 'a/' } });
    const b = await openObjectStore({ s3: { ...s3.settings, prefix: 'b/' } });
    const bytes = Buffer.from('só no prefixo a');
    await a.put(sha(bytes), bytes);
    expect(await keysOf(a)).toContain(sha(bytes));
    expect(await keysOf(b)).not.toContain(sha(bytes));
    expect(await b.modifiedAt(sha(bytes))).toBeNull();
    a.close?.();
    b.close?.();
  });

  it('refuses to open a bucket that does not exist, saying so', async () => {
    await expect(openObjectStore({ s3: { ...s3.settings, bucket: 'nao-existe' } })).rejects.toThrow('o bucket não existe');
  });

  describe('when the service stops answering', async () => {
    const flaky = await startLocalS3('documentos-instavel');
    const ctx = signedInApp({ config: { documentObjects: { s3: flaky.settings, minBytes: 4096 } } });

    it('an upload answers 503 in Portuguese and stores nothing; once it is back, the same upload works', async () => {
      afterAll(() => flaky.close());
      await flaky.stop();
      const before = await queryRows<{ n: number }>(ctx.t.db.database.db, sql`select count(*)::int as n from experiments`);
      const big = pdfOf(30_000, 'instável');
      const send = () =>
        sendMultipart(ctx.t.app, 'POST', '/api/experiments', ctx.me, { data: JSON.stringify(buildExperiment()) }, [
          { filename: 'grande.pdf', content: big },
        ]);
      const refused = await send();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE', message: MSG.documentStoreUnavailable } });
      expect(await queryRows<{ n: number }>(ctx.t.db.database.db, sql`select count(*)::int as n from experiments`)).toEqual(before);

      await flaky.start();
      const stored = await send();
      expect(stored.statusCode).toBe(201);
      const id = (stored.json() as { experiment: { id: number } }).experiment.id;
      const [doc] = (
        await ctx.t.app.inject({ method: 'GET', url: `/api/uploads/documents?experimentId=${id}`, headers: ctx.me.auth })
      ).json().documents as { id: number }[];
      const download = await ctx.t.app.inject({ method: 'GET', url: `/api/uploads/documents/${doc!.id}/download`, headers: ctx.me.auth });
      expect(Buffer.compare(download.rawPayload, big)).toBe(0);
    });
  });
});

describe('the folder backend', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ga-objetos-'));
  const objects = new FileObjectStore(dir);
  const ctx = signedInApp({ config: { documentObjects: { dir, minBytes: 4096 } } });

  it('a partial write left by a crash is swept after its grace', async () => {
    const leftover = join(dir, 'ab', 'cd', `${'ab'.padEnd(64, 'c')}.123.456.tmp`);
    await objects.put('abcd'.padEnd(64, '0'), Buffer.from('x'));
    mkdirSync(join(leftover, '..'), { recursive: true });
    writeFileSync(leftover, 'metade');
    const old = new Date(Date.now() - 120_000);
    utimesSync(leftover, old, old);
    const result = await collectOrphans(ctx.t.db.database.db, objects, 60_000);
    expect(result.partials).toBe(1);
    expect(existsSync(leftover)).toBe(false);
    expect(readdirSync(join(dir, 'ab', 'cd'))).toEqual(['abcd'.padEnd(64, '0')]);
  });

  it('of servers ticking together, one claims the periodic run', async () => {
    const claims = await Promise.all([1, 2, 3].map(() => claimJob(ctx.t.db.database.db, 'teste.job', 60_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimJob(ctx.t.db.database.db, 'teste.job', 60_000)).toBe(false);
  });
});
