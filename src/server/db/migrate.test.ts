import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client.js';
import { readMigrations } from './migrate.js';
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
