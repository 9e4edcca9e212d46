import { describe, expect, it } from 'vitest';
import { AnalysisCache } from './analysis-cache.js';

describe('AnalysisCache', () => {
  it('keys by id, version, last change, transformation and the variable analysed', () => {
    expect(AnalysisCache.key(7, 3, '2026-11-29T10:00:00.000Z', null)).toBe('7:3:2026-11-29T10:00:00.000Z::');
    expect(AnalysisCache.key(7, 3, '2026-11-29T10:00:00.000Z', 'raiz')).toBe('7:3:2026-11-29T10:00:00.000Z:raiz:');
    expect(AnalysisCache.key(7, 3, '2026-11-29T10:00:00.000Z', 'arcoseno', 'a:sev-7')).toBe(
      '7:3:2026-11-29T10:00:00.000Z:arcoseno:a:sev-7',
    );
  });

  it('drops the least recently used entries beyond its bytes, and keeps nothing larger than them', () => {
    // Room for two entries of 10 characters (20 bytes each).
    const cache = new AnalysisCache(40);
    cache.set('a', 'x'.repeat(10));
    cache.set('b', 'y'.repeat(10));
    expect(cache.get('a')).toBe('x'.repeat(10));
    cache.set('c', 'z'.repeat(10));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('x'.repeat(10));
    expect(cache.get('c')).toBe('z'.repeat(10));
    cache.set('c', 'w'.repeat(10));
    expect(cache.size).toBe(2);
    cache.set('huge', 'h'.repeat(21));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
  });
});
