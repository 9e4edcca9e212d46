/**
 * The service worker (built by the `serviceWorker` plugin of vite.config.ts into dist/web/sw.js,
 * scope "/"). Each build precaches the app shell under its own version; pages open offline from
 * it; the reads listed in sw/routes.ts go to the network first and, when it fails, are answered
 * with the last answer this user got (stamped with when it was fetched). Nothing else is stored,
 * and no request other than a GET is ever touched. A new version waits until the page asks it to
 * take over (the "Atualizar" prompt), so nothing is swapped mid-form.
 */
import {
  FETCHED_AT_HEADER,
  LOOKUP_URLS,
  PUBLIC_CACHE,
  cacheForApiRead,
  isStorable,
  routeOf,
  shellCacheName,
  staleShellCaches,
  storedHeaders,
} from './sw/routes.js';

declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: string[];

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface MessageEvt extends ExtendableEvent {
  readonly data: unknown;
}
interface WorkerScope {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvt) => void): void;
}

const worker = self as unknown as WorkerScope;
const VERSION = __SW_VERSION__;
const SHELL = shellCacheName(VERSION);

/** Keeps a copy of a read's answer, stamped with when it was fetched. */
function store(cacheName: string, key: string, response: Response): Promise<void> {
  if (!isStorable(response.status, response.headers.get('content-type'))) return Promise.resolve();
  const fetchedAt = new Date();
  const { status, statusText, headers } = response;
  return response
    .blob()
    .then((body) => new Response(body, { status, statusText, headers: storedHeaders(headers, fetchedAt) }))
    .then(async (stored) => (await caches.open(cacheName)).put(key, stored))
    .catch(() => undefined);
}

worker.addEventListener('install', (event) => {
  // `reload`: the files of this build from the server, not an older copy in the HTTP cache.
  const shell = caches.open(SHELL).then((cache) => cache.addAll(__SW_PRECACHE__.map((url) => new Request(url, { cache: 'reload' }))));
  // The form's lists, best effort (a failure does not stop the install).
  const origin = worker.location.origin;
  const lookups = LOOKUP_URLS.map((path) =>
    fetch(path)
      .then((res) => store(PUBLIC_CACHE, new URL(path, origin).href, res))
      .catch(() => undefined),
  );
  event.waitUntil(Promise.all([shell, ...lookups]));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(staleShellCaches(names, VERSION).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === 'skip-waiting') event.waitUntil(worker.skipWaiting());
});

async function navigate(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    const cached = await caches.match('/index.html', { cacheName: SHELL });
    return cached ?? Response.error();
  }
}

async function shell(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: SHELL });
  if (cached) return cached;
  const response = await fetch(request);
  // A hashed file this build did not precache (immutable): kept for the next time offline.
  if (response.ok && new URL(request.url).pathname.startsWith('/assets/')) {
    const copy = response.clone();
    void caches.open(SHELL).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function apiRead(request: Request): Promise<Response> {
  const cacheName = cacheForApiRead(new URL(request.url).pathname, request.headers.get('authorization'));
  if (!cacheName) return fetch(request);
  // The key is the URL alone: the token in the request changes at every refresh.
  const key = request.url;
  let response: Response;
  try {
    response = await fetch(request);
  } catch (err) {
    const cached = await caches.match(key, { cacheName, ignoreVary: true });
    if (cached?.headers.has(FETCHED_AT_HEADER)) return cached;
    throw err;
  }
  void store(cacheName, key, response.clone());
  return response;
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const route = routeOf({ method: request.method, url: request.url, mode: request.mode, origin: worker.location.origin });
  if (route === 'pass') return;
  if (route === 'navigate') event.respondWith(navigate(request));
  else if (route === 'shell') event.respondWith(shell(request));
  else event.respondWith(apiRead(request).catch(() => Response.error()));
});
