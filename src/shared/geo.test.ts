import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceKm, farFromCity } from './geo.js';

const SORRISO = { lat: -12.5425, lng: -55.7211 };

describe('distanceKm', () => {
  it('measures known distances', () => {
    expect(distanceKm(SORRISO, SORRISO)).toBe(0);
    // São Paulo to Rio de Janeiro: about 357 km in a straight line.
    expect(distanceKm({ lat: -23.5505, lng: -46.6333 }, { lat: -22.9068, lng: -43.1729 })).toBeCloseTo(357, -1);
    // One degree of latitude is about 111.2 km.
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111.2, 1);
    // Antipodes: half the circumference.
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(20015.1, 0);
  });

  it('is symmetric and never negative (property)', () => {
    const point = fc.record({ lat: fc.double({ min: -90, max: 90, noNaN: true }), lng: fc.double({ min: -180, max: 180, noNaN: true }) });
    fc.assert(
      fc.property(point, point, (a, b) => {
        const d = distanceKm(a, b);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(20016);
        expect(Math.abs(d - distanceKm(b, a))).toBeLessThan(1e-6);
      }),
    );
  });
});

describe('farFromCity', () => {
  it('warns when the point is more than 100 km from the city', () => {
    // Lucas do Rio Verde is ~60 km from Sorriso; Cuiabá is ~343 km.
    expect(farFromCity({ lat: -13.0588, lng: -55.9042 }, 'Sorriso', 'MT')).toBeNull();
    expect(farFromCity({ lat: -15.6014, lng: -56.0979 }, 'Sorriso', 'mt')).toBe(
      'O ponto está a 343 km de Sorriso/MT. Confira as coordenadas.',
    );
  });

  it('catches a swapped sign or a misplaced decimal mark', () => {
    expect(farFromCity({ lat: 12.5425, lng: -55.7211 }, 'Sorriso', 'MT')).toMatch(/^O ponto está a 2\.789 km de Sorriso\/MT\./);
    expect(farFromCity({ lat: -1.25425, lng: -55.7211 }, 'Sorriso', 'MT')).toMatch(/^O ponto está a 1\.2\d\d km de Sorriso\/MT/);
  });

  it('says nothing when the point or the city is unknown', () => {
    expect(farFromCity({ lat: null, lng: null }, 'Sorriso', 'MT')).toBeNull();
    expect(farFromCity({ lat: 0, lng: 0 }, 'Sorriso', 'MT')).toBeNull();
    expect(farFromCity({ lat: Number.NaN, lng: -55 }, 'Sorriso', 'MT')).toBeNull();
    expect(farFromCity({ lat: -30, lng: -50 }, 'Cidade Inventada', 'MT')).toBeNull();
    expect(farFromCity({ lat: -30, lng: -50 }, '', '')).toBeNull();
  });

  it('uses the limit given', () => {
    expect(farFromCity({ lat: -13.0588, lng: -55.9042 }, 'Sorriso', 'MT', 50)).toMatch(/^O ponto está a 6\d km de Sorriso\/MT/);
  });
});
