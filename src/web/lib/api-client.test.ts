import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './api-client.js';

type Handler = (url: string, init: RequestInit) => Promise<Response> | Response;

function setup(handlers: Handler[]) {
  let token: string | null = 'old-token';
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const handler = handlers.shift();
    if (!handler) throw new Error(`unexpected call ${String(url)}`);
    return handler(String(url), init ?? {});
  });
  const sleep = vi.fn(async () => undefined);
  const onSessionExpired = vi.fn(() => {
    token = null;
  });
  const client = createApiClient({
    getToken: () => token,
    setToken: (t) => (token = t),
    onSessionExpired,
    fetch: fetch as unknown as typeof globalThis.fetch,
    sleep,
  });
  return { client, calls, sleep, onSessionExpired, token: () => token };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));
const auth = (init: RequestInit) => (init.headers as Record<string, string>).authorization;

describe('api client', () => {
  it('sends the bearer token and JSON, and builds the query string', async () => {
    const { client, calls } = setup([() => json(200, { ok: true })]);
    await client.request('/api/x', { method: 'POST', body: { a: 1 }, query: { regional: 'GO', vazio: '', n: 2 } });
    expect(calls[0]!.url).toBe('/api/x?regional=GO&n=2');
    expect(auth(calls[0]!.init)).toBe('Bearer old-token');
    expect(calls[0]!.init.body).toBe('{"a":1}');
  });

  it('sends extra headers (an Idempotency-Key) and keeps them when it replays the call after a refresh', async () => {
    const { client, calls } = setup([
      () => json(401, { error: { code: 'UNAUTHORIZED', message: 'x' } }),
      () => json(200, { token: 'new-token' }),
      () => json(201, { ok: true }),
    ]);
    await client.request('/api/experiments', { method: 'POST', body: new FormData(), headers: { 'Idempotency-Key': 'k-1' } });
    const [first, , replay] = calls;
    expect((first!.init.headers as Record<string, string>)['Idempotency-Key']).toBe('k-1');
    expect((replay!.init.headers as Record<string, string>)['Idempotency-Key']).toBe('k-1');
    expect(auth(replay!.init)).toBe('Bearer new-token');
  });

  it('retries a GET on network errors 3 times, 1 s apart, then gives the catalogue message', async () => {
    const { client, calls, sleep } = setup([networkDown, networkDown, networkDown, networkDown]);
    const err = await client.request('/api/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Erro de conexão. Verifique sua internet.');
    expect(calls).toHaveLength(4);
    expect(sleep).toHaveBeenCalledTimes(3);
    expect(sleep).toHaveBeenCalledWith(1000);
  });

  it('recovers when a retry succeeds', async () => {
    const { client } = setup([networkDown, () => json(200, { v: 1 })]);
    expect(await client.request('/api/x')).toEqual({ v: 1 });
  });

  it('never retries a POST', async () => {
    const { client, calls } = setup([networkDown]);
    await expect(client.request('/api/x', { method: 'POST', body: {} })).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(calls).toHaveLength(1);
  });

  it('refreshes once on 401 and replays the call with the new token', async () => {
    const { client, calls, token } = setup([
      () => json(401, { error: { code: 'UNAUTHORIZED', message: 'Credenciais inválidas' } }),
      () => json(200, { token: 'new-token' }),
      () => json(200, { ok: 1 }),
    ]);
    expect(await client.request('/api/x')).toEqual({ ok: 1 });
    expect(calls.map((c) => c.url)).toEqual(['/api/x', '/api/auth/refresh', '/api/x']);
    expect(auth(calls[2]!.init)).toBe('Bearer new-token');
    expect(token()).toBe('new-token');
  });

  it('signs out when the refresh fails', async () => {
    const { client, onSessionExpired } = setup([
      () => json(401, { error: { code: 'UNAUTHORIZED', message: 'Credenciais inválidas' } }),
      () => json(401, { error: { code: 'UNAUTHORIZED', message: 'Credenciais inválidas' } }),
    ]);
    await expect(client.request('/api/x')).rejects.toMatchObject({ status: 401 });
    expect(onSessionExpired).toHaveBeenCalledOnce();
  });

  it('concurrent 401s share one refresh', async () => {
    const unauthorized = () => json(401, { error: { code: 'UNAUTHORIZED', message: 'x' } });
    let refreshes = 0;
    const handlers: Handler[] = [];
    const route: Handler = (url) => {
      if (url === '/api/auth/refresh') {
        refreshes++;
        return json(200, { token: 'new-token' });
      }
      return json(200, { url });
    };
    handlers.push(unauthorized, unauthorized, route, route, route, route);
    const { client } = setup(handlers);
    await Promise.all([client.request('/api/a'), client.request('/api/b')]);
    expect(refreshes).toBe(1);
  });

  it('turns the API error body into an ApiError with fields', async () => {
    const { client } = setup([
      () => json(400, { error: { code: 'VALIDATION_ERROR', message: 'Dados inválidos', fields: { email: 'Email inválido' } } }),
    ]);
    await expect(client.request('/api/x', { method: 'POST' })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      fields: { email: 'Email inválido' },
    });
  });

  it('a 5xx without a body gives the server-error message', async () => {
    const { client } = setup([() => new Response('boom', { status: 502 })]);
    await expect(client.request('/api/x')).rejects.toMatchObject({ message: 'Erro do servidor. Tente novamente mais tarde.' });
  });

  it('times out with the per-call limit', async () => {
    const { client } = setup([
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    ]);
    await expect(client.request('/api/x', { timeoutMs: 20 })).rejects.toMatchObject({ code: 'TIMEOUT' });
  });

  it('answers 204 with undefined', async () => {
    const { client } = setup([() => new Response(null, { status: 204 })]);
    expect(await client.request('/api/x', { method: 'DELETE' })).toBeUndefined();
  });
});

/** A scripted XMLHttpRequest: each instance answers with the next scripted status and body. */
function fakeXhrFactory(
  script: { status: number; body: unknown }[],
  seen: { headers: Record<string, string>; method: string; url: string }[],
) {
  return () => {
    const headers: Record<string, string> = {};
    const xhr = {
      status: 0,
      responseText: '',
      timeout: 0,
      upload: { onprogress: null as ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null },
      onload: null as (() => void) | null,
      onerror: null as (() => void) | null,
      ontimeout: null as (() => void) | null,
      method: '',
      url: '',
      open(method: string, url: string) {
        xhr.method = method;
        xhr.url = url;
      },
      setRequestHeader(k: string, v: string) {
        headers[k] = v;
      },
      send() {
        seen.push({ headers, method: xhr.method, url: xhr.url });
        const next = script.shift();
        if (!next) return xhr.onerror?.();
        xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        xhr.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        xhr.status = next.status;
        xhr.responseText = JSON.stringify(next.body);
        xhr.onload?.();
      },
    };
    return xhr as unknown as XMLHttpRequest;
  };
}

describe('api client uploads', () => {
  it('report progress, carry the token and refresh once on 401', async () => {
    let token: string | null = 'old';
    const seen: { headers: Record<string, string>; method: string; url: string }[] = [];
    const client = createApiClient({
      getToken: () => token,
      setToken: (t) => (token = t),
      onSessionExpired: () => undefined,
      fetch: (async () => json(200, { token: 'new' })) as unknown as typeof fetch,
      createXhr: fakeXhrFactory(
        [
          { status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'x' } } },
          { status: 201, body: { experiment: { id: 7 } } },
        ],
        seen,
      ),
    });
    const progress: number[] = [];
    const result = await client.upload('/api/experiments', new FormData(), { onProgress: (p) => progress.push(p) });
    expect(result).toEqual({ experiment: { id: 7 } });
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(progress).toEqual([50, 100, 50, 100]);
  });

  it('turn an error answer into an ApiError with fields', async () => {
    const client = createApiClient({
      getToken: () => 't',
      setToken: () => undefined,
      onSessionExpired: () => undefined,
      createXhr: fakeXhrFactory([{ status: 413, body: { error: { code: 'PAYLOAD_TOO_LARGE', message: 'Arquivo grande demais' } } }], []),
    });
    await expect(client.upload('/api/x', new FormData())).rejects.toMatchObject({ status: 413, message: 'Arquivo grande demais' });
  });
});

describe('api client offline', () => {
  it('keeps the session when the refresh cannot reach the server (offline is not signed out)', async () => {
    const onNetworkError = vi.fn();
    const onSessionExpired = vi.fn();
    const fetch = vi.fn(async (url: string | URL | Request) => {
      if (String(url) === '/api/auth/refresh') throw new TypeError('Failed to fetch');
      return json(401, { error: { code: 'UNAUTHORIZED', message: 'Token expirado' } });
    });
    const client = createApiClient({
      getToken: () => 'old-token',
      setToken: () => undefined,
      onSessionExpired,
      onNetworkError,
      fetch: fetch as unknown as typeof globalThis.fetch,
      sleep: async () => undefined,
    });
    await expect(client.request('/api/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(onNetworkError).toHaveBeenCalledOnce();
  });

  it('keeps the session when the refresh meets a 5xx', async () => {
    const onSessionExpired = vi.fn();
    const fetch = vi.fn(async (url: string | URL | Request) =>
      String(url) === '/api/auth/refresh' ? json(502, {}) : json(401, { error: { code: 'UNAUTHORIZED', message: 'x' } }),
    );
    const client = createApiClient({
      getToken: () => 'old-token',
      setToken: () => undefined,
      onSessionExpired,
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    await expect(client.request('/api/x')).rejects.toMatchObject({ status: 0 });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('does not retry a GET when the device says it is offline, and reports every response', async () => {
    const responses: Response[] = [];
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const sleep = vi.fn(async () => undefined);
    const client = createApiClient({
      getToken: () => null,
      setToken: () => undefined,
      onSessionExpired: () => undefined,
      isOffline: () => true,
      onResponse: (res) => responses.push(res),
      fetch: fetch as unknown as typeof globalThis.fetch,
      sleep,
    });
    await expect(client.request('/api/x')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(fetch).toHaveBeenCalledOnce();
    expect(sleep).not.toHaveBeenCalled();
    const online = createApiClient({
      getToken: () => null,
      setToken: () => undefined,
      onSessionExpired: () => undefined,
      onResponse: (res) => responses.push(res),
      fetch: (async () => json(200, { v: 1 })) as unknown as typeof globalThis.fetch,
    });
    await online.request('/api/y');
    expect(responses).toHaveLength(1);
  });
});
