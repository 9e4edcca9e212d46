/**
 * Applies the SQL files drizzle-kit wrote to ./migrations, in journal order, on either engine.
 * All pending files run in one transaction that first takes an advisory lock, so two servers
 * starting against the same PostgreSQL at once never both apply a migration: the second waits,
 * then finds the work done. Applied files are recorded in `schema_migrations` and never re-run.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../paths.js';

/** What the migrator needs from an engine: raw SQL inside one transaction. */
export interface MigrationTx {
  /** Runs one or more statements with no parameters (simple protocol). */
  exec(sql: string): Promise<void>;
  query<R>(sql: string, params?: unknown[]): Promise<R[]>;
}

export interface Migration {
  tag: string;
  checksum: string;
  statements: string[];
}

/** Arbitrary but fixed: the key of the advisory lock that serialises migration runs. */
const MIGRATION_LOCK_KEY = 7_341_202_611;

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const journal = JSON.parse(readFileSync(join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  return [...journal.entries]
    .sort((a, b) => a.idx - b.idx)
    .map(({ tag }) => {
      const text = readFileSync(join(dir, `${tag}.sql`), 'utf8');
      return {
        tag,
        checksum: createHash('sha256').update(text).digest('hex'),
        statements: text
          .split('--> statement-breakpoint')
          .map((s) => s.trim())
          .filter(Boolean),
      };
    });
}

/** Applies what is pending; returns the tags it applied (empty when up to date). */
export async function applyMigrations(tx: MigrationTx, migrations = readMigrations()): Promise<string[]> {
  await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
  await tx.exec(`create table if not exists schema_migrations (
    tag text primary key,
    checksum text not null,
    applied_at timestamptz not null default now()
  )`);
  const done = new Set(
    (await tx.query<{ tag: string }>('select tag from schema_migrations')).map((r) => r.tag),
  );
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.tag)) continue;
    for (const statement of m.statements) await tx.exec(statement);
    await tx.query('insert into schema_migrations (tag, checksum) values ($1, $2)', [m.tag, m.checksum]);
    applied.push(m.tag);
  }
  return applied;
}
