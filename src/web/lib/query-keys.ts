/**
 * Every query key of the experiments data, and what each write makes stale. Reads build their
 * keys here and writes invalidate through `afterExperimentWrite`, so a save refreshes exactly the
 * screens that show what it changed (the dashboard showed the old yield until a reload).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Experiment } from '../../shared/experiment.js';
import type { FilterKey } from '../../shared/filters.js';

/** The dashboard filters as the URL carries them ('' = any). */
export type FilterValues = Record<FilterKey, string>;

export const queryKeys = {
  /** Every dashboard read (cards, charts, map, correlation, documents, rows) is an aggregate of experiments. */
  dashboard: ['dashboard'] as const,
  overview: (filters: FilterValues) => ['dashboard', 'overview', filters] as const,
  /** The map's first answer; `view` (zoom level and area) for the groups of another view. */
  map: (filters: FilterValues, view?: { zoom: number; area: string }) =>
    view ? (['dashboard', 'mapa', filters, view] as const) : (['dashboard', 'mapa', filters] as const),
  correlation: (filters: FilterValues) => ['dashboard', 'correlacao', filters] as const,
  /** The exact statistics of one pair (GET /api/dashboard/correlacao/exata). */
  correlationExact: (filters: FilterValues, pair: { x: string; y: string; culturaPontos: string }) =>
    ['dashboard', 'correlacao-exata', filters, pair] as const,
  documents: (filters: FilterValues, busca: string, limit: number) => ['dashboard', 'documentos', filters, busca, limit] as const,
  rows: (filters: FilterValues, page: number) => ['dashboard', 'experimentos', filters, page] as const,
  /** The "Experimentos" tab: a sorted, searched page of GET /api/experiments. */
  table: (filters: FilterValues, view: { busca: string; ordem: string; direcao: string; page: number }) =>
    ['dashboard', 'tabela', filters, view] as const,
  experiment: (id: number | null) => ['experiment', id] as const,
  analysis: (id: number | null) => ['analise', id] as const,
  /** An experiment's drawn layout (GET /api/experiments/:id/croqui). */
  croqui: (id: number | null) => ['croqui', id] as const,
  /** The admin's audit trail: every experiment write adds a line. `tipo`: '' for every kind. */
  audit: ['audit'] as const,
  auditPage: (page: number, tipo = '') => ['audit', tipo, page] as const,
  /** The admin's user list (names, e-mails and roles). */
  users: ['users'] as const,
  /** The assessment names the trials declare (lookup-queries.ts): the one lookup an experiment write changes. */
  avaliacoes: ['lookups', 'avaliacoes'] as const,
};

export type ExperimentWrite =
  { kind: 'create'; experiment: Experiment } | { kind: 'update'; experiment: Experiment } | { kind: 'delete'; id: number };

/**
 * After a write the server has emptied its own cache; this makes the client's answers stale too.
 * A created or updated experiment is seeded from the server's answer, so its details show the
 * new numbers at once; its analysis is refetched; a deleted one's queries are dropped (a refetch
 * would only answer 404).
 */
export async function afterExperimentWrite(queryClient: QueryClient, write: ExperimentWrite): Promise<void> {
  const pending = [
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
    queryClient.invalidateQueries({ queryKey: queryKeys.audit }),
    queryClient.invalidateQueries({ queryKey: queryKeys.avaliacoes }),
  ];
  if (write.kind === 'delete') {
    queryClient.removeQueries({ queryKey: queryKeys.experiment(write.id), exact: true });
    // Not exact: the analysis on transformed data (['analise', id, 'log']) goes too.
    queryClient.removeQueries({ queryKey: queryKeys.analysis(write.id) });
  } else {
    queryClient.setQueryData(queryKeys.experiment(write.experiment.id), write.experiment);
    if (write.kind === 'update') pending.push(queryClient.invalidateQueries({ queryKey: queryKeys.analysis(write.experiment.id) }));
  }
  await Promise.all(pending);
}
