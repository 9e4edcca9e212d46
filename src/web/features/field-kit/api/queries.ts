/** The field kit's reads and the croqui's draw (docs/api.md#field-plan). */
import { saveBlob } from '../../../lib/save-blob.js';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Calda, Croqui, Numeracao } from '../../../../shared/field-plan.js';
import { api } from '../../../lib/api.js';
import { ApiError } from '../../../lib/api-client.js';
import { fetchExperiment } from '../../../lib/experiments.js';
import { queryKeys } from '../../../lib/query-keys.js';
import type { ExperimentoCampo } from '../types.js';

export const fieldKitKeys = {
  croqui: (id: number) => ['experiment', id, 'croqui'] as const,
  calda: (id: number, aplicacao: string) => ['experiment', id, 'calda', aplicacao] as const,
};

/** The experiment with its field plan (the same read, and cache entry, as the details'). */
export function useExperimentoCampo(id: number | null) {
  return useQuery({
    queryKey: queryKeys.experiment(id),
    // The same answer as Experiment's, read with the field plan's fields the contract adds to it.
    queryFn: () => fetchExperiment(id!) as Promise<ExperimentoCampo>,
    enabled: id !== null,
  });
}

/** The stored croqui, or null before one is drawn (the API's 404). */
export function useCroqui(id: number) {
  return useQuery({
    queryKey: fieldKitKeys.croqui(id),
    queryFn: async () => {
      try {
        return (await api.request<{ croqui: Croqui }>(`/api/experiments/${id}/croqui`)).croqui;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export interface SorteioCroqui {
  semente?: number;
  numeracao: Numeracao;
}

/** Draws (or redraws) the layout; the new one replaces the cached croqui and the mixes computed on the old one. */
export function useSortearCroqui(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SorteioCroqui) =>
      api.request<{ croqui: Croqui }>(`/api/experiments/${id}/croqui`, { method: 'POST', body }).then((r) => r.croqui),
    onSuccess: async (croqui) => {
      queryClient.setQueryData(fieldKitKeys.croqui(id), croqui);
      await queryClient.invalidateQueries({ queryKey: ['experiment', id, 'calda'] });
    },
  });
}

/** What to weigh or measure for application `aplicacao` (none asked while it is ''). */
export function useCalda(id: number, aplicacao: string) {
  return useQuery({
    queryKey: fieldKitKeys.calda(id, aplicacao),
    queryFn: () => api.request<Calda>(`/api/experiments/${id}/calda`, { query: { aplicacao } }),
    enabled: aplicacao !== '',
  });
}

/** Downloads the layout as CSV. Not a plain link: the API wants the bearer token, which api.raw sends (and refreshes). */
export async function baixarCroquiCsv(id: number): Promise<void> {
  const res = await api.raw(`/api/experiments/${id}/croqui.csv`, { timeoutMs: 60_000 });
  saveBlob(await res.blob(), `croqui-experimento-${id}.csv`);
}
