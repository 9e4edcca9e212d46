/**
 * The archive import (docs/api.md "Archive import"): `POST /api/uploads/bulk` takes
 * many PDFs into a batch of queued drafts and answers at once; the worker (worker.ts) reads them;
 * the review lists the drafts, and approving one creates the experiment with its PDF. Drafts
 * belong to who imported them (404 to anyone else); admins see and act on all.
 */
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type {} from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  formatWait,
} from '../../../shared/imports.js';
import { z } from '../../../shared/zod.js';
import { IMPORT_LIMIT_DEFAULTS, type ImportLimits } from '../../config.js';
import type { AppContext } from '../../context.js';
import { type AuthGuards, type AuthUser, currentUser } from '../../http/auth.js';
import { AppError, badRequest, conflict, errorBody, isDiskFull, notFound, parseInput, serialId, zodFields } from '../../http/errors.js';
import { contentDisposition, cleanPdfFilename } from '../../http/filename.js';
import { UPLOAD_MSG, isPdf, partsShape, unexpectedPart } from '../../http/multipart.js';
import { draftLabel, recordAudit } from '../audit/public.js';
import type { ExperimentService } from '../experiments/public.js';
import { readReferenceData } from '../lookups/public.js';
import { ImportAllowance, lockQuota, readUsage } from './quota.js';
import {
  type LiveDraftOfFile,
  createBatch,
  discardDraft,
  findHeldFiles,
  getDraft,
  insertDraft,
  listBatchDrafts,
  listBatches,
  listDrafts,
  lockBatchAndCountDrafts,
  markApproved,
  ownsBatch,
  readDraftContent,
} from './repository.js';
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

/** What the handlers share, one per server. */
interface ImportDeps {
  ctx: AppContext;
  experimentService: ExperimentService;
  limits: ImportLimits;
  spoolDir: string;
  writer: SpoolWriter;
  worker: ImportWorker;
}

type WithId = { Params: { id: string } };

export function importRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  experimentService: ExperimentService,
  guards: AuthGuards,
  opts: ImportRouteOptions,
): void {
  const limits = { ...IMPORT_LIMIT_DEFAULTS, ...ctx.config.importLimits };
  const spoolDir = spoolRoot(ctx.config.dataDir);
  const worker = installWorker(app, ctx, opts, limits, spoolDir);
  const deps: ImportDeps = { ctx, experimentService, limits, spoolDir, writer: opts.spoolWriter ?? fileSpoolWriter, worker };
  const signedIn = (failureMessage: string) => ({ onRequest: guards.requireUser, config: { failureMessage } });

  app.post('/api/uploads/bulk', signedIn('Erro ao enviar os relatórios'), (request, reply) => uploadBulk(deps, request, reply));
  app.get('/api/imports', signedIn('Erro ao buscar importações'), (request) => listImports(deps, request));
  app.get('/api/imports/drafts', signedIn('Erro ao buscar rascunhos de importação'), (request) => listImportDrafts(deps, request));
  app.get<{ Params: { batchId: string } }>('/api/imports/:batchId', signedIn('Erro ao buscar importação'), (request) =>
    showBatch(deps, request),
  );
  app.get<WithId>('/api/imports/drafts/:id', signedIn('Erro ao buscar rascunho de importação'), (request) => showDraft(deps, request));
  app.get<WithId>('/api/imports/drafts/:id/pdf', signedIn('Erro ao buscar o PDF'), (request, reply) => sendDraftPdf(deps, request, reply));
  app.post<WithId>('/api/imports/drafts/:id/approve', signedIn('Erro ao aprovar o rascunho'), (request, reply) =>
    approveDraft(deps, request, reply),
  );
  app.delete<WithId>('/api/imports/drafts/:id', signedIn('Erro ao descartar o rascunho'), (request, reply) =>
    discardImportDraft(deps, request, reply),
  );
}

/**
 * This server's import worker: started when the app is ready (after the spool's leftovers are
 * cleaned), stopped before it closes, and yielding to people's requests.
 */
function installWorker(
  app: FastifyInstance,
  ctx: AppContext,
  opts: ImportRouteOptions,
  limits: ImportLimits,
  spoolDir: string,
): ImportWorker {
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
    kind: ctx.database.kind,
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
  return worker;
}

/** POST /api/uploads/bulk: the files into a new batch (or the person's `batchId`), answered at once. */
async function uploadBulk(deps: ImportDeps, request: FastifyRequest, reply: FastifyReply) {
  const user = currentUser(request);
  const { batchId: wantedBatch } = parseInput(bulkQuery, request.query);
  if (wantedBatch !== undefined && !(await ownsBatch(deps.ctx.db, user.id, wantedBatch))) throw notFound(IMPORT_MSG.batchNotFound);
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', UPLOAD_MSG.notMultipart);

  // Nothing at all may come in: answered before the body is read.
  const before = new ImportAllowance(deps.limits, await readUsage(deps.ctx.db, user.id));
  const spent = before.spent();
  if (spent) {
    return reply
      .status(429)
      .header('retry-after', String(Math.max(1, Math.ceil(spent.waitMs / 1000))))
      .send(errorBody('TOO_MANY_REQUESTS', IMPORT_MSG.quotaSpent(formatWait(spent.waitMs))));
  }
  if (before.storageFull()) throw new AppError(507, 'INSUFFICIENT_STORAGE', IMPORT_MSG.storageFull);

  const dir = await createSpoolFolder(deps.spoolDir);
  try {
    const { files, refused } = await receiveFiles(deps.writer, request, before, dir);
    if (files.length === 0 && refused.length === 0) throw badRequest({ [FILE_FIELD]: IMPORT_MSG.noFiles }, IMPORT_MSG.noFiles);
    const held = await findHeldFiles(deps.ctx.db, user.id, [...new Set(files.map((f) => f.sha256))]);
    const { fresh, duplicates } = setAsideDuplicates(files, held);
    refused.push(...duplicates);
    const result = await enqueue(deps, user, wantedBatch, fresh, refused.length);
    if (result.accepted.length) deps.worker.wake();
    return reply
      .status(202)
      .send({ batchId: result.batchId, accepted: result.accepted, refused: [...refused, ...result.full] } satisfies BulkUploadResponse);
  } finally {
    await removeSpoolFolder(dir);
  }
}

/**
 * Reads the request's files into `dir`, each as far as the quota `before` goes; what is not a PDF,
 * too large or past the quota is refused by itself, not the whole request.
 */
async function receiveFiles(
  writer: SpoolWriter,
  request: FastifyRequest,
  before: ImportAllowance,
  dir: string,
): Promise<{ files: SpooledFile[]; refused: BulkUploadResponse['refused'] }> {
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
      const f = await spoolTo(writer, part.file, path, budget);
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
  return { files, refused };
}

/**
 * Duplicates: of a stored document, of one of this person's live drafts, of an earlier file of
 * this request. A file in someone else's live draft is imported, marked (who is not told).
 */
function setAsideDuplicates(
  files: SpooledFile[],
  held: { documents: Map<string, string>; drafts: Map<string, LiveDraftOfFile> },
): { fresh: Array<SpooledFile & { elsewhere: boolean }>; duplicates: BulkUploadResponse['refused'] } {
  const seen = new Map<string, string>();
  const fresh: Array<SpooledFile & { elsewhere: boolean }> = [];
  const duplicates: BulkUploadResponse['refused'] = [];
  for (const f of files) {
    const doc = held.documents.get(f.sha256);
    const draft = held.drafts.get(f.sha256);
    const earlier = seen.get(f.sha256);
    if (doc !== undefined) duplicates.push({ filename: f.filename, reason: IMPORT_MSG.duplicateDocument(doc) });
    else if (draft?.mine) duplicates.push({ filename: f.filename, reason: IMPORT_MSG.duplicateDraft(draft.filename, draft.batchId) });
    else if (earlier !== undefined) duplicates.push({ filename: f.filename, reason: IMPORT_MSG.duplicateInRequest(earlier) });
    else {
      seen.set(f.sha256, f.filename);
      fresh.push({ ...f, elsewhere: draft !== undefined });
    }
  }
  return { fresh, duplicates };
}

/**
 * Queues the fresh files as drafts of the batch, within its room and the person's quota counted
 * again under their lock; `refusedSoFar` goes into the audit entry with what this refuses.
 */
async function enqueue(
  deps: ImportDeps,
  user: AuthUser,
  wantedBatch: number | undefined,
  fresh: Array<SpooledFile & { elsewhere: boolean }>,
  refusedSoFar: number,
): Promise<{ batchId: number; accepted: BulkUploadResponse['accepted']; full: BulkUploadResponse['refused'] }> {
  return deps.ctx.db.transaction(async (tx) => {
    // This person's requests count their quota one after the other, on whichever server.
    await lockQuota(tx, user.id);
    const allowance = new ImportAllowance(deps.limits, await readUsage(tx, user.id));
    const batchId = wantedBatch ?? (await createBatch(tx, user.id));
    const room = IMPORT_BATCH_MAX - (wantedBatch === undefined ? 0 : await lockBatchAndCountDrafts(tx, wantedBatch));
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
      const draftId = await insertDraft(tx, deps.ctx.database.kind, {
        batchId,
        ownerId: user.id,
        filename: f.filename,
        size: f.size,
        sha256: f.sha256,
        content,
        importedElsewhere: f.elsewhere,
      });
      accepted.push({ filename: f.filename, draftId });
    }
    await recordAudit(tx, user, {
      action: 'import.upload',
      label: `Importação nº ${batchId}`,
      changes: { aceitos: { de: null, para: accepted.length }, recusados: { de: null, para: refusedSoFar + full.length } },
    });
    return { batchId, accepted, full };
  });
}

/** GET /api/imports: the batches the person may see. */
async function listImports(deps: ImportDeps, request: FastifyRequest) {
  return { batches: await listBatches(deps.ctx.db, currentUser(request)) } satisfies ImportBatchesResponse;
}

/** GET /api/imports/drafts: a page of the drafts the person may see, by status or batch. */
async function listImportDrafts(deps: ImportDeps, request: FastifyRequest) {
  const q = parseInput(draftsQuery, request.query);
  return (await listDrafts(deps.ctx.db, currentUser(request), {
    status: q.status,
    batchId: q.batchId,
    limit: q.limit ?? IMPORT_DRAFTS_LIMIT_DEFAULT,
    offset: q.offset ?? 0,
  })) satisfies ImportDraftsResponse;
}

/** GET /api/imports/:batchId: a batch's progress and its drafts. */
async function showBatch(deps: ImportDeps, request: FastifyRequest<{ Params: { batchId: string } }>) {
  const user = currentUser(request);
  const batchId = serialId(request.params.batchId, IMPORT_MSG.batchNotFound);
  const drafts = await listBatchDrafts(deps.ctx.db, user, batchId);
  if (!drafts) throw notFound(IMPORT_MSG.batchNotFound);
  return {
    batchId,
    total: drafts.length,
    done: drafts.filter((d) => d.status === 'ready' || d.status === 'approved' || d.status === 'discarded').length,
    failed: drafts.filter((d) => d.status === 'failed').length,
    drafts: drafts.map((d) => ({ id: d.id, filename: d.filename, status: d.status, ...(d.reason ? { reason: d.reason } : {}) })),
  } satisfies ImportBatchResponse;
}

/** The draft the `:id` names, if the person may see it; else 404. */
async function visibleDraft(deps: ImportDeps, user: AuthUser, raw: string) {
  const draft = await getDraft(deps.ctx.db, user, serialId(raw, IMPORT_MSG.draftNotFound));
  if (!draft) throw notFound(IMPORT_MSG.draftNotFound);
  return draft;
}

/** GET /api/imports/drafts/:id */
async function showDraft(deps: ImportDeps, request: FastifyRequest<WithId>) {
  return { draft: await visibleDraft(deps, currentUser(request), request.params.id) } satisfies ImportDraftResponse;
}

/** GET /api/imports/drafts/:id/pdf: the draft's PDF while it is kept. */
async function sendDraftPdf(deps: ImportDeps, request: FastifyRequest<WithId>, reply: FastifyReply) {
  const draft = await visibleDraft(deps, currentUser(request), request.params.id);
  const content = await readDraftContent(deps.ctx.db, deps.ctx.database.kind, draft.id);
  if (!content)
    throw notFound(
      draft.status === 'failed'
        ? IMPORT_MSG.pdfExpired(deps.limits.failedRetentionDays)
        : 'O PDF deste rascunho não está mais guardado aqui: veja o documento do experimento.',
    );
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition('inline', draft.filename))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(content);
}

/** POST /api/imports/drafts/:id/approve: the experiment the body says, with the draft's PDF. */
async function approveDraft(deps: ImportDeps, request: FastifyRequest<WithId>, reply: FastifyReply) {
  const user = currentUser(request);
  const draft = await visibleDraft(deps, user, request.params.id);
  if (draft.status !== 'ready') throw conflict(IMPORT_MSG.notReady(draft.status));
  // A draft that does not validate is answered in words ("Tratamento 1 (Testemunha): Modalidade
  // é obrigatória"), never by its field path; `fields` keeps the paths for the form's inputs.
  const parsed = z.safeParse(experimentInputSchema, request.body);
  if (!parsed.success) {
    const fields = zodFields(parsed.error);
    throw badRequest(fields, summarizeFieldErrors(fields, request.body) ?? undefined);
  }
  const content = await readDraftContent(deps.ctx.db, deps.ctx.database.kind, draft.id);
  if (!content) throw conflict(IMPORT_MSG.notReady(draft.status));
  const experiment = await deps.experimentService.create(
    user,
    parsed.data,
    { filename: draft.filename, content },
    {
      imported: {
        owner: draft.owner,
        draft: { id: draft.id, filename: draft.filename },
        async within(tx, experimentId) {
          // Of two approvals at once, the second finds the draft approved.
          if (!(await markApproved(tx, draft.id, user.id, experimentId))) throw conflict(IMPORT_MSG.notReady('approved'));
        },
      },
    },
  );
  return reply.status(201).send({ experiment } satisfies ImportApproveResponse);
}

/** DELETE /api/imports/drafts/:id: the draft discarded, unless it was approved. */
async function discardImportDraft(deps: ImportDeps, request: FastifyRequest<WithId>, reply: FastifyReply) {
  const user = currentUser(request);
  const draft = await visibleDraft(deps, user, request.params.id);
  if (draft.status === 'approved') throw conflict('Este rascunho já foi aprovado: exclua o experimento, se for o caso.');
  await deps.ctx.db.transaction(async (tx) => {
    if (!(await discardDraft(tx, draft.id))) return;
    await recordAudit(tx, user, {
      action: 'import.discard',
      label: draftLabel(draft),
      changes: { importado_por: { de: null, para: draft.owner.name } },
    });
  });
  return reply.status(204).send();
}
