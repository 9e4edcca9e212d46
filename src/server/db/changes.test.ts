import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { signedInApp } from '../test/app.js';
import { createExperiment } from '../test/factories.js';
import { dataVersion } from './changes.js';

const s = signedInApp();

describe('the change counter (data_changes)', () => {
  it('moves once per committed write of cached data, not for reads, sign-ins or rolled-back writes', async () => {
    const db = s.t.db.database.db;
    const v0 = await dataVersion(db);
    const created = await createExperiment(s.t.app, s.me);
    const v1 = await dataVersion(db);
    // One transaction wrote an experiment, its treatments, products and PDF: one bump.
    expect(v1).toBe(v0 + 1);

    await s.t.app.inject({ method: 'GET', url: '/api/experiments', headers: s.me.auth });
    await s.t.app.inject({ method: 'GET', url: '/api/dashboard', headers: s.me.auth });
    await s.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: s.me.user.email, password: s.me.password } });
    expect(await dataVersion(db)).toBe(v1);

    await db
      .transaction(async (tx) => {
        await tx.execute(sql`update experiments set cultivar = 'x' where id = ${created.id}`);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await dataVersion(db)).toBe(v1);

    const del = await s.t.app.inject({ method: 'DELETE', url: `/api/experiments/${created.id}`, headers: s.me.auth });
    expect(del.statusCode).toBeLessThan(300);
    expect(await dataVersion(db)).toBe(v1 + 1);
  });
});
