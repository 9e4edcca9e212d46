import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { type Account, createAccount, createExperiment, postRaw } from '../test/factories.js';

let t: TestApp;
let withCors: TestApp;
let me: Account;

beforeAll(async () => {
  t = await createTestApp();
  withCors = await createTestApp({ config: { corsOrigins: ['https://parceiro.exemplo.com.br'] } });
  me = await createAccount(t.app);
});
afterAll(async () => {
  await t.close();
  await withCors.close();
});

describe('security headers', () => {
  it('a CSP without inline script, allowing only the tile host and blob: PDFs, on pages and API', async () => {
    for (const url of ['/login', '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).not.toMatch(/unsafe-eval/);
      expect(csp).toContain("img-src 'self' data: blob: https://*.tile.openstreetmap.org");
      expect(csp).toContain("object-src 'self' blob:");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('downloads carry nosniff, their own type and a disposition', async () => {
    const e = await createExperiment(t.app, me);
    const list = await t.app.inject({ method: 'GET', url: `/api/uploads/documents?experimentId=${e.id}`, headers: me.auth });
    const id = (list.json() as { documents: Array<{ id: number }> }).documents[0]!.id;
    const res = await t.app.inject({ method: 'GET', url: `/api/uploads/documents/${id}/download`, headers: me.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="/);
  });

  it('CORS is closed by default and open only to the configured origins', async () => {
    const origin = 'https://parceiro.exemplo.com.br';
    const closed = await t.app.inject({ method: 'GET', url: '/api/lookups/marcas', headers: { origin } });
    expect(closed.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/experiments',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();

    const open = await withCors.app.inject({ method: 'GET', url: '/api/lookups/marcas', headers: { origin } });
    expect(open.headers['access-control-allow-origin']).toBe(origin);
    expect(open.headers['access-control-allow-credentials']).toBe('true');
    const other = await withCors.app.inject({
      method: 'GET',
      url: '/api/lookups/marcas',
      headers: { origin: 'https://intruso.exemplo.com' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('limits bodies per route: a 20 KB sign-in is refused with 413 and the error shape', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.com', password: 'x'.repeat(20_000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) } });
    const big = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: me.auth,
      payload: { company: 'x'.repeat(20_000) },
    });
    expect(big.statusCode).toBe(413);
  });

  it('Cache-Control: no-store on every answer that passed a guard, success or error; public reads keep their revalidation', async () => {
    const e = await createExperiment(t.app, me);
    const admin = await t.app.inject({ method: 'GET', url: '/api/users', headers: me.auth });
    expect(admin.statusCode).toBe(403);
    for (const url of [
      '/api/users/profile',
      '/api/experiments',
      `/api/experiments/${e.id}`,
      '/api/experiments/stats',
      '/api/experiments/999999',
      '/api/dashboard',
      '/api/dashboard/mapa',
      '/api/dashboard/export.csv',
      `/api/uploads/documents?experimentId=${e.id}`,
      '/api/imports/drafts',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { ...me.auth, 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    expect(admin.headers['cache-control']).toBe('no-store');
    const put = await t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: me.auth, payload: { company: 'Fazenda Nova' } });
    expect(put.headers['cache-control']).toBe('no-store');
    const bad = await t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: me.auth, payload: { email: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['cache-control']).toBe('no-store');
    // The PDF keeps its own, stricter for shared caches.
    const list = await t.app.inject({ method: 'GET', url: `/api/uploads/documents?experimentId=${e.id}`, headers: me.auth });
    const id = (list.json() as { documents: Array<{ id: number }> }).documents[0]!.id;
    const pdf = await t.app.inject({ method: 'GET', url: `/api/uploads/documents/${id}/download`, headers: me.auth });
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    // Public reference data: no-cache with an ETag, so the 304 keeps working (docs/decisions/013).
    const marcas = await t.app.inject({ method: 'GET', url: '/api/lookups/marcas', headers: me.auth });
    expect(marcas.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/lookups/marcas',
      headers: { 'if-none-match': String(marcas.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('never answers a stack trace or SQL', async () => {
    const res = await postRaw(t.app, '/api/auth/login', '{"email":');
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at .*\.js|select |insert |SyntaxError/i);
  });
});
