/**
 * GET /api/experiments sorted by any column of the dashboard's table and searched by its search
 * box: `ordem`, `direcao` and `busca` on top of the filters and the paging.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  type Account,
  type ExperimentBody,
  type ExperimentRequest,
  buildTreatment,
  createAccount,
  createExperiment,
  samplePdf,
} from '../../test/factories.js';

let t: TestApp;
let me: Account;
const made: ExperimentBody[] = [];

const yields = (produtividade: number) => [buildTreatment({ nome: 'T1', produtividade })];

beforeAll(async () => {
  t = await createTestApp();
  me = await createAccount(t.app);
  const specs: [Partial<ExperimentRequest>, string][] = [
    [
      {
        consultoria: 'beta Agro',
        cidade: 'Rio Verde',
        cultura: 'Soja',
        marca: 'Aminoagro',
        ano: 2023,
        roi: 300,
        tratamentos: yields(3000),
      },
      'c.pdf',
    ],
    [
      {
        consultoria: 'Álvaro Campo',
        cidade: 'Cascavel',
        cultura: 'Milho',
        marca: 'Dimicron',
        ano: 2025,
        roi: null,
        tratamentos: yields(9000),
      },
      'a.pdf',
    ],
    [
      { consultoria: 'Zeta 100%', cidade: 'Petrolina', cultura: 'Café', marca: 'Maximus', ano: 2024, roi: 100, tratamentos: yields(2000) },
      'b.pdf',
    ],
    [
      {
        consultoria: 'alfa Rural',
        cidade: 'Sorriso',
        cultura: 'Soja',
        marca: 'Concorrente',
        ano: 2024,
        roi: 200,
        tratamentos: yields(3500),
      },
      'd.pdf',
    ],
  ];
  for (const [s, filename] of specs) made.push(await createExperiment(t.app, me, s, { filename, content: samplePdf() }));
});
afterAll(() => t.close());

const list = (qs: string) => t.app.inject({ method: 'GET', url: `/api/experiments${qs}`, headers: me.auth });
const ids = async (qs: string) => (await list(qs)).json().experiments.map((e: ExperimentBody) => e.id);
const idsOf = (...indexes: number[]) => indexes.map((i) => made[i]!.id);

describe('GET /api/experiments: ordem and direcao', () => {
  // Each query and the order it lists the experiments in, as indexes into `made`.
  it.each<[query: string, order: number[]]>([
    // Newest first by default and with ordem=created_at.
    ['', [3, 2, 1, 0]],
    ['?ordem=created_at', [3, 2, 1, 0]],
    ['?ordem=created_at&direcao=asc', [0, 1, 2, 3]],
    // Text ascending by default, ignoring case and accents.
    ['?ordem=consultoria', [3, 1, 0, 2]],
    ['?ordem=consultoria&direcao=desc', [2, 0, 1, 3]],
    ['?ordem=marca', [0, 3, 1, 2]],
    ['?ordem=cultura', [2, 1, 3, 0]],
    ['?ordem=pdf_filename', [1, 2, 0, 3]],
    // Numbers both ways with missing values last, and ties by id.
    ['?ordem=produtividade_media', [2, 0, 3, 1]],
    ['?ordem=produtividade_media&direcao=desc', [1, 3, 0, 2]],
    ['?ordem=roi', [2, 3, 0, 1]],
    ['?ordem=roi&direcao=desc', [0, 3, 2, 1]],
    // Two in 2024: the newer id first.
    ['?ordem=ano', [0, 3, 2, 1]],
  ])('"%s" lists them in the order %j', async (query, order) => {
    expect(await ids(query)).toEqual(idsOf(...order));
  });

  it('pages through a sorted list without overlap', async () => {
    const first = await ids('?ordem=ano&limit=2&offset=0');
    const second = await ids('?ordem=ano&limit=2&offset=2');
    expect([...first, ...second]).toEqual(idsOf(0, 3, 2, 1));
    expect((await list('?ordem=ano&limit=2')).json().total).toBe(4);
  });

  it('combines the order with the filters', async () => {
    expect(await ids('?cultura=Soja&ordem=consultoria')).toEqual(idsOf(3, 0));
  });

  it('refuses an unknown column or direction with 400 and the field named', async () => {
    for (const qs of ['?ordem=owner_id', '?ordem=id;drop table experiments', '?ordem=roi&direcao=up']) {
      const res = await list(qs);
      expect(res.statusCode, qs).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}).join(), qs).toMatch(/ordem|direcao/);
    }
    expect((await list('?ordem=&direcao=')).statusCode).toBe(200);
  });
});

describe('GET /api/experiments: busca', () => {
  it('finds a case-insensitive substring of consultoria, cidade, cultura or marca, with its total', async () => {
    const res = await list('?busca=AGRO');
    expect(res.json().total).toBe(1); // "beta Agro", whose brand is also Aminoagro
    expect(await ids('?busca=agro')).toEqual(idsOf(0));
    expect(await ids('?busca=CONCORR')).toEqual(idsOf(3));
    expect(await ids('?busca=cascavel')).toEqual(idsOf(1));
    expect(await ids('?busca=café')).toEqual(idsOf(2));
    expect(await ids('?busca=maximus')).toEqual(idsOf(2));
    expect(await ids('?busca=nada%20disso')).toEqual([]);
    expect((await list('?busca=nada%20disso')).json().total).toBe(0);
  });

  it('takes % and _ literally, and combines with filters, order and paging', async () => {
    expect(await ids(`?busca=${encodeURIComponent('100%')}`)).toEqual(idsOf(2));
    expect(await ids(`?busca=${encodeURIComponent('%')}`)).toEqual(idsOf(2));
    expect(await ids('?busca=_')).toEqual([]);
    expect(await ids('?busca=o&cultura=Soja&ordem=consultoria&direcao=desc')).toEqual(idsOf(0, 3));
    const page = await list('?busca=o&limit=1&offset=1&ordem=consultoria');
    expect(page.json().total).toBe(4);
    expect(page.json().experiments.map((e: ExperimentBody) => e.id)).toEqual(idsOf(1));
  });

  it('keeps the unsearched total cached apart from the searched one', async () => {
    expect((await list('?busca=rural')).json().total).toBe(1);
    expect((await list('')).json().total).toBe(4);
    expect((await list('?busca=rural')).json().total).toBe(1);
  });
});
