/**
 * The archive import (issue 21, docs/api.md "Archive import"): `POST /api/uploads/bulk` takes
 * many PDFs into a batch of queued drafts and answers at once; the worker (worker.ts) reads them;
 * the review lists the drafts, and approving one creates the experiment with its PDF. Drafts
 * belong to who imported them (404 to anyone else); admins see and act on all.
 */
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type {} from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PDF_MAX_BYTES } from '../../../shared/constants.js';
import { experimentInputSchema } from '../../../shared/experiment.js';
import { summarizeFieldErrors } from '../../../shared/fields/issue-labels.js';
import {
  type BulkUploadResponse,
  IMPORT_BATCH_MAX,
  IMPORT_DRAFTS_LIMIT_DEFAULT,
  IMPORT_DRAFTS_LIMIT_MAX,
  IMPORT_MSG,
  IMPORT_STATUSES,
  type ImportApproveResponse,
  type ImportBatchResponse,
  type ImportBatchesResponse,
  type ImportDraftResponse,
  type ImportDraftsResponse,
  type ImportStatus,
  formatWait,
} from '../../../shared/imports.js';
import { z } from '../../../shared/zod.js';
import { IMPORT_LIMIT_DEFAULTS } from '../../config.js';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import { type AuthGuards, currentUser } from '../../http/auth.js';
import { AppError, badRequest, conflict, errorBody, isDiskFull, notFound, parseInput, serialId, zodFields } from '../../http/errors.js';
import { contentDisposition, cleanPdfFilename } from '../../http/filename.js';
import { UPLOAD_MSG, isPdf, partsShape, unexpectedPart } from '../../http/multipart.js';
import { draftLabel, recordAudit } from '../audit/public.js';
import type { ExperimentService } from '../experiments/public.js';
import { readReferenceData } from '../lookups/public.js';
import { ImportAllowance, lockQuota, readUsage } from './quota.js';
import { contentValue, getDraft, listDrafts, readDraftContent, visibleTo } from './repository.js';
import { type SpoolWriter, cleanSpoolLeftovers, createSpoolFolder, fileSpoolWriter, removeSpoolFolder, spoolRoot } from './spool.js';
import { ImportWorker } from './worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's import worker (tests read `active` and stop it). */
    importWorker: ImportWorker;
  }
}

const FILE_FIELD = 'pdfs';
/** A steady stream of requests delays the import by at most this per query, never stops it. */
const QUIET_MAX_WAIT_MS = 500;
const QUIET_STEP_MS = 5;

const intParam = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number);

const bulkQuery = z.object({ batchId: intParam(IMPORT_MSG.batchNotFound).optional() });

const draftsQuery = z.object({
  status: z.enum(IMPORT_STATUSES, { error: `Situação inválida: use ${IMPORT_STATUSES.join(', ')}.` }).optional(),
  batchId: intParam('Importação inválida').optional(),
  limit: intParam('Limite inválido')
    .refine((n) => n >= 1 && n <= IMPORT_DRAFTS_LIMIT_MAX, `Limite deve ser um inteiro entre 1 e ${IMPORT_DRAFTS_LIMIT_MAX}`)
    .optional(),
  offset: intParam('Deslocamento inválido').optional(),
});

interface SpooledFile {
  filename: string;
  path: string;
  size: number;
  sha256: string;
}

/**
 * Reads one file part through: hashes it, keeps its first bytes, and writes it to `path` while it
 * stays within `budget` bytes (a negative budget writes nothing). Past the budget the partial file
 * is removed and the rest only read, so the disk never holds what the quota refuses.
 */
async function spoolTo(
  writer: SpoolWriter,
  stream: AsyncIterable<Buffer>,
  path: string,
  budget: number,
): Promise<{ size: number; sha256: string; head: Buffer; spooled: boolean }> {
  const hash = createHash('sha256');
  let head = Buffer.alloc(0);
  let size = 0;
  let out = budget >= 0 ? await writer.open(path) : null;
  let spooled = out !== null;
  try {
    for await (const chunk of stream) {
      hash.update(chunk);
      size += chunk.length;
      if (head.length < 5) head = Buffer.concat([head, chunk.subarray(0, 5 - head.length)]);
      if (!out) continue;
      if (size > budget) {
        const closing = out;
        out = null;
        spooled = false;
        await closing.close();
        await rm(path, { force: true });
      } else await out.write(chunk);
    }
  } finally {
    await out?.close();
  }
  return { size, sha256: hash.digest('hex'), head, spooled };
}

export interface ImportRouteOptions {
  /** Import extractions at once on this server (IMPORT_CONCURRENCY). */
  concurrency: number;
  pollMs?: number;
  leaseMs?: number;
  /** Writes spooled files (tests fail it as a full disk does). */
  spoolWriter?: SpoolWriter;
}

export function importRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  experimentService: ExperimentService,
  guards: AuthGuards,
  opts: ImportRouteOptions,
): void {
  const auth = { onRequest: guards.requireUser };
  const kind = ctx.database.kind;
  const limits = { ...IMPORT_LIMIT_DEFAULTS, ...ctx.config.importLimits };
  const spoolDir = spoolRoot(ctx.config.dataDir);
  const writer = opts.spoolWriter ?? fileSpoolWriter;
  const spool = (stream: AsyncIterable<Buffer>, path: string, budget: number) => spoolTo(writer, stream, path, budget);
  // People's requests being answered now: the worker's queries wait for a gap (at most QUIET_MAX_WAIT_MS).
  let inFlight = 0;
  app.addHook('onRequest', (_request, _reply, done) => {
    inFlight += 1;
    done();
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    inFlight -= 1;
    done();
  });
  const quiet = async () => {
    for (let waited = 0; inFlight > 0 && waited < QUIET_MAX_WAIT_MS; waited += QUIET_STEP_MS) {
      await new Promise((r) => setTimeout(r, QUIET_STEP_MS));
    }
  };
  const worker = new ImportWorker({
    quiet,
    db: ctx.db,
    kind,
    pool: app.extractionPool,
    reference: () => readReferenceData(ctx),
    log: ctx.log,
    concurrency: opts.concurrency,
    failedRetentionDays: limits.failedRetentionDays,
    ...(opts.pollMs === undefined ? {} : { pollMs: opts.pollMs }),
    ...(opts.leaseMs === undefined ? {} : { leaseMs: opts.leaseMs }),
  });
  app.decorate('importWorker', worker);
  app.addHook('onReady', async () => {
    // What a server killed during an upload left behind (spool.ts); a failure here stops nothing.
    try {
      const removed = await cleanSpoolLeftovers(spoolDir);
      if (removed.length) ctx.log.info({ removed }, 'import spool: leftover folders removed');
    } catch (err) {
      ctx.log.warn({ err }, 'import spool: leftovers not cleaned');
    }
    worker.start();
  });
  // Before the extraction pool closes (onClose): running jobs go back to the queue.
  app.addHook('preClose', () => worker.stop());

  const draftId = (raw: string) => serialId(raw, IMPORT_MSG.draftNotFound);

  app.post('/api/uploads/bulk', { ...auth, config: { failureMessage: 'Erro ao enviar os relatórios' } }, async (request, reply) => {
    const user = currentUser(request);
    const { batchId: wantedBatch } = parseInput(bulkQuery, request.query);
    if (wantedBatch !== undefined) {
      const [own] = await queryRows<{ id: number }>(
        ctx.db,
        sql`select id from import_batches where id = ${wantedBatch} and owner_id = ${user.id}`,
      );
      if (!own) throw notFound(IMPORT_MSG.batchNotFound);
    }
    if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', UPLOAD_MSG.notMultipart);

    // Nothing at all may come in: answered before the body is read.
    const before = new ImportAllowance(limits, await readUsage(ctx.db, user.id));
    const spent = before.spent();
    if (spent) {
      return reply
        .status(429)
        .header('retry-after', String(Math.max(1, Math.ceil(spent.waitMs / 1000))))
        .send(errorBody('TOO_MANY_REQUESTS', IMPORT_MSG.quotaSpent(formatWait(spent.waitMs))));
    }
    if (before.storageFull()) throw new AppError(507, 'INSUFFICIENT_STORAGE', IMPORT_MSG.storageFull);

    const dir = await createSpoolFolder(spoolDir);
    try {
      const files: SpooledFile[] = [];
      const refused: BulkUploadResponse['refused'] = [];
      try {
        // A file over the limit is cut and refused by itself, not the whole request (the option is
        // read at run time; its type only lists it on the other calls).
        // Only files under `pdfs`: any other part is refused at its header, before it is read.
        const options: Parameters<typeof request.parts>[0] & { throwFileSizeLimit: boolean } = {
          ...partsShape([]),
          limits: { fileSize: PDF_MAX_BYTES, files: IMPORT_BATCH_MAX, fields: 0, parts: IMPORT_BATCH_MAX + 10 },
          throwFileSizeLimit: false,
        };
        const parts = request.parts(options);
        for await (const part of parts) {
          if (part.type === 'field' || part.fieldname !== FILE_FIELD) throw unexpectedPart(request, part);
          const filename = cleanPdfFilename(part.filename);
          const path = join(dir, String(files.length + refused.length));
          // Spooled to disk (a batch may be far larger than the memory one request should hold),
          // but only as far as the quota goes: a file past it is read through and not kept.
          const room = before.room();
          const budget = room.files > 0 ? room.bytes : -1;
          const f = await spool(part.file, path, budget);
          if (part.file.truncated) refused.push({ filename, reason: IMPORT_MSG.tooLarge });
          else if (!isPdf(f.head)) refused.push({ filename, reason: IMPORT_MSG.notPdf });
          else if (!f.spooled) refused.push({ filename, reason: before.refusal(f.size) ?? IMPORT_MSG.storageFull });
          else {
            before.take(f.size);
            files.push({ filename, path, size: f.size, sha256: f.sha256 });
          }
        }
      } catch (err) {
        if (isDiskFull(err) || err instanceof AppError) throw err;
        const code = (err as { code?: string }).code;
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
          throw badRequest({ [FILE_FIELD]: IMPORT_MSG.tooManyFiles }, IMPORT_MSG.tooManyFiles);
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', UPLOAD_MSG.notMultipart);
        request.log.info({ err }, 'unreadable multipart body');
        throw badRequest({ _: UPLOAD_MSG.unreadable }, UPLOAD_MSG.unreadable);
      }
      if (files.length === 0 && refused.length === 0) throw badRequest({ [FILE_FIELD]: IMPORT_MSG.noFiles }, IMPORT_MSG.noFiles);

      // Duplicates: of a stored document, of one of this person's live drafts, of an earlier file
      // of this request. A file in someone else's live draft is imported, marked (who is not told).
      const hashes = [...new Set(files.map((f) => f.sha256))];
      const inList = hashes.length
        ? sql.join(
            hashes.map((h) => sql`${h}`),
            sql`, `,
          )
        : sql`''`;
      const [docs, drafts] = await Promise.all([
        queryRows<{ sha256: string; label: string }>(
          ctx.db,
          sql`select distinct on (d.sha256) d.sha256,
                e.cultura || ' ' || e.cultivar || ', ' || e.cidade || '/' || e.estado || ' (' || e.ano || ')' as label
              from documents d join experiments e on e.id = d.experiment_id
              where d.sha256 in (${inList}) order by d.sha256, d.id`,
        ),
        queryRows<{ sha256: string; filename: string; batch_id: number; mine: boolean }>(
          ctx.db,
          sql`select distinct on (sha256) sha256, filename, batch_id, owner_id = ${user.id} as mine from import_drafts
              where sha256 in (${inList}) and status not in ('failed', 'discarded')
              order by sha256, owner_id = ${user.id} desc, id`,
        ),
      ]);
      const docOf = new Map(docs.map((d) => [d.sha256, d.label]));
      const draftOf = new Map(drafts.map((d) => [d.sha256, d]));
      const seen = new Map<string, string>();
      const fresh: Array<SpooledFile & { elsewhere: boolean }> = [];
      for (const f of files) {
        const doc = docOf.get(f.sha256);
        const draft = draftOf.get(f.sha256);
        const earlier = seen.get(f.sha256);
        if (doc !== undefined) refused.push({ filename: f.filename, reason: IMPORT_MSG.duplicateDocument(doc) });
        else if (draft?.mine) refused.push({ filename: f.filename, reason: IMPORT_MSG.duplicateDraft(draft.filename, draft.batch_id) });
        else if (earlier !== undefined) refused.push({ filename: f.filename, reason: IMPORT_MSG.duplicateInRequest(earlier) });
        else {
          seen.set(f.sha256, f.filename);
          fresh.push({ ...f, elsewhere: draft !== undefined });
        }
      }

      const result = await ctx.db.transaction(async (tx) => {
        // This person's requests count their quota one after the other, on whichever server.
        await lockQuota(tx, user.id);
        const allowance = new ImportAllowance(limits, await readUsage(tx, user.id));
        let batchId = wantedBatch;
        let room = IMPORT_BATCH_MAX;
        if (batchId === undefined) {
          const [row] = await queryRows<{ id: number }>(tx, sql`insert into import_batches (owner_id) values (${user.id}) returning id`);
          if (!row) throw new Error('batch insert returned no row');
          batchId = row.id;
        } else {
          // The batch row is locked: two requests filling one batch at once count one after the other.
          await tx.execute(sql`select id from import_batches where id = ${batchId} for update`);
          const [c] = await queryRows<{ n: number | string }>(tx, sql`select count(*) as n from import_drafts where batch_id = ${batchId}`);
          room -= Number(c?.n ?? 0);
        }
        const accepted: BulkUploadResponse['accepted'] = [];
        const full: BulkUploadResponse['refused'] = [];
        for (const f of fresh) {
          if (accepted.length >= room) {
            full.push({ filename: f.filename, reason: IMPORT_MSG.batchFull });
            continue;
          }
          const over = allowance.take(f.size);
          if (over !== null) {
            full.push({ filename: f.filename, reason: over });
            continue;
          }
          const content = await readFile(f.path);
          const [row] = await queryRows<{ id: number }>(
            tx,
            sql`insert into import_drafts (batch_id, owner_id, filename, size, sha256, content, imported_elsewhere)
                values (${batchId}, ${user.id}, ${f.filename}, ${f.size}, ${f.sha256}, ${contentValue(kind, content)}, ${f.elsewhere})
                returning id`,
          );
          if (!row) throw new Error('draft insert returned no row');
          accepted.push({ filename: f.filename, draftId: row.id });
        }
        await recordAudit(tx, user, {
          action: 'import.upload',
          label: `Importação nº ${batchId}`,
          changes: { aceitos: { de: null, para: accepted.length }, recusados: { de: null, para: refused.length + full.length } },
        });
        return { batchId, accepted, full };
      });
      if (result.accepted.length) worker.wake();
      return reply
        .status(202)
        .send({ batchId: result.batchId, accepted: result.accepted, refused: [...refused, ...result.full] } satisfies BulkUploadResponse);
    } finally {
      await removeSpoolFolder(dir);
    }
  });

  app.get('/api/imports', { ...auth, config: { failureMessage: 'Erro ao buscar importações' } }, async (request) => {
    const user = currentUser(request);
    const rows = await queryRows<{
      id: number;
      created_at: string | Date;
      owner_id: string;
      owner_name: string;
      total: number | string;
      done: number | string;
      failed: number | string;
    }>(
      ctx.db,
      sql`select b.id, b.created_at, u.id as owner_id, u.name as owner_name, count(d.id) as total,
            count(*) filter (where d.status in ('ready', 'approved', 'discarded')) as done,
            count(*) filter (where d.status = 'failed') as failed
          from import_batches b
          join users u on u.id = b.owner_id
          join import_drafts d on d.batch_id = b.id
          where ${visibleTo(user, sql`b.owner_id`)}
          group by b.id, u.id
          order by b.id desc
          limit 200`,
    );
    return {
      batches: rows.map((r) => ({
        batchId: r.id,
        createdAt: new Date(r.created_at).toISOString(),
        total: Number(r.total),
        done: Number(r.done),
        failed: Number(r.failed),
        owner: { id: r.owner_id, name: r.owner_name },
      })),
    } satisfies ImportBatchesResponse;
  });

  app.get('/api/imports/drafts', { ...auth, config: { failureMessage: 'Erro ao buscar rascunhos de importação' } }, async (request) => {
    const q = parseInput(draftsQuery, request.query);
    return (await listDrafts(ctx.db, currentUser(request), {
      status: q.status,
      batchId: q.batchId,
      limit: q.limit ?? IMPORT_DRAFTS_LIMIT_DEFAULT,
      offset: q.offset ?? 0,
    })) satisfies ImportDraftsResponse;
  });

  app.get<{ Params: { batchId: string } }>(
    '/api/imports/:batchId',
    { ...auth, config: { failureMessage: 'Erro ao buscar importação' } },
    async (request) => {
      const user = currentUser(request);
      const batchId = serialId(request.params.batchId, IMPORT_MSG.batchNotFound);
      const [batch] = await queryRows<{ id: number }>(
        ctx.db,
        sql`select id from import_batches where id = ${batchId} and ${visibleTo(user, sql`owner_id`)}`,
      );
      if (!batch) throw notFound(IMPORT_MSG.batchNotFound);
      const drafts = await queryRows<{ id: number; filename: string; status: ImportStatus; reason: string | null }>(
        ctx.db,
        sql`select id, filename, status, reason from import_drafts where batch_id = ${batchId} order by id`,
      );
      return {
        batchId,
        total: drafts.length,
        done: drafts.filter((d) => d.status === 'ready' || d.status === 'approved' || d.status === 'discarded').length,
        failed: drafts.filter((d) => d.status === 'failed').length,
        drafts: drafts.map((d) => ({ id: d.id, filename: d.filename, status: d.status, ...(d.reason ? { reason: d.reason } : {}) })),
      } satisfies ImportBatchResponse;
    },
  );

  const draftOf = async (user: ReturnType<typeof currentUser>, raw: string) => {
    const draft = await getDraft(ctx.db, user, draftId(raw));
    if (!draft) throw notFound(IMPORT_MSG.draftNotFound);
    return draft;
  };

  app.get<{ Params: { id: string } }>(
    '/api/imports/drafts/:id',
    { ...auth, config: { failureMessage: 'Erro ao buscar rascunho de importação' } },
    async (request) => ({ draft: await draftOf(currentUser(request), request.params.id) }) satisfies ImportDraftResponse,
  );

  app.get<{ Params: { id: string } }>(
    '/api/imports/drafts/:id/pdf',
    { ...auth, config: { failureMessage: 'Erro ao buscar o PDF' } },
    async (request, reply) => {
      const draft = await draftOf(currentUser(request), request.params.id);
      const content = await readDraftContent(ctx.db, kind, draft.id);
      if (!content)
        throw notFound(
          draft.status === 'failed'
            ? IMPORT_MSG.pdfExpired(limits.failedRetentionDays)
            : 'O PDF deste rascunho não está mais guardado aqui: veja o documento do experimento.',
        );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('inline', draft.filename))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(content);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/imports/drafts/:id/approve',
    { ...auth, config: { failureMessage: 'Erro ao aprovar o rascunho' } },
    async (request, reply) => {
      const user = currentUser(request);
      const draft = await draftOf(user, request.params.id);
      if (draft.status !== 'ready') throw conflict(IMPORT_MSG.notReady(draft.status));
      // A draft that does not validate is answered in words ("Tratamento 1 (Testemunha): Modalidade
      // é obrigatória"), never by its field path; `fields` keeps the paths for the form's inputs.
      const parsed = z.safeParse(experimentInputSchema, request.body);
      if (!parsed.success) {
        const fields = zodFields(parsed.error);
        throw badRequest(fields, summarizeFieldErrors(fields, request.body) ?? undefined);
      }
      const data = parsed.data;
      const content = await readDraftContent(ctx.db, kind, draft.id);
      if (!content) throw conflict(IMPORT_MSG.notReady(draft.status));
      const experiment = await experimentService.create(
        user,
        data,
        { filename: draft.filename, content },
        {
          imported: {
            owner: draft.owner,
            draft: { id: draft.id, filename: draft.filename },
            async within(tx, experimentId) {
              // Only a draft still `ready`: of two approvals at once, the second finds it approved.
              const done = await queryRows<{ id: number }>(
                tx,
                sql`update import_drafts
                set status = 'approved', approved_by = ${user.id}, experiment_id = ${experimentId}, content = null, updated_at = now()
                where id = ${draft.id} and status = 'ready' returning id`,
              );
              if (done.length === 0) throw conflict(IMPORT_MSG.notReady('approved'));
            },
          },
        },
      );
      return reply.status(201).send({ experiment } satisfies ImportApproveResponse);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/imports/drafts/:id',
    { ...auth, config: { failureMessage: 'Erro ao descartar o rascunho' } },
    async (request, reply) => {
      const user = currentUser(request);
      const draft = await draftOf(user, request.params.id);
      if (draft.status === 'approved') throw conflict('Este rascunho já foi aprovado: exclua o experimento, se for o caso.');
      // A job running elsewhere finds the draft no longer `processing` and leaves it discarded.
      await ctx.db.transaction(async (tx) => {
        const discarded = await queryRows<{ id: number }>(
          tx,
          sql`update import_drafts
            set status = 'discarded', content = null, locked_until = null, locked_by = null, updated_at = now()
            where id = ${draft.id} and status not in ('approved', 'discarded') returning id`,
        );
        if (discarded.length === 0) return;
        await recordAudit(tx, user, {
          action: 'import.discard',
          label: draftLabel(draft),
          changes: { importado_por: { de: null, para: draft.owner.name } },
        });
      });
      return reply.status(204).send();
    },
  );
}
