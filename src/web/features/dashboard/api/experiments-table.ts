/** The "Experimentos" tab's read: one sorted, searched page of GET /api/experiments (server paging, any table size). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ExperimentListResponse } from '../../../../shared/api-types.js';
import type { ExperimentSortKey, SortDirection } from '../../../../shared/filters.js';
import { api } from '../../../lib/api.js';
import { type FilterValues, queryKeys } from '../../../lib/query-keys.js';

export const TABLE_PAGE_SIZE = 25;

export interface TableView {
  busca: string;
  ordem: ExperimentSortKey;
  direcao: SortDirection;
  page: number;
}

export function useExperimentsTable(filters: FilterValues, view: TableView) {
  return useQuery({
    queryKey: queryKeys.table(filters, view),
    queryFn: ({ signal }) =>
      api.request<ExperimentListResponse>('/api/experiments', {
        query: {
          ...filters,
          busca: view.busca,
          ordem: view.ordem,
          direcao: view.direcao,
          limit: TABLE_PAGE_SIZE,
          offset: view.page * TABLE_PAGE_SIZE,
        },
        signal,
      }),
    // The previous page stays on screen while the next one (or the next order) loads.
    placeholderData: keepPreviousData,
  });
}
