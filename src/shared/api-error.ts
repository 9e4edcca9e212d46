/** The error body every API failure answers with (docs/api.md#contract). */
export type ApiErrorCode =
  | 'VALIDATION_ERROR'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'URI_TOO_LONG'
  | 'HEADERS_TOO_LARGE'
  | 'REQUEST_TIMEOUT'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'UNPROCESSABLE'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE'
  | 'INSUFFICIENT_STORAGE'
  | 'INTERNAL_ERROR';

export interface ApiErrorBody {
  error: {
    code: ApiErrorCode;
    message: string;
    fields?: Record<string, string>;
  };
}

/**
 * A failure as the error shape tells it, with its HTTP status: the server throws it (AppError)
 * and the client rebuilds it from a response (ApiError), so both read the same fields.
 */
export class ApiFailure<Code extends string> extends Error {
  constructor(
    readonly status: number,
    readonly code: Code,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Turns a zod-style issue path into the error body's dotted field path (`tratamentos.0.nome`). */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((p) => String(p)).join('.');
}
