/**
 * Applies the SQL files drizzle-kit wrote to ./migrations, in journal order, on either engine.
 * All pending files run in one transaction that first takes an advisory lock, so two servers
 * starting against the same PostgreSQL at once never both apply a migration: the second waits,
 * then finds the work done. Applied files are recorded in `schema_migrations` with their checksum
 * and never re-run; an applied file that has changed since stops the start (MigrationChangedError),
 * because the database would no longer be what the files describe. The one exception is a file
 * whose comments alone were reworded after it was released: meta/reworded.json keeps the checksum
 * it was applied with, which is accepted and replaced by the current one.
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
  /** The checksum it was applied with before its comments were reworded (meta/reworded.json). */
  previous?: string;
  statements: string[];
}

/** An applied migration's file no longer matches what was applied: the server must not start. */
export class MigrationChangedError extends Error {
  constructor(readonly tag: string) {
    super(
      `A migração "${tag}" já foi aplicada a este banco de dados, mas o arquivo ${tag}.sql mudou depois disso. ` +
        'O servidor não vai iniciar: desfaça a alteração do arquivo e escreva a mudança numa nova migração (npm run db:generate).',
    );
    this.name = 'MigrationChangedError';
  }
}

/** Line endings do not count (a checkout on Windows may turn LF into CRLF). */
export function migrationChecksum(text: string): string {
  return createHash('sha256').update(text.replace(/\r\n/g, '\n')).digest('hex');
}

/** Arbitrary but fixed: the key of the advisory lock that serialises migration runs. */
const MIGRATION_LOCK_KEY = 7_341_202_611;

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const journal = JSON.parse(readFileSync(join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const reworded = JSON.parse(readFileSync(join(dir, 'meta', 'reworded.json'), 'utf8')) as Record<string, string>;
  return [...journal.entries]
    .sort((a, b) => a.idx - b.idx)
    .map(({ tag }) => {
      const text = readFileSync(join(dir, `${tag}.sql`), 'utf8');
      return {
        tag,
        checksum: migrationChecksum(text),
        ...(reworded[tag] ? { previous: reworded[tag] } : {}),
        statements: text
          .split('--> statement-breakpoint')
          .map((s) => s.trim())
          .filter(Boolean),
      };
    });
}

/**
 * Applies what is pending; returns the tags it applied (empty when up to date). Throws
 * MigrationChangedError, applying nothing, when an applied file has changed.
 */
export async function applyMigrations(tx: MigrationTx, migrations = readMigrations()): Promise<string[]> {
  await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
  await tx.exec(`create table if not exists schema_migrations (
    tag text primary key,
    checksum text not null,
    applied_at timestamptz not null default now()
  )`);
  const done = new Map(
    (await tx.query<{ tag: string; checksum: string }>('select tag, checksum from schema_migrations')).map((r) => [r.tag, r.checksum]),
  );
  for (const m of migrations) {
    const recorded = done.get(m.tag);
    if (recorded !== undefined && recorded !== m.checksum && recorded !== m.previous) throw new MigrationChangedError(m.tag);
  }
  // Applied before their comments were reworded: the same SQL, recorded under its current text now.
  for (const m of migrations) {
    if (m.previous === undefined || done.get(m.tag) !== m.previous) continue;
    await tx.query('update schema_migrations set checksum = $2 where tag = $1', [m.tag, m.checksum]);
  }
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.tag)) continue;
    for (const statement of m.statements) await tx.exec(statement);
    await tx.query('insert into schema_migrations (tag, checksum) values ($1, $2)', [m.tag, m.checksum]);
    applied.push(m.tag);
  }
  return applied;
}
