import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, tileSource } from './security.js';

describe('tileSource', () => {
  it.each([
    ['https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://*.tile.openstreetmap.org'],
    ['https://tiles.exemplo.com.br:8443/{z}/{x}/{y}.png', 'https://tiles.exemplo.com.br:8443'],
    ['https://{s}-tiles.{r}.exemplo.com/{z}.png', 'https://*.exemplo.com'],
    // What is not a plain http(s) host is refused.
    ['/tiles/{z}/{x}/{y}.png', null],
    ["https://evil.com;script-src 'unsafe-inline'/x", null],
    ['javascript:alert(1)', null],
  ])('turns the tile URL template %s into the CSP source %s', (template, source) => {
    expect(tileSource(template)).toBe(source);
  });
  it('allows no inline or remote script', () => {
    const csp = contentSecurityPolicy({ mapTileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png' });
    expect(csp.scriptSrc).toEqual(["'self'"]);
    expect(csp.imgSrc).toContain('https://*.tile.openstreetmap.org');
  });
});
