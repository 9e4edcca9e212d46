import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createAccount } from '../../test/factories.js';
import { signingKey } from './signing-key.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.database.close();
  await t.drop();
});

describe('signing key kept in the database when JWT_SECRET is unset', () => {
  it('is generated once: concurrent starts all read back the same key; JWT_SECRET wins when set', async () => {
    const keys = await Promise.all(Array.from({ length: 8 }, () => signingKey(t.database.db, undefined)));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]?.length).toBeGreaterThanOrEqual(32);
    expect(await signingKey(t.database.db, undefined)).toBe(keys[0]);
    expect(await signingKey(t.database.db, 'c'.repeat(40))).toBe('c'.repeat(40));
  });

  it('a session opened on one server is accepted by another server of the same database', async () => {
    const config = { ...testConfig(), jwtSecret: undefined };
    const a = await buildApp({ config, database: t.database, logger: false });
    const b = await buildApp({
      config: { ...config, dataDir: mkdtempSync(join(tmpdir(), 'ga-data-')) },
      database: t.database,
      logger: false,
    });
    try {
      const me = await createAccount(a);
      const res = await b.inject({ method: 'GET', url: '/api/users/profile', headers: me.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.email).toBe(me.user.email);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('upgrade from a key kept in DATA_DIR', () => {
  it('adopts the old DATA_DIR/jwt-secret when the database has no key yet', async () => {
    const fresh = await createTestDatabase();
    try {
      const dir = mkdtempSync(join(tmpdir(), 'ga-data-'));
      const old = 'k'.repeat(64);
      writeFileSync(join(dir, 'jwt-secret'), old + '\n');
      expect(await signingKey(fresh.database.db, undefined, dir)).toBe(old);
      // Once in the database, the database's key is the one every server uses.
      writeFileSync(join(dir, 'jwt-secret'), 'z'.repeat(64));
      expect(await signingKey(fresh.database.db, undefined, dir)).toBe(old);
    } finally {
      await fresh.database.close();
      await fresh.drop();
    }
  });
});
