/**
 * The meta-analysis page's reads: POST /api/analises/meta as a read (the product's effect across
 * trials, without prices: the page computes the economics itself, so a price typed moves the
 * probability at once), and the products GET /api/dashboard lists under the same filters.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardData } from '../../../../shared/dashboard.js';
import type { MetaAnaliseInput, MetaAnaliseResponse } from '../../../../shared/meta-analise.js';
import { api } from '../../../lib/api.js';
import { type FilterValues, queryKeys } from '../../../lib/query-keys.js';

export const fetchMetaAnalysis = (body: MetaAnaliseInput) =>
  api.request<MetaAnaliseResponse>('/api/analises/meta', { method: 'POST', body });

/** The meta-analysis of `body`; nothing is asked while `body` is null (no product chosen). */
export function useMetaAnalysis(body: MetaAnaliseInput | null) {
  return useQuery({
    queryKey: ['meta-analise', body],
    queryFn: () => fetchMetaAnalysis(body!),
    enabled: body !== null,
    // Any trial may have been edited since: asked again on every visit.
    staleTime: 0,
    retry: false,
  });
}

/**
 * The products of the trials under `filters` (the dashboard's own read, same key: a visit from the
 * dashboard finds it in the cache). `produto` and `avaliacao` are not filters here.
 */
export function useProdutos(filters: FilterValues) {
  const f: FilterValues = { ...filters, produto: '', avaliacao: '' };
  return useQuery({
    queryKey: queryKeys.overview(f),
    queryFn: ({ signal }) => api.request<DashboardData>('/api/dashboard', { query: { ...f }, signal }),
    placeholderData: keepPreviousData,
    select: (d) => d.produtos,
  });
}
