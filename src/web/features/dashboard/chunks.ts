/**
 * The dashboard's heavy parts, each a chunk of its own that the sign-in page never loads: the
 * charts (Recharts), the map (Leaflet) and the correlation explorer. Preloadable, so navigation
 * fetches them alongside the page's own chunk and its data (prefetch.ts) instead of after them.
 */
import { preloadable } from '../../lib/preloadable.js';

export const OverviewCharts = preloadable(() => import('./components/overview-charts.js').then((m) => m.default));
export const ExperimentsMap = preloadable(() => import('./components/experiments-map.js').then((m) => m.default));
export const CorrelationExplorer = preloadable(() => import('./components/correlation-explorer.js').then((m) => m.default));
