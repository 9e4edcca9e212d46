import { describe, expect, it } from 'vitest';
import {
  API_CACHE_PREFIX,
  FETCHED_AT_HEADER,
  LOOKUP_URLS,
  PUBLIC_CACHE,
  apiCacheName,
  cacheForApiRead,
  fetchedAtOf,
  isApiRead,
  isStorable,
  routeOf,
  shellCacheName,
  staleShellCaches,
  storedHeaders,
  userOfAuthorization,
} from './routes.js';

const origin = 'https://app.example.com.br';
const req = (url: string, method = 'GET', mode = 'cors') => ({ method, url: new URL(url, origin).href, mode, origin });

const b64url = (s: string) => Buffer.from(s).toString('base64url');
const jwt = (payload: unknown) => `${b64url('{"alg":"HS256"}')}.${b64url(JSON.stringify(payload))}.c2ln`;

describe('service worker routes', () => {
  it('never touches a write, whatever its path', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      expect(routeOf(req('/api/experiments', method))).toBe('pass');
      expect(routeOf(req('/api/dashboard', method))).toBe('pass');
      expect(routeOf(req('/dashboard', method, 'navigate'))).toBe('pass');
    }
  });

  it('answers page loads, the shell files and the listed reads; passes everything else', () => {
    expect(routeOf(req('/dashboard', 'GET', 'navigate'))).toBe('navigate');
    expect(routeOf(req('/experimentos/3/relatorio?x=1', 'GET', 'navigate'))).toBe('navigate');
    expect(routeOf(req('/assets/index-abc.js'))).toBe('shell');
    expect(routeOf(req('/manifest.webmanifest'))).toBe('shell');
    expect(routeOf(req('/icons/icon-192.png'))).toBe('shell');
    expect(routeOf(req('/sw.js'))).toBe('pass');
    expect(routeOf(req('/api/dashboard?cultura=Soja'))).toBe('api-read');
    expect(routeOf(req('/api/experiments/12'))).toBe('api-read');
    expect(routeOf(req('/api/uploads/documents?experimentId=1'))).toBe('pass');
    expect(routeOf(req('/api/auth/refresh'))).toBe('pass');
    // Cross-origin (map tiles) is the browser's; an API navigation is not a page.
    expect(routeOf({ ...req('/'), url: 'https://tile.openstreetmap.org/1/1/1.png' })).toBe('pass');
    expect(routeOf(req('/api/dashboard/export.csv', 'GET', 'navigate'))).toBe('pass');
  });

  it('lists the reads shown offline and nothing more', () => {
    const reads = [
      '/api/lookups/marcas',
      '/api/lookups/produtos-por-marca',
      '/api/dashboard',
      '/api/dashboard/mapa',
      '/api/dashboard/correlacao',
      '/api/dashboard/documentos',
      '/api/dashboard/experimentos',
      '/api/experiments',
      '/api/experiments/stats',
      '/api/experiments/42',
      '/api/experiments/42/analise',
      '/api/experiments/42/croqui',
      '/api/auth/me',
    ];
    const others = [
      '/api/dashboard/export.csv',
      '/api/dashboard/avaliacoes.csv',
      '/api/auth/registration',
      '/api/auth/refresh',
      '/api/users',
      '/api/admin/auditoria',
      '/api/uploads/documents/1/download',
      '/api/experiments/abc',
      '/api/experiments/1/outra',
      '/api/experiments/1/coleta',
      '/api/experiments/1/calda',
      '/api/health',
      '/api',
    ];
    for (const path of reads) expect(isApiRead(path), path).toBe(true);
    for (const path of others) expect(isApiRead(path), path).toBe(false);
  });

  it("reads the token's subject to choose the user's cache, and nothing from a bad token", () => {
    expect(userOfAuthorization(`Bearer ${jwt({ sub: 'u-1', sv: 1 })}`)).toBe('u-1');
    expect(userOfAuthorization(`Bearer ${jwt({ sub: 'ãé/ü?' })}`)).toBe('ãé/ü?');
    expect(userOfAuthorization(null)).toBeNull();
    expect(userOfAuthorization('Bearer')).toBeNull();
    expect(userOfAuthorization(`Basic ${jwt({ sub: 'u' })}`)).toBeNull();
    expect(userOfAuthorization(`Bearer ${jwt({ sv: 1 })}`)).toBeNull();
    expect(userOfAuthorization(`Bearer ${jwt({ sub: 7 })}`)).toBeNull();
    expect(userOfAuthorization(`Bearer ${jwt(null)}`)).toBeNull();
    expect(userOfAuthorization('Bearer a.!!!.c')).toBeNull();
    expect(userOfAuthorization('Bearer a.bm90IGpzb24.c')).toBeNull();
  });

  it("keeps the reference lists in a shared cache and every other read in its user's", () => {
    const token = `Bearer ${jwt({ sub: 'u-1' })}`;
    for (const path of LOOKUP_URLS) {
      expect(isApiRead(path)).toBe(true);
      expect(cacheForApiRead(path, null)).toBe(PUBLIC_CACHE);
      expect(cacheForApiRead(path, token)).toBe(PUBLIC_CACHE);
    }
    // Signing out deletes the API caches by prefix: the shared lists stay.
    expect(PUBLIC_CACHE.startsWith(API_CACHE_PREFIX)).toBe(false);
    expect(cacheForApiRead('/api/dashboard', token)).toBe(apiCacheName('u-1'));
    expect(cacheForApiRead('/api/dashboard', null)).toBeNull();
    expect(cacheForApiRead('/api/experiments/3', 'Bearer lixo')).toBeNull();
  });

  it('keeps one cache per user and per build', () => {
    expect(apiCacheName('a')).not.toBe(apiCacheName('b'));
    expect(apiCacheName('a').startsWith(API_CACHE_PREFIX)).toBe(true);
    const names = [shellCacheName('v1'), shellCacheName('v2'), apiCacheName('u'), 'other'];
    expect(staleShellCaches(names, 'v2')).toEqual([shellCacheName('v1')]);
  });

  it('stores only complete JSON answers, stamped with when they were fetched', () => {
    expect(isStorable(200, 'application/json; charset=utf-8')).toBe(true);
    expect(isStorable(200, 'text/html')).toBe(false);
    expect(isStorable(401, 'application/json')).toBe(false);
    expect(isStorable(206, 'application/json')).toBe(false);
    expect(isStorable(200, null)).toBe(false);
    const at = new Date('2026-11-24T12:05:00Z');
    const headers = storedHeaders(new Headers({ 'content-type': 'application/json', etag: '"x"' }), at);
    expect(headers.get('etag')).toBe('"x"');
    expect(headers.get(FETCHED_AT_HEADER)).toBe(at.toISOString());
    expect(fetchedAtOf(headers)?.getTime()).toBe(at.getTime());
    expect(fetchedAtOf(new Headers())).toBeNull();
    expect(fetchedAtOf(new Headers({ [FETCHED_AT_HEADER]: 'ontem' }))).toBeNull();
  });
});
