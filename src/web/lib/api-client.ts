/**
 * The one HTTP client of the app. It adds the bearer token, times out (30 s by default, per call
 * otherwise), retries safe requests on network errors (3 times, 1 s apart; never a POST),
 * refreshes the access token once on a 401 and replays the call, and signs the user out when
 * the server refuses the refresh (never when it cannot be reached: offline is not signed out).
 * Uploads with progress (XHR) share the token and refresh logic. Offline (`isOffline`), a GET is
 * not retried: the service worker answers it from its cache or it fails at once.
 */
import { ApiFailure, type ApiErrorBody } from '../../shared/api-error.js';
import { REFRESH_TIMEOUT_MS, REQUEST_TIMEOUT_MS, RETRY_DELAY_MS, RETRY_MAX } from '../../shared/constants.js';
import { MSG } from '../../shared/messages.js';

/** A failed call: the server's error shape, or status 0 and a client-side code when no answer came. */
export class ApiError extends ApiFailure<string> {
  override name = 'ApiError';
  get isNetwork() {
    return this.status === 0;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A JSON body, or FormData sent as multipart. */
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Whether to send the bearer token and refresh on 401 (default true). */
  auth?: boolean;
  /** Extra request headers (the offline queue's Idempotency-Key). */
  headers?: Record<string, string>;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** Extra request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
  timeoutMs?: number;
  onProgress?: (percent: number) => void;
}

export interface ClientDeps {
  getToken: () => string | null;
  /** A renewed access token, and the sign-out token that came with it (docs/security.md). */
  setToken: (token: string, signOutToken?: string) => void;
  /** Called once a refresh has failed: the session is over. */
  onSessionExpired: () => void;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  createXhr?: () => XMLHttpRequest;
  /** Whether the device knows it has no connection (navigator.onLine false). */
  isOffline?: () => boolean;
  /** Every response the server or the service worker gave (the offline banner reads its date). */
  onResponse?: (res: Response) => void;
  /** A request that could not reach the server at all (after its retries). */
  onNetworkError?: () => void;
}

/** What a refresh came to: a new token, a refusal (the session is over), or no answer at all. */
type RefreshOutcome = 'renewed' | 'refused' | 'unreachable';

const SAFE_METHODS = new Set(['GET']);

async function errorFromResponse(res: Response): Promise<ApiError> {
  let body: Partial<ApiErrorBody> | null = null;
  try {
    body = (await res.json()) as Partial<ApiErrorBody>;
  } catch {
    body = null;
  }
  if (body?.error?.message) return new ApiError(res.status, body.error.code ?? 'ERROR', body.error.message, body.error.fields);
  return new ApiError(
    res.status,
    res.status >= 500 ? 'INTERNAL_ERROR' : 'ERROR',
    res.status >= 500 ? MSG.serverError : MSG.validationError,
  );
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export function createApiClient(deps: ClientDeps) {
  const doFetch = deps.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let refreshing: Promise<RefreshOutcome> | null = null;

  /** One refresh at a time: concurrent 401s wait for the same one. */
  function renew(): Promise<RefreshOutcome> {
    refreshing ??= (async (): Promise<RefreshOutcome> => {
      let res: Response;
      try {
        res = await doFetch('/api/auth/refresh', {
          method: 'POST',
          credentials: 'same-origin',
          signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS),
        });
      } catch {
        return 'unreachable';
      }
      try {
        // A 5xx (a server or proxy down) is no verdict on the session either.
        if (res.status >= 500) return 'unreachable';
        if (!res.ok) return 'refused';
        const { token, signOutToken } = (await res.json()) as { token: string; signOutToken?: string };
        deps.setToken(token, signOutToken);
        return 'renewed';
      } catch {
        return 'unreachable';
      }
    })().finally(() => setTimeout(() => (refreshing = null), 0));
    return refreshing;
  }

  async function refresh(): Promise<boolean> {
    return (await renew()) === 'renewed';
  }

  /** After a 401: the call replayed with a new token, or the session ended, or (no answer) the network error. */
  async function afterUnauthorized<T>(replay: () => Promise<T>): Promise<T | null> {
    const outcome = await renew();
    if (outcome === 'renewed') return replay();
    if (outcome === 'refused') deps.onSessionExpired();
    else {
      deps.onNetworkError?.();
      throw new ApiError(0, 'NETWORK_ERROR', MSG.networkError);
    }
    return null;
  }

  async function send(path: string, opts: RequestOptions): Promise<Response> {
    const method = opts.method ?? 'GET';
    const headers: Record<string, string> = { ...opts.headers, accept: 'application/json' };
    const token = opts.auth === false ? null : deps.getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const timeout = AbortSignal.timeout(opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    const url = buildUrl(path, opts.query);

    for (let attempt = 0; ; attempt++) {
      try {
        const res = await doFetch(url, { method, headers, body, signal, credentials: 'same-origin' });
        deps.onResponse?.(res);
        return res;
      } catch (err) {
        if (opts.signal?.aborted && !timeout.aborted) throw err;
        const offline = deps.isOffline?.() ?? false;
        if (timeout.aborted || offline || !SAFE_METHODS.has(method) || attempt >= RETRY_MAX) {
          deps.onNetworkError?.();
          throw new ApiError(0, timeout.aborted ? 'TIMEOUT' : 'NETWORK_ERROR', MSG.networkError);
        }
        await sleep(RETRY_DELAY_MS);
      }
    }
  }

  async function raw(path: string, opts: RequestOptions = {}): Promise<Response> {
    let res = await send(path, opts);
    if (res.status === 401 && opts.auth !== false && deps.getToken()) {
      res = (await afterUnauthorized(() => send(path, opts))) ?? res;
    }
    if (!res.ok) throw await errorFromResponse(res);
    return res;
  }

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const res = await raw(path, opts);
    const text = res.status === 204 ? '' : await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  function xhrOnce<T>(path: string, form: FormData, opts: UploadOptions): Promise<{ status: number; body: unknown; raw: T | null }> {
    return new Promise((resolve, reject) => {
      const xhr = deps.createXhr?.() ?? new XMLHttpRequest();
      xhr.open(opts.method ?? 'POST', path);
      xhr.timeout = opts.timeoutMs ?? REQUEST_TIMEOUT_MS;
      const token = deps.getToken();
      if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
      xhr.setRequestHeader('accept', 'application/json');
      for (const [name, value] of Object.entries(opts.headers ?? {})) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) opts.onProgress?.(Math.round((e.loaded / e.total) * 100));
      };
      xhr.onload = () => {
        let body: unknown = null;
        try {
          body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
        } catch {
          body = null;
        }
        resolve({ status: xhr.status, body, raw: body as T });
      };
      xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', MSG.networkError));
      xhr.ontimeout = () => reject(new ApiError(0, 'TIMEOUT', MSG.networkError));
      xhr.send(form);
    });
  }

  /** Multipart upload reporting progress; same token, refresh and error rules as `request`. */
  async function upload<T>(path: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
    let res = await xhrOnce<T>(path, form, opts);
    if (res.status === 401 && deps.getToken()) {
      res = (await afterUnauthorized(() => xhrOnce<T>(path, form, opts))) ?? res;
    }
    if (res.status >= 200 && res.status < 300) return res.raw as T;
    const err = (res.body as Partial<ApiErrorBody> | null)?.error;
    if (err?.message) throw new ApiError(res.status, err.code ?? 'ERROR', err.message, err.fields);
    throw new ApiError(res.status, 'ERROR', res.status >= 500 ? MSG.serverError : MSG.validationError);
  }

  return { request, raw, upload, refresh };
}

export type ApiClient = ReturnType<typeof createApiClient>;
