/**
 * The service worker's decisions, as pure functions (the worker in ../sw.ts only applies them):
 * which requests it answers and how, which user an API answer belongs to, and how a cached answer
 * remembers when it was fetched. Imported by the worker and by the page (cache names, header).
 */

/** How the worker answers a request. */
export type Route =
  /** Not the worker's business: the browser fetches as if there were no worker. */
  | 'pass'
  /** A page load: the network, else the precached index.html (the app opens offline). */
  | 'navigate'
  /** A file of the build (hashed chunk, CSS, icon, manifest): the precache first, else the network. */
  | 'shell'
  /** A read the app shows offline: the network first; its last answer (per user) when the network fails. */
  | 'api-read';

export interface RequestFacts {
  method: string;
  /** Absolute URL. */
  url: string;
  /** Request.mode ('navigate' for page loads). */
  mode: string;
  /** The worker's own origin. */
  origin: string;
}

/** Every cache the worker owns starts with this; the page deletes the API ones on sign-out. */
export const CACHE_PREFIX = 'gestao-agricola';
export const SHELL_CACHE_PREFIX = `${CACHE_PREFIX}-shell-`;
export const API_CACHE_PREFIX = `${CACHE_PREFIX}-api-`;
/** The reference lists (marcas, culturas, regiões…): the same for everyone, read without a token. */
export const PUBLIC_CACHE = `${CACHE_PREFIX}-public`;
/** Fetched when a version installs, so the form's lists are there offline even if it was never opened online. */
export const LOOKUP_URLS = [
  '/api/lookups/marcas',
  '/api/lookups/produtos-por-marca',
  '/api/lookups/regioes',
  '/api/lookups/culturas',
  '/api/lookups/estados',
] as const;
/** Set on a cached API answer: when the network gave it (ISO 8601). Only answers from the cache carry it. */
export const FETCHED_AT_HEADER = 'x-gestao-fetched-at';

export const shellCacheName = (version: string) => `${SHELL_CACHE_PREFIX}${version}`;
export const apiCacheName = (userId: string) => `${API_CACHE_PREFIX}${encodeURIComponent(userId)}`;

/**
 * The reads the dashboard, the experiment details, the trial report, the field collection and the
 * form's lists need: lookups, dashboard series and tables (not the CSV export), experiments, their
 * analyses and layouts (croqui), and the signed-in profile. Uploads, documents, admin pages and every other auth path are never stored.
 */
const API_READS: readonly RegExp[] = [
  /^\/api\/lookups(\/[^/]+)*$/,
  /^\/api\/dashboard(\/(?!(export|avaliacoes)\.csv$)[^/]+)?$/,
  /^\/api\/experiments(\/(stats|\d+)(\/(analise|croqui))?)?$/,
  /^\/api\/auth\/me$/,
];

export function isApiRead(pathname: string): boolean {
  return API_READS.some((re) => re.test(pathname));
}

/** The reference lists (GET /api/lookups/…), as opposed to a user's data. */
export const isLookup = (pathname: string) => API_READS[0]!.test(pathname);

/**
 * The cache an API read's answer goes to and comes from: the shared one for the reference lists,
 * else the cache of the user whose token the request carries; null (never stored) without one.
 */
export function cacheForApiRead(pathname: string, authorization: string | null): string | null {
  if (isLookup(pathname)) return PUBLIC_CACHE;
  const user = userOfAuthorization(authorization);
  return user === null ? null : apiCacheName(user);
}

export function routeOf(req: RequestFacts): Route {
  // Never a POST, PUT or DELETE: writes are never stored nor replayed by the worker.
  if (req.method !== 'GET') return 'pass';
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return 'pass';
  }
  // Map tiles and anything else cross-origin are the browser's.
  if (url.origin !== req.origin) return 'pass';
  const path = url.pathname;
  if (path === '/api' || path.startsWith('/api/')) return isApiRead(path) ? 'api-read' : 'pass';
  if (req.mode === 'navigate') return 'navigate';
  if (path === '/sw.js') return 'pass';
  return 'shell';
}

/**
 * The user an API request is made for: the subject of its bearer token, read without checking the
 * signature (the server checks it; this only chooses whose cache an answer goes to). Null when
 * there is no readable token: such a request is neither stored nor answered from a cache.
 */
export function userOfAuthorization(header: string | null): string | null {
  const match = /^Bearer ([\w-]+)\.([\w-]+)\.[\w-]*$/.exec(header ?? '');
  if (!match?.[2]) return null;
  try {
    const b64 = match[2].replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    const sub = (payload as { sub?: unknown } | null)?.sub;
    return typeof sub === 'string' && sub.length > 0 && sub.length <= 200 ? sub : null;
  } catch {
    return null;
  }
}

/** Only complete, successful JSON answers are kept (an error page or a 304 is not data to show offline). */
export function isStorable(status: number, contentType: string | null): boolean {
  return status === 200 && (contentType ?? '').toLowerCase().startsWith('application/json');
}

/** The headers of a stored answer: the original ones plus when it was fetched. */
export function storedHeaders(headers: Headers, fetchedAt: Date): Headers {
  const out = new Headers(headers);
  out.set(FETCHED_AT_HEADER, fetchedAt.toISOString());
  return out;
}

/** When a cached answer was fetched, or null for an answer straight from the network (or a bad value). */
export function fetchedAtOf(headers: Headers): Date | null {
  const value = headers.get(FETCHED_AT_HEADER);
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The shell caches an activating version deletes: its predecessors', never its own nor the API caches. */
export function staleShellCaches(cacheNames: readonly string[], version: string): string[] {
  const own = shellCacheName(version);
  return cacheNames.filter((name) => name.startsWith(SHELL_CACHE_PREFIX) && name !== own);
}
