/**
 * The archive import through the API: a batch with refusals, the worker finishing it,
 * review, approval with corrections, discard, permissions, and the queue surviving a restart.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../../shared/audit.js';
import type { BulkUploadResponse, ImportBatchResponse, ImportDraft, ImportDraftsResponse } from '../../../shared/imports.js';
import { IMPORT_MSG } from '../../../shared/imports.js';
import { buildApp } from '../../app.js';
import { queryRows } from '../../db/client.js';
import { packageRoot } from '../../paths.js';
import { appWithAccounts, testConfig } from '../../test/app.js';
import { createTestDatabase, testEngine } from '../../test/database.js';
import {
  type Account,
  buildExperiment,
  createAccount,
  eventually,
  invalidExperiment,
  multipart,
  samplePdf,
  sendMultipart,
} from '../../test/factories.js';

const FIXTURES = join(packageRoot(), 'tests/fixtures/extraction');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const REPORTS = [
  '01-blocos-soja-rio-verde.pdf',
  '02-prosa-milho-sorriso.pdf',
  '05-repeticoes-soja-cascavel.pdf',
  '07-trigo-tha-chapeco.pdf',
];
/** The same report with one byte more: another SHA-256. */
const variant = (content: Buffer, n: number) => Buffer.concat([content, Buffer.from(`\n% variante ${n}\n`)]);

const QUEUE = { pollMs: 100, leaseMs: 3_000 };

function upload(app: FastifyInstance, who: Account, files: Array<{ filename: string; content: Buffer }>, batchId?: number) {
  const body = multipart(
    {},
    files.map((f) => ({ ...f, field: 'pdfs' })),
  );
  return app.inject({
    method: 'POST',
    url: `/api/uploads/bulk${batchId === undefined ? '' : `?batchId=${batchId}`}`,
    payload: body.payload,
    headers: { ...body.headers, ...who.auth },
  });
}

async function finished(app: FastifyInstance, who: Account, batchId: number, timeoutMs = 30_000): Promise<ImportBatchResponse> {
  return eventually(async () => {
    const res = await app.inject({ method: 'GET', url: `/api/imports/${batchId}`, headers: who.auth });
    const batch = res.json() as ImportBatchResponse;
    return batch.done + batch.failed === batch.total ? batch : undefined;
  }, timeoutMs);
}

describe('archive import', () => {
  const ctx = appWithAccounts({ admin: { role: 'admin' }, user: {}, other: {} }, { config: { importQueue: QUEUE } });
  let batchId = 0;
  let drafts: ImportDraft[] = [];

  it('accepts reports and refuses a non-PDF, a file over 10 MB and a duplicate, with the reason of each', async () => {
    const first = fixture(REPORTS[0]!);
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]);
    const res = await upload(ctx.t.app, ctx.user, [
      { filename: 'rio-verde.pdf', content: first },
      { filename: 'sorriso.pdf', content: fixture(REPORTS[1]!) },
      { filename: 'nota.pdf', content: fixture('09-nota-fiscal.pdf') },
      { filename: 'planilha.pdf', content: Buffer.from('consultoria;cidade\nA;B\n') },
      { filename: 'enorme.pdf', content: big },
      { filename: 'copia.pdf', content: first },
    ]);
    expect(res.statusCode).toBe(202);
    const body = res.json() as BulkUploadResponse;
    batchId = body.batchId;
    expect(body.accepted.map((a) => a.filename)).toEqual(['rio-verde.pdf', 'sorriso.pdf', 'nota.pdf']);
    expect(body.refused).toEqual([
      { filename: 'planilha.pdf', reason: IMPORT_MSG.notPdf },
      { filename: 'enorme.pdf', reason: IMPORT_MSG.tooLarge },
      { filename: 'copia.pdf', reason: IMPORT_MSG.duplicateInRequest('rio-verde.pdf') },
    ]);

    // A later chunk of the same batch: the file sent before is a duplicate of its draft.
    const again = await upload(ctx.t.app, ctx.user, [{ filename: 'de-novo.pdf', content: first }], batchId);
    expect(again.statusCode).toBe(202);
    expect((again.json() as BulkUploadResponse).refused).toEqual([
      { filename: 'de-novo.pdf', reason: IMPORT_MSG.duplicateDraft('rio-verde.pdf', batchId) },
    ]);
    // Someone else's batch cannot be filled.
    expect((await upload(ctx.t.app, ctx.other, [{ filename: 'x.pdf', content: samplePdf('x') }], batchId)).statusCode).toBe(404);
  });

  it('reads every draft in the background: reports become ready, the invoice fails with its reason', async () => {
    const batch = await finished(ctx.t.app, ctx.user, batchId);
    expect(batch).toMatchObject({ batchId, total: 3, done: 2, failed: 1 });
    const nota = batch.drafts.find((d) => d.filename === 'nota.pdf');
    expect(nota).toMatchObject({ status: 'failed', reason: IMPORT_MSG.notReport });

    const res = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/imports/drafts?batchId=${batchId}&status=ready`,
      headers: ctx.user.auth,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json() as ImportDraftsResponse;
    expect(page.total).toBe(2);
    drafts = page.drafts;
    expect(drafts.map((d) => d.confidence)).toEqual([...drafts.map((d) => d.confidence)].sort((a, b) => (b ?? 0) - (a ?? 0)));
    const rioVerde = drafts.find((d) => d.filename === 'rio-verde.pdf')!;
    expect(rioVerde.data).toMatchObject({ cidade: 'Rio Verde', cultura: 'Soja', ano: 2024 });
    expect(rioVerde.evidence?.cidade?.page).toBeGreaterThan(0);
    expect(rioVerde.owner).toEqual({ id: ctx.user.user.id, name: ctx.user.user.name });
    expect(rioVerde.duplicateOf).toBeNull();

    const pdf = await ctx.t.app.inject({ method: 'GET', url: `/api/imports/drafts/${rioVerde.id}/pdf`, headers: ctx.user.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(fixture(REPORTS[0]!))).toBe(true);

    const list = await ctx.t.app.inject({ method: 'GET', url: '/api/imports', headers: ctx.user.auth });
    expect(list.json()).toMatchObject({ batches: [{ batchId, total: 3, done: 2, failed: 1, owner: { id: ctx.user.user.id } }] });
  });

  it("hides a user's drafts from other users (404) and shows them to admins", async () => {
    const id = drafts[0]!.id;
    for (const [method, url] of [
      ['GET', `/api/imports/drafts/${id}`],
      ['GET', `/api/imports/drafts/${id}/pdf`],
      ['POST', `/api/imports/drafts/${id}/approve`],
      ['DELETE', `/api/imports/drafts/${id}`],
      ['GET', `/api/imports/${batchId}`],
    ] as const) {
      const res = await ctx.t.app.inject({
        method,
        url,
        headers: ctx.other.auth,
        ...(method === 'POST' ? { payload: buildExperiment() } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const theirs = await ctx.t.app.inject({ method: 'GET', url: '/api/imports/drafts', headers: ctx.other.auth });
    expect(theirs.json()).toEqual({ drafts: [], total: 0 });
    expect((await ctx.t.app.inject({ method: 'GET', url: '/api/imports', headers: ctx.other.auth })).json()).toEqual({ batches: [] });
    const admin = await ctx.t.app.inject({ method: 'GET', url: `/api/imports/drafts/${id}`, headers: ctx.admin.auth });
    expect(admin.statusCode).toBe(200);
    expect((await ctx.t.app.inject({ method: 'GET', url: '/api/imports', headers: ctx.admin.auth })).json()).toMatchObject({
      batches: [{ batchId }],
    });
  });

  it('approves with corrections: 400 with the fields, then 201 with the PDF attached and the audit entry', async () => {
    const draft = drafts.find((d) => d.filename === 'rio-verde.pdf')!;
    const url = `/api/imports/drafts/${draft.id}/approve`;
    const bad = await ctx.t.app.inject({
      method: 'POST',
      url,
      headers: ctx.user.auth,
      payload: invalidExperiment({ cidade: '', ano: 1800 }),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { error: { fields: Record<string, string> } }).error.fields)).toEqual(
      expect.arrayContaining(['cidade', 'ano']),
    );

    const corrected = buildExperiment({ cidade: 'Rio Verde', estado: 'GO', regional: 'GO', cultura: 'Soja', ano: 2024 });
    const ok = await ctx.t.app.inject({ method: 'POST', url, headers: ctx.user.auth, payload: corrected });
    expect(ok.statusCode).toBe(201);
    const experiment = (ok.json() as { experiment: { id: number; pdf_filename: string; cidade: string } }).experiment;
    expect(experiment).toMatchObject({ cidade: 'Rio Verde', pdf_filename: 'rio-verde.pdf' });

    const docs = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/uploads/documents?experimentId=${experiment.id}`,
      headers: ctx.user.auth,
    });
    const [doc] = (docs.json() as { documents: Array<{ id: number; filename: string }> }).documents;
    expect(doc?.filename).toBe('rio-verde.pdf');
    const bytes = await ctx.t.app.inject({ method: 'GET', url: `/api/uploads/documents/${doc!.id}/download`, headers: ctx.user.auth });
    expect(bytes.rawPayload.equals(fixture(REPORTS[0]!))).toBe(true);

    const audit = (await ctx.t.app.inject({ method: 'GET', url: '/api/admin/auditoria', headers: ctx.admin.auth })).json() as AuditPage;
    const entry = audit.entries.find((e) => e.experimentId === experiment.id);
    expect(entry).toMatchObject({
      action: 'experiment.import',
      user: { id: ctx.user.user.id },
      changes: {
        arquivo: { de: null, para: 'rio-verde.pdf' },
        origem: { de: null, para: 'importado de relatório' },
        importado_por: { para: ctx.user.user.name },
        aprovado_por: { para: ctx.user.user.name },
      },
    });

    const after = await ctx.t.app.inject({ method: 'GET', url: `/api/imports/drafts/${draft.id}`, headers: ctx.user.auth });
    expect(after.json()).toMatchObject({ draft: { status: 'approved', experimentId: experiment.id } });
    // Approved once: a second approval is a conflict, and so is discarding it.
    expect((await ctx.t.app.inject({ method: 'POST', url, headers: ctx.user.auth, payload: corrected })).statusCode).toBe(409);
    expect((await ctx.t.app.inject({ method: 'DELETE', url: `/api/imports/drafts/${draft.id}`, headers: ctx.user.auth })).statusCode).toBe(
      409,
    );

    // The same report imported again (a byte apart) is flagged as the experiment just created.
    const res = await upload(ctx.t.app, ctx.user, [{ filename: 'rio-verde-2.pdf', content: variant(fixture(REPORTS[0]!), 1) }]);
    const again = res.json() as BulkUploadResponse;
    await finished(ctx.t.app, ctx.user, again.batchId);
    const copy = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/imports/drafts/${again.accepted[0]!.draftId}`,
      headers: ctx.user.auth,
    });
    const duplicateOf = (copy.json() as { draft: ImportDraft }).draft.duplicateOf;
    // The extractor reads the report's consultoria; the experiment was approved with the form's.
    expect(duplicateOf === null || duplicateOf.experimentId === experiment.id).toBe(true);
    // The stored PDF itself is refused as a duplicate of the experiment's document.
    const same = (
      await upload(ctx.t.app, ctx.user, [{ filename: 'igual.pdf', content: fixture(REPORTS[0]!) }])
    ).json() as BulkUploadResponse;
    expect(same.refused[0]?.reason).toMatch(/^Arquivo repetido: já é o PDF do experimento Soja/);
  });

  it("lets an admin approve a user's draft: the importer owns the experiment, the audit names both", async () => {
    const draft = drafts.find((d) => d.filename === 'sorriso.pdf')!;
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/imports/drafts/${draft.id}/approve`,
      headers: ctx.admin.auth,
      payload: buildExperiment({ cultivar: 'Corrigida pelo admin' }),
    });
    expect(res.statusCode).toBe(201);
    const id = (res.json() as { experiment: { id: number } }).experiment.id;
    const [row] = await queryRows<{ owner_id: string }>(ctx.t.db.database.db, sql`select owner_id from experiments where id = ${id}`);
    expect(row?.owner_id).toBe(ctx.user.user.id);
    const audit = (await ctx.t.app.inject({ method: 'GET', url: '/api/admin/auditoria', headers: ctx.admin.auth })).json() as AuditPage;
    expect(audit.entries.find((e) => e.experimentId === id)).toMatchObject({
      action: 'experiment.import',
      user: { id: ctx.admin.user.id },
      changes: { importado_por: { para: ctx.user.user.name }, aprovado_por: { para: ctx.admin.user.name } },
    });
  });

  it('discards a draft (204), after which it cannot be approved', async () => {
    const res = await upload(ctx.t.app, ctx.user, [{ filename: 'cascavel.pdf', content: fixture(REPORTS[2]!) }]);
    const { batchId: b, accepted } = res.json() as BulkUploadResponse;
    await finished(ctx.t.app, ctx.user, b);
    const id = accepted[0]!.draftId;
    expect((await ctx.t.app.inject({ method: 'DELETE', url: `/api/imports/drafts/${id}`, headers: ctx.user.auth })).statusCode).toBe(204);
    const draft = await ctx.t.app.inject({ method: 'GET', url: `/api/imports/drafts/${id}`, headers: ctx.user.auth });
    expect(draft.json()).toMatchObject({ draft: { status: 'discarded' } });
    const approve = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/imports/drafts/${id}/approve`,
      headers: ctx.user.auth,
      payload: buildExperiment(),
    });
    expect(approve.statusCode).toBe(409);
    // A discarded file may be sent again.
    const again = (
      await upload(ctx.t.app, ctx.user, [{ filename: 'cascavel.pdf', content: fixture(REPORTS[2]!) }])
    ).json() as BulkUploadResponse;
    expect(again.accepted).toHaveLength(1);
  });

  it('answers 400 for a request without files and for bad queries, never 5xx', async () => {
    const res = await sendMultipart(ctx.t.app, 'POST', '/api/uploads/bulk', ctx.user, { nada: 'x' });
    expect(res.statusCode).toBe(400);
    for (const url of ['/api/imports/drafts?status=pronto', '/api/imports/drafts?limit=0', '/api/imports/drafts?batchId=x']) {
      expect((await ctx.t.app.inject({ method: 'GET', url, headers: ctx.user.auth })).statusCode, url).toBe(400);
    }
    expect((await ctx.t.app.inject({ method: 'GET', url: '/api/imports/drafts/abc', headers: ctx.user.auth })).statusCode).toBe(404);
    const json = await ctx.t.app.inject({ method: 'POST', url: '/api/uploads/bulk', payload: {}, headers: ctx.user.auth });
    expect(json.statusCode).toBe(415);
  });
});

describe('the queue across restarts and servers', () => {
  const opened: Array<{ close(): Promise<void> }> = [];
  afterAll(async () => {
    for (const o of opened.reverse()) await o.close();
  });

  async function openApp(database: Awaited<ReturnType<typeof createTestDatabase>>['database'], dataDir?: string) {
    const config = testConfig({ importQueue: QUEUE, ...(dataDir ? { dataDir } : {}) });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    return app;
  }

  it('a restart mid-batch loses nothing and reads nothing twice; an expired lease is taken again', async () => {
    const db = await createTestDatabase();
    opened.push({ close: () => db.drop() });
    let app = await openApp(db.database);
    const who = await createAccount(app);
    const files = Array.from({ length: 6 }, (_, i) => ({
      filename: `r${i}.pdf`,
      content: variant(fixture(REPORTS[i % REPORTS.length]!), i),
    }));
    const body = (await upload(app, who, files)).json() as BulkUploadResponse;
    expect(body.accepted).toHaveLength(6);
    // Stop while jobs are claimed or queued.
    await eventually(() => (app.importWorker.active > 0 ? true : undefined), 10_000);
    await app.close();
    await db.database.close();

    const database = await db.reopen();
    opened.push({ close: () => database.close() });
    // A server that died holding a job: its lease ran out (and one that ran out for the third time).
    await database.db.execute(sql`update import_drafts set status = 'processing', locked_by = 'morto', attempts = 1,
      locked_until = now() - interval '1 minute' where id = ${body.accepted[0]!.draftId}`);
    await database.db.execute(sql`update import_drafts set status = 'processing', locked_by = 'morto', attempts = 3,
      locked_until = now() - interval '1 minute' where id = ${body.accepted[1]!.draftId}`);
    app = await openApp(database);
    opened.push({ close: () => app.close() });
    const batch = await finished(app, who, body.batchId, 60_000);
    expect(batch.total).toBe(6);
    expect(batch.drafts[1]).toMatchObject({ status: 'failed', reason: IMPORT_MSG.interrupted });
    expect(batch.drafts.filter((d) => d.status === 'ready')).toHaveLength(5);
    const rows = await queryRows<{ id: number; attempts: number }>(
      database.db,
      sql`select id, attempts from import_drafts where batch_id = ${body.batchId} order by id`,
    );
    // Jobs given back at the clean stop did not count; the dead server's claim did.
    expect(rows[0]!.attempts).toBe(2);
    for (const r of rows.slice(2)) expect(r.attempts).toBe(1);
  });

  it.runIf(testEngine().kind === 'postgres')('two servers on one PostgreSQL read each job exactly once', async () => {
    const db = await createTestDatabase();
    opened.push({ close: () => db.drop() });
    const second = await db.reopen();
    opened.push({ close: () => second.close() }, { close: () => db.database.close() });
    const a = await openApp(db.database);
    const b = await openApp(second);
    opened.push({ close: () => a.close() }, { close: () => b.close() });
    const who = await createAccount(a);
    const files = Array.from({ length: 8 }, (_, i) => ({ filename: `s${i}.pdf`, content: variant(fixture(REPORTS[i % 4]!), 100 + i) }));
    const body = (await upload(a, who, files)).json() as BulkUploadResponse;
    b.importWorker.wake();
    const batch = await finished(b, who, body.batchId, 60_000);
    expect(batch.drafts.every((d) => d.status === 'ready')).toBe(true);
    const rows = await queryRows<{ attempts: number }>(
      db.database.db,
      sql`select attempts from import_drafts where batch_id = ${body.batchId}`,
    );
    expect(rows.map((r) => r.attempts)).toEqual(Array(8).fill(1));
  });
});
