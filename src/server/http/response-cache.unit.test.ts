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

  it('keeps at most its byte budget, dropping the least recently used, and never a text a quarter of it', async () => {
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
    await cache.text('huge', async () => 'x'.repeat(300));
    expect(await cache.text('huge', async () => 'recalculado')).toBe('recalculado');
  });

  it('keys do not depend on parameter order or unset values', () => {
    expect(cacheKey('/x', { b: 1, a: 'x', c: undefined })).toBe(cacheKey('/x', { a: 'x', b: 1 }));
    expect(cacheKey('/x', { a: 'x' })).not.toBe(cacheKey('/y', { a: 'x' }));
  });
});
