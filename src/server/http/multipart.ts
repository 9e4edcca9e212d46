/**
 * Reads a multipart request with at most one PDF. The file is checked by its first bytes
 * (`%PDF-`), never by its name or declared type, and capped at 10 MiB while it streams in, so an
 * oversized upload is refused without being held in memory. A route names the fields it reads;
 * any other part is refused as soon as its header arrives, before its value is read.
 */
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { PDF_MAX_BYTES } from '../../shared/constants.js';
import { startsLikePdf } from '../../shared/pdf-file.js';
import { cleanPdfFilename } from './filename.js';
import { AppError, badRequest } from './errors.js';
import { EXPERIMENT_JSON_BYTES, JSON_MSG, jsonRefusal } from './json-body.js';

export const UPLOAD_MSG = {
  notMultipart: 'Envie os dados como multipart/form-data',
  fileType: 'File type must be application/pdf',
  fileTooLarge: `File is larger than ${PDF_MAX_BYTES} bytes`,
  tooManyFiles: 'Too many files',
  unreadable: 'Não foi possível ler o envio. Tente novamente.',
  fieldTooLarge: 'Dados grandes demais para um experimento',
  unexpectedField: (name: string) => `Campo não esperado neste envio: "${name}"`,
  unexpectedFieldShort: 'Campo não esperado',
  textExpected: 'Envie este campo como texto',
} as const;

export interface UploadedPdf {
  filename: string;
  content: Buffer;
}

export interface MultipartResult {
  fields: Record<string, string>;
  pdf: UploadedPdf | null;
}

/** The largest text field: the experiment's JSON (`data`), sized in json-body.ts. */
const MAX_FIELD_BYTES = EXPERIMENT_JSON_BYTES;

export function isPdf(content: Buffer): boolean {
  return startsLikePdf(content);
}

/** The parts a multipart route reads. */
export interface MultipartShape {
  /** Its text fields (each at most once). */
  fields: readonly string[];
  /** The field of its file (default `pdf`). */
  file?: string;
}

/**
 * busboy's option: every part is handed over as a stream at its header (nothing of its value read
 * yet) unless it is one of the route's text fields sent as plain text, which busboy buffers (up to
 * the field limit). So an unexpected part can be refused before it costs anything, and a text
 * field declared as JSON is never parsed by @fastify/multipart ahead of our own checks.
 */
export function partsShape(textFields: readonly string[]) {
  return {
    isPartAFile: (name: string | undefined, contentType: string | undefined, filename: string | undefined) =>
      filename !== undefined || contentType !== 'text/plain' || name === undefined || !textFields.includes(name),
  };
}

type Part = { fieldname: string; file?: NodeJS.ReadableStream & { destroy(): void } };

/**
 * Stops reading a multipart body at `part`: its stream is closed and the rest of the request is
 * read and thrown away (never held), as node does for a body nobody read, so the client gets the
 * answer that follows.
 */
export function discardRest(request: FastifyRequest, part: Part): void {
  request.raw.unpipe();
  part.file?.destroy();
  request.raw.resume();
}

/** The 400 for a part the route does not read, naming it; the rest of the body is discarded. */
export function unexpectedPart(request: FastifyRequest, part: Part) {
  discardRest(request, part);
  const name = part.fieldname.slice(0, 100);
  return badRequest({ [name || '_']: UPLOAD_MSG.unexpectedFieldShort }, UPLOAD_MSG.unexpectedField(name));
}

export async function readMultipart(request: FastifyRequest, shape: MultipartShape): Promise<MultipartResult> {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', UPLOAD_MSG.notMultipart);
  const fileField = shape.file ?? 'pdf';
  const fields: Record<string, string> = {};
  let pdf: UploadedPdf | null = null;
  try {
    const parts = request.parts({
      ...partsShape(shape.fields),
      limits: {
        fileSize: PDF_MAX_BYTES,
        files: 2,
        fields: shape.fields.length,
        fieldSize: MAX_FIELD_BYTES,
        parts: shape.fields.length + 2,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        // Cut at MAX_FIELD_BYTES while streaming: what arrives is not the whole value.
        if (part.valueTruncated) {
          throw new AppError(413, 'PAYLOAD_TOO_LARGE', UPLOAD_MSG.fieldTooLarge, { [part.fieldname]: UPLOAD_MSG.fieldTooLarge });
        }
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (shape.fields.includes(part.fieldname)) {
        // One of our text fields sent as a file or with another type (e.g. application/json).
        discardRest(request, part);
        throw badRequest({ [part.fieldname]: UPLOAD_MSG.textExpected });
      }
      if (part.fieldname !== fileField) throw unexpectedPart(request, part);
      if (pdf) {
        discardRest(request, part);
        throw badRequest({ [fileField]: UPLOAD_MSG.tooManyFiles }, UPLOAD_MSG.tooManyFiles);
      }
      const content = await part.toBuffer();
      pdf = { filename: cleanPdfFilename(part.filename), content };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', UPLOAD_MSG.fileTooLarge, { [fileField]: UPLOAD_MSG.fileTooLarge });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw badRequest({ [fileField]: UPLOAD_MSG.tooManyFiles }, UPLOAD_MSG.tooManyFiles);
    if (code === 'FST_FIELDS_LIMIT') throw badRequest({ _: UPLOAD_MSG.unreadable }, UPLOAD_MSG.unreadable);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', UPLOAD_MSG.notMultipart);
    // A malformed body (truncated, bad boundary) is the client's fault, not ours.
    request.log.info({ err }, 'unreadable multipart body');
    throw badRequest({ _: UPLOAD_MSG.unreadable }, UPLOAD_MSG.unreadable);
  }
  if (pdf && !isPdf(pdf.content)) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', UPLOAD_MSG.fileType, { [fileField]: UPLOAD_MSG.fileType });
  }
  return { fields, pdf };
}

/** Parses the JSON of a multipart text field (its cost checked first, as for JSON bodies), or answers 400. */
export function jsonField(fields: Record<string, string>, name: string): unknown {
  const raw = fields[name];
  if (raw === undefined) throw badRequest({ [name]: 'Campo obrigatório ausente' });
  const refusal = jsonRefusal(raw);
  if (refusal) throw badRequest({ [name]: JSON_MSG[refusal] }, JSON_MSG[refusal]);
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest({ [name]: JSON_MSG.invalid });
  }
}
