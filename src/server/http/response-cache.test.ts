import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { testConfig } from '../test/app.js';
import { createTestDatabase, testEngine } from '../test/database.js';
import { type Account, createAccount, createExperiment } from '../test/factories.js';

interface TwoServers {
  a: FastifyInstance;
  b: FastifyInstance;
  me: Account;
  close(): Promise<void>;
}

/** Two servers, each with its own pool, on one new database, and an account on it. */
async function twoServers(): Promise<TwoServers> {
  const t = await createTestDatabase();
  const second = await t.reopen();
  const a = await buildApp({ config: testConfig(), database: t.database, logger: false });
  const b = await buildApp({ config: testConfig(), database: second, logger: false });
  const me = await createAccount(a);
  return {
    a,
    b,
    me,
    async close() {
      await a.close();
      await b.close();
      await second.close();
      await t.database.close();
      await t.drop();
    },
  };
}

// Two servers, each with its own pool, on one PostgreSQL database: what one writes, the other's
// cached aggregates show on the next request (the embedded engine has one process by construction).
describe.runIf(testEngine().kind === 'postgres')('aggregate cache across servers of one database', () => {
  let servers: TwoServers;
  beforeAll(async () => {
    servers = await twoServers();
  });
  afterAll(() => servers.close());

  const read = async (app: FastifyInstance, url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: servers.me.auth });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const snapshot = async (app: FastifyInstance) => ({
    total: (await read(app, '/api/experiments?limit=1')).total as number,
    dashboard: (await read(app, '/api/dashboard')).cards.totalExperimentos as number,
    map: JSON.stringify(await read(app, '/api/dashboard/mapa')).length,
  });

  it('a create and a delete on one server are read by the other at once', async () => {
    const { a, b, me } = servers;
    const before = await snapshot(b); // cached on b
    expect(await snapshot(b)).toEqual(before);
    const created = await createExperiment(a, me);
    const after = await snapshot(b);
    expect(after.total).toBe(before.total + 1);
    expect(after.map).toBeGreaterThan(before.map);
    expect(after.dashboard).toBe(before.dashboard + 1);

    expect((await a.inject({ method: 'DELETE', url: `/api/experiments/${created.id}`, headers: me.auth })).statusCode).toBeLessThan(300);
    expect(await snapshot(b)).toEqual(before);
  });
});
