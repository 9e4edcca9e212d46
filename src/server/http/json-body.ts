/**
 * JSON bodies: how deep they may nest and how large they may be, checked before anything is
 * parsed. A body like `[[[[…]]]]` costs the parser (and the garbage collector after it) time in
 * proportion to its depth, and bodies are parsed before authentication; a linear scan of the
 * brackets refuses it first, for the price of reading the text once. The same check guards the
 * JSON of the multipart `data` field (multipart.ts).
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/**
 * The deepest nesting any body of this API has is 5 (experiment → tratamentos → treatment →
 * produtos_aplicados → product); 32 leaves room and still refuses every nesting attack.
 */
export const MAX_JSON_DEPTH = 32;

/** Bodies of routes that expect no large JSON (sign-in, profile, reference data…). */
export const SMALL_JSON_BYTES = 16 * 1024;

/**
 * An experiment as JSON (the multipart `data` field; the same size bounds a JSON approval of an
 * imported draft). The largest body the shared schema accepts, every list at its maximum (50
 * treatments × 12 plot yields × 30 products × 30 analyses) and every text at its maximum length in
 * accented letters, is 1.32 MB; a large real trial (50 treatments, 12 blocks, 5 products and 5
 * analyses each) is 59 KB. `json-body.test.ts` measures both against this limit.
 */
export const EXPERIMENT_JSON_BYTES = 1536 * 1024;

export const JSON_MSG = {
  tooDeep: `JSON aninhado demais: no máximo ${MAX_JSON_DEPTH} níveis de listas e objetos`,
  invalid: 'JSON inválido',
} as const;

const OPEN_BRACE = 0x7b; // {
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACE = 0x7d; // }
const CLOSE_BRACKET = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether `text` opens more than `max` arrays or objects inside one another. Brackets inside
 * strings do not count. Malformed text is not judged here (JSON.parse does that after): the scan
 * only has to be cheap and never under-count the depth JSON.parse would reach.
 */
export function jsonTooDeep(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}

/**
 * Replaces Fastify's `application/json` parser with one that refuses deep nesting before parsing
 * (400, the contract's shape), then parses as Fastify does (secure-json-parse: `__proto__` is
 * refused, `constructor.prototype` dropped). Body size is Fastify's own check, per route.
 */
export function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonTooDeep(text)) {
      done(badRequest({ _: JSON_MSG.tooDeep }, JSON_MSG.tooDeep), undefined);
      return;
    }
    parse(request, text, done);
  });
}
