/**
 * Opens the database: embedded PGlite under DATA_DIR by default, PostgreSQL when a URL is given.
 * Both are exposed as the same drizzle database type, so no other module knows which it got.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';
import { applyMigrations, type MigrationTx } from './migrate.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  kind: DatabaseKind;
  db: Db;
  migrate(): Promise<string[]>;
  /** Resolves when the engine answers a trivial query. */
  ping(): Promise<void>;
  /** Embedded engine only: the whole data directory as a gzipped tar (a consistent copy). */
  dump?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

/**
 * Rows of a raw SQL query. Both drivers answer `{ rows }`; the shared driver-agnostic type
 * cannot say so, hence the one cast here.
 */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory for the embedded engine; its data lives in `<dataDir>/pglite`. */
  dataDir?: string;
  /** Exact directory of an embedded database (tests copy a migrated template there). */
  pgliteDir?: string;
  /** Called for every statement drizzle sends: lets tests count queries. */
  onQuery?: (sql: string) => void;
  /** Errors of idle PostgreSQL connections (server restarts) go here instead of crashing. */
  onPoolError?: (err: Error) => void;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const logger = opts.onQuery ? { logQuery: (q: string) => opts.onQuery?.(q) } : false;
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    pool.on('error', (err) => opts.onPoolError?.(err));
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const tx: MigrationTx = {
            exec: async (sql) => void (await client.query(sql)),
            query: async <R>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as R[],
          };
          const applied = await applyMigrations(tx);
          await client.query('commit');
          return applied;
        } catch (err) {
          await client.query('rollback').catch(() => undefined);
          throw err;
        } finally {
          client.release();
        }
      },
      async ping() {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }

  const dir = opts.pgliteDir ?? join(opts.dataDir ?? './data', 'pglite');
  mkdirSync(dir, { recursive: true });
  const unlock = lockDataDir(dir);
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    migrate: () =>
      client.transaction((t) =>
        applyMigrations({
          exec: async (sql) => void (await t.exec(sql)),
          query: async <R>(sql: string, params?: unknown[]) => (await t.query<R>(sql, params)).rows,
        }),
      ),
    async ping() {
      await client.query('select 1');
    },
    async dump() {
      await client.query('checkpoint');
      return new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer());
    },
    async close() {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/** Creates an embedded database in the empty directory `dir` from a `dump()`. */
export async function loadPgliteDump(dir: string, dump: Uint8Array): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const unlock = lockDataDir(dir);
  try {
    const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm }, loadDataDir: new Blob([new Uint8Array(dump)]) });
    await client.query('select 1');
    await client.close();
  } finally {
    unlock();
  }
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/**
 * The embedded engine must be opened by one process at a time: two processes writing the same
 * files corrupt them. A lock file beside the directory names the process that holds it; one left
 * by a process that no longer runs (killed) is taken over.
 */
function lockDataDir(dir: string): () => void {
  const file = `${dir.replace(/[/\\]+$/, '')}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `O banco embutido em ${dir} está aberto por outro processo (pid ${holder}). Pare-o antes (o servidor, por exemplo); ` +
            `se esse processo não existe mais, apague ${file}.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Não foi possível travar o banco embutido em ${dir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
