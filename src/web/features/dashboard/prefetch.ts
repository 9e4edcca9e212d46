/**
 * What the dashboard needs before it can draw, started at navigation (a route loader, a hovered
 * or focused link, app start when signed in) so that data and code arrive together instead of
 * one after the other: the reads of the open tab, the filter lists, and the tab's chunks.
 */
import type { QueryClient } from '@tanstack/react-query';
import { lookupQueries } from '../../lib/lookup-queries.js';
import { dashboardReads, filtersFromParams, tabFromParams } from './api/reads.js';
import { CorrelationExplorer, ExperimentsMap, OverviewCharts } from './chunks.js';

/** Starts the reads the dashboard at this URL's filters and tab will make (a fresh answer in the cache is kept). */
export function prefetchDashboard(queryClient: QueryClient, params: URLSearchParams): void {
  const filters = filtersFromParams(params);
  const tab = tabFromParams(params);
  void queryClient.prefetchQuery(dashboardReads.overview(filters));
  if (tab === 'geral') void queryClient.prefetchQuery(dashboardReads.map(filters));
  if (tab === 'interativa') void queryClient.prefetchQuery(dashboardReads.correlation(filters));
  void queryClient.prefetchQuery(lookupQueries.regioes);
  void queryClient.prefetchQuery(lookupQueries.culturas);
  void queryClient.prefetchQuery(lookupQueries.marcas);
  void queryClient.prefetchQuery(lookupQueries.avaliacoes);
}

/** Starts downloading the chunks the open tab draws with; failures surface when the tab renders. */
export function preloadDashboardCode(params: URLSearchParams): void {
  const tab = tabFromParams(params);
  const chunks = tab === 'geral' ? [OverviewCharts, ExperimentsMap] : tab === 'interativa' ? [CorrelationExplorer] : [];
  for (const c of chunks) c.preload().catch(() => undefined);
}
