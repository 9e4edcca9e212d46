import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import {
  type Account,
  type ExperimentBody,
  type ExperimentRequest,
  type TreatmentRequest,
  buildExperimentUpdate,
  createAccount,
  createExperiment,
  seedExperiments,
  sendMultipart,
} from '../../test/factories.js';
import { treatmentsJsonOf } from './presenter.js';
import { currentYear } from './repository.js';

let queries: string[] = [];
let t: TestApp;
let me: Account;
const made: ExperimentBody[] = [];
const year = currentYear();

const product = (nome: string): TreatmentRequest[] => [
  { nome: 'T1', modalidade: 'Foliar', produtividade: 100, produtos_aplicados: [{ nome, dose: 1, custo: 10 }] },
];

beforeAll(async () => {
  t = await createTestApp({ onQuery: (q) => queries.push(q) });
  me = await createAccount(t.app);
  const specs: Partial<ExperimentRequest>[] = [
    {
      regional: 'GO',
      cultura: 'Soja',
      marca: 'Aminoagro',
      ano: 2024,
      roi: 100,
      custo_protocolo: 1000,
      tratamentos: product('Aminoagro Raiz'),
    },
    {
      regional: 'GO',
      cultura: 'Milho',
      marca: 'Dimicron',
      ano: 2025,
      roi: 300,
      custo_protocolo: 2000,
      tratamentos: product('Dimicron 50% Zinco'),
    },
    {
      regional: 'PR SC PY',
      cultura: 'Soja',
      marca: 'Aminoagro',
      ano: year,
      roi: null,
      custo_protocolo: 3000,
      tratamentos: product('aminoagro mol'),
    },
    {
      regional: 'Nordeste',
      cultura: 'Café',
      marca: 'Maximus',
      ano: year,
      roi: 500,
      custo_protocolo: 4000,
      tratamentos: product('Maximus_Algas'),
    },
    {
      regional: 'GO',
      cultura: 'Soja',
      marca: 'Concorrente',
      ano: 2024,
      roi: 0,
      custo_protocolo: 5000,
      tratamentos: product('Vigora Plus'),
    },
  ];
  for (const s of specs) made.push(await createExperiment(t.app, me, s));
});
afterAll(() => t.close());

const list = async (qs: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/experiments${qs}`, headers: me.auth });
  return res;
};
const ids = async (qs: string) => (await list(qs)).json().experiments.map((e: ExperimentBody) => e.id);
const idsOf = (...indexes: number[]) => indexes.map((i) => made[i]!.id);

describe('GET /api/experiments', () => {
  it('lists newest first with the total', async () => {
    const res = await list('');
    expect(res.json().total).toBe(5);
    expect(await ids('')).toEqual(idsOf(4, 3, 2, 1, 0));
  });

  it('filters exactly by regional, cultura and marca, by ano as an integer, and combines them with AND', async () => {
    expect(await ids('?regional=GO')).toEqual(idsOf(4, 1, 0));
    expect(await ids('?cultura=Soja')).toEqual(idsOf(4, 2, 0));
    expect(await ids('?marca=Aminoagro')).toEqual(idsOf(2, 0));
    expect(await ids('?ano=2024')).toEqual(idsOf(4, 0));
    expect(await ids('?regional=GO&cultura=Soja&marca=Aminoagro&ano=2024')).toEqual(idsOf(0));
    expect(await ids('?regional=go')).toEqual([]);
    expect(await ids('?regional=&cultura=')).toEqual(idsOf(4, 3, 2, 1, 0));
  });

  it('filters produto as a case-insensitive substring, with % and _ taken literally', async () => {
    expect(await ids('?produto=AMINOAGRO')).toEqual(idsOf(2, 0));
    expect(await ids('?produto=raiz')).toEqual(idsOf(0));
    expect(await ids(`?produto=${encodeURIComponent('50%')}`)).toEqual(idsOf(1));
    expect(await ids(`?produto=${encodeURIComponent('%')}`)).toEqual(idsOf(1));
    expect(await ids('?produto=s_a')).toEqual(idsOf(3));
    expect(await ids(`?produto=${encodeURIComponent("'; drop table experiments; --")}`)).toEqual([]);
    expect(await ids('?produto=raiz&regional=GO')).toEqual(idsOf(0));
  });

  it('follows the products of an update, never matches across two names, and refuses control characters', async () => {
    const two: TreatmentRequest[] = [
      {
        nome: 'T1',
        modalidade: 'Foliar',
        produtividade: 100,
        produtos_aplicados: [
          { nome: 'Alfa', dose: 1, custo: 1 },
          { nome: 'Beta Ácido', dose: 1, custo: 1 },
        ],
      },
    ];
    expect((await list('')).json().total).toBe(5);
    const e = await createExperiment(t.app, me, { tratamentos: two });
    expect((await list('')).json().total).toBe(6);
    expect(await ids('?produto=alfa')).toEqual([e.id]);
    expect(await ids('?produto=AlfaBeta')).toEqual([]);
    expect(await ids(`?produto=${encodeURIComponent('ÁCIDO')}`)).toEqual([e.id]);
    expect(await ids(`?produto=${encodeURIComponent('ácido')}`)).toEqual([e.id]);
    const body = { data: JSON.stringify(buildExperimentUpdate({ version: e.version, tratamentos: product('Gama') })) };
    const put = await sendMultipart(t.app, 'PUT', `/api/experiments/${e.id}`, me, body);
    expect(put.statusCode, put.body).toBe(200);
    expect(await ids('?produto=alfa')).toEqual([]);
    expect(await ids('?produto=gama')).toEqual([e.id]);
    const bad = await list(`?produto=${encodeURIComponent('Alfa\u001fBeta')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ produto: 'Filtro inválido' });
    // The migration's backfill and the write path agree on what is searched.
    const rows = await queryRows<{ ok: boolean }>(
      t.db.database.db,
      sql`select bool_and(e.produtos_busca = coalesce(lower(translate(s.nomes, 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'áàâãäéèêëíìîïóòôõöúùûüçñ')), '')) as ok
          from experiments e
          left join (select experiment_id, string_agg(nome, E'\x1f' order by treatment_id, position) as nomes
                     from applied_products group by experiment_id) s on s.experiment_id = e.id`,
    );
    expect(rows[0]?.ok).toBe(true);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/experiments/${e.id}`, headers: me.auth });
    expect(del.statusCode).toBe(204);
  });

  it('keeps the treatments JSON of each experiment as the live rows say, and the latest migration that fills it does so the same way', async () => {
    const db = t.db.database.db;
    const live = await queryRows<{ experiment_id: number; j: string }>(db, treatmentsJsonOf(sql`select id from experiments`));
    const stored = await queryRows<{ id: number; tratamentos_json: string }>(db, sql`select id, tratamentos_json from experiments`);
    expect(stored.length).toBeGreaterThan(0);
    const liveById = new Map(live.map((r) => [Number(r.experiment_id), r.j]));
    for (const row of stored) expect(row.tratamentos_json, `experiment ${row.id}`).toBe(liveById.get(Number(row.id)));

    // 0008 filled it first; 0010 (the dose unit) and 0014 (levels and dose) filled it again with their new keys.
    const migration = readFileSync(new URL('../../db/migrations/0014_factor_levels.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    await db.execute(sql`update experiments set tratamentos_json = '[]'`);
    await db.execute(sql.raw(backfill));
    const refilled = await queryRows<{ id: number; tratamentos_json: string }>(db, sql`select id, tratamentos_json from experiments`);
    for (const row of refilled) expect(row.tratamentos_json, `experiment ${row.id}`).toBe(liveById.get(Number(row.id)));
  });

  it('paginates', async () => {
    const page = await list('?limit=2&offset=1');
    expect(page.json().total).toBe(5);
    expect(page.json().experiments.map((e: ExperimentBody) => e.id)).toEqual(idsOf(3, 2));
    const past = await list('?limit=2&offset=10');
    expect(past.json()).toEqual({ experiments: [], total: 5 });
  });

  it('validates the query', async () => {
    for (const qs of ['?limit=0', '?limit=501', '?limit=abc', '?offset=-1', '?ano=dois mil']) {
      const res = await list(qs);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect((await list('?limit=500')).statusCode).toBe(200);
  });

  it('reads a page with all nested rows in one statement and its total in one more, whatever its size', async () => {
    await seedExperiments(
      t.db.database,
      me,
      Array.from({ length: 95 }, (_, i) => ({ cultivar: `Lote ${i}` })),
    );
    for (const limit of [1, 10, 100]) {
      queries = [];
      const res = await list(`?limit=${limit}`);
      const page = res.json().experiments as ExperimentBody[];
      expect(page).toHaveLength(limit);
      expect(page.every((e) => e.tratamentos.length > 0)).toBe(true);
      // The guard reads the signed-in user once and, on PostgreSQL, the cached total checks the
      // change counter once (decision 008); the page itself takes the rest.
      const pageQueries = queries.filter((q) => !q.includes('"password_hash"') && !q.includes('from data_changes'));
      expect(queries.filter((q) => q.includes('from data_changes')).length).toBeLessThanOrEqual(1);
      expect(pageQueries.length, pageQueries.join('\n')).toBeLessThanOrEqual(2);
    }
  });
});

describe('GET /api/experiments/stats', () => {
  it('counts, active experiments (this year), averages ignoring null ROI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/experiments/stats?regional=GO', headers: me.auth });
    expect(res.statusCode).toBe(200);
    // GO: rois 100, 300 and 0 (stored as null); costs 1000, 2000, 5000.
    expect(res.json()).toEqual({ totalExperimentos: 3, experimentosAtivos: 0, roiMedio: 200, custoMedio: 8000 / 3 });
    const active = await t.app.inject({ method: 'GET', url: `/api/experiments/stats?ano=${year}`, headers: me.auth });
    expect(active.json()).toMatchObject({ totalExperimentos: 2, experimentosAtivos: 2, roiMedio: 500, custoMedio: 3500 });
    const none = await t.app.inject({ method: 'GET', url: '/api/experiments/stats?marca=Nenhuma', headers: me.auth });
    expect(none.json()).toEqual({ totalExperimentos: 0, experimentosAtivos: 0, roiMedio: null, custoMedio: null });
  });
});
