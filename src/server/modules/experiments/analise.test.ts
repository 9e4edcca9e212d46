import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DashboardData } from '../../../shared/dashboard.js';
import { experimentUpdateSchema } from '../../../shared/experiment.js';
import { INSECT_SPRAYS } from '../../../shared/stats/test-helpers.js';
import { users } from '../../db/schema.js';
import { signedInApp } from '../../test/app.js';
import { buildExperiment, buildTreatment, createExperiment } from '../../test/factories.js';
import { DatabaseDocumentStore } from '../documents/public.js';
import { ExperimentService } from './service.js';

// Sorghum fodder, 5 varieties × 4 blocks, published ANOVA (../shared/data/stats-examples.json).
const names = ['African tall', 'Co-11', 'FS-1', 'K-7', 'Co-24'];
const blocks = [
  [22.9, 29.5, 28.8, 47, 28.9],
  [25.9, 30.4, 24.4, 40.9, 20.4],
  [39.1, 35.3, 32.1, 42.8, 21.1],
  [33.9, 29.6, 28.6, 32.1, 31.8],
];
const sorgo = names.map((nome, i) => ({ nome, modalidade: 'Foliar' as const, repeticoes: blocks.map((b) => b[i]!) }));

const ctx = signedInApp();

const get = (url: string) => ctx.t.app.inject({ method: 'GET', url, headers: ctx.me.auth });

describe('GET /api/experiments/:id/analise', () => {
  it('reproduces the published randomised-block analysis', async () => {
    const withCost = sorgo.map((x) => (x.nome === 'K-7' ? { ...x, produtos_aplicados: [{ nome: 'Produto', dose: 1, custo: 1.5 }] } : x));
    const e = await createExperiment(ctx.t.app, ctx.me, { tipo_estatistica: 'DBC', tratamentos: withCost, preco_saca: 120 });
    expect(e.tratamentos[0]).toMatchObject({ repeticoes: [22.9, 25.9, 39.1, 33.9], produtividade: 30.45 });
    expect(e.preco_saca).toBe(120);
    const res = await get(`/api/experiments/${e.id}/analise`);
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a.delineamento).toBe('DBC');
    expect(a.media).toBeCloseTo(31.275, 3);
    expect(a.cv).toBeCloseTo(17.3, 1);
    expect(a.anova.tratamentos).toMatchObject({ gl: 4 });
    expect(a.anova.tratamentos.f).toBeCloseTo(4.4476, 3);
    expect(a.anova.tratamentos.p).toBeCloseTo(0.01958, 4);
    expect(a.anova.blocos.f).toBeCloseTo(0.9205, 3);
    expect(a.anova.residuo.qm).toBeCloseTo(29.259, 2);
    // Every source as a row, in the usual order (R's aov: tests/fixtures/stats/comparacoes.out, "sorgo").
    expect(a.anova.linhas.map((l: { fonte: string }) => l.fonte)).toEqual(['Tratamentos', 'Blocos', 'Resíduo', 'Total']);
    expect(a.anova.linhas[0]).toMatchObject({ gl: 4, sq: expect.closeTo(520.53, 6), qm: expect.closeTo(130.1325, 6) });
    expect(a.anova.linhas[2]).toMatchObject({ fonte: 'Resíduo', gl: 12, sq: expect.closeTo(351.106, 6), f: null, p: null });
    expect(a.anova.linhas[3]).toEqual({ fonte: 'Total', gl: 19, sq: expect.closeTo(952.4375, 6), qm: null, f: null, p: null });
    expect(a.tukey.dms).toBeCloseTo(12.19, 2);
    expect(Object.fromEntries(a.tukey.grupos.map((g: { nome: string; letras: string }) => [g.nome, g.letras]))).toEqual({
      'K-7': 'a',
      'Co-11': 'ab',
      'African tall': 'ab',
      'FS-1': 'b',
      'Co-24': 'b',
    });
    expect(a.testemunha.nome).toBe('African tall');
    expect(a.testemunha.media).toBeCloseTo(30.45, 6);
    const k7 = a.ganhos.find((g: { nome: string }) => g.nome === 'K-7');
    expect(k7.kgHa).toBeCloseTo(10.25, 2);
    expect(k7.receitaExtra).toBeCloseTo((10.25 / 60) * 120, 2);
    expect(k7.custo).toBe(1.5);
    expect(k7.retornoLiquido).toBeCloseTo(k7.receitaExtra - 1.5, 6);
    expect(k7.retornoPorReal).toBeCloseTo(k7.receitaExtra / 1.5, 6);
    expect(a.ganhos.find((g: { nome: string }) => g.nome === 'FS-1')).toMatchObject({ custo: 0, retornoPorReal: null });
    // LSD, SNK and Duncan shaped like tukey (R: tests/fixtures/stats/comparacoes.out, "sorgo").
    expect(a.lsd.dms).toBeCloseTo(8.33361491837515, 6);
    expect(a.snk.amplitudes.map((x: { medias: number }) => x.medias)).toEqual([2, 3, 4, 5]);
    expect(a.snk.amplitudes[3].dms).toBeCloseTo(12.1914248912616, 5);
    expect(a.duncan.amplitudes[3].dms).toBeCloseTo(9.11487115555341, 5);
    for (const test of [a.lsd, a.snk, a.duncan]) {
      expect(test.grupos.map((g: { nome: string; letras: string }) => `${g.nome}:${g.letras}`)).toEqual([
        'K-7:a',
        'Co-11:b',
        'African tall:b',
        'FS-1:b',
        'Co-24:b',
      ]);
    }
    expect(a.cvClasse).toBe('médio');
    expect(Array.isArray(a.avisos)).toBe(true);
  });

  it('answers 422 with a clear message without replicates, and 404 for unknown experiments', async () => {
    const plain = await createExperiment(ctx.t.app, ctx.me);
    const res = await get(`/api/experiments/${plain.id}/analise`);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/não tem as produtividades por repetição/);
    expect((await get('/api/experiments/999999/analise')).statusCode).toBe(404);
  });

  it('refuses unbalanced replicates at save time', async () => {
    const body = { tratamentos: [{ ...sorgo[0]!, repeticoes: [1, 2, 3] }, sorgo[1]!] };
    await expect(createExperiment(ctx.t.app, ctx.me, body)).rejects.toThrow(/Número de repetições diferente/);
  });

  it('the dashboard counts the trials where a treatment beat the control', async () => {
    // Sorghum: K-7 − African tall = 10.25 < DMS 12.19 → not a win. A clear effect is one.
    const clear = [
      buildTreatment({ nome: 'Testemunha', repeticoes: [3000, 3100, 2950, 3050] }),
      buildTreatment({ nome: 'Produto', repeticoes: [3600, 3700, 3650, 3580] }),
    ];
    await createExperiment(ctx.t.app, ctx.me, { tipo_estatistica: 'Blocos Casualizados', tratamentos: clear, marca: 'Maximus' });
    const d = (await get('/api/dashboard')).json() as DashboardData;
    expect(d.cards.analisados).toBe(2);
    expect(d.cards.vitorias).toBe(1);
    expect(((await get('/api/dashboard?marca=Maximus')).json() as DashboardData).cards).toMatchObject({ analisados: 1, vitorias: 1 });
  });

  it('?transformacao= analyses the transformed yields, keeps the means and gains in kg/ha, and refuses what it cannot do', async () => {
    // R's InsectSprays (counts; tests/fixtures/stats/pressupostos.out, "insetos"): the square root's case.
    const tratamentos = INSECT_SPRAYS.map((repeticoes, i) => buildTreatment({ nome: 'ABCDEF'[i]!, repeticoes: [...repeticoes] }));
    const e = await createExperiment(ctx.t.app, ctx.me, { tipo_estatistica: 'Inteiramente Casualizado', tratamentos });
    const original = (await get(`/api/experiments/${e.id}/analise`)).json();
    expect(original.levene).toEqual({
      f: expect.closeTo(3.82135631322592, 9),
      gl1: 5,
      gl2: 66,
      p: expect.closeTo(0.00422279113899214, 12),
    });
    expect(original.transformacao).toMatchObject({ sugerida: 'raiz', lambda: null, aplicada: null });
    expect(original.diagnostico.pontos).toHaveLength(72);
    expect(original.diagnostico.pontos[0]).toMatchObject({
      nome: 'A',
      repeticao: 1,
      ajustado: expect.closeTo(14.5, 9),
      residuo: expect.closeTo(-4.5, 9),
    });
    // qqnorm's smallest position for 72 points: Φ⁻¹(0.5/72).
    expect(Math.min(...original.diagnostico.pontos.map((p: { quantilTeorico: number }) => p.quantilTeorico))).toBeCloseTo(
      -2.460124337560002,
      12,
    );
    expect(original.avisos).toContain('Sugestão: analisar os dados com a transformação raiz quadrada; veja "Pressupostos da análise".');

    const res = await get(`/api/experiments/${e.id}/analise?transformacao=raiz`);
    expect(res.statusCode).toBe(200);
    const raiz = res.json();
    expect(raiz.transformacao).toMatchObject({ sugerida: 'raiz', aplicada: 'raiz' });
    // aov(sqrt(count) ~ spray): SS 88.43787 / 26.05798 (pressupostos.out, "insetos raiz_anova").
    expect(raiz.anova.linhas[0].sq).toBeCloseTo(88.4378723597094, 9);
    expect(raiz.shapiroWilk.p).toBeCloseTo(0.681377252535159, 9);
    expect(raiz.media).toBe(original.media);
    expect(raiz.ganhos).toEqual(original.ganhos);
    expect(raiz.tukey.grupos.find((g: { nome: string }) => g.nome === 'F').media).toBeCloseTo(16.6666667, 6);
    expect(raiz.avisos[0]).toMatch(/^Análise feita com os dados transformados \(raiz quadrada\)/);
    expect((await get(`/api/experiments/${e.id}/analise?transformacao=`)).json().transformacao.aplicada).toBeNull();

    const log = await get(`/api/experiments/${e.id}/analise?transformacao=log`);
    expect(log.statusCode).toBe(422);
    expect(log.json().error.message).toMatch(/^A transformação logarítmica \(ln\) exige produtividades maiores que zero/);
    const bad = await get(`/api/experiments/${e.id}/analise?transformacao=exp`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ transformacao: 'Transformação inválida: use log, raiz, boxcox ou arcoseno.' });
  });
});

describe('GET /api/experiments/:id/analise, answered again', () => {
  it('gives the same bytes again, keeps each transformation apart, and follows a save made by another server', async () => {
    const e = await createExperiment(ctx.t.app, ctx.me, { tipo_estatistica: 'DBC', tratamentos: sorgo });
    const url = `/api/experiments/${e.id}/analise`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const again = await get(url);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    // The same body an object sent by Fastify would have been: JSON.stringify of what it parses to.
    expect(first.body).toBe(JSON.stringify(first.json()));
    const raiz = await get(`${url}?transformacao=raiz`);
    expect(raiz.json().transformacao.aplicada).toBe('raiz');
    expect(first.json().transformacao.aplicada).toBeNull();

    // Another server writes to the same database: nothing tells this one, the version does.
    const { database } = ctx.t.db;
    const [me] = await database.db.select().from(users).where(eq(users.id, ctx.me.user.id));
    if (!me) throw new Error('no user');
    const higher = sorgo.map((t) => (t.nome === 'K-7' ? { ...t, repeticoes: t.repeticoes.map((v) => (v ?? 0) + 20) } : t));
    const data = experimentUpdateSchema.parse({ ...buildExperiment({ tipo_estatistica: 'DBC', tratamentos: higher }), version: e.version });
    await new ExperimentService(database.db, new DatabaseDocumentStore(database.kind)).update(me, e.id, data, null);
    const after = (await get(url)).json();
    expect(after.media).toBeCloseTo(31.275 + 20 / 5, 9);
    expect(after.testemunha.media).toBeCloseTo(30.45, 9);
    expect(after.ganhos.find((g: { nome: string }) => g.nome === 'K-7').kgHa).toBeCloseTo(30.25, 9);
    expect((await get(`${url}?transformacao=raiz`)).body).not.toBe(raiz.body);
  });
});
