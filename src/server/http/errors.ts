/**
 * One place decides what a failure looks like on the wire: the contract's
 * `{error: {code, message, fields?}}`, a pt-BR message, and never a stack trace or SQL.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type ApiErrorBody, type ApiErrorCode, fieldPath } from '../../shared/api-error.js';
import { MSG } from '../../shared/messages.js';

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

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (fields: Record<string, string>, message: string = MSG.validationError) =>
  new AppError(400, 'VALIDATION_ERROR', message, fields);
export const unauthorized = (message: string = MSG.unauthorized) => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError(409, 'CONFLICT', message, fields);

/** Field path → first message, as the contract's `fields` wants it. */
export function zodFields(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = fieldPath(issue.path) || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Validates input with a shared schema, or throws the contract's 400. */
export function parseInput<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const result = z.safeParse(schema, input);
  if (!result.success) throw badRequest(zodFields(result.error));
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
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

const STATUS_MESSAGES: Record<number, string> = {
  400: MSG.validationError,
  401: MSG.unauthorized,
  403: MSG.forbidden,
  404: MSG.notFound,
  413: MSG.payloadTooLarge,
  415: MSG.unsupportedMediaType,
  429: MSG.tooManyRequests,
};

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

/** Text the database cannot store (a NUL character, an invalid encoding): the input's fault. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05', '54000']);

export function installErrorHandling(app: FastifyInstance): void {
  app.decorateRequest('failureMessage', undefined);
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send(errorBody(err.code, err.message, err.fields));
    }
    if (err instanceof z.ZodError) {
      return reply.status(400).send(errorBody('VALIDATION_ERROR', MSG.validationError, zodFields(err)));
    }
    if (UNSTORABLE_TEXT.has(errorCode(err) ?? '')) {
      request.log.info({ code: errorCode(err) }, 'unstorable text in input');
      return reply.status(400).send(errorBody('VALIDATION_ERROR', MSG.validationError));
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return reply.status(503).send(errorBody('SERVICE_UNAVAILABLE', MSG.databaseUnavailable));
    }
    const status = (err as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large...).
      request.log.info({ code: (err as FastifyError).code }, err.message);
      const code = STATUS_CODES[status] ?? 'VALIDATION_ERROR';
      return reply.status(status).send(errorBody(code, STATUS_MESSAGES[status] ?? MSG.validationError));
    }
    request.log.error({ err }, 'unexpected error');
    // A route may name what failed in the user's words (spec 001 §8, e.g. "Erro ao criar experimento").
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
