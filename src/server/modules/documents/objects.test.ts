/**
 * PDFs past the stated size live in the object store (objects.ts): written before the row commits,
 * read back byte for byte, orphans collected after their grace, and small PDFs still in their row.
 */
import { existsSync, mkdtempSync, readdirSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { signedInApp } from '../../test/app.js';
import { buildExperiment, samplePdf, sendMultipart, uploadDocument } from '../../test/factories.js';
import { claimJob } from './collector.js';
import { FileObjectStore } from './objects.js';
import { DatabaseDocumentStore, collectOrphans } from './store.js';

const dir = mkdtempSync(join(tmpdir(), 'ga-objetos-'));
const objects = new FileObjectStore(dir);
const ctx = signedInApp({ config: { documentObjects: { dir, minBytes: 4096 } } });

/** A valid PDF of about `size` bytes (a comment pads it). */
function pdfOf(size: number, marker: string): Buffer {
  const pdf = samplePdf(marker);
  return Buffer.concat([pdf.subarray(0, 9), Buffer.from(`%${'x'.repeat(Math.max(0, size - pdf.length - 2))}\n`), pdf.subarray(9)]);
}
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const storedRows = () =>
  queryRows<{ id: number; storage: string; has_content: boolean; sha256: string }>(
    ctx.t.db.database.db,
    sql`select id, storage, content is not null as has_content, sha256 from documents order by id`,
  );
const objectKeys = async () => {
  const keys: string[] = [];
  for await (const o of objects.list()) keys.push(o.key);
  return keys.sort();
};

describe('documents in the object store', () => {
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
    expect(await objectKeys()).toEqual([sha(big)]);
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
    expect(await objectKeys()).toContain(sha(orphan));
    expect((await storedRows()).some((r) => r.sha256 === sha(orphan))).toBe(false);

    expect(await collectOrphans(ctx.t.db.database.db, objects, 60_000)).toMatchObject({ removed: 0 });
    expect(await objectKeys()).toContain(sha(orphan));

    const old = new Date(Date.now() - 120_000);
    for (const key of await objectKeys()) utimesSync(join(dir, key.slice(0, 2), key.slice(2, 4), key), old, old);
    const result = await collectOrphans(ctx.t.db.database.db, objects, 60_000);
    expect(result).toMatchObject({ removed: 1, kept: 1 });
    expect(await objectKeys()).toEqual([(await storedRows())[0]!.sha256]);
  });

  it('a partial write left by a crash is swept after its grace', async () => {
    const leftover = join(dir, 'ab', 'cd', `${'ab'.padEnd(64, 'c')}.123.456.tmp`);
    await objects.put('abcd'.padEnd(64, '0'), Buffer.from('x'));
    const { writeFileSync, mkdirSync } = await import('node:fs');
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
