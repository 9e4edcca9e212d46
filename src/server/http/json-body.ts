/**
 * JSON bodies: how deep they may nest, how many values they may hold, how long one list or object
 * may be and how large they may be, checked before anything is parsed. What a body costs the
 * parser (and the garbage collector after it) grows with its nesting and with its number of
 * values: `[[[[…]]]]`, or 1.5 MiB of one object with 130,000 keys, or a flat list of 790,000
 * numbers. A linear scan of the brackets and commas refuses them first, for the price of reading
 * the text once, and stops at the first bound passed. The same check guards the JSON of the
 * multipart `data` field (multipart.ts).
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

/**
 * Values in one body (every member of every list and object, plus the lists and objects
 * themselves). The largest experiment the schema accepts (see EXPERIMENT_JSON_BYTES) holds 14,469;
 * 50,000 leaves room for the lists an experiment may grow and refuses the wide-body attacks, whose
 * parse cost grows with this count (json-body.unit.test.ts measures both).
 */
export const MAX_JSON_VALUES = 50_000;

/** Members of one list or object. The longest list any body has is 50 (treatments, trial ids). */
export const MAX_JSON_ITEMS = 1_000;

const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

export const JSON_MSG = {
  tooDeep: `JSON aninhado demais: no máximo ${MAX_JSON_DEPTH} níveis de listas e objetos`,
  tooManyValues: `JSON com valores demais: no máximo ${thousands(MAX_JSON_VALUES)} valores`,
  tooManyItems: `JSON com uma lista ou um objeto longo demais: no máximo ${thousands(MAX_JSON_ITEMS)} itens em cada um`,
  invalid: 'JSON inválido',
} as const;

export type JsonRefusal = 'tooDeep' | 'tooManyValues' | 'tooManyItems';

export interface JsonBounds {
  depth: number;
  values: number;
  items: number;
}

export const JSON_BOUNDS: JsonBounds = { depth: MAX_JSON_DEPTH, values: MAX_JSON_VALUES, items: MAX_JSON_ITEMS };

const OPEN_BRACE = 0x7b; // {
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACE = 0x7d; // }
const CLOSE_BRACKET = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \
const COMMA = 0x2c; // ,

/**
 * Why `text` would cost the parser too much, or null: more than `bounds.depth` arrays or objects
 * inside one another, more than `bounds.values` values in all, or more than `bounds.items` members
 * in one array or object. Brackets and commas inside strings do not count. Malformed text is not
 * judged here (JSON.parse does that after): the scan only has to be cheap and never under-count
 * what JSON.parse would build. A container's members are its commas plus one; the values are the
 * containers plus their members (an empty container counts one too many, which is harmless).
 */
export function jsonRefusal(text: string, bounds: JsonBounds = JSON_BOUNDS): JsonRefusal | null {
  let depth = 0;
  let inString = false;
  let values = 1;
  // Commas seen so far in the open container at each depth (index 0: outside any container).
  const commas = new Int32Array(bounds.depth + 2);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === COMMA) {
      if (++commas[depth]! >= bounds.items) return 'tooManyItems';
      if (++values > bounds.values) return 'tooManyValues';
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > bounds.depth) return 'tooDeep';
      commas[depth] = 0;
      if (++values > bounds.values) return 'tooManyValues';
    } else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && depth > 0) depth--;
  }
  return null;
}

/** Whether `text` opens more than `max` arrays or objects inside one another (jsonRefusal's depth alone). */
export function jsonTooDeep(text: string, max: number = MAX_JSON_DEPTH): boolean {
  return jsonRefusal(text, { depth: max, values: Number.POSITIVE_INFINITY, items: Number.POSITIVE_INFINITY }) === 'tooDeep';
}

/**
 * Replaces Fastify's `application/json` parser with one that refuses what `jsonRefusal` refuses
 * before parsing (400 in the error shape), then parses as Fastify does (secure-json-parse: `__proto__` is
 * refused, `constructor.prototype` dropped). Body size is Fastify's own check, per route.
 */
export function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    const refusal = jsonRefusal(text);
    if (refusal) {
      done(badRequest({ _: JSON_MSG[refusal] }, JSON_MSG[refusal]), undefined);
      return;
    }
    parse(request, text, done);
  });
}
