import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evenSample } from '../../../shared/sample.js';
import { queryRows } from '../../db/client.js';
import { seedDemo } from '../../seed/demo.js';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/database.js';
import { countExperiments } from '../experiments/public.js';
import { soilScatter } from './repository.js';
import { filtersOf } from '../../test/factories.js';

let t: { db: TestDatabase };

beforeAll(async () => {
  t = { db: await createTestDatabase() };
  await seedDemo(t.db.database.db, { count: 40, seed: 7 });
});
afterAll(async () => {
  await t.db.database.close();
  await t.db.drop();
});

describe(`soil scatter sample on ${testEngine().kind}`, () => {
  it('sample the soil scatter alike whether ids are looked up or the matching rows are read', async () => {
    const db = t.db.database.db;
    const all = await queryRows<{ id: number; argila: number; mo: number; prod: number; cultura: string; marca: string }>(
      db,
      sql`select id, teor_argila as argila, teor_materia_organica as mo, produtividade_media as prod, cultura, marca from experiments
          where teor_argila is not null and teor_materia_organica is not null and produtividade_media is not null order by id`,
    );
    const [{ maxId } = { maxId: 0 }] = await queryRows<{ maxId: number }>(db, sql`select max(id) as "maxId" from experiments`);
    for (const filters of [filtersOf({}), filtersOf({ marca: 'Aminoagro' })]) {
      const total = await countExperiments(db, filters);
      const step = Math.ceil(total / 10);
      const expected = evenSample(
        all.filter((e) => Number(e.id) % step === 0 && (!filters.marca || e.marca === filters.marca)),
        10,
      ).map((e) => ({ argila: e.argila, mo: e.mo, produtividade: e.prod, cultura: e.cultura }));
      expect(step, 'the sample must skip rows').toBeGreaterThan(1);
      // The unfiltered set takes the primary-key lookups, the brand the filtered read.
      expect(Math.ceil(Number(maxId) / step) < total, JSON.stringify(filters)).toBe(!filters.marca);
      expect(await soilScatter(db, filters, total, 10)).toEqual(expected);
    }
  });
});
