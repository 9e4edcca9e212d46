import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, tileSource } from './security.js';

describe('tileSource', () => {
  it('turns a tile URL template into a CSP source', () => {
    expect(tileSource('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://*.tile.openstreetmap.org');
    expect(tileSource('https://tiles.exemplo.com.br:8443/{z}/{x}/{y}.png')).toBe('https://tiles.exemplo.com.br:8443');
    expect(tileSource('https://{s}-tiles.{r}.exemplo.com/{z}.png')).toBe('https://*.exemplo.com');
  });
  it('refuses what is not a plain http(s) host', () => {
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
    expect(tileSource("https://evil.com;script-src 'unsafe-inline'/x")).toBeNull();
    expect(tileSource('javascript:alert(1)')).toBeNull();
  });
  it('allows no inline or remote script', () => {
    const csp = contentSecurityPolicy({ mapTileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png' });
    expect(csp.scriptSrc).toEqual(["'self'"]);
    expect(csp.imgSrc).toContain('https://*.tile.openstreetmap.org');
  });
});
