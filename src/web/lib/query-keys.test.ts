import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { type FilterValues, afterExperimentWrite, queryKeys } from './query-keys.js';
import { buildExperiment } from '../../shared/factories.test-helper.js';

const filters: FilterValues = {
  regional: '',
  cultura: 'Soja',
  marca: '',
  ano: '',
  produto: '',
  avaliacao: '',
  situacao: '',
  conformidade: '',
};

/** A cache holding one answer for every experiments query, two experiments, and unrelated data. */
function seeded() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
  const keys = {
    overview: queryKeys.overview(filters),
    map: queryKeys.map(filters),
    correlation: queryKeys.correlation(filters),
    documents: queryKeys.documents(filters, '', 12),
    rows: queryKeys.rows(filters, 0),
    audit: queryKeys.auditPage(0),
    exp7: queryKeys.experiment(7),
    analysis7: queryKeys.analysis(7),
    /** The same analysis on log-transformed yields (GET …/analise?transformacao=log). */
    analysis7log: [...queryKeys.analysis(7), 'log'],
    exp8: queryKeys.experiment(8),
    analysis8: queryKeys.analysis(8),
    users: queryKeys.users,
    lookups: ['lookups', 'marcas'],
    avaliacoes: queryKeys.avaliacoes,
  };
  for (const key of Object.values(keys)) client.setQueryData(key, { old: true });
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? null;
  return { client, keys, stale };
}

const saved = (id: number) => buildExperiment({ id, produtividade_media: 4250 });

describe('afterExperimentWrite', () => {
  it('an update makes every dashboard read, the audit trail, the assessment names and that analysis stale, and seeds the experiment', async () => {
    const { client, keys, stale } = seeded();
    await afterExperimentWrite(client, { kind: 'update', experiment: saved(7) });
    for (const k of [
      keys.overview,
      keys.map,
      keys.correlation,
      keys.documents,
      keys.rows,
      keys.audit,
      keys.analysis7,
      keys.analysis7log,
      keys.avaliacoes,
    ])
      expect(stale(k)).toBe(true);
    expect(client.getQueryData(keys.exp7)).toEqual(saved(7));
    // Other experiments, users and reference data are untouched.
    for (const k of [keys.exp8, keys.analysis8, keys.users, keys.lookups]) expect(stale(k)).toBe(false);
  });

  it('a create refreshes the aggregates and seeds the new experiment, leaving the others alone', async () => {
    const { client, keys, stale } = seeded();
    await afterExperimentWrite(client, { kind: 'create', experiment: saved(9) });
    for (const k of [keys.overview, keys.rows, keys.documents, keys.audit]) expect(stale(k)).toBe(true);
    expect(client.getQueryData(queryKeys.experiment(9))).toEqual(saved(9));
    for (const k of [keys.exp7, keys.analysis7, keys.users]) expect(stale(k)).toBe(false);
  });

  it('a delete drops that experiment and its analysis from the cache', async () => {
    const { client, keys, stale } = seeded();
    await afterExperimentWrite(client, { kind: 'delete', id: 7 });
    expect(client.getQueryState(keys.exp7)).toBeUndefined();
    expect(client.getQueryState(keys.analysis7)).toBeUndefined();
    expect(client.getQueryState(keys.analysis7log)).toBeUndefined();
    for (const k of [keys.overview, keys.map, keys.correlation, keys.audit]) expect(stale(k)).toBe(true);
    expect(stale(keys.exp8)).toBe(false);
  });
});
