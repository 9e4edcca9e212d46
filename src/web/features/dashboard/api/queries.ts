/** The dashboard's reads, keyed by the filters so that a filter change refetches once. */
import { type QueryKey, keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CorrelationExact, DocumentCardsPage, ExperimentRowsPage } from '../../../../shared/dashboard.js';
import { api } from '../../../lib/api.js';
import type { RequestOptions } from '../../../lib/api-client.js';
import { fetchExperiment } from '../../../lib/experiments.js';
import { type FilterValues, afterExperimentWrite, queryKeys } from '../../../lib/query-keys.js';
import { dashboardReads } from './reads.js';

/** A dashboard read: the filters (and any further parameters) as the query string, the last answer kept on screen while the next loads. */
function useDashboardRead<T>(queryKey: QueryKey, path: string, query: RequestOptions['query'], enabled = true) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.request<T>(path, { query, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

// The overview, map and correlation reads are defined in reads.ts: the navigation prefetch starts the same ones.
export function useDashboard(filters: FilterValues) {
  return useQuery({ ...dashboardReads.overview(filters), placeholderData: keepPreviousData });
}

export function useDashboardMap(filters: FilterValues, enabled: boolean) {
  return useQuery({ ...dashboardReads.map(filters), enabled, placeholderData: keepPreviousData });
}

export function useCorrelation(filters: FilterValues, enabled: boolean) {
  return useQuery({ ...dashboardReads.correlation(filters), enabled, placeholderData: keepPreviousData });
}

/** r, p and the line of a numeric pair over every matching experiment (when the explorer's data is a sample). */
export function useCorrelationExact(filters: FilterValues, pair: { x: string; y: string; culturaPontos: string }, enabled: boolean) {
  // No placeholder: another pair's figures must not stand in for this one's while it loads.
  return useQuery({
    queryKey: queryKeys.correlationExact(filters, pair),
    queryFn: ({ signal }) => api.request<CorrelationExact>('/api/dashboard/correlacao/exata', { query: { ...filters, ...pair }, signal }),
    enabled,
  });
}

export function useDocumentCards(filters: FilterValues, busca: string, limit: number, enabled: boolean) {
  return useDashboardRead<DocumentCardsPage>(
    queryKeys.documents(filters, busca, limit),
    '/api/dashboard/documentos',
    { ...filters, busca, limit },
    enabled,
  );
}

export const TABLE_PAGE = 20;

export function useExperimentRows(filters: FilterValues, page: number, enabled: boolean) {
  const query = { ...filters, limit: TABLE_PAGE, offset: page * TABLE_PAGE };
  return useDashboardRead<ExperimentRowsPage>(queryKeys.rows(filters, page), '/api/dashboard/experimentos', query, enabled);
}

export function useExperiment(id: number | null) {
  return useQuery({ queryKey: queryKeys.experiment(id), queryFn: () => fetchExperiment(id!), enabled: id !== null });
}

export const deleteExperiment = (id: number) => api.request<void>(`/api/experiments/${id}`, { method: 'DELETE' });

export function useDeleteExperiment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExperiment,
    onSuccess: (_, id) => afterExperimentWrite(queryClient, { kind: 'delete', id }),
  });
}
