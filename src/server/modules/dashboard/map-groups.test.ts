/**
 * The map above its point limit (repository.ts, mapGroups): the experiments grouped per square of
 * MAP_GROUP_CELL_PX pixels at the zoom asked, those without coordinates at their city's centre,
 * from MAP_AREA_FROM_ZOOM on only in the area asked; counts that add up to the filtered total.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cityCenter } from '../../../shared/cities.js';
import type { DashboardMap } from '../../../shared/dashboard.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { type Account, createAccount, filtersOf, seedExperiments } from '../../test/factories.js';
import { mapJson } from './repository.js';

let t: TestApp;
let me: Account;
const concluded = filtersOf({ situacao: 'concluido' });

beforeAll(async () => {
  t = await createTestApp();
  me = await createAccount(t.app);
  await seedExperiments(t.db.database, me, [
    // Three a few hundred metres apart in Rio Verde: one group at zoom 4, three points at zoom 16.
    { cidade: 'Rio Verde', estado: 'GO', latitude: -17.79, longitude: -50.92, marca: 'Aminoagro', cultura: 'Soja' },
    { cidade: 'Rio Verde', estado: 'GO', latitude: -17.795, longitude: -50.925, marca: 'Aminoagro', cultura: 'Soja' },
    { cidade: 'Rio Verde', estado: 'GO', latitude: -17.8, longitude: -50.93, marca: 'Concorrente', cultura: 'Soja' },
    // Far away, alone.
    { cidade: 'Londrina', estado: 'PR', latitude: -23.31, longitude: -51.16, marca: 'Aminoagro', cultura: 'Milho' },
    // No coordinates: at Sorriso's centre.
    { cidade: 'Sorriso', estado: 'MT', latitude: null, longitude: null, marca: 'Aminoagro', cultura: 'Soja' },
  ]);
});
afterAll(() => t.close());

const groupsOf = async (zoom: number, area?: [number, number, number, number], filters = concluded) =>
  (JSON.parse(await mapJson(t.db.database.db, filters, { zoom, area }, 0)) as DashboardMap).grupos!;

describe('the map as groups', () => {
  it('below its point limit sends every point, as before', async () => {
    const map = JSON.parse(await mapJson(t.db.database.db, concluded, { zoom: 4, area: undefined })) as DashboardMap;
    expect(map.grupos).toBeUndefined();
    expect(map.pontos.id).toHaveLength(5);
    expect(map.total).toBe(5);
  });

  it('at a country zoom, groups nearby trials and keeps a lone one as itself; counts add up', async () => {
    const map = JSON.parse(await mapJson(t.db.database.db, concluded, { zoom: 4, area: undefined }, 2)) as DashboardMap;
    expect(map.pontos.id).toHaveLength(0);
    expect(map.total).toBe(5);
    expect(map.localizacoes).toBe(3);
    const g = map.grupos!;
    expect(g.n.reduce((a, b) => a + b, 0)).toBe(5);
    const rioVerde = g.n.indexOf(3);
    expect(rioVerde).toBeGreaterThanOrEqual(0);
    expect(g.id[rioVerde]).toBe(0);
    expect(g.marca[rioVerde]).toBe(-1);
    expect(g.locais[g.local[rioVerde]!]).toEqual(['Rio Verde', 'GO']);
    expect(g.lat[rioVerde]).toBeCloseTo(-17.795, 4);
    const sorriso = g.locais.findIndex(([c]) => c === 'Sorriso');
    const s = g.local.indexOf(sorriso);
    expect(g.n[s]).toBe(1);
    expect(g.aproximado[s]).toBe(1);
    expect(g.id[s]).toBeGreaterThan(0);
    const centre = cityCenter('Sorriso', 'MT')!;
    expect([g.lat[s], g.lng[s]]).toEqual([centre.lat, centre.lng].map((v) => Math.round(v * 1e5) / 1e5));
  });

  it('close in, in the area asked only, the trials apart again', async () => {
    const g = await groupsOf(16, [-51, -18, -50.8, -17.7]);
    expect(g.area).toEqual([-51, -18, -50.8, -17.7]);
    expect(g.n).toEqual([1, 1, 1]);
    expect(g.id.every((id) => id > 0)).toBe(true);
    expect(g.aproximado).toEqual([0, 0, 0]);
    // Below MAP_AREA_FROM_ZOOM the area is ignored: the whole country.
    expect((await groupsOf(4, [-51, -18, -50.8, -17.7])).n.reduce((a, b) => a + b, 0)).toBe(5);
  });

  it('under the filters', async () => {
    const g = await groupsOf(4, undefined, filtersOf({ situacao: 'concluido', cultura: 'Milho' }));
    expect(g.n).toEqual([1]);
    expect(g.marcas).toEqual(['Aminoagro']);
  });
});

describe('GET /api/dashboard/mapa, the view', () => {
  it('refuses a zoom or an area out of range with a message, and answers a valid view', async () => {
    const account = me;
    const get = (q: string) => t.app.inject({ method: 'GET', url: `/api/dashboard/mapa?${q}`, headers: account.auth });
    expect((await get('zoom=19')).json().error.fields.zoom).toBe('Zoom deve ser um inteiro de 0 a 18');
    for (const area of ['1,2,3', '10,0,5,1', 'a,b,c,d', '-200,0,0,1']) {
      expect((await get(`area=${area}`)).json().error.fields.area).toBe('Área deve ser oeste,sul,leste,norte em graus');
    }
    const ok = await get('zoom=7&area=-60,-30,-40,-10');
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as DashboardMap).pontos.id).toHaveLength(5);
  });
});
