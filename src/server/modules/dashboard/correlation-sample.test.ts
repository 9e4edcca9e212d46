/**
 * The correlation explorer above CORRELATION_MAX experiments: a sample stratified by crop, every
 * crop in it (all of a small one), and the count it stands for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CorrelationDataset } from '../../../shared/dashboard.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createAccount, filtersOf, seedExperiments } from '../../test/factories.js';
import { correlationJson } from './repository.js';

let t: TestApp;
const concluded = filtersOf({ situacao: 'concluido' });

beforeAll(async () => {
  t = await createTestApp();
  const me = await createAccount(t.app);
  await seedExperiments(
    t.db.database,
    me,
    Array.from({ length: 200 }, () => ({ cultura: 'Soja' })),
  );
  await seedExperiments(
    t.db.database,
    me,
    Array.from({ length: 20 }, () => ({ cultura: 'Milho' })),
  );
});
afterAll(() => t.close());

const dataset = async (max: number, filters = concluded) =>
  JSON.parse(await correlationJson(t.db.database.db, filters, max)) as CorrelationDataset;

describe('the correlation sample', () => {
  it('sends every experiment up to its limit, and says so', async () => {
    const all = await dataset(1000);
    expect(all.amostra).toBeNull();
    expect(all.experimentos.id).toHaveLength(220);
  });

  it('above it, a share of the large crop, all of the small one, and the total it stands for', async () => {
    const sample = await dataset(100);
    expect(sample.amostra).toEqual({ experimentos: 120, total: 220 });
    expect(sample.experimentos.id).toHaveLength(120);
    const count = (crop: string) => sample.experimentos.cultura.filter((c) => c === crop).length;
    expect(count('Soja')).toBe(100);
    expect(count('Milho')).toBe(20);
    // Treatments follow their experiments.
    expect(new Set(sample.tratamentos.experimento).size).toBe(120);
  });

  it('under a filter, of what it selects', async () => {
    const milho = await dataset(10, filtersOf({ situacao: 'concluido', cultura: 'Milho' }));
    expect(milho.amostra).toEqual({ experimentos: 20, total: 20 });
  });
});
