/**
 * Two server processes on one PostgreSQL database behind a round-robin proxy: nothing a
 * user relies on may live in one process only. The proxy alternates servers on every request and
 * forwards the client's address in X-Forwarded-For, as a load balancer does (TRUST_PROXY trusts
 * it); `x-test-client` lets the test play several clients. Runs in `npm run test:pg`.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer, request as httpRequest } from 'node:http';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExperimentStatsResponse } from '../../shared/api-types.js';
import type { DashboardData, DashboardMap } from '../../shared/dashboard.js';
import { mapPointsOf } from '../../shared/dashboard.js';
import { createPgDatabase, testEngine } from '../test/database.js';
import { buildExperiment, buildRegistration, multipart, samplePdf } from '../test/factories.js';
import { type ServerProcess, startServer } from '../test/server-process.js';

interface Proxy {
  base: string;
  /** Which server (0 or 1) answered each request, in order. */
  served: number[];
  close(): Promise<void>;
}

async function roundRobinProxy(targets: string[]): Promise<Proxy> {
  let next = 0;
  const served: number[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const index = next++ % targets.length;
    served.push(index);
    const target = new URL(req.url ?? '/', targets[index]);
    const client = String(req.headers['x-test-client'] ?? req.socket.remoteAddress ?? '');
    const headers: Record<string, string | string[] | undefined> = {
      ...req.headers,
      host: target.host,
      'x-forwarded-for': client,
      'x-forwarded-proto': 'http',
    };
    delete headers['x-test-client'];
    const upstream = httpRequest(target, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { base: `http://127.0.0.1:${port}`, served, close: () => new Promise((r) => server.close(() => r())) };
}

describe.runIf(testEngine().kind === 'postgres')('two servers on one PostgreSQL behind a round-robin proxy', () => {
  let servers: ServerProcess[] = [];
  let proxy: Proxy;
  let drop: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const database = await createPgDatabase();
    drop = database.drop;
    // No JWT_SECRET: the servers must share the key the database keeps.
    const env = { DATABASE_URL: database.url.toString(), JWT_SECRET: '', TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'warn' };
    servers = await Promise.all([startServer(env), startServer(env)]);
    proxy = await roundRobinProxy(servers.map((s) => s.base));
  }, 240_000);

  afterAll(async () => {
    await proxy?.close();
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await drop();
  }, 60_000);

  const call = async (path: string, init: { method?: string; headers?: Record<string, string>; body?: string | Blob } = {}) => {
    const served = proxy.served.length;
    const res = await fetch(proxy.base + path, init);
    return { res, server: proxy.served[served] };
  };
  const json = async <T>(path: string, auth: Record<string, string>): Promise<{ body: T; server: number | undefined }> => {
    const { res, server } = await call(path, { headers: auth });
    expect(res.status).toBe(200);
    return { body: (await res.json()) as T, server };
  };

  async function signUp(): Promise<{ email: string; password: string; auth: Record<string, string>; cookie: string }> {
    const reg = buildRegistration();
    const { res } = await call('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(reg),
    });
    expect(res.status).toBe(201);
    const { token } = (await res.json()) as { token: string };
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    return { email: reg.email, password: reg.password, auth: { authorization: `Bearer ${token}` }, cookie };
  }

  it('a session opened on one server works on the other, refresh included', async () => {
    const me = await signUp();
    const seen = new Set<number | undefined>();
    for (let i = 0; i < 4; i++) seen.add((await json<{ user: { email: string } }>('/api/users/profile', me.auth)).server);
    expect(seen).toEqual(new Set([0, 1]));

    for (let i = 0; i < 2; i++) {
      const { res } = await call('/api/auth/refresh', { method: 'POST', headers: { cookie: me.cookie } });
      expect(res.status).toBe(200);
      me.cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      me.auth = { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
      expect((await json('/api/users/profile', me.auth)).body).toMatchObject({ user: { email: me.email } });
    }
  });

  it('two tabs refreshing at once on both servers get one successor; a logout ends the access token on both', async () => {
    const me = await signUp();
    const before = proxy.served.length;
    const refreshes = await Promise.all(
      [0, 1, 2, 3].map(() => call('/api/auth/refresh', { method: 'POST', headers: { cookie: me.cookie } })),
    );
    // Parallel calls: which server answered which is not known, only that both did.
    expect(new Set(proxy.served.slice(before))).toEqual(new Set([0, 1]));
    expect(refreshes.map((r) => r.res.status)).toEqual([200, 200, 200, 200]);
    const cookies = new Set(refreshes.map((r) => (r.res.headers.get('set-cookie') ?? '').split(';')[0]));
    expect(cookies.size).toBe(1);
    const { token } = (await refreshes[0]!.res.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };

    const out = await call('/api/auth/logout', { method: 'POST', headers: { ...auth, cookie: [...cookies][0]! } });
    expect(out.res.status).toBe(204);
    const after = [await call('/api/users/profile', { headers: auth }), await call('/api/users/profile', { headers: auth })];
    expect(new Set(after.map((r) => r.server))).toEqual(new Set([0, 1]));
    expect(after.map((r) => r.res.status)).toEqual([401, 401]);
  });

  it('a write through one server is read through the other at once: list total, dashboard, stats, map', async () => {
    const me = await signUp();
    const state = async () => {
      const list = await json<{ total: number }>('/api/experiments?limit=1', me.auth);
      const dashboard = await json<DashboardData>('/api/dashboard', me.auth);
      const stats = await json<ExperimentStatsResponse>('/api/experiments/stats', me.auth);
      const map = await json<DashboardMap>('/api/dashboard/mapa', me.auth);
      return {
        total: list.body.total,
        cards: dashboard.body.cards.totalExperimentos,
        stats: stats.body.totalExperimentos,
        ids: mapPointsOf(map.body.pontos).map((p) => p.id),
      };
    };
    // Each aggregate read twice: cached on both servers.
    const before = await state();
    expect(await state()).toEqual(before);

    const body = multipart(
      { data: JSON.stringify(buildExperiment({ cidade: 'Londrina', estado: 'PR', latitude: -23.31, longitude: -51.16 })) },
      [{ filename: 'relatorio.pdf', content: samplePdf() }],
    );
    const { res } = await call('/api/experiments', {
      method: 'POST',
      headers: { ...body.headers, ...me.auth },
      body: new Blob([new Uint8Array(body.payload)]),
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { experiment: { id: number } }).experiment.id;

    for (let i = 0; i < 2; i++) {
      const after = await state(); // one of the two rounds is answered by the server that did not write
      expect(after).toMatchObject({ total: before.total + 1, cards: before.cards + 1, stats: before.stats + 1 });
      expect(after.ids).toContain(id);
    }

    const del = await call(`/api/experiments/${id}`, { method: 'DELETE', headers: me.auth });
    expect(del.res.status).toBeLessThan(300);
    for (let i = 0; i < 2; i++) expect(await state()).toEqual(before);
  });

  it('ten wrong passwords spread over both servers trip the limit; the owner from another address is not refused', async () => {
    const me = await signUp();
    const attempt = (client: string, password: string) =>
      call('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-test-client': client },
        body: JSON.stringify({ email: me.email, password }),
      });
    const servedBy = new Set<number | undefined>();
    for (let i = 0; i < 10; i++) {
      const { res, server } = await attempt('203.0.113.50', 'senha-errada');
      expect(res.status).toBe(401);
      servedBy.add(server);
    }
    expect(servedBy).toEqual(new Set([0, 1]));
    for (let i = 0; i < 2; i++) {
      const { res } = await attempt('203.0.113.50', me.password);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect((await attempt('198.51.100.60', me.password)).res.status).toBe(200);
  });

  // The browser journey: the built web app (npm test builds it before test:pg runs) through the
  // proxy in Debian's Chromium. Every request may land on either server.
  it.runIf(existsSync('dist/web/index.html') && existsSync('/usr/bin/chromium'))(
    'a browser signs in and navigates through the proxy, served by both servers',
    async () => {
      const me = await signUp();
      const browser = await chromium.launch({
        executablePath: '/usr/bin/chromium',
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
      });
      try {
        const page = await browser.newPage({ locale: 'pt-BR' });
        const before = proxy.served.length;
        await page.goto(`${proxy.base}/login`);
        await page.locator('input[name="email"]').fill(me.email);
        await page.locator('input[name="password"]').fill(me.password);
        await page.getByRole('button', { name: 'Entrar' }).click();
        await page.getByText('Login realizado com sucesso! Redirecionando...').waitFor({ timeout: 30_000 });
        await page.waitForURL(`${proxy.base}/dashboard`, { timeout: 30_000 });
        await page.getByText('Novo Experimento').first().waitFor({ timeout: 30_000 });
        await page.goto(`${proxy.base}/novo-experimento`);
        await page.locator('input[name="consultoria"]').waitFor({ timeout: 30_000 });
        // A reload keeps the session: the refresh cookie works on whichever server answers.
        await page.reload();
        await page.locator('input[name="consultoria"]').waitFor({ timeout: 30_000 });
        expect(page.url()).toBe(`${proxy.base}/novo-experimento`);
        expect(new Set(proxy.served.slice(before))).toEqual(new Set([0, 1]));
      } finally {
        await browser.close();
      }
    },
    120_000,
  );
});
