/**
 * `POST /api/extract-pdf`: the built-in extractor reads the report's text layer and proposes the
 * form's values. Same upload rules as documents (PDF by its bytes, 10 MiB); a damaged or
 * encrypted PDF answers 422; a scanned one answers 200 with confidence 0 and a warning.
 *
 * The PDFs are read by this process's pool (extraction/pdf-text-reader.ts): fair between users,
 * a user beyond their limit answers 429 and a full queue 503 (both with Retry-After), and a
 * request whose client goes away is cancelled (dropped from the queue, or its worker stopped).
 */
import type { ExtractionResult } from '../../../shared/api-types.js';
import type { FastifyInstance } from 'fastify';
import { EXTRACTION_MSG } from '../../../shared/extraction.js';
import type { AppContext } from '../../context.js';
import { PdfUnreadableError, extractFromText } from '../../extraction/extract.js';
import { ExtractionBusyError, ExtractionCancelledError, PdfTextReader } from '../../extraction/pdf-text-reader.js';
import { compileReference } from '../../extraction/reference.js';
import type { AuthGuards } from '../../http/auth.js';
import { AppError, badRequest } from '../../http/errors.js';
import { currentUser } from '../../http/auth.js';
import { readMultipart } from '../../http/multipart.js';
import { readReferenceData } from '../lookups/public.js';
import { LLM_WARNINGS, askLlm, mergeLlm } from './llm.js';

/** What a refused or cancelled extraction answers (the error shape of docs/api.md#contract). */
export const POOL_MSG = {
  perUser: (limit: number) =>
    limit === 1
      ? 'Você já tem uma extração em andamento. Aguarde ela terminar para enviar outro PDF.'
      : `Você já tem ${limit} extrações em andamento. Aguarde uma delas terminar para enviar outro PDF.`,
  busy: 'O servidor está ocupado com outras extrações. Tente novamente em alguns segundos.',
  cancelled: 'Extração cancelada: a conexão foi encerrada antes da resposta.',
} as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's extraction pool (its stats() are read by tests and could be by a health check). */
    extractionPool: PdfTextReader;
  }
}

export function extractionRoutes(app: FastifyInstance, ctx: AppContext, guards: AuthGuards): void {
  const pdfText = new PdfTextReader(ctx.config.extractionPool);
  app.decorate('extractionPool', pdfText);
  app.addHook('onClose', () => pdfText.close());
  app.post(
    '/api/extract-pdf',
    { onRequest: guards.requireUser, config: { failureMessage: EXTRACTION_MSG.error } },
    async (request, reply) => {
      const { pdf } = await readMultipart(request, { fields: [] });
      if (!pdf) throw badRequest({ pdf: 'Envie o relatório em PDF no campo "pdf".' });
      const reference = await readReferenceData(ctx);
      // The client closing the connection before the answer cancels the job.
      const abandoned = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableEnded) abandoned.abort();
      };
      reply.raw.once('close', onClose);
      // Gone already while the upload was read (the request itself is done once its body is read).
      if (request.raw.socket?.destroyed) abandoned.abort();
      let text;
      try {
        text = await pdfText.read(new Uint8Array(pdf.content), { owner: String(currentUser(request).id), signal: abandoned.signal });
      } catch (err) {
        if (err instanceof PdfUnreadableError) throw new AppError(422, 'UNPROCESSABLE', err.message);
        if (err instanceof ExtractionBusyError) {
          reply.header('retry-after', String(err.retryAfterSeconds));
          throw err.scope === 'user'
            ? new AppError(429, 'TOO_MANY_REQUESTS', POOL_MSG.perUser(err.limit))
            : new AppError(503, 'SERVICE_UNAVAILABLE', POOL_MSG.busy);
        }
        // Nobody reads this answer: the connection is gone.
        if (err instanceof ExtractionCancelledError) throw new AppError(503, 'SERVICE_UNAVAILABLE', POOL_MSG.cancelled);
        throw err;
      } finally {
        reply.raw.off('close', onClose);
      }
      const builtIn = extractFromText(text, reference);
      const llm = ctx.config.extractionLlm;
      if (!llm || text.charCount === 0) return builtIn satisfies ExtractionResult;
      try {
        return mergeLlm(
          builtIn,
          await askLlm(text.lines.map((l) => l.text).join('\n'), llm),
          compileReference(reference),
        ) satisfies ExtractionResult;
      } catch (err) {
        request.log.warn({ err }, 'LLM second opinion failed; built-in result only');
        return { ...builtIn, warnings: [...builtIn.warnings, LLM_WARNINGS.failed] } satisfies ExtractionResult;
      }
    },
  );
}
