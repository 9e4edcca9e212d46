import { describe, expect, it } from 'vitest';
import { mapPointsOf, NO_MAP_POINTS } from './dashboard.js';

describe('mapPointsOf', () => {
  it('rebuilds ids from differences and names from the dictionaries, keeping missing coordinates', () => {
    expect(
      mapPointsOf({
        id: [1042, 1, 64],
        lat: [-24.9555, null, 0],
        lng: [-53.4552, null, -0.5],
        local: [1, 0, 1],
        marca: [0, 1, 1],
        locais: [
          ['Jataí', 'GO'],
          ['Cascavel', 'PR'],
        ],
        marcas: ['Aminoagro', 'Dimicron'],
      }),
    ).toEqual([
      { id: 1042, lat: -24.9555, lng: -53.4552, cidade: 'Cascavel', estado: 'PR', marca: 'Aminoagro' },
      { id: 1041, lat: null, lng: null, cidade: 'Jataí', estado: 'GO', marca: 'Dimicron' },
      { id: 977, lat: 0, lng: -0.5, cidade: 'Cascavel', estado: 'PR', marca: 'Dimicron' },
    ]);
  });

  it('no points', () => {
    expect(mapPointsOf(NO_MAP_POINTS)).toEqual([]);
  });
});
