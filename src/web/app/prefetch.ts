/**
 * Starting a page's downloads before it renders: its chunk and, for the dashboard, its data and
 * the chunks of its open tab. Called by the routes' loaders (navigation), by links on hover,
 * focus or touch, after signing in (during the success message) and at app start.
 * Pages behind sign-in are only preloaded for a signed-in user: a visitor on /login downloads
 * nothing of them.
 */
import { matchPath } from 'react-router';
import { prefetchDashboard, preloadDashboardCode } from '../features/dashboard/index.js';
import { session } from '../lib/api.js';
import type { Preloadable } from '../lib/preloadable.js';
import * as pages from './pages.js';
import { queryClient } from './query-client.js';

interface Entry {
  path: string;
  page: Preloadable<object>;
  signedIn: boolean;
  /** What else the page will ask for at once. */
  start?: (url: URL) => void;
}

const ENTRIES: Entry[] = [
  {
    path: '/dashboard',
    page: pages.DashboardPage,
    signedIn: true,
    start: (url) => {
      prefetchDashboard(queryClient, url.searchParams);
      preloadDashboardCode(url.searchParams);
    },
  },
  { path: '/novo-experimento', page: pages.NewExperimentPage, signedIn: true },
  { path: '/test-extraction', page: pages.TestExtractionPage, signedIn: true },
  { path: '/perfil', page: pages.ProfilePage, signedIn: true },
  { path: '/admin/usuarios', page: pages.AdminUsersPage, signedIn: true },
  { path: '/admin/auditoria', page: pages.AdminAuditPage, signedIn: true },
  { path: '/experimentos/:id/relatorio', page: pages.TrialReportPage, signedIn: true },
  { path: '/experimentos/:id/croqui', page: pages.FieldKitPage, signedIn: true },
  { path: '/experimentos/:id/coleta', page: pages.CollectionPage, signedIn: true },
  { path: '/analise-conjunta', page: pages.JointAnalysisPage, signedIn: true },
  { path: '/meta-analise', page: pages.MetaAnalysisPage, signedIn: true },
  { path: '/importar', page: pages.ImportPage, signedIn: true },
  { path: '/importar/revisao', page: pages.ImportReviewPage, signedIn: true },
  { path: '/register', page: pages.RegisterPage, signedIn: false },
  { path: '/forgot-password', page: pages.ForgotPasswordPage, signedIn: false },
  { path: '/reset-password', page: pages.ResetPasswordPage, signedIn: false },
  { path: '/terms', page: pages.TermsPage, signedIn: false },
  { path: '/privacy', page: pages.PrivacyPage, signedIn: false },
];

/**
 * Starts what the page at `to` needs; `data: false` fetches only code. Cheap to call again:
 * a chunk is fetched once and a fresh answer in the query cache is not asked for twice.
 */
export function preloadRoute(to: string, { data = true }: { data?: boolean } = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) return;
  const entry = ENTRIES.find((e) => matchPath(e.path, url.pathname));
  if (!entry || (entry.signedIn && !session.get().token)) return;
  entry.page.preload().catch(() => undefined);
  if (data) entry.start?.(url);
}

/** Props for a link or button that leads to `to`: the intent to follow it (hover, focus, touch) starts the downloads. */
export function preloadOnIntent(to: string) {
  const start = () => preloadRoute(to);
  return { onMouseEnter: start, onFocus: start, onTouchStart: start };
}

/** A route's loader: the navigation to it starts its downloads; the page itself renders without waiting for them. */
export function preloadLoader({ request }: { request: Request }): null {
  preloadRoute(request.url);
  return null;
}
