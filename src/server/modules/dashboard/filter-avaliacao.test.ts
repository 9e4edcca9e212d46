import { beforeAll, describe, expect, it } from 'vitest';
import type { CorrelationDataset, DashboardData, DashboardMap, DocumentCardsPage, ExperimentRowsPage } from '../../../shared/dashboard.js';
import type { AvaliacoesResponse, ExperimentListResponse, ExperimentStatsResponse } from '../../../shared/api-types.js';
import type { AssessmentRequest } from '../../../shared/factories.test-helper.js';
import { AVALIACAO_NOME_MAX } from '../../../shared/filters.js';
import { signedInApp } from '../../test/app.js';
import { createExperiment } from '../../test/factories.js';

const ctx = signedInApp();

const assessment = (nome: string, chave = 'sev'): AssessmentRequest => ({ chave, nome, unidade: '%', tipo: 'porcentagem' });

/** Ids of the experiments created below, by what they declare. */
const ids = { sev2021: 0, upper2021: 0, altura2021: 0, none2022: 0, sev2022: 0 };

beforeAll(async () => {
  const make = async (ano: number, avaliacoes: AssessmentRequest[]) => (await createExperiment(ctx.t.app, ctx.me, { ano, avaliacoes })).id;
  ids.sev2021 = await make(2021, [assessment('Severidade'), assessment('Altura de plantas', 'alt')]);
  // The same name in capitals: the filter matches it and the lookup lists the name once.
  ids.upper2021 = await make(2021, [assessment('SEVERIDADE')]);
  ids.altura2021 = await make(2021, [assessment('Altura de plantas', 'alt')]);
  ids.none2022 = await make(2022, []);
  ids.sev2022 = await make(2022, [assessment('Severidade')]);
});

const get = async <T>(url: string): Promise<T> => {
  const res = await ctx.t.app.inject({ method: 'GET', url, headers: ctx.me.auth });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
};
const text = async (url: string): Promise<string> => {
  const res = await ctx.t.app.inject({ method: 'GET', url, headers: ctx.me.auth });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.body;
};
const listIds = async (query: string) =>
  (await get<ExperimentListResponse>(`/api/experiments?${query}`)).experiments.map((e) => e.id).sort((a, b) => a - b);
/** The IDs of a CSV's rows (first column), once each. */
const csvIds = (body: string) =>
  [
    ...new Set(
      body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => Number(l.split(';')[0])),
    ),
  ].sort((a, b) => a - b);

const severidade = () => [ids.sev2021, ids.upper2021, ids.sev2022].sort((a, b) => a - b);

describe('the "avaliacao" filter', () => {
  it('keeps the experiments that declare an assessment of that name, ignoring case and surrounding spaces', async () => {
    expect(await listIds('avaliacao=Severidade')).toEqual(severidade());
    expect(await listIds(`avaliacao=${encodeURIComponent('  sEVERIDADE ')}`)).toEqual(severidade());
    expect(await listIds('avaliacao=severidade&ano=2021')).toEqual([ids.sev2021, ids.upper2021].sort((a, b) => a - b));
    expect(await listIds('avaliacao=Altura%20de%20plantas')).toEqual([ids.sev2021, ids.altura2021].sort((a, b) => a - b));
    // The whole name, not a part of it.
    expect(await listIds('avaliacao=Sever')).toEqual([]);
    const all = await get<ExperimentListResponse>('/api/experiments?avaliacao=severidade&limit=1');
    expect(all.total).toBe(3);
    expect((await get<ExperimentListResponse>('/api/experiments')).total).toBe(5);
  });

  it('narrows the stats and the dashboard cards and series (the computed path, not the rollups)', async () => {
    // Unfiltered first: the filtered answers must not come from its cache entry.
    expect((await get<DashboardData>('/api/dashboard')).cards.totalExperimentos).toBe(5);
    expect((await get<ExperimentStatsResponse>('/api/experiments/stats')).totalExperimentos).toBe(5);

    const stats = await get<ExperimentStatsResponse>('/api/experiments/stats?avaliacao=severidade');
    expect(stats.totalExperimentos).toBe(3);
    const d = await get<DashboardData>('/api/dashboard?avaliacao=SEVERIDADE');
    expect(d.cards.totalExperimentos).toBe(3);
    expect(d.charts.evolucaoAnual.map((r) => [r.ano, r.n])).toEqual([
      [2021, 2],
      [2022, 1],
    ]);
    expect(d.charts.experimentosPorMarca.reduce((s, r) => s + r.n, 0)).toBe(3);
    expect((await get<DashboardData>('/api/dashboard?avaliacao=severidade&ano=2022')).cards.totalExperimentos).toBe(1);
    expect((await get<DashboardData>('/api/dashboard?avaliacao=Nenhuma')).cards.totalExperimentos).toBe(0);
  });

  it('narrows the map, the correlation, the documents, the rows and both CSV exports', async () => {
    const mapa = await get<DashboardMap>('/api/dashboard/mapa?avaliacao=severidade');
    expect(mapa.pontos.id).toHaveLength(3);
    const corr = await get<CorrelationDataset>('/api/dashboard/correlacao?avaliacao=severidade');
    expect([...corr.experimentos.id].sort((a, b) => a - b)).toEqual(severidade());
    const docs = await get<DocumentCardsPage>('/api/dashboard/documentos?avaliacao=severidade');
    expect(docs.total).toBe(3);
    expect(docs.documentos.map((e) => e.id).sort((a, b) => a - b)).toEqual(severidade());
    const rows = await get<ExperimentRowsPage>('/api/dashboard/experimentos?avaliacao=severidade');
    expect(rows.total).toBe(3);
    expect(rows.experimentos.map((e) => e.id).sort((a, b) => a - b)).toEqual(severidade());

    expect(csvIds(await text('/api/dashboard/export.csv?avaliacao=severidade'))).toEqual(severidade());
    expect(csvIds(await text('/api/dashboard/avaliacoes.csv?avaliacao=altura%20de%20plantas'))).toEqual(
      [ids.sev2021, ids.altura2021].sort((a, b) => a - b),
    );
  });

  it('refuses a value longer than any assessment name, on every route that takes the filters', async () => {
    const long = 'a'.repeat(AVALIACAO_NOME_MAX + 1);
    for (const route of [
      '/api/experiments',
      '/api/experiments/stats',
      '/api/dashboard',
      '/api/dashboard/mapa',
      '/api/dashboard/experimentos',
    ]) {
      const res = await ctx.t.app.inject({ method: 'GET', url: `${route}?avaliacao=${long}`, headers: ctx.me.auth });
      expect(res.statusCode, route).toBe(400);
    }
    await get(`/api/experiments?avaliacao=${'a'.repeat(AVALIACAO_NOME_MAX)}`);
  });
});

describe('GET /api/lookups/avaliacoes', () => {
  it('lists each name once, in its most frequent spelling, alphabetically, revalidated by ETag; it needs a session', async () => {
    const res = await ctx.t.app.inject({ method: 'GET', url: '/api/lookups/avaliacoes', headers: ctx.me.auth });
    expect(res.statusCode).toBe(200);
    expect((res.json() as AvaliacoesResponse).avaliacoes).toEqual(['Altura de plantas', 'Severidade']);
    const again = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/lookups/avaliacoes',
      headers: { ...ctx.me.auth, 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await ctx.t.app.inject({ method: 'GET', url: '/api/lookups/avaliacoes' })).statusCode).toBe(401);
  });

  it('follows the writes, and so do the filtered answers kept in the cache', async () => {
    await createExperiment(ctx.t.app, ctx.me, {
      ano: 2022,
      avaliacoes: [assessment('Número de vagens', 'vagens'), assessment('severidade')],
    });
    const { avaliacoes } = await get<AvaliacoesResponse>('/api/lookups/avaliacoes');
    expect(avaliacoes).toEqual(['Altura de plantas', 'Número de vagens', 'Severidade']);
    expect((await get<DashboardData>('/api/dashboard?avaliacao=SEVERIDADE')).cards.totalExperimentos).toBe(4);
    expect((await get<ExperimentStatsResponse>('/api/experiments/stats?avaliacao=severidade')).totalExperimentos).toBe(4);
    expect((await get<ExperimentListResponse>('/api/experiments?avaliacao=severidade&limit=1')).total).toBe(4);
  });
});
