/**
 * `Idempotency-Key` on experiment creates and updates (a phone that lost the answer to
 * its upload sends it again). The first successful answer is stored in the same transaction as
 * the experiment, keyed by (user, key) with a hash of the request; a retry with the same key and
 * body gets that answer again (`Idempotent-Replayed: true`) and writes nothing; the same key with
 * another body is refused (422). Two requests racing on one key: both do the work, but the stored
 * answer is inserted with ON CONFLICT DO NOTHING at the end of the transaction, so the second
 * waits for the first's commit (PostgreSQL holds it on the key's index entry), finds the row taken,
 * rolls back its experiment and replays the first answer. Refusals (400, 409…) are not stored:
 * the client corrects the data and sends it again under the same key.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema.js';
import { currentUser } from '../../http/auth.js';
import { AppError, badRequest, conflict } from '../../http/errors.js';
import type { MultipartResult } from '../../http/multipart.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_TTL_DAYS = 7;
const KEY_FIELD = 'Idempotency-Key';

export const IDEMPOTENCY_MSG = {
  invalidKey: 'O cabeçalho Idempotency-Key deve ter de 1 a 100 caracteres (letras, números e símbolos, sem espaços).',
  reusedKey: 'Esta Idempotency-Key já foi usada com outros dados. Para um novo envio, use uma chave nova.',
  inProgress: 'Já existe uma requisição em andamento com esta Idempotency-Key. Aguarde e tente novamente.',
} as const;

/** The header's key, or null when absent; a malformed one is a 400 before the body is read. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !/^[\x21-\x7e]{1,100}$/.test(raw)) {
    throw badRequest({ [KEY_FIELD]: IDEMPOTENCY_MSG.invalidKey }, IDEMPOTENCY_MSG.invalidKey);
  }
  return raw;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** What makes two requests "the same": method, path, every text field and the PDF (name and SHA-256). */
export function requestHash(method: string, path: string, { fields, pdf }: MultipartResult): string {
  const sorted = Object.keys(fields)
    .sort()
    .map((k) => [k, fields[k]]);
  return sha256(JSON.stringify([method, path, sorted, pdf ? [pdf.filename, sha256(pdf.content)] : null]));
}

interface StoredAnswer {
  requestHash: string;
  status: number;
  body: string;
}

const fresh = () => gt(idempotencyKeys.createdAt, sql`now() - make_interval(days => ${IDEMPOTENCY_TTL_DAYS})`);

async function findAnswer(db: Db, userId: string, key: string): Promise<StoredAnswer | null> {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, status: idempotencyKeys.status, body: idempotencyKeys.body })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), fresh()));
  return row ?? null;
}

/** Another request stored its answer under this key first: this transaction must not commit. */
class KeyTaken extends Error {}

/** Handed to the write: stores its answer inside the write's own transaction. */
export type StoreAnswer = (tx: Tx, body: object) => Promise<void>;

function replay(reply: FastifyReply, stored: StoredAnswer, hash: string): FastifyReply {
  if (stored.requestHash !== hash) {
    throw new AppError(422, 'UNPROCESSABLE', IDEMPOTENCY_MSG.reusedKey, { [KEY_FIELD]: IDEMPOTENCY_MSG.reusedKey });
  }
  return reply.status(stored.status).header(REPLAYED_HEADER, 'true').type('application/json; charset=utf-8').send(stored.body);
}

/**
 * Answers a write under its Idempotency-Key (when the request has one): a stored answer is
 * replayed; otherwise `run` writes, given a `store` to call inside its transaction, and its body
 * is sent with `status`. Without a key, `run` gets no `store` and its body is sent as usual.
 */
export async function sendIdempotent(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string | null,
  upload: MultipartResult,
  status: number,
  run: (store: StoreAnswer | undefined) => Promise<object>,
): Promise<FastifyReply> {
  if (key === null) return reply.status(status).send(await run(undefined));
  const userId = currentUser(request).id;
  const hash = requestHash(request.method, request.url.split('?')[0] ?? '', upload);
  const prior = await findAnswer(db, userId, key);
  if (prior) return replay(reply, prior, hash);
  let text = '';
  const store: StoreAnswer = async (tx, body) => {
    text = JSON.stringify(body);
    // Cleanup on write: the keys nobody can replay any more (an index on created_at).
    await tx.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(days => ${IDEMPOTENCY_TTL_DAYS})`));
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash: hash, status, body: text })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length === 0) throw new KeyTaken();
  };
  let body: object;
  try {
    body = await run(store);
  } catch (err) {
    if (!(err instanceof KeyTaken)) throw err;
    const winner = await findAnswer(db, userId, key);
    if (!winner) throw conflict(IDEMPOTENCY_MSG.inProgress);
    return replay(reply, winner, hash);
  }
  // The first answer is sent as the very text stored, so a replay is byte for byte the same.
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(text || JSON.stringify(body));
}
