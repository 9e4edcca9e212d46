/**
 * `POST /api/extract-pdf`: the built-in extractor reads the report's text layer and proposes the
 * form's values. Same upload rules as documents (PDF by its bytes, 10 MiB); a damaged or
 * encrypted PDF answers 422; a scanned one answers 200 with confidence 0 and a warning.
 */
import type { ExtractionResult } from '../../../shared/api-types.js';
import type { FastifyInstance } from 'fastify';
import { EXTRACTION_MSG } from '../../../shared/extraction.js';
import type { AppContext } from '../../context.js';
import { PdfUnreadableError, extractFromText } from '../../extraction/extract.js';
import { PdfTextReader } from '../../extraction/pdf-text-reader.js';
import type { AuthGuards } from '../../http/auth.js';
import { AppError, badRequest } from '../../http/errors.js';
import { readMultipart } from '../../http/multipart.js';
import { readReferenceData } from '../lookups/public.js';
import { LLM_WARNINGS, askLlm, mergeLlm } from './llm.js';

export function extractionRoutes(app: FastifyInstance, ctx: AppContext, guards: AuthGuards): void {
  const pdfText = new PdfTextReader();
  app.addHook('onClose', () => pdfText.close());
  app.post('/api/extract-pdf', { preHandler: guards.requireUser, config: { failureMessage: EXTRACTION_MSG.error } }, async (request) => {
    const { pdf } = await readMultipart(request);
    if (!pdf) throw badRequest({ pdf: 'Envie o relatório em PDF no campo "pdf".' });
    const reference = await readReferenceData(ctx);
    let text;
    try {
      text = await pdfText.read(new Uint8Array(pdf.content));
    } catch (err) {
      if (err instanceof PdfUnreadableError) throw new AppError(422, 'UNPROCESSABLE', err.message);
      throw err;
    }
    const builtIn = extractFromText(text, reference);
    const llm = ctx.config.extractionLlm;
    if (!llm || text.charCount === 0) return builtIn satisfies ExtractionResult;
    try {
      return mergeLlm(builtIn, await askLlm(text.lines.map((l) => l.text).join('\n'), llm)) satisfies ExtractionResult;
    } catch (err) {
      request.log.warn({ err }, 'LLM second opinion failed; built-in result only');
      return { ...builtIn, warnings: [...builtIn.warnings, LLM_WARNINGS.failed] } satisfies ExtractionResult;
    }
  });
}
