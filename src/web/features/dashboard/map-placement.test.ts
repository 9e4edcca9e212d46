import { describe, expect, it } from 'vitest';
import { BRAZIL_CENTER, cityCenter } from '../../../shared/cities.js';
import { placePoint, spreadOverlapping } from './map-placement.js';

describe('placePoint', () => {
  const base = { lat: null, lng: null, cidade: 'Curitiba', estado: 'PR' };

  it("uses the experiment's own coordinates first", () => {
    expect(placePoint({ ...base, lat: -24.5, lng: -53.1 })).toEqual({ lat: -24.5, lng: -53.1, approximate: false });
  });

  it('falls back to the city centre, then to the centre of Brazil', () => {
    expect(placePoint(base)).toEqual({ ...cityCenter('Curitiba', 'PR'), approximate: true });
    expect(placePoint({ ...base, cidade: 'Lugar Nenhum' })).toEqual({ ...BRAZIL_CENTER, approximate: true });
  });

  it('ignores half, out-of-range or (0, 0) coordinates', () => {
    expect(placePoint({ ...base, lat: -24.5 }).approximate).toBe(true);
    expect(placePoint({ ...base, lat: 0, lng: 0 }).approximate).toBe(true);
    expect(placePoint({ ...base, lat: -200, lng: -50 }).approximate).toBe(true);
    expect(placePoint({ ...base, lat: Number.NaN, lng: -50 }).approximate).toBe(true);
  });
});

describe('spreadOverlapping', () => {
  const dist = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => Math.hypot(a.lat - b.lat, a.lng - b.lng);

  it('leaves distinct points untouched', () => {
    const pts = [
      { id: 1, lat: -10, lng: -50 },
      { id: 2, lat: -10.0001, lng: -50 },
      { id: 3, lat: -20, lng: -45 },
    ];
    expect(spreadOverlapping(pts)).toEqual(pts);
  });

  it('separates identical positions onto a small circle around them, keeping the other fields', () => {
    const here = { lat: -12.5425, lng: -55.7211 };
    const pts = [1, 2, 3, 4].map((id) => ({ id, ...here }));
    const out = spreadOverlapping([...pts, { id: 9, lat: -20, lng: -45 }]);
    expect(out.map((p) => p.id)).toEqual([1, 2, 3, 4, 9]);
    expect(out[4]).toEqual({ id: 9, lat: -20, lng: -45 });
    const spread = out.slice(0, 4);
    expect(new Set(spread.map((p) => `${p.lat},${p.lng}`)).size).toBe(4);
    for (const p of spread) {
      const d = dist(p, here);
      expect(d).toBeGreaterThanOrEqual(0.015);
      expect(d).toBeLessThanOrEqual(0.07);
    }
    // The input is not mutated.
    expect(pts[0]).toEqual({ id: 1, ...here });
  });

  it('is deterministic and keeps hundreds of identical points apart', () => {
    const pts = Array.from({ length: 500 }, (_, id) => ({ id, lat: -15.7939, lng: -47.8828 }));
    const a = spreadOverlapping(pts);
    expect(spreadOverlapping(pts)).toEqual(a);
    expect(new Set(a.map((p) => `${p.lat},${p.lng}`)).size).toBe(500);
    for (const p of a) expect(dist(p, pts[0]!)).toBeLessThanOrEqual(0.07);
  });

  it('handles an empty list', () => {
    expect(spreadOverlapping([])).toEqual([]);
  });
});
