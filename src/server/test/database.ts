/**
 * A private, migrated database for one test file, on whichever engine the run targets.
 * PGlite: a copy of the template directory. PostgreSQL: CREATE DATABASE … TEMPLATE.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';

export interface TestDatabase {
  database: Database;
  /** Re-opens the same data (restart of the engine). */
  reopen(): Promise<Database>;
  /** PostgreSQL URL of this database, when on PostgreSQL. */
  url?: string;
  drop(): Promise<void>;
}

export function testEngine() {
  return inject('testDatabase');
}

async function withAdmin<T>(templateUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const adminUrl = new URL(templateUrl);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the run's PostgreSQL, a copy of the migrated template (empty when `blank`),
 * for a test that connects to it its own way. Only when the run targets PostgreSQL.
 */
export async function createPgDatabase(opts: { blank?: boolean } = {}): Promise<{ url: URL; drop(): Promise<void> }> {
  const engine = testEngine();
  const templateName = new URL(engine.location).pathname.slice(1);
  const name = `${templateName}_f${randomBytes(4).toString('hex')}`;
  await withAdmin(engine.location, (c) =>
    c.query(opts.blank ? `create database ${name}` : `create database ${name} template ${templateName}`),
  );
  const url = new URL(engine.location);
  url.pathname = `/${name}`;
  return {
    url,
    drop: () => withAdmin(engine.location, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/**
 * Fills `<dataDir>/pglite` with a copy of the run's migrated template, so that the first open of a
 * new data directory (a backup target, a server process's DATA_DIR) costs a copy, not PGlite's
 * initdb and every migration (measured 24 s with the cores shared). On PostgreSQL there is nothing
 * to copy (the directory stays empty). Returns `dataDir`.
 */
export function migratedDataDir(dataDir: string): string {
  const engine = testEngine();
  if (engine.kind === 'pglite') cpSync(engine.location, join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

/**
 * @param blank an empty database with no migrations applied (for migration tests)
 */
export async function createTestDatabase(opts: { blank?: boolean; onQuery?: (sql: string) => void } = {}): Promise<TestDatabase> {
  const engine = testEngine();
  if (engine.kind === 'postgres') {
    const { url, drop } = await createPgDatabase(opts);
    const open = () => openDatabase({ databaseUrl: url.toString(), onQuery: opts.onQuery });
    const database = await open();
    return { database, url: url.toString(), reopen: open, drop };
  }

  const root = mkdtempSync(join(tmpdir(), 'ga-test-'));
  const dir = join(root, 'pglite');
  if (!opts.blank) cpSync(engine.location, dir, { recursive: true });
  const open = () => openDatabase({ pgliteDir: dir, onQuery: opts.onQuery });
  const database = await open();
  return {
    database,
    reopen: open,
    drop: async () => rmSync(root, { recursive: true, force: true }),
  };
}
