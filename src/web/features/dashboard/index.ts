/** The dashboard's door: app/ imports only from here (eslint.config.js, "Web zones"). */
export { useExperiment } from './api/queries.js';
export { DashboardView } from './components/dashboard-view.js';
export { prefetchDashboard, preloadDashboardCode } from './prefetch.js';
