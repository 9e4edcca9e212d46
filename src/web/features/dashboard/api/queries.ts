/** The dashboard's reads, keyed by the filters so that a filter change refetches once. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CorrelationDataset, DashboardData, DashboardMap, DocumentCardsPage, ExperimentRowsPage } from '../../../../shared/dashboard.js';
import { api } from '../../../lib/api.js';
import { fetchExperiment } from '../../../lib/experiments.js';
import { type FilterValues, afterExperimentWrite, queryKeys } from '../../../lib/query-keys.js';

export function useDashboard(filters: FilterValues) {
  return useQuery({
    queryKey: queryKeys.overview(filters),
    queryFn: ({ signal }) => api.request<DashboardData>('/api/dashboard', { query: { ...filters }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDashboardMap(filters: FilterValues, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.map(filters),
    queryFn: ({ signal }) => api.request<DashboardMap>('/api/dashboard/mapa', { query: { ...filters }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useCorrelation(filters: FilterValues, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.correlation(filters),
    queryFn: ({ signal }) => api.request<CorrelationDataset>('/api/dashboard/correlacao', { query: { ...filters }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useDocumentCards(filters: FilterValues, busca: string, limit: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.documents(filters, busca, limit),
    queryFn: ({ signal }) => api.request<DocumentCardsPage>('/api/dashboard/documentos', { query: { ...filters, busca, limit }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const TABLE_PAGE = 20;

export function useExperimentRows(filters: FilterValues, page: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.rows(filters, page),
    queryFn: ({ signal }) =>
      api.request<ExperimentRowsPage>('/api/dashboard/experimentos', { query: { ...filters, limit: TABLE_PAGE, offset: page * TABLE_PAGE }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
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
