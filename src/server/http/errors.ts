/**
 * One place decides what a failure looks like on the wire: the error shape of docs/api.md#contract,
 * `{error: {code, message, fields?}}`, a pt-BR message, and never a stack trace or SQL.
 */
import { STATUS_CODES as HTTP_STATUS_TEXT } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from '../../shared/zod.js';
import { ApiFailure, type ApiErrorBody, type ApiErrorCode, fieldPath } from '../../shared/api-error.js';
import { MSG } from '../../shared/messages.js';
import { OBJECT_STORE_UNAVAILABLE } from '../modules/documents/public.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The message of an unexpected failure of this route. */
    failureMessage?: string;
  }
  interface FastifyRequest {
    /** Overrides the route's failure message for this request (set before the work starts). */
    failureMessage: string | undefined;
  }
}

export class AppError extends ApiFailure<ApiErrorCode> {
  override name = 'AppError';
}

export const badRequest = (fields: Record<string, string>, message: string = MSG.validationError) =>
  new AppError(400, 'VALIDATION_ERROR', message, fields);
export const unauthorized = (message: string = MSG.unauthorized) => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError(409, 'CONFLICT', message, fields);

/** Field path → first message, as the error's `fields` carries it. */
export function zodFields(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = fieldPath(issue.path) || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * Validates input with a shared schema, or throws a 400 with `fields` by path. `sayFirst`: the
 * message is the first field's (a request of one or two fields, whose message says what is wrong
 * better than "Dados inválidos").
 */
export function parseInput<S extends z.core.$ZodType>(schema: S, input: unknown, { sayFirst = false } = {}): z.output<S> {
  const result = z.safeParse(schema, input);
  if (!result.success) {
    const fields = zodFields(result.error);
    throw badRequest(fields, sayFirst ? Object.values(fields)[0] : undefined);
  }
  return result.data;
}

export function errorBody(code: ApiErrorCode, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

const STATUS_CODES: Record<number, ApiErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'TOO_MANY_REQUESTS',
  431: 'HEADERS_TOO_LARGE',
  503: 'SERVICE_UNAVAILABLE',
};

const STATUS_MESSAGES: Record<number, string> = {
  400: MSG.validationError,
  401: MSG.unauthorized,
  403: MSG.forbidden,
  404: MSG.notFound,
  408: MSG.requestTimeout,
  413: MSG.payloadTooLarge,
  414: MSG.uriTooLong,
  415: MSG.unsupportedMediaType,
  429: MSG.tooManyRequests,
  431: MSG.headersTooLarge,
};

/** A client error (4xx) in the error shape, with the status's pt-BR message. */
function clientErrorBody(status: number): ApiErrorBody {
  return errorBody(STATUS_CODES[status] ?? 'VALIDATION_ERROR', STATUS_MESSAGES[status] ?? MSG.malformedRequest);
}

/**
 * Fastify's `frameworkErrors`: failures before a route is chosen (a path parameter over
 * `maxParamLength`: FST_ERR_MAX_PARAM_LENGTH, 414; a URL that cannot be decoded:
 * FST_ERR_BAD_URL, 400). No route's hooks ran, so the answer is built here.
 */
export function frameworkErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : typeof err.statusCode === 'number' && err.statusCode < 500 ? err.statusCode : 400;
  request.log.info({ code: err.code }, 'framework error');
  void reply.status(status).send(clientErrorBody(status));
}

/**
 * Node's HTTP parser refused the request before Fastify saw it: headers (or the URL and its
 * query) over the 16 KiB limit → 431, too slow → 408, anything malformed → 400. The answer is
 * written on the socket as Fastify's default does, in the error shape.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(clientErrorBody(status));
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${HTTP_STATUS_TEXT[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  } else socket.destroy();
}

/** The error code of a failure, or of the driver error a query error wraps (drizzle's `cause`). */
function errorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

const UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08006',
  '08001',
  '08003',
  '08000',
  '08004',
]);
/** Connection-level failures of the database: the client should retry later, not see a 500. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = errorCode(err);
  if (code !== undefined && UNAVAILABLE.has(code)) return true;
  // node-postgres reports a dropped or refused connection by message only, possibly wrapped.
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const message = e instanceof Error ? e.message : '';
    if (
      /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
        message,
      )
    )
      return true;
  }
  return false;
}

/**
 * The disk is full: the file system's ENOSPC (spooling an upload), PostgreSQL's disk_full class
 * (53100; the embedded engine reports the same code, or the file system's words). Nothing was
 * stored (the transaction rolled back): 507, try later.
 */
export function isDiskFull(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === '53100') return true;
    const message = e instanceof Error ? e.message : '';
    if (/No space left on device/i.test(message)) return true;
  }
  return false;
}

/** Text the database cannot store (a NUL character, an invalid encoding): the input's fault. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05', '54000']);

export function installErrorHandling(app: FastifyInstance): void {
  app.decorateRequest('failureMessage', undefined);
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send(errorBody(err.code, err.message, err.fields));
    }
    if (err instanceof z.ZodError) {
      return reply.status(400).send(errorBody('VALIDATION_ERROR', MSG.validationError, zodFields(err)));
    }
    if (UNSTORABLE_TEXT.has(errorCode(err) ?? '')) {
      request.log.info({ code: errorCode(err) }, 'unstorable text in input');
      return reply.status(400).send(errorBody('VALIDATION_ERROR', MSG.validationError));
    }
    if (isDiskFull(err)) {
      request.log.error({ err }, 'disk full');
      return reply.status(507).send(errorBody('INSUFFICIENT_STORAGE', MSG.diskFull));
    }
    if (errorCode(err) === OBJECT_STORE_UNAVAILABLE) {
      request.log.error({ err }, 'document store unavailable');
      return reply.status(503).send(errorBody('SERVICE_UNAVAILABLE', MSG.documentStoreUnavailable));
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return reply.status(503).send(errorBody('SERVICE_UNAVAILABLE', MSG.databaseUnavailable));
    }
    const status = (err as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large...).
      request.log.info({ code: (err as FastifyError).code }, err.message);
      return reply.status(status).send(clientErrorBody(status));
    }
    request.log.error({ err }, 'unexpected error');
    // A route may name what failed in the user's words (docs/product-rules.md#messages, e.g. "Erro ao criar experimento").
    const failureMessage = request.failureMessage ?? request.routeOptions.config?.failureMessage ?? MSG.serverError;
    return reply.status(500).send(errorBody('INTERNAL_ERROR', failureMessage));
  });
}

/**
 * A `serial` id from a path parameter. Anything else (letters, signs, decimals, out of the int4
 * range) is a resource that cannot exist: 404 with the caller's message, never a database error.
 */
export function serialId(raw: string, notFoundMessage: string = MSG.notFound): number {
  const id = Number(raw);
  if (!/^\d{1,10}$/.test(raw) || id <= 0 || id > 2_147_483_647) throw notFound(notFoundMessage);
  return id;
}
