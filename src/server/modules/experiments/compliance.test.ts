import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type ConformidadeResponse, veredito } from '../../../shared/conformidade.js';
import { queryRows } from '../../db/client.js';
import { signedInApp } from '../../test/app.js';
import { type TreatmentRequest, buildExperimentUpdate, buildTreatment, createExperiment, sendMultipart } from '../../test/factories.js';
import { sweepConformity } from './conformity-sweep.js';

const ctx = signedInApp();
const get = (url: string) => ctx.t.app.inject({ method: 'GET', url, headers: ctx.me.auth });

/** Six treatments × 4 blocks (DBC, 15 residual df): the control, a standard and four doses of the tested product. */
const tratamentos = (): TreatmentRequest[] => {
  const plots = (base: number, i: number) => [0, 1, 2, 3].map((b) => base + b * 37 + ((i * 7 + b * 3) % 5) * 19);
  return [
    buildTreatment({ nome: 'Testemunha', papel: 'testemunha', repeticoes: plots(3000, 0) }),
    buildTreatment({ nome: 'Padrão', papel: 'padrao', repeticoes: plots(3400, 1), produtos_aplicados: [{ nome: 'Referência' }] }),
    ...[1, 2, 3, 4].map((dose, k) =>
      buildTreatment({
        nome: `Produto X ${dose} L`,
        papel: 'teste',
        dose,
        repeticoes: plots(3100 + 130 * dose - 18 * dose * dose, k + 2),
        produtos_aplicados: [{ nome: 'Produto X', dose }],
      }),
    ),
  ];
};
const aplicacoes = [{ chave: 'ap1', data: '2026-01-10', estadio: 'V4' }];

describe('GET /api/experiments/:id/conformidade', () => {
  it("checks the trial and its analysis under IN 53/2013: every rule holds, the efficiency from the trial's means", async () => {
    const e = await createExperiment(ctx.t.app, ctx.me, {
      tipo_estatistica: 'DBC',
      tratamentos: tratamentos(),
      aplicacoes,
      produtividade_regional: 3300,
    });
    const res = await get(`/api/experiments/${e.id}/conformidade?norma=in53`);
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json() as ConformidadeResponse;
    expect(c.norma).toBe('in53');
    const by = Object.fromEntries(c.regras.map((r) => [r.codigo, r]));
    expect(by.gl_residuo!.valor).toBe(15);
    expect(Object.fromEntries(c.regras.map((r) => [r.codigo, r.atende]))).toEqual({
      gl_residuo: true,
      testemunha_absoluta: true,
      padrao: true,
      analise_estatistica: true,
      regressao_doses: true,
      eficiencia_relativa: true,
      media_regional: true,
      coordenadas: true,
      aplicacoes: true,
    });
    expect(c.atende).toBe(true);
    // (Y − Y testemunha) / (Y padrão − Y testemunha) × 100 with the analysis' means.
    const analise = (await get(`/api/experiments/${e.id}/analise`)).json() as { tukey: { grupos: { nome: string; media: number }[] } };
    const media = (nome: string) => analise.tukey.grupos.find((g) => g.nome === nome)!.media;
    const eficiencia = by.eficiencia_relativa!.valor as { nome: string; pct: number }[];
    expect(eficiencia).toHaveLength(4);
    expect(eficiencia[0]!.pct).toBeCloseTo(
      ((media('Produto X 1 L') - media('Testemunha')) / (media('Padrão') - media('Testemunha'))) * 100,
      9,
    );
  });

  it('a planned trial of 5 treatments × 3 blocks: 8 df, the suggestion, and the analysis rules pending', async () => {
    const planned = tratamentos()
      .slice(0, 5)
      .map(({ repeticoes: _r, ...t }) => ({ ...t, produtividade: null }));
    const e = await createExperiment(ctx.t.app, ctx.me, {
      situacao: 'planejado',
      tipo_estatistica: 'DBC',
      blocos: 3,
      tratamentos: planned,
      aplicacoes,
    });
    const c = (await get(`/api/experiments/${e.id}/conformidade`)).json() as ConformidadeResponse;
    const gl = c.regras.find((r) => r.codigo === 'gl_residuo')!;
    expect(gl.detalhe).toMatch(/^8 graus de liberdade do resíduo: mínimo 15/);
    expect(gl.sugestao).toBe('Com 5 blocos (2 a mais): 16 graus de liberdade do resíduo.');
    expect(c.regras.find((r) => r.codigo === 'analise_estatistica')).toMatchObject({ atende: null, situacao: 'pendente' });
    expect(c.atende).toBe(false);
  });

  it('a concluded trial with means only fails the statistics with the reason; an unknown norm is 400, an unknown trial 404', async () => {
    const e = await createExperiment(ctx.t.app, ctx.me, {});
    const c = (await get(`/api/experiments/${e.id}/conformidade`)).json() as ConformidadeResponse;
    const stats = c.regras.find((r) => r.codigo === 'analise_estatistica')!;
    expect(stats.atende).toBe(false);
    expect(stats.detalhe).toContain('repetição');
    const bad = await get(`/api/experiments/${e.id}/conformidade?norma=in99`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Norma desconhecida: use in53.');
    expect((await get('/api/experiments/999999/conformidade')).statusCode).toBe(404);
  });
});

describe('GET /api/experiments/:id/relatorio-tecnico', () => {
  it('answers the technical report as a PDF to download, with embedded fonts', async () => {
    const e = await createExperiment(ctx.t.app, ctx.me, { tipo_estatistica: 'DBC', tratamentos: tratamentos(), aplicacoes });
    const res = await get(`/api/experiments/${e.id}/relatorio-tecnico`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`relatorio-tecnico-experimento-${e.id}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.toString('latin1')).toContain('DejaVuSans');
    expect((await get('/api/experiments/999999/relatorio-tecnico')).statusCode).toBe(404);
  });
});

describe('the verdict stored with each trial (decision 026)', () => {
  /** A verdict per id, as the experiments table holds it. */
  const stored = async (ids: readonly number[]) => {
    const rows = await queryRows<{ id: number; v: string | null }>(
      ctx.t.db.database.db,
      sql`select id, conformidade_in53 as v from experiments where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    return Object.fromEntries(rows.map((r) => [Number(r.id), r.v]));
  };
  const listed = async (query: string) =>
    ((await get(`/api/experiments?limit=500&${query}`)).json() as { experiments: { id: number }[] }).experiments.map((e) => e.id);
  const checklistVerdict = async (id: number) =>
    veredito((await get(`/api/experiments/${id}/conformidade`)).json() as ConformidadeResponse);

  it('is written by every save, equals the checklist, filters the list and the dashboard, and is computed again by the sweep', async () => {
    const marca = 'Dimicron';
    const ok = await createExperiment(ctx.t.app, ctx.me, {
      marca,
      tipo_estatistica: 'DBC',
      tratamentos: tratamentos(),
      aplicacoes,
      produtividade_regional: 3300,
    });
    const planned = await createExperiment(ctx.t.app, ctx.me, {
      marca,
      situacao: 'planejado',
      tipo_estatistica: 'DBC',
      blocos: 4,
      tratamentos: tratamentos().map(({ repeticoes: _r, ...t }) => ({ ...t, produtividade: null })),
      aplicacoes,
    });
    const meansOnly = await createExperiment(ctx.t.app, ctx.me, { marca });
    const ids = [ok.id, planned.id, meansOnly.id];
    expect(await stored(ids)).toEqual({ [ok.id]: 'atende', [planned.id]: 'pendente', [meansOnly.id]: 'nao_atende' });
    for (const id of ids) expect(await checklistVerdict(id)).toBe((await stored([id]))[id]);

    expect(await listed(`marca=${marca}&conformidade=atende`)).toEqual([ok.id]);
    expect(await listed(`marca=${marca}&conformidade=pendente`)).toEqual([planned.id]);
    expect(await listed(`marca=${marca}&conformidade=nao_atende`)).toEqual([meansOnly.id]);
    // The dashboard's indicators count concluded trials: the one that qualifies.
    const stats = (await get(`/api/dashboard?marca=${marca}&conformidade=atende`)).json() as { cards: { totalExperimentos: number } };
    expect(stats.cards.totalExperimentos).toBe(1);
    const bad = await get('/api/experiments?conformidade=talvez');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.conformidade).toContain('Conformidade inválida');

    // An update that drops the positive control's role fails the rule: the verdict follows.
    const semPadrao = tratamentos().map((t) => (t.papel === 'padrao' ? { ...t, papel: null } : t));
    const res = await sendMultipart(ctx.t.app, 'PUT', `/api/experiments/${ok.id}`, ctx.me, {
      data: JSON.stringify(
        buildExperimentUpdate({
          marca,
          version: ok.version,
          tipo_estatistica: 'DBC',
          tratamentos: semPadrao,
          aplicacoes,
          produtividade_regional: 3300,
        }),
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored([ok.id]))[ok.id]).toBe('nao_atende');
    expect(await checklistVerdict(ok.id)).toBe('nao_atende');

    // Rows stored before the column existed hold null until a server's sweep computes them.
    const before = await stored(ids);
    await ctx.t.db.database.db.execute(sql`update experiments set conformidade_in53 = null`);
    expect(await listed(`marca=${marca}&conformidade=nao_atende`)).toEqual([]);
    expect(await sweepConformity(ctx.t.db.database.db, { batch: 2 })).toBeGreaterThanOrEqual(3);
    expect(await stored(ids)).toEqual(before);
    expect(await sweepConformity(ctx.t.db.database.db)).toBe(0);
  });

  it("a Latin square's verdict waits for its layout: drawing it runs the analysis the rules read", async () => {
    const four = tratamentos().slice(0, 4);
    const latin = await createExperiment(ctx.t.app, ctx.me, {
      tipo_estatistica: 'Quadrado Latino',
      blocos: 4,
      tratamentos: four,
      aplicacoes,
    });
    const rule = async () =>
      ((await get(`/api/experiments/${latin.id}/conformidade`)).json() as ConformidadeResponse).regras.find(
        (r) => r.codigo === 'analise_estatistica',
      )!;
    expect((await rule()).atende).toBe(false);
    expect((await rule()).detalhe).toContain('croqui');
    const drawn = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/experiments/${latin.id}/croqui`,
      payload: { semente: 7 },
      headers: ctx.me.auth,
    });
    expect(drawn.statusCode, drawn.body).toBe(201);
    expect((await rule()).atende).toBe(true);
    expect((await stored([latin.id]))[latin.id]).toBe(await checklistVerdict(latin.id));
  });
});
