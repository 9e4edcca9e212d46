/**
 * The dashboard's first reads as plain query options (key + fetcher), without React: the hooks
 * in queries.ts use them, and so does the prefetch that starts them at navigation, before the
 * dashboard's code has arrived (prefetch.ts). One definition, so the prefetched answer is the one
 * the page reads.
 */
import type { CorrelationDataset, DashboardData, DashboardMap } from '../../../../shared/dashboard.js';
import { api } from '../../../lib/api.js';
import { type FilterValues, queryKeys } from '../../../lib/query-keys.js';

/**
 * The filters as the dashboard's URL carries them ('' = any). Spelled out rather than looping
 * over FILTER_KEYS: shared/filters.ts brings zod's full schema builder, which the sign-in page
 * (where this prefetch is bundled) does not otherwise download; FilterValues keeps the list whole.
 */
export function filtersFromParams(params: URLSearchParams): FilterValues {
  const get = (k: keyof FilterValues) => params.get(k) ?? '';
  return {
    regional: get('regional'),
    cultura: get('cultura'),
    marca: get('marca'),
    ano: get('ano'),
    produto: get('produto'),
    avaliacao: get('avaliacao'),
    situacao: get('situacao'),
    conformidade: get('conformidade'),
  };
}

export const DASHBOARD_TABS = ['geral', 'experimentos', 'interativa', 'documentos'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** The open tab (`aba`), the overview when absent or unknown. */
export function tabFromParams(params: URLSearchParams): DashboardTab {
  const aba = params.get('aba');
  return (DASHBOARD_TABS as readonly (string | null)[]).includes(aba) ? (aba as DashboardTab) : 'geral';
}

const read =
  <T>(path: string, filters: FilterValues) =>
  ({ signal }: { signal: AbortSignal }) =>
    api.request<T>(path, { query: { ...filters }, signal });

export const dashboardReads = {
  overview: (filters: FilterValues) => ({
    queryKey: queryKeys.overview(filters),
    queryFn: read<DashboardData>('/api/dashboard', filters),
  }),
  map: (filters: FilterValues) => ({ queryKey: queryKeys.map(filters), queryFn: read<DashboardMap>('/api/dashboard/mapa', filters) }),
  /** The map's groups for another view (above MAP_POINTS_MAX experiments). */
  mapView: (filters: FilterValues, view: { zoom: number; area: readonly number[] }) => {
    const v = { zoom: view.zoom, area: view.area.join(',') };
    return {
      queryKey: queryKeys.map(filters, v),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.request<DashboardMap>('/api/dashboard/mapa', { query: { ...filters, zoom: v.zoom, area: v.area }, signal }),
    };
  },
  correlation: (filters: FilterValues) => ({
    queryKey: queryKeys.correlation(filters),
    queryFn: read<CorrelationDataset>('/api/dashboard/correlacao', filters),
  }),
};
