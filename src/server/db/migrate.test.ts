import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../paths.js';
import { openDatabase, queryRows } from './client.js';
import { MigrationChangedError, applyMigrations, readMigrations } from './migrate.js';
import { users } from './schema.js';
import { createTestDatabase, testEngine, type TestDatabase } from '../test/database.js';

const opened: TestDatabase[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) {
    await t.database.close().catch(() => undefined);
    await t.drop();
  }
});

describe(`migrations on ${testEngine().kind}`, () => {
  it('apply every file on a blank database, are recorded, and never re-run', async () => {
    const t = await createTestDatabase({ blank: true });
    opened.push(t);
    const tags = readMigrations().map((m) => m.tag);
    expect(tags.length).toBeGreaterThan(0);

    expect(await t.database.migrate()).toEqual(tags);
    expect(await t.database.migrate()).toEqual([]);

    const rows = await queryRows<{ tag: string }>(t.database.db, sql`select tag from schema_migrations order by tag`);
    expect(rows.map((r) => r.tag)).toEqual(tags);
    const tables = await queryRows<{ table_name: string }>(
      t.database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    expect(tables.map((r) => r.table_name)).toContain('users');
    // A blank embedded database runs initdb: 3–16 s alone, far more on a loaded 2-core machine.
  }, 180_000);

  it.runIf(testEngine().kind === 'postgres')('two servers migrating at once apply each file exactly once', async () => {
    const t = await createTestDatabase({ blank: true });
    opened.push(t);
    const second = await openDatabase({ databaseUrl: t.url });
    try {
      const [a, b] = await Promise.all([t.database.migrate(), second.migrate()]);
      const tags = readMigrations().map((m) => m.tag);
      expect([...a, ...b].sort()).toEqual(tags);
      const rows = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from schema_migrations`);
      expect(rows[0]?.n).toBe(tags.length);
    } finally {
      await second.close();
    }
  });

  it('keeps written data across a restart of the engine', async () => {
    const t = await createTestDatabase();
    opened.push(t);
    await t.database.db.insert(users).values({ name: 'Ana Souza', email: 'ana@example.com', passwordHash: 'x' });
    await t.database.close();

    const reopened = await t.reopen();
    t.database = reopened;
    const rows = await reopened.db.select({ email: users.email }).from(users);
    expect(rows).toEqual([{ email: 'ana@example.com' }]);
    expect(await reopened.migrate()).toEqual([]);
  });
});

describe('an applied migration whose file changed', () => {
  it('stops the start with a pt-BR message naming it, and applies nothing; line endings and reworded comments alone do not count', async () => {
    // The files are edited on a copy: the real folder is never touched.
    const root = mkdtempSync(join(tmpdir(), 'ga-migrations-'));
    const dir = join(root, 'migrations');
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const migrate = () =>
      client.transaction((t) =>
        applyMigrations(
          {
            exec: async (text) => void (await t.exec(text)),
            query: async <R>(text: string, params?: unknown[]) => (await t.query<R>(text, params)).rows,
          },
          readMigrations(dir),
        ),
      );
    try {
      const tags = readMigrations(dir).map((m) => m.tag);
      expect(await migrate()).toEqual(tags);

      // A database that applied a file before its comments were reworded: accepted, and recorded anew.
      const reworded = readMigrations(dir).find((m) => m.previous)!;
      await client.query('update schema_migrations set checksum = $2 where tag = $1', [reworded.tag, reworded.previous]);
      expect(await migrate()).toEqual([]);
      const recorded = await client.query<{ checksum: string }>('select checksum from schema_migrations where tag = $1', [reworded.tag]);
      expect(recorded.rows[0]?.checksum).toBe(reworded.checksum);

      const edited = tags[3]!;
      const file = join(dir, `${edited}.sql`);
      const original = readFileSync(file, 'utf8');
      writeFileSync(file, original.replace(/\n/g, '\r\n'));
      expect(await migrate()).toEqual([]);

      appendFileSync(file, '\n--> statement-breakpoint\ncreate table sneaked_in (id int);\n');
      // A new migration after it must not be applied either.
      const journalFile = join(dir, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
      journal.entries.push({ ...journal.entries.at(-1)!, idx: journal.entries.length, tag: '9999_later' });
      writeFileSync(journalFile, JSON.stringify(journal));
      writeFileSync(join(dir, '9999_later.sql'), 'create table later (id int);');

      const failure = await migrate().catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(MigrationChangedError);
      expect((failure as Error).message).toContain(`A migração "${edited}" já foi aplicada`);
      expect((failure as Error).message).toContain(`${edited}.sql mudou`);
      const created = await client.query<{ n: number }>(
        "select count(*)::int as n from information_schema.tables where table_name in ('sneaked_in', 'later')",
      );
      expect(created.rows[0]?.n).toBe(0);

      writeFileSync(file, original);
      expect(await migrate()).toEqual(['9999_later']);
    } finally {
      await client.close();
      rmSync(root, { recursive: true, force: true });
    }
    // A blank embedded database runs initdb: 3–16 s alone, far more on a loaded 2-core machine.
  }, 180_000);
});
