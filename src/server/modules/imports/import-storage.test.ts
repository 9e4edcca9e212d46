/**
 * What the archive import may store and how it shares the queue (docs/api.md "Archive import"):
 * the per-person daily quota and the installation's bound, failed drafts' PDFs dropped after their
 * retention, a full disk answered 507 with nothing half-stored, spool leftovers cleaned at start,
 * a file already in someone else's import accepted and marked, and the queue taking turns.
 */
import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { type BulkUploadResponse, IMPORT_MSG, type ImportDraft } from '../../../shared/imports.js';
import { queryRows } from '../../db/client.js';
import { appWithAccounts } from '../../test/app.js';
import { type Account, multipart, samplePdf } from '../../test/factories.js';
import { SPOOL_FOLDER, type SpoolWriter, fileSpoolWriter } from './spool.js';
import { claimJobs } from './worker.js';

const KB = 1024;
const MB = 1024 * KB;

/** A distinct PDF of about `bytes` bytes. */
const pdf = (marker: string, bytes = 0) => Buffer.concat([samplePdf(marker), Buffer.alloc(bytes, 0x20)]);

function upload(app: FastifyInstance, who: Account, files: Array<{ filename: string; content: Buffer }>) {
  const body = multipart(
    {},
    files.map((f) => ({ ...f, field: 'pdfs' })),
  );
  return app.inject({ method: 'POST', url: '/api/uploads/bulk', payload: body.payload, headers: { ...body.headers, ...who.auth } });
}

const draftsOf = (app: FastifyInstance, who: Account) =>
  queryRows<{ id: number; filename: string; content_kept: boolean }>(
    app.ctx.db,
    sql`select id, filename, content is not null as content_kept from import_drafts where owner_id = ${who.user.id} order by id`,
  );

/** Counts what reaches the spool's disk. */
function countingWriter() {
  const counter = { bytes: 0 };
  const writer: SpoolWriter = {
    async open(path) {
      const out = await fileSpoolWriter.open(path);
      return {
        write: (chunk) => {
          counter.bytes += chunk.length;
          return out.write(chunk);
        },
        close: () => out.close(),
      };
    },
  };
  return { counter, writer };
}

describe('per-person daily quota', () => {
  const spooled = countingWriter();
  const ctx = appWithAccounts(
    { ana: {}, bruno: {} },
    { config: { importLimits: { filesPerDay: 3, bytesPerDay: MB, storageBytes: 100 * MB } }, importSpoolWriter: spooled.writer },
  );
  beforeAll(() => ctx.t.app.importWorker.stop());

  it('keeps the files that fit, refuses the rest each with the limit and when it frees up, and spools none of them', async () => {
    spooled.counter.bytes = 0;
    const files = [0, 1, 2, 3, 4].map((i) => ({ filename: `a${i}.pdf`, content: pdf(`ana ${i}`, 10 * KB) }));
    const res = await upload(ctx.t.app, ctx.ana, files);
    expect(res.statusCode).toBe(202);
    const body = res.json() as BulkUploadResponse;
    expect(body.accepted.map((a) => a.filename)).toEqual(['a0.pdf', 'a1.pdf', 'a2.pdf']);
    expect(body.refused).toEqual([
      { filename: 'a3.pdf', reason: IMPORT_MSG.quotaFiles(3, 'em 24 h') },
      { filename: 'a4.pdf', reason: IMPORT_MSG.quotaFiles(3, 'em 24 h') },
    ]);
    // Only the accepted files touched the disk.
    expect(spooled.counter.bytes).toBe(files.slice(0, 3).reduce((s, f) => s + f.content.length, 0));
    expect(await draftsOf(ctx.t.app, ctx.ana)).toHaveLength(3);
  });

  it('answers 429 with Retry-After before reading a request once nothing is left, and stores nothing', async () => {
    spooled.counter.bytes = 0;
    const res = await upload(ctx.t.app, ctx.ana, [{ filename: 'mais.pdf', content: pdf('ana mais') }]);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: IMPORT_MSG.quotaSpent('em 24 h') } });
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThan(23 * 3600);
    expect(retry).toBeLessThanOrEqual(24 * 3600);
    expect(spooled.counter.bytes).toBe(0);
    expect(await draftsOf(ctx.t.app, ctx.ana)).toHaveLength(3);
  });

  it('counts the drafts of the last 24 hours only, and each person apart', async () => {
    // Someone else is not held back by Ana's quota.
    const other = await upload(ctx.t.app, ctx.bruno, [{ filename: 'b.pdf', content: pdf('bruno 0') }]);
    expect((other.json() as BulkUploadResponse).accepted).toHaveLength(1);
    // A day later, Ana's oldest draft leaves the window: one place again.
    await ctx.t.app.ctx.db.execute(sql`update import_drafts set created_at = now() - interval '25 hours'
      where id = (select min(id) from import_drafts where owner_id = ${ctx.ana.user.id})`);
    const res = await upload(ctx.t.app, ctx.ana, [
      { filename: 'dia2-a.pdf', content: pdf('ana dia 2 a') },
      { filename: 'dia2-b.pdf', content: pdf('ana dia 2 b') },
    ]);
    const body = res.json() as BulkUploadResponse;
    expect(body.accepted.map((a) => a.filename)).toEqual(['dia2-a.pdf']);
    expect(body.refused[0]?.reason).toMatch(/^Limite de 3 arquivos importados por pessoa em 24 horas atingido: envie este de novo em /);
  });

  it('refuses the bytes beyond the daily limit, with the limit in MB', async () => {
    const res = await upload(ctx.t.app, ctx.bruno, [
      { filename: 'grande-1.pdf', content: pdf('bruno grande 1', 600 * KB) },
      { filename: 'grande-2.pdf', content: pdf('bruno grande 2', 600 * KB) },
    ]);
    const body = res.json() as BulkUploadResponse;
    expect(body.accepted.map((a) => a.filename)).toEqual(['grande-1.pdf']);
    expect(body.refused).toEqual([{ filename: 'grande-2.pdf', reason: IMPORT_MSG.quotaBytes(1, 'em 24 h') }]);
  });
});

describe("the installation's bound on drafts' bytes and the failed drafts' retention", () => {
  const ctx = appWithAccounts(
    { ana: {}, bruno: {} },
    { config: { importLimits: { filesPerDay: 100, bytesPerDay: 10 * MB, storageBytes: 700 * KB, failedRetentionDays: 7 } } },
  );
  beforeAll(() => ctx.t.app.importWorker.stop());

  it('refuses what would pass the bound, whoever sends it; a discard makes room', async () => {
    const a = (await upload(ctx.t.app, ctx.ana, [{ filename: 'a.pdf', content: pdf('ana', 400 * KB) }])).json() as BulkUploadResponse;
    expect(a.accepted).toHaveLength(1);
    const b = (await upload(ctx.t.app, ctx.bruno, [{ filename: 'b.pdf', content: pdf('bruno', 400 * KB) }])).json() as BulkUploadResponse;
    expect(b.refused).toEqual([{ filename: 'b.pdf', reason: IMPORT_MSG.storageFull }]);
    const small = (
      await upload(ctx.t.app, ctx.bruno, [{ filename: 'c.pdf', content: pdf('bruno c', 200 * KB) }])
    ).json() as BulkUploadResponse;
    expect(small.accepted).toHaveLength(1);

    const gone = await ctx.t.app.inject({ method: 'DELETE', url: `/api/imports/drafts/${a.accepted[0]!.draftId}`, headers: ctx.ana.auth });
    expect(gone.statusCode).toBe(204);
    const again = (
      await upload(ctx.t.app, ctx.bruno, [{ filename: 'b.pdf', content: pdf('bruno', 400 * KB) }])
    ).json() as BulkUploadResponse;
    expect(again.accepted).toHaveLength(1);
    const over = (await upload(ctx.t.app, ctx.ana, [{ filename: 'd.pdf', content: pdf('ana d', 200 * KB) }])).json() as BulkUploadResponse;
    expect(over.refused).toEqual([{ filename: 'd.pdf', reason: IMPORT_MSG.storageFull }]);
    // Filled to the byte: a request is answered 507 before its body is read.
    const [held] = await queryRows<{ n: number | string }>(
      ctx.t.app.ctx.db,
      sql`select coalesce(sum(size), 0) as n from import_drafts where content is not null`,
    );
    const rest = 700 * KB - Number(held!.n);
    const exact = pdf('ana exata', rest - pdf('ana exata').length);
    expect((await upload(ctx.t.app, ctx.ana, [{ filename: 'e.pdf', content: exact }])).json()).toMatchObject({ refused: [] });
    const full = await upload(ctx.t.app, ctx.ana, [{ filename: 'f.pdf', content: pdf('ana f') }]);
    expect(full.statusCode).toBe(507);
    expect(full.json()).toEqual({ error: { code: 'INSUFFICIENT_STORAGE', message: IMPORT_MSG.storageFull } });
  });

  it('drops the PDF of a draft failed longer ago than the retention, says so, and keeps the rest', async () => {
    const db = ctx.t.app.ctx.db;
    const rows = await queryRows<{ id: number }>(db, sql`select id from import_drafts where content is not null order by id`);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const [old, recent] = rows.map((r) => r.id);
    await db.execute(sql`update import_drafts set status = 'failed', reason = ${IMPORT_MSG.notReport}, updated_at = now() - interval '8 days'
      where id = ${old!}`);
    await db.execute(sql`update import_drafts set status = 'failed', reason = ${IMPORT_MSG.notReport}, updated_at = now() - interval '6 days'
      where id = ${recent!}`);
    expect(await ctx.t.app.importWorker.purgeExpired()).toBe(1);
    const kept = await queryRows<{ id: number; kept: boolean }>(
      db,
      sql`select id, content is not null as kept from import_drafts where id in (${old!}, ${recent!}) order by id`,
    );
    expect(kept).toEqual([
      { id: old, kept: false },
      { id: recent, kept: true },
    ]);
    const owner = (await queryRows<{ owner_id: string }>(db, sql`select owner_id from import_drafts where id = ${old!}`))[0]!.owner_id;
    const who = owner === ctx.ana.user.id ? ctx.ana : ctx.bruno;
    const draft = (await ctx.t.app.inject({ method: 'GET', url: `/api/imports/drafts/${old!}`, headers: who.auth })).json() as {
      draft: ImportDraft;
    };
    expect(draft.draft).toMatchObject({ status: 'failed', pdfKept: false, reason: IMPORT_MSG.notReport });
    const bytes = await ctx.t.app.inject({ method: 'GET', url: `/api/imports/drafts/${old!}/pdf`, headers: who.auth });
    expect(bytes.statusCode).toBe(404);
    expect(bytes.json()).toEqual({ error: { code: 'NOT_FOUND', message: IMPORT_MSG.pdfExpired(7) } });
    // Run again (another server, the next minute): nothing more to do.
    expect(await ctx.t.app.importWorker.purgeExpired()).toBe(0);
  });
});

describe('a full disk', () => {
  const ENOSPC = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
  let failSpoolAt = Number.POSITIVE_INFINITY;
  let failInsertAt = Number.POSITIVE_INFINITY;
  let inserts = 0;
  const dataDir = mkdtempSync(join(tmpdir(), 'ga-data-'));
  // A folder left by a server killed during an upload (a process id that cannot be running).
  const leftover = join(dataDir, SPOOL_FOLDER, 'maquina-antiga.4194999.abcdef');
  mkdirSync(leftover, { recursive: true });
  writeFileSync(join(leftover, '0'), Buffer.alloc(4 * KB));
  // Made two days ago: whoever made it, it is a leftover.
  const old = Date.now() / 1000 - 2 * 24 * 3600;
  utimesSync(leftover, old, old);
  let opens = 0;
  const writer: SpoolWriter = {
    async open(path) {
      opens += 1;
      if (opens >= failSpoolAt) throw ENOSPC();
      return fileSpoolWriter.open(path);
    },
  };
  const ctx = appWithAccounts(
    { ana: {} },
    {
      config: { dataDir },
      importSpoolWriter: writer,
      onQuery: (text) => {
        if (!/^insert into import_drafts/i.test(text.trim())) return;
        inserts += 1;
        if (inserts >= failInsertAt)
          throw Object.assign(new Error('could not extend file "base/5/16390": No space left on device'), { code: '53100' });
      },
    },
  );
  beforeAll(() => ctx.t.app.importWorker.stop());

  const spoolFolders = () => readdirSync(join(dataDir, SPOOL_FOLDER));
  const countRows = async () =>
    (
      await queryRows<{ batches: number | string; drafts: number | string }>(
        ctx.t.app.ctx.db,
        sql`select (select count(*) from import_batches where owner_id = ${ctx.ana.user.id}) as batches,
          (select count(*) from import_drafts where owner_id = ${ctx.ana.user.id}) as drafts`,
      )
    ).map((r) => ({ batches: Number(r.batches), drafts: Number(r.drafts) }))[0];

  it('cleans at start the spool folders a killed server left', () => {
    // The app started in beforeAll (the accounts were signed up through it).
    expect(spoolFolders()).toEqual([]);
  });

  it('while spooling: 507 with a pt-BR message, nothing stored, the spool removed', async () => {
    opens = 0;
    failSpoolAt = 2;
    const res = await upload(ctx.t.app, ctx.ana, [
      { filename: '1.pdf', content: pdf('um', 50 * KB) },
      { filename: '2.pdf', content: pdf('dois', 50 * KB) },
      { filename: '3.pdf', content: pdf('três', 50 * KB) },
    ]);
    failSpoolAt = Number.POSITIVE_INFINITY;
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({ error: { code: 'INSUFFICIENT_STORAGE', message: MSG.diskFull } });
    expect(await countRows()).toEqual({ batches: 0, drafts: 0 });
    expect(spoolFolders()).toEqual([]);
  });

  it('in the database: 507, the transaction rolled back (no batch, no draft), the spool removed; then it works again', async () => {
    inserts = 0;
    failInsertAt = 2;
    const files = [
      { filename: '1.pdf', content: pdf('um') },
      { filename: '2.pdf', content: pdf('dois') },
    ];
    const res = await upload(ctx.t.app, ctx.ana, files);
    failInsertAt = Number.POSITIVE_INFINITY;
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({ error: { code: 'INSUFFICIENT_STORAGE', message: MSG.diskFull } });
    expect(await countRows()).toEqual({ batches: 0, drafts: 0 });
    expect(spoolFolders()).toEqual([]);
    const ok = (await upload(ctx.t.app, ctx.ana, files)).json() as BulkUploadResponse;
    expect(ok.accepted).toHaveLength(2);
  });
});

describe('a file someone else already imported', () => {
  const ctx = appWithAccounts({ admin: { role: 'admin' }, ana: {}, bruno: {} });
  beforeAll(() => ctx.t.app.importWorker.stop());

  it("is imported as a normal draft marked 'já importado por outra pessoa', without naming who; nobody is blocked", async () => {
    const file = pdf('o mesmo relatório');
    const first = (await upload(ctx.t.app, ctx.ana, [{ filename: 'ana.pdf', content: file }])).json() as BulkUploadResponse;
    expect(first.accepted).toHaveLength(1);
    const second = await upload(ctx.t.app, ctx.bruno, [{ filename: 'bruno.pdf', content: file }]);
    const body = second.json() as BulkUploadResponse;
    expect(body.accepted.map((a) => a.filename)).toEqual(['bruno.pdf']);
    expect(body.refused).toEqual([]);
    expect(second.body).not.toContain(ctx.ana.user.name);
    const admin = (await upload(ctx.t.app, ctx.admin, [{ filename: 'admin.pdf', content: file }])).json() as BulkUploadResponse;
    expect(admin.accepted).toHaveLength(1);

    const read = async (who: Account, id: number) =>
      ((await ctx.t.app.inject({ method: 'GET', url: `/api/imports/drafts/${id}`, headers: who.auth })).json() as { draft: ImportDraft })
        .draft;
    const brunos = await read(ctx.bruno, body.accepted[0]!.draftId);
    expect(brunos).toMatchObject({ importedElsewhere: true, pdfKept: true, owner: { id: ctx.bruno.user.id } });
    expect(JSON.stringify(brunos)).not.toContain(ctx.ana.user.name);
    expect(await read(ctx.ana, first.accepted[0]!.draftId)).toMatchObject({ importedElsewhere: false });

    // A duplicate of one's own draft is still refused, as before.
    const own = (await upload(ctx.t.app, ctx.bruno, [{ filename: 'de-novo.pdf', content: file }])).json() as BulkUploadResponse;
    expect(own.refused).toEqual([{ filename: 'de-novo.pdf', reason: IMPORT_MSG.duplicateDraft('bruno.pdf', body.batchId) }]);
  });
});

describe('the queue takes turns between people', () => {
  const ctx = appWithAccounts({ ana: {}, bruno: {}, carla: {} });
  beforeAll(() => ctx.t.app.importWorker.stop());

  async function enqueue(who: Account, n: number): Promise<number[]> {
    const db = ctx.t.app.ctx.db;
    const [batch] = await queryRows<{ id: number }>(db, sql`insert into import_batches (owner_id) values (${who.user.id}) returning id`);
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into import_drafts (batch_id, owner_id, filename, size, sha256)
            values (${batch!.id}, ${who.user.id}, ${`f${i}.pdf`}, 1, ${`${who.user.id}-${i}-${Math.random()}`}) returning id`,
      );
      ids.push(row!.id);
    }
    return ids;
  }
  const claim = async (n = 1) => (await claimJobs(ctx.t.app.ctx.db, 'teste', n, 60_000)).map((r) => r.id).sort((a, b) => a - b);
  const finish = (ids: number[]) =>
    ctx.t.app.ctx.db.execute(
      sql`update import_drafts set status = 'ready', locked_until = null, locked_by = null where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );

  it("serves a single file queued after another person's ten as the second job", async () => {
    const ana = await enqueue(ctx.ana, 10);
    const bruno = await enqueue(ctx.bruno, 1);
    expect(await claim()).toEqual([ana[0]]);
    expect(await claim()).toEqual([bruno[0]]);
    expect(await claim()).toEqual([ana[1]]);
    await finish([ana[0]!, bruno[0]!, ana[1]!]);
  });

  it('also when the first job has already finished: the person served least recently goes first', async () => {
    const carla = await enqueue(ctx.carla, 1);
    // Ana (8 waiting) was served last; Carla never.
    expect(await claim()).toEqual([carla[0]]);
    await finish(carla);
    const bruno = await enqueue(ctx.bruno, 2);
    const next = await claim();
    // Bruno was served before Ana's last job: his turn.
    expect(next).toEqual([bruno[0]]);
    // Several at once: one each, then the next of each.
    const more = await claim(3);
    expect(more).toHaveLength(3);
    const owners = await queryRows<{ owner_id: string }>(
      ctx.t.app.ctx.db,
      sql`select owner_id from import_drafts where id in (${sql.join(
        more.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(owners.filter((o) => o.owner_id === ctx.bruno.user.id)).toHaveLength(1);
  });
});
