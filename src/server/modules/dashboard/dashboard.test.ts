import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type CorrelationDataset,
  type DashboardData,
  type DashboardMap,
  type DocumentCardsPage,
  type ExperimentRowsPage,
  mapPointsOf,
  NO_MAP_POINTS,
} from '../../../shared/dashboard.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { type Account, type TreatmentRequest, createAccount, createExperiment } from '../../test/factories.js';
import { currentYear } from '../experiments/public.js';

let t: TestApp;
let me: Account;
const year = currentYear();
/** Relative gains over the control of the two trials that have treatments besides it (%). */
const G_SOJA = (4000 / 3000 - 1) * 100;
const G_MILHO = (10000 / 9000 - 1) * 100;

const tr = (nome: string, modalidade: TreatmentRequest['modalidade'], produtividade: number, produtos: string[] = []) => ({
  nome,
  modalidade,
  produtividade,
  produtos_aplicados: produtos.map((p) => ({ nome: p, dose: 1, custo: 10 })),
});

beforeAll(async () => {
  t = await createTestApp();
  me = await createAccount(t.app);
  await createExperiment(t.app, me, {
    consultoria: 'Alfa',
    marca: 'Aminoagro',
    regional: 'GO',
    bu: 'BU1',
    cidade: 'Rio Verde',
    estado: 'GO',
    cultura: 'Soja',
    ano: 2024,
    latitude: -17.79,
    longitude: -50.92,
    teor_argila: 40,
    teor_materia_organica: 3,
    roi: 100,
    custo_protocolo: 1000,
    tratamentos: [tr('Testemunha', 'Foliar', 3000), tr('A', 'Sementes', 4000, [' Aminoagro Raiz ', 'Aminoagro Mol'])],
  });
  await createExperiment(t.app, me, {
    consultoria: 'Beta',
    marca: 'Dimicron',
    regional: 'GO',
    bu: 'BU2',
    cidade: 'Jataí',
    estado: 'GO',
    cultura: 'Milho',
    ano: year,
    latitude: null,
    longitude: null,
    teor_argila: null,
    teor_materia_organica: null,
    roi: 300,
    custo_protocolo: 2000,
    tratamentos: [tr('Testemunha', 'Foliar', 9000), tr('B', 'Foliar', 10000, ['Dimicron Zinco'])],
  });
  await createExperiment(t.app, me, {
    consultoria: 'Alfa',
    marca: 'Aminoagro',
    regional: 'Nordeste',
    bu: 'BU1',
    cidade: 'Rio Verde',
    estado: 'GO',
    cultura: 'Soja',
    ano: year,
    teor_argila: 20,
    teor_materia_organica: 1.5,
    roi: null,
    custo_protocolo: 3000,
    tratamentos: [tr('Testemunha', 'Solo', 3300)],
  });
});
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: me.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

describe('GET /api/dashboard', () => {
  it('cards, chart series, map and product options computed in SQL', async () => {
    const d = await get<DashboardData>('/api/dashboard');
    // Mean yields: 3500, 9500, 3300. Gains over the control (the first treatment): Soja GO 4000
    // over 3000 = 33.3 %, Milho 10000 over 9000 = 11.1 %; the Nordeste trial has only its control.
    expect(d.cards).toEqual({
      totalExperimentos: 3,
      // Soja and Milho: never averaged together.
      produtividadeMedia: null,
      roiMedio: 200,
      custoMedio: 2000,
      consultoriasAtivas: 2,
      experimentosAtivos: 2,
      vitorias: 0,
      analisados: 0,
      culturas: 2,
      ganhoMedio: expect.closeTo((G_SOJA + G_MILHO) / 2, 9),
      ensaiosComparados: 2,
      comparacoes: 2,
      superacoes: 2,
    });
    expect(d.charts.produtividadePorCultura).toEqual([
      { cultura: 'Milho', media: 9500, n: 1, ganho: expect.closeTo(G_MILHO, 9) },
      { cultura: 'Soja', media: 3400, n: 2, ganho: expect.closeTo(G_SOJA, 9) },
    ]);
    expect(d.charts.experimentosPorMarca).toEqual([
      { marca: 'Aminoagro', n: 2 },
      { marca: 'Dimicron', n: 1 },
    ]);
    expect(d.charts.porRegional).toEqual([
      { regional: 'GO', media: 6500, n: 2, ganho: expect.closeTo((G_SOJA + G_MILHO) / 2, 9) },
      { regional: 'Nordeste', media: 3300, n: 1, ganho: null },
    ]);
    expect(d.charts.porBu).toEqual([
      { bu: 'BU1', media: 3400, n: 2, ganho: expect.closeTo(G_SOJA, 9) },
      { bu: 'BU2', media: 9500, n: 1, ganho: expect.closeTo(G_MILHO, 9) },
    ]);
    expect(d.charts.evolucaoAnual).toEqual(
      [
        { ano: 2024, media: 3500, n: 1, ganho: expect.closeTo(G_SOJA, 9) },
        { ano: year, media: (9500 + 3300) / 2, n: 2, ganho: expect.closeTo(G_MILHO, 9) },
      ].sort((a, b) => a.ano - b.ano),
    );
    expect(d.charts.soloVsProdutividade).toEqual([
      { argila: 40, mo: 3, produtividade: 3500, cultura: 'Soja' },
      { argila: 20, mo: 1.5, produtividade: 3300, cultura: 'Soja' },
    ]);
    // Treatments: Foliar 3000, 9000, 10000; Sementes 4000; Solo 3300.
    // Gains per treatment compared: B (Foliar) 11.1 %, A (Sementes) 33.3 %; controls are not compared.
    expect(d.charts.porModalidade).toEqual([
      { modalidade: 'Foliar', media: 22000 / 3, n: 3, ganho: expect.closeTo(G_MILHO, 9) },
      { modalidade: 'Sementes', media: 4000, n: 1, ganho: expect.closeTo(G_SOJA, 9) },
      { modalidade: 'Solo', media: 3300, n: 1, ganho: null },
    ]);
    expect(d.charts.vitoriasPorMarca).toEqual([
      { marca: 'Aminoagro', comparacoes: 1, superacoes: 1 },
      { marca: 'Dimicron', comparacoes: 1, superacoes: 1 },
    ]);
    expect(d.charts.vitoriasPorRegional).toEqual([{ regional: 'GO', comparacoes: 2, superacoes: 2 }]);
    expect(d.charts.vitoriasPorProduto).toEqual([
      { produto: 'Aminoagro Mol', comparacoes: 1, superacoes: 1 },
      { produto: 'Aminoagro Raiz', comparacoes: 1, superacoes: 1 },
      { produto: 'Dimicron Zinco', comparacoes: 1, superacoes: 1 },
    ]);
    expect(d.produtos).toEqual(['Aminoagro Mol', 'Aminoagro Raiz', 'Dimicron Zinco']);
  });

  it('follows the filters; product options ignore the product filter itself', async () => {
    const d = await get<DashboardData>('/api/dashboard?produto=raiz');
    expect(d.cards.totalExperimentos).toBe(1);
    expect(d.produtos).toEqual(['Aminoagro Mol', 'Aminoagro Raiz', 'Dimicron Zinco']);
    const go = await get<DashboardData>('/api/dashboard?regional=GO&ano=2024');
    expect(go.cards).toMatchObject({ totalExperimentos: 1, produtividadeMedia: 3500, consultoriasAtivas: 1 });
    expect(go.produtos).toEqual(['Aminoagro Mol', 'Aminoagro Raiz']);
    const none = await get<DashboardData>('/api/dashboard?marca=Maximus');
    expect(none.cards).toEqual({
      totalExperimentos: 0,
      produtividadeMedia: null,
      roiMedio: null,
      custoMedio: null,
      consultoriasAtivas: 0,
      experimentosAtivos: 0,
      vitorias: 0,
      analisados: 0,
      culturas: 0,
      ganhoMedio: null,
      ensaiosComparados: 0,
      comparacoes: 0,
      superacoes: 0,
    });
    expect(none.charts.produtividadePorCultura).toEqual([]);
    expect(none.charts.vitoriasPorProduto).toEqual([]);
  });

  it('needs a session and valid filters', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard?ano=abc', headers: me.auth })).statusCode).toBe(400);
  });
});

describe('GET /api/dashboard/mapa', () => {
  it('one point per experiment, newest first, with distinct places and states', async () => {
    const m = await get<DashboardMap>('/api/dashboard/mapa');
    expect(m.localizacoes).toBe(2);
    expect(m.estadosCobertos).toBe(1);
    // Soja and Milho: no mean across them; Soja alone has one.
    expect(m.culturas).toBe(2);
    expect(m.produtividadeMedia).toBeNull();
    expect((await get<DashboardMap>('/api/dashboard/mapa?cultura=Soja')).produtividadeMedia).toBeCloseTo((3500 + 3300) / 2, 6);
    const pontos = mapPointsOf(m.pontos);
    expect(pontos.map((p) => p.marca)).toEqual(['Aminoagro', 'Dimicron', 'Aminoagro']);
    expect(pontos[1]).toEqual({ id: expect.any(Number), lat: null, lng: null, cidade: 'Jataí', estado: 'GO', marca: 'Dimicron' });
    expect(pontos[2]).toMatchObject({ lat: -17.79, lng: -50.92, cidade: 'Rio Verde' });
    const none = await get<DashboardMap>('/api/dashboard/mapa?marca=Maximus');
    expect(none).toEqual({ pontos: NO_MAP_POINTS, total: 0, localizacoes: 0, estadosCobertos: 0, culturas: 0, produtividadeMedia: null });
  });
});

describe('GET /api/dashboard/correlacao', () => {
  it('answers columns, treatments indexed to their experiment', async () => {
    const c = await get<CorrelationDataset>('/api/dashboard/correlacao?marca=Aminoagro');
    expect(c.experimentos.produtividade_media).toEqual([3500, 3300]);
    expect(c.experimentos.id).toHaveLength(2);
    expect(c.experimentos.id[0]!).toBeLessThan(c.experimentos.id[1]!);
    expect(c.experimentos.consultoria).toHaveLength(2);
    expect(c.experimentos.cidade).toHaveLength(2);
    expect(c.experimentos.teor_argila).toEqual([40, 20]);
    expect(c.experimentos.cultura).toEqual(['Soja', 'Soja']);
    expect(c.tratamentos.experimento).toEqual([0, 0, 1]);
    expect(c.tratamentos.produtividade).toEqual([3000, 4000, 3300]);
    expect(c.tratamentos.custo).toEqual([0, 20, 0]);
    expect(c.tratamentos.modalidade).toEqual(['Foliar', 'Sementes', 'Solo']);
    const empty = await get<CorrelationDataset>('/api/dashboard/correlacao?marca=Maximus');
    expect(empty.experimentos.roi).toEqual([]);
    expect(empty.tratamentos.experimento).toEqual([]);
  });
});

describe('GET /api/dashboard/documentos and /experimentos', () => {
  it('lists experiments with a PDF, searched case-insensitively in four fields, paginated', async () => {
    const all = await get<DocumentCardsPage>('/api/dashboard/documentos');
    expect(all.total).toBe(3);
    expect(all.documentos[0]).toMatchObject({ consultoria: 'Alfa', regional: 'Nordeste', pdf_filename: 'relatório.pdf', tratamentos: 1 });
    expect((await get<DocumentCardsPage>('/api/dashboard/documentos?busca=JATA')).documentos).toMatchObject([
      { consultoria: 'Beta', tratamentos: 2 },
    ]);
    expect((await get<DocumentCardsPage>('/api/dashboard/documentos?busca=milho')).total).toBe(1);
    expect((await get<DocumentCardsPage>('/api/dashboard/documentos?busca=aminoagro')).total).toBe(2);
    expect((await get<DocumentCardsPage>('/api/dashboard/documentos?busca=nada-disso')).total).toBe(0);
    expect((await get<DocumentCardsPage>('/api/dashboard/documentos?limit=1&offset=1')).documentos).toHaveLength(1);
  });

  it('table rows with the filtered total', async () => {
    const rows = await get<ExperimentRowsPage>('/api/dashboard/experimentos?cultura=Soja&limit=1');
    expect(rows.total).toBe(2);
    expect(rows.experimentos).toHaveLength(1);
    expect(Object.keys(rows.experimentos[0]!).sort()).toEqual(
      [
        'ano',
        'consultoria',
        'cultura',
        'id',
        'marca',
        'owner_id',
        'pdf_filename',
        'produtividade_media',
        'regional',
        'roi',
        'situacao',
      ].sort(),
    );
    expect(rows.experimentos[0]!.situacao).toBe('concluido');
  });
});

describe('GET /api/dashboard/export.csv', () => {
  it('one row per treatment, UTF-8 BOM, semicolons, decimal commas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/export.csv?marca=Aminoagro', headers: me.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="experimentos-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFID;Consultoria;Marca;')).toBe(true);
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + 3);
    expect(lines.some((l) => l.includes(';T2;A;Sementes;;4000;20;;;;Aminoagro Raiz dose 1 R$ 10 | Aminoagro Mol dose 1 R$ 10'))).toBe(true);
    expect(lines.some((l) => l.includes('-17,79;-50,92'))).toBe(true);
  });
});

describe('comparisons across crops', () => {
  it('gains and win rates per brand, regional and product; the same under the product filter (computed path)', async () => {
    // Sugarcane, ~90 t/ha: its yield must never be averaged with soybean's, its gain can.
    const produto = 'Cana Teste Ganho';
    const cana = await createExperiment(t.app, me, {
      cultura: 'Cana-de-açúcar',
      marca: 'Dimicron',
      regional: 'Nordeste',
      tratamentos: [
        tr('Testemunha', 'Solo', 80000),
        tr('C1', 'Solo', 88000, [produto]),
        tr('C2', 'Foliar', 76000, [produto]),
        tr('C3', 'Foliar', 80000, [` ${produto} `]),
      ],
    });
    try {
      const d = await get<DashboardData>(`/api/dashboard?produto=${encodeURIComponent(produto)}`);
      // Gains 10 %, −5 %, 0 %: the trial's mean gain is 5/3 %; one of three treatments out-yielded the control.
      expect(d.cards).toMatchObject({ totalExperimentos: 1, culturas: 1, ensaiosComparados: 1, comparacoes: 3, superacoes: 1 });
      expect(d.cards.ganhoMedio).toBeCloseTo(5 / 3, 9);
      expect(d.charts.vitoriasPorProduto).toEqual([{ produto, comparacoes: 3, superacoes: 1 }]);
      expect(d.charts.porModalidade).toEqual([
        { modalidade: 'Solo', media: 84000, n: 2, ganho: expect.closeTo(10, 9) },
        { modalidade: 'Foliar', media: 78000, n: 2, ganho: expect.closeTo(-2.5, 9) },
      ]);

      const all = await get<DashboardData>('/api/dashboard');
      expect(all.cards).toMatchObject({ culturas: 3, ensaiosComparados: 3, comparacoes: 5, superacoes: 3 });
      expect(all.cards.ganhoMedio).toBeCloseTo((G_SOJA + G_MILHO + 5 / 3) / 3, 9);
      expect(all.charts.vitoriasPorMarca).toEqual([
        { marca: 'Aminoagro', comparacoes: 1, superacoes: 1 },
        { marca: 'Dimicron', comparacoes: 4, superacoes: 2 },
      ]);
      expect(all.charts.vitoriasPorRegional).toEqual([
        { regional: 'GO', comparacoes: 2, superacoes: 2 },
        { regional: 'Nordeste', comparacoes: 3, superacoes: 1 },
      ]);
      // The product written with spaces is the same product.
      expect(all.charts.vitoriasPorProduto.find((p) => p.produto === produto)).toEqual({ produto, comparacoes: 3, superacoes: 1 });
      expect(all.charts.produtividadePorCultura[0]).toMatchObject({ cultura: 'Cana-de-açúcar', media: 81000, n: 1 });
    } finally {
      expect((await t.app.inject({ method: 'DELETE', url: `/api/experiments/${cana.id}`, headers: me.auth })).statusCode).toBe(204);
    }
  });
});

describe('aggregates kept until the next write', () => {
  it('a write shows at once in every aggregate; a refused write keeps the cache', async () => {
    const before = await get<DashboardData>('/api/dashboard?cultura=Soja');
    const statsBefore = await get<{ totalExperimentos: number }>('/api/experiments/stats?cultura=Soja');
    const mapBefore = await get<DashboardMap>('/api/dashboard/mapa?cultura=Soja');
    const cached = t.app.ctx.cache.size;
    expect(cached).toBeGreaterThanOrEqual(3);
    const refused = await t.app.inject({ method: 'POST', url: '/api/experiments', headers: me.auth, payload: {} });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(t.app.ctx.cache.size).toBe(cached);

    const e = await createExperiment(t.app, me, { cultura: 'Soja', tratamentos: [tr('Testemunha', 'Foliar', 5000)] });
    expect((await get<{ totalExperimentos: number }>('/api/experiments/stats?cultura=Soja')).totalExperimentos).toBe(
      statsBefore.totalExperimentos + 1,
    );
    expect(JSON.stringify(await get<DashboardData>('/api/dashboard?cultura=Soja'))).not.toBe(JSON.stringify(before));
    expect((await get<DashboardMap>('/api/dashboard/mapa?cultura=Soja')).pontos.id.length).toBe(mapBefore.pontos.id.length + 1);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/experiments/${e.id}`, headers: me.auth });
    expect(del.statusCode).toBe(204);
    expect((await get<{ totalExperimentos: number }>('/api/experiments/stats?cultura=Soja')).totalExperimentos).toBe(
      statsBefore.totalExperimentos,
    );
  });
});

describe('GET /api/dashboard/mapa, names as typed', () => {
  it('a city with quotes and control characters comes back whole', async () => {
    const cidade = 'Vila "Nova"\u001f\u001e\tdo Sul';
    const e = await createExperiment(t.app, me, { cidade, marca: 'Maximus' });
    const m = await get<DashboardMap>('/api/dashboard/mapa?marca=Maximus');
    expect(mapPointsOf(m.pontos)).toEqual([
      { id: e.id, lat: e.latitude, lng: e.longitude, cidade: e.cidade, estado: e.estado, marca: 'Maximus' },
    ]);
    expect(e.cidade).toContain('"Nova"');
  });
});

/*
 * The map and the correlation answers are JSON text written by the engine, which no `satisfies`
 * can check: they are parsed here against schemas held equal to the shared types at compile time.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const nums = z.array(z.number());
const nullableNums = z.array(z.number().nullable());
const mapShape = z
  .strictObject({
    pontos: z.strictObject({
      id: nums,
      lat: nullableNums,
      lng: nullableNums,
      local: z.array(z.number().int().nonnegative()),
      marca: z.array(z.number().int().nonnegative()),
      locais: z.array(z.tuple([z.string(), z.string()])),
      marcas: z.array(z.string()),
    }),
    grupos: z
      .strictObject({
        zoom: z.number().int(),
        area: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
        lat: nums,
        lng: nums,
        n: nums,
        id: nums,
        marca: nums,
        local: nums,
        aproximado: nums,
        locais: z.array(z.tuple([z.string(), z.string()])),
        marcas: z.array(z.string()),
      })
      .optional(),
    total: z.number().int(),
    localizacoes: z.number().int(),
    estadosCobertos: z.number().int(),
    culturas: z.number().int(),
    produtividadeMedia: z.number().nullable(),
  })
  .refine(({ pontos: p }) => [p.lat, p.lng, p.local, p.marca].every((c) => c.length === p.id.length), 'columns of different lengths')
  .refine(
    ({ pontos: p }) => p.local.every((i) => i < p.locais.length) && p.marca.every((i) => i < p.marcas.length),
    'index out of its dictionary',
  );
const correlationShape = z.strictObject({
  experimentos: z.strictObject({
    id: z.array(z.number().int().positive()),
    consultoria: z.array(z.string()),
    cidade: z.array(z.string()),
    produtividade_media: nullableNums,
    roi: nullableNums,
    custo_protocolo: nullableNums,
    teor_argila: nullableNums,
    teor_materia_organica: nullableNums,
    ano: nullableNums,
    cultura: z.array(z.string()),
    marca: z.array(z.string()),
    regional: z.array(z.string()),
    bu: z.array(z.string()),
    estado: z.array(z.string()),
  }),
  tratamentos: z.strictObject({
    experimento: z.array(z.number().int().nonnegative()),
    produtividade: nullableNums,
    custo: nullableNums,
    modalidade: z.array(z.string()),
  }),
  avaliacoes: z
    .strictObject({
      variaveis: z.array(z.strictObject({ nome: z.string(), unidade: z.string() })),
      tratamento: z.array(z.number().int().nonnegative()),
      variavel: z.array(z.number().int().nonnegative()),
      valor: z.array(z.number()),
    })
    .refine((a) => a.variavel.length === a.tratamento.length && a.valor.length === a.tratamento.length, 'columns of different lengths')
    .refine((a) => a.variavel.every((i) => i < a.variaveis.length), 'index out of its dictionary'),
  amostra: z.strictObject({ experimentos: z.number().int(), total: z.number().int() }).nullable(),
});
const mapShapeIsTheSharedType: Same<z.infer<typeof mapShape>, DashboardMap> = true;
const correlationShapeIsTheSharedType: Same<z.infer<typeof correlationShape>, CorrelationDataset> = true;

describe('answers built as JSON text by the engine', () => {
  it('the map and the correlation columns parse as their shared types, filtered or empty', async () => {
    expect(mapShapeIsTheSharedType && correlationShapeIsTheSharedType).toBe(true);
    for (const query of ['', '?marca=Aminoagro', '?marca=Maximus', '?produto=zinco', '?marca=Nenhuma']) {
      const map = await get<unknown>(`/api/dashboard/mapa${query}`);
      const parsed = mapShape.safeParse(map);
      expect(parsed.success, `${query}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      const correlation = correlationShape.safeParse(await get<unknown>(`/api/dashboard/correlacao${query}`));
      expect(correlation.success, `${query}: ${JSON.stringify(correlation.error?.issues)}`).toBe(true);
    }
    expect((await get<DashboardMap>('/api/dashboard/mapa')).pontos.id.length).toBeGreaterThan(0);
  });
});
