/**
 * Opens the database: embedded PGlite under DATA_DIR by default, PostgreSQL when a URL is given.
 * Both are exposed as the same drizzle database type, so no other module knows which it got.
 */
import { mkdirSync } from 'node:fs';
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
            query: async <R>(sql: string, params?: unknown[]) =>
              (await client.query(sql, params)).rows as R[],
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
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
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
    close: () => client.close(),
  };
}
