import type { FieldErrors, FieldValues } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.js';

/** The first message among the form's errors, in the order the fields appear on screen. */
export function firstError<T extends FieldValues>(errors: FieldErrors<T>, order: readonly (keyof T & string)[]): string | undefined {
  for (const name of order) {
    const message = errors[name]?.message;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

/**
 * What to tell the user after a failed call: the server's own message when it is specific
 * (a field message, a conflict, a rate limit), else the screen's generic failure text.
 */
export function failureMessage(err: unknown, generic: string, specific: Record<number, string | undefined> = {}): string {
  if (!(err instanceof ApiError)) return generic;
  const bySpec = specific[err.status];
  if (bySpec) return bySpec;
  const field = err.fields ? Object.values(err.fields)[0] : undefined;
  if (field) return field;
  if (err.status === 409 || err.status === 429) return err.message;
  return generic;
}
