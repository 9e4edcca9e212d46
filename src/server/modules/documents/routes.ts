import type { DocumentResponse, DocumentsResponse } from '../../../shared/api-types.js';
import { Readable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from '../../../shared/zod.js';
import { DOCUMENT_LIST_LIMIT } from '../../../shared/constants.js';
import { contentDisposition } from '../../http/filename.js';
import type { AppContext } from '../../context.js';
import { documents, experiments } from '../../db/schema.js';
import { type AuthGuards, currentUser } from '../../http/auth.js';
import { badRequest, forbidden, notFound, parseInput, serialId } from '../../http/errors.js';
import { readMultipart } from '../../http/multipart.js';
import { experimentLabel, recordAudit } from '../audit/public.js';
import { canModify, getExperimentHead } from '../experiments/public.js';
import { CHUNK_BYTES, type DocumentStore, documentColumns, presentDocument, refreshCurrentFilename } from './store.js';

const DOC_MSG = {
  notFound: 'Documento não encontrado',
  experimentRequired: 'Informe o experimento do documento',
  pdfRequired: 'O upload do arquivo PDF é obrigatório para finalizar o experimento',
} as const;

const idParam = (raw: string) => serialId(raw, DOC_MSG.notFound);

const listQuery = z.object({
  experimentId: z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, 'Experimento inválido')
    .transform(Number)
    .optional(),
  limit: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, 'Limite inválido')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 500, 'Limite deve ser um inteiro entre 1 e 500')
    .optional(),
});

export function documentRoutes(app: FastifyInstance, ctx: AppContext, store: DocumentStore, guards: AuthGuards): void {
  const auth = { onRequest: guards.requireUser };

  /** The id of an experiment's current (newest) document. */
  const currentIdOf = async (experimentId: number) => {
    const [row] = await ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.experimentId, experimentId))
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(1);
    return row?.id;
  };

  app.post('/api/uploads/document', auth, async (request, reply) => {
    const { fields, pdf } = await readMultipart(request, { fields: ['experimentId'] });
    const experimentId = Number(fields.experimentId);
    if (!fields.experimentId || !Number.isSafeInteger(experimentId) || experimentId <= 0) {
      throw badRequest({ experimentId: DOC_MSG.experimentRequired });
    }
    if (!pdf) throw badRequest({ pdf: DOC_MSG.pdfRequired });
    const head = await getExperimentHead(ctx.db, experimentId);
    if (!head) throw notFound('Experimento não encontrado');
    const user = currentUser(request);
    if (!canModify(user, head.ownerId)) throw forbidden();
    const row = await ctx.db.transaction(async (tx) => {
      const stored = await store.put(tx, { experimentId, filename: pdf.filename, content: pdf.content, uploadedBy: user.id });
      await tx.update(experiments).set({ updatedAt: new Date() }).where(eq(experiments.id, experimentId));
      await recordAudit(tx, user, {
        action: 'document.add',
        experimentId,
        label: experimentLabel(head),
        changes: { arquivo: { de: null, para: pdf.filename } },
      });
      return stored;
    });
    return reply.status(201).send({ document: presentDocument(row, row.id) } satisfies DocumentResponse);
  });

  app.get('/api/uploads/documents', auth, async (request) => {
    const q = parseInput(listQuery, request.query);
    const rows = await ctx.db
      .select(documentColumns)
      .from(documents)
      .where(q.experimentId === undefined ? undefined : eq(documents.experimentId, q.experimentId))
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(q.limit ?? DOCUMENT_LIST_LIMIT);
    const current = q.experimentId === undefined ? undefined : rows[0]?.id;
    return { documents: rows.map((r) => presentDocument(r, current)) } satisfies DocumentsResponse;
  });

  app.get<{ Params: { id: string } }>('/api/uploads/documents/:id', auth, async (request) => {
    const [row] = await ctx.db
      .select(documentColumns)
      .from(documents)
      .where(eq(documents.id, idParam(request.params.id)));
    if (!row) throw notFound(DOC_MSG.notFound);
    return { document: presentDocument(row, await currentIdOf(row.experimentId)) } satisfies DocumentResponse;
  });

  app.get<{ Params: { id: string }; Querystring: { disposition?: string } }>(
    '/api/uploads/documents/:id/download',
    auth,
    async (request, reply) => {
      const id = idParam(request.params.id);
      const [meta] = await ctx.db.select(documentColumns).from(documents).where(eq(documents.id, id));
      if (!meta) throw notFound(DOC_MSG.notFound);
      const kind = request.query.disposition === 'inline' ? 'inline' : 'attachment';
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', contentDisposition(kind, meta.filename))
          .header('content-length', String(meta.size))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .header('etag', `"${meta.sha256}"`)
          // At most one slice read ahead of what the client has taken.
          .send(Readable.from(store.chunks(ctx.db, meta), { objectMode: false, highWaterMark: CHUNK_BYTES }))
      );
    },
  );

  app.delete<{ Params: { id: string } }>('/api/uploads/documents/:id', auth, async (request, reply) => {
    const id = idParam(request.params.id);
    const [meta] = await ctx.db.select(documentColumns).from(documents).where(eq(documents.id, id));
    if (!meta) throw notFound(DOC_MSG.notFound);
    const head = await getExperimentHead(ctx.db, meta.experimentId);
    const user = currentUser(request);
    if (!head || !canModify(user, head.ownerId)) throw forbidden();
    await ctx.db.transaction(async (tx) => {
      await tx.delete(documents).where(and(eq(documents.id, id), eq(documents.experimentId, meta.experimentId)));
      await refreshCurrentFilename(tx, meta.experimentId);
      await recordAudit(tx, user, {
        action: 'document.delete',
        experimentId: meta.experimentId,
        label: experimentLabel(head),
        changes: { arquivo: { de: meta.filename, para: null } },
      });
    });
    return reply.status(204).send();
  });
}
