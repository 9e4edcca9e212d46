import { describe, expect, it } from 'vitest';
import { ResponseCache, cacheKey } from './response-cache.js';

describe('ResponseCache', () => {
  it('computes once per key until invalidated', async () => {
    const cache = new ResponseCache();
    let calls = 0;
    const compute = async () => `v${++calls}`;
    expect(await cache.text('a', compute)).toBe('v1');
    expect(await cache.text('a', compute)).toBe('v1');
    cache.invalidate();
    expect(await cache.text('a', compute)).toBe('v2');
  });

  it('does not keep a result computed while a write happened', async () => {
    const cache = new ResponseCache();
    let release: () => void = () => undefined;
    const slow = cache.text('a', () => new Promise<string>((resolve) => (release = () => resolve('old'))));
    cache.invalidate();
    release();
    expect(await slow).toBe('old');
    expect(await cache.text('a', async () => 'new')).toBe('new');
  });

  it('expires entries after the TTL and evicts the least recently used beyond its size', async () => {
    let now = 0;
    const cache = new ResponseCache(2, 1000, () => now);
    await cache.text('a', async () => 'a1');
    await cache.text('b', async () => 'b1');
    await cache.text('a', async () => 'a2'); // a is now the most recent
    await cache.text('c', async () => 'c1'); // evicts b
    expect(cache.size).toBe(2);
    expect(await cache.text('b', async () => 'b2')).toBe('b2');
    now = 1500;
    expect(await cache.text('c', async () => 'c2')).toBe('c2');
  });

  it('keeps at most its byte budget, dropping the least recently used, and no text over a third of it', async () => {
    const cache = new ResponseCache(100, 60_000, Date.now, 1000);
    await cache.text('a', async () => 'x'.repeat(200));
    await cache.text('b', async () => 'x'.repeat(200));
    await cache.text('c', async () => 'x'.repeat(200));
    await cache.text('a', async () => 'novo');
    expect(cache.sizeInBytes).toBe(600);
    await cache.text('d', async () => 'x'.repeat(200));
    await cache.text('e', async () => 'x'.repeat(200));
    await cache.text('f', async () => 'x'.repeat(200)); // 1,200 > 1,000: b, the least recently used, goes
    expect(cache.sizeInBytes).toBe(1000);
    let calls = 0;
    expect(await cache.text('b', async () => `b${++calls}`)).toBe('b1');
    await cache.text('huge', async () => 'x'.repeat(400));
    expect(await cache.text('huge', async () => 'recalculado')).toBe('recalculado');
  });

  it('keys do not depend on parameter order or unset values', () => {
    expect(cacheKey('/x', { b: 1, a: 'x', c: undefined })).toBe(cacheKey('/x', { a: 'x', b: 1 }));
    expect(cacheKey('/x', { a: 'x' })).not.toBe(cacheKey('/y', { a: 'x' }));
  });
});

describe('ResponseCache.sendJson', () => {
  it('sends a large cached answer gzipped once to clients that accept it, plain to the others', async () => {
    const { default: Fastify } = await import('fastify');
    const { gunzipSync } = await import('node:zlib');
    const cache = new ResponseCache();
    let computed = 0;
    const big = JSON.stringify({ pontos: Array.from({ length: 2000 }, (_, i) => [i, -17.7, -50.9, 'Rio Verde', 'GO', 'Aminoagro']) });
    const app = Fastify();
    app.get('/x', (request, reply) => cache.sendJson(request, reply, 'x', async () => (computed++, big)));
    app.get('/small', (request, reply) => cache.sendJson(request, reply, 'small', async () => '{"a":1}'));
    const zipped = await app.inject({ method: 'GET', url: '/x', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['vary']).toBe('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(big);
    const plain = await app.inject({ method: 'GET', url: '/x' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(big);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    await app.inject({ method: 'GET', url: '/x', headers: { 'accept-encoding': 'gzip' } });
    expect(computed).toBe(1);
    const small = await app.inject({ method: 'GET', url: '/small', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ a: 1 });
    await app.close();
  });
});

describe('ResponseCache following the database change counter', () => {
  it('empties itself when the counter moves, and only forward', async () => {
    const cache = new ResponseCache();
    let version = 1;
    cache.followChanges(async () => version);
    let calls = 0;
    const compute = async () => `v${++calls}`;
    expect(await cache.text('a', compute)).toBe('v1');
    expect(await cache.text('a', compute)).toBe('v1');
    version = 2; // another server wrote
    expect(await cache.text('a', compute)).toBe('v2');
    version = 1; // a read that started earlier answers late: not a change
    expect(await cache.text('a', compute)).toBe('v2');
  });

  it('does not keep a result whose computation overlapped a change seen by another request', async () => {
    const cache = new ResponseCache();
    let version = 1;
    cache.followChanges(async () => version);
    let release: () => void = () => undefined;
    const slow = cache.text('a', () => new Promise<string>((resolve) => (release = () => resolve('old'))));
    await new Promise((r) => setTimeout(r, 0));
    version = 2;
    expect(await cache.text('b', async () => 'b')).toBe('b');
    release();
    expect(await slow).toBe('old');
    expect(await cache.text('a', async () => 'new')).toBe('new');
  });
});

describe('ResponseCache change checks under concurrency', () => {
  it('shares one query among the requests that arrive while one runs, never one that started before them', async () => {
    const cache = new ResponseCache();
    const started: Array<(v: number) => void> = [];
    cache.followChanges(() => new Promise<number>((resolve) => started.push(resolve)));
    const tick = () => new Promise((r) => setTimeout(r, 0));
    const first = cache.text('a', async () => 'a1');
    await tick();
    expect(started).toHaveLength(1);
    // Three requests arrive while the first check runs: they wait for one new check together.
    const later = [cache.text('a', async () => 'x'), cache.text('a', async () => 'x'), cache.text('b', async () => 'b1')];
    await tick();
    expect(started).toHaveLength(1);
    started[0]?.(1);
    expect(await first).toBe('a1');
    await tick();
    expect(started).toHaveLength(2);
    started[1]?.(2); // a write committed before they arrived: they must see it
    expect(await Promise.all(later)).toEqual(['x', 'x', 'b1']);
  });
});
