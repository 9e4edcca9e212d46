/**
 * The key that signs access tokens. JWT_SECRET when set; otherwise one key generated once into the
 * database (`app_secrets`), so every server on the same database signs and verifies with the same
 * key by construction (docs/decisions/008). Two servers starting together both try to insert their
 * candidate; `ON CONFLICT DO NOTHING` keeps the first and both read back the same row.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

const KEY_NAME = 'jwt_signing_key';

/**
 * @param legacyDir DATA_DIR: a key an older version kept in `DATA_DIR/jwt-secret` becomes the
 * database's key when the database has none yet, so the sessions of an upgraded install survive.
 */
export async function signingKey(db: Db, configured: string | undefined, legacyDir?: string): Promise<string> {
  if (configured) return configured;
  const candidate = legacyKey(legacyDir) ?? randomBytes(48).toString('base64url');
  // Two statements: a read in the insert's own statement would not see a row that a concurrent
  // start committed while this insert waited on it.
  await db.execute(sql`insert into app_secrets (name, value) values (${KEY_NAME}, ${candidate}) on conflict (name) do nothing`);
  const rows = await queryRows<{ value: string }>(db, sql`select value from app_secrets where name = ${KEY_NAME}`);
  const value = rows[0]?.value;
  if (!value || value.length < 32) throw new Error('app_secrets: chave de assinatura ausente ou curta demais');
  return value;
}

function legacyKey(dir: string | undefined): string | undefined {
  if (!dir) return undefined;
  const file = join(dir, 'jwt-secret');
  if (!existsSync(file)) return undefined;
  const stored = readFileSync(file, 'utf8').trim();
  return stored.length >= 32 ? stored : undefined;
}
