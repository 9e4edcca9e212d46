import { sql } from 'drizzle-orm';
import type { AssessmentRequest, ExperimentRequest, TreatmentRequest } from '../../../shared/factories.test-helper.js';
import { describe, expect, it } from 'vitest';
import type { Experiment } from '../../../shared/experiment.js';
import { queryRows } from '../../db/client.js';
import { signedInApp } from '../../test/app.js';
import { buildExperiment, createExperiment, samplePdf, sendMultipart } from '../../test/factories.js';

const ctx = signedInApp();

const severidade = (chave: string, data: string): AssessmentRequest => ({
  chave,
  nome: 'Severidade',
  unidade: '%',
  tipo: 'porcentagem',
  data,
  estadio: 'R5.1',
  alvo: 'Ferrugem-asiática',
});
const AVALIACOES: AssessmentRequest[] = [
  severidade('sev-7', '2026-01-07'),
  severidade('sev-14', '2026-01-14'),
  { chave: 'fito', nome: 'Fitotoxicidade', unidade: 'escala 1-9', tipo: 'nota', escala_min: 1, escala_max: 9 },
];
const TRATAMENTOS = [
  {
    nome: 'Testemunha',
    modalidade: 'Foliar',
    repeticoes: [3100, 3200, 3000],
    observacoes: { 'sev-7': [20, 22.5, 18], 'sev-14': [35, 40, null], fito: [1, 1, 1] },
  },
  {
    nome: 'Fungicida A',
    modalidade: 'Foliar',
    repeticoes: [3500, 3600, 3550],
    observacoes: { 'sev-7': [5, 6, 4.5], 'sev-14': [8, 9, 7], fito: [2, 1, 3] },
  },
] satisfies TreatmentRequest[];

const plotRows = async (experimentId: number) =>
  (
    await queryRows<{ n: number }>(
      ctx.t.db.database.db,
      sql`select count(*)::int as n from plot_values where experiment_id = ${experimentId}`,
    )
  )[0]?.n;

describe('assessments on the experiment', () => {
  it('stores the declarations and every plot value, and answers them as sent (empty plots null)', async () => {
    const e = await createExperiment(ctx.t.app, ctx.me, { avaliacoes: AVALIACOES, tratamentos: TRATAMENTOS });
    // No applications: no days after one.
    expect(e.avaliacoes).toEqual([
      { ...severidade('sev-7', '2026-01-07'), escala_min: null, escala_max: null, daa: null },
      { ...severidade('sev-14', '2026-01-14'), escala_min: null, escala_max: null, daa: null },
      { ...AVALIACOES[2], data: null, estadio: null, alvo: null, daa: null },
    ]);
    expect(e.tratamentos.map((t) => t.observacoes)).toEqual(TRATAMENTOS.map((t) => t.observacoes));
    expect(await plotRows(e.id)).toBe(2 * 3 * 3);

    // The list's page reads them from the experiment's row, like the by-id read.
    const list = await ctx.t.app.inject({ method: 'GET', url: '/api/experiments?limit=50', headers: ctx.me.auth });
    const listed = (list.json() as { experiments: Experiment[] }).experiments.find((x) => x.id === e.id);
    expect(listed?.avaliacoes).toEqual(e.avaliacoes);
    expect(listed?.tratamentos[1]?.observacoes).toEqual(TRATAMENTOS[1]?.observacoes);
  });

  it('replaces them on update and removes them with the experiment', async () => {
    const e = await createExperiment(ctx.t.app, ctx.me, { avaliacoes: AVALIACOES, tratamentos: TRATAMENTOS });
    const fewer = TRATAMENTOS.map((t) => ({ ...t, observacoes: { 'sev-14': t.observacoes['sev-14'] } }));
    const res = await sendMultipart(ctx.t.app, 'PUT', `/api/experiments/${e.id}`, ctx.me, {
      data: JSON.stringify({ ...buildExperiment({ avaliacoes: [AVALIACOES[1]!], tratamentos: fewer }), version: e.version }),
    });
    expect(res.statusCode).toBe(200);
    const updated = (res.json() as { experiment: Experiment }).experiment;
    expect(updated.avaliacoes.map((a) => a.chave)).toEqual(['sev-14']);
    expect(updated.tratamentos[0]?.observacoes).toEqual({ 'sev-14': [35, 40, null] });
    expect(await plotRows(e.id)).toBe(2 * 3);

    const del = await ctx.t.app.inject({ method: 'DELETE', url: `/api/experiments/${e.id}`, headers: ctx.me.auth });
    expect(del.statusCode).toBe(204);
    expect(await plotRows(e.id)).toBe(0);
  });

  it('refuses a value its type forbids with 400 naming the cell, and stores nothing', async () => {
    const count = async () =>
      (await queryRows<{ n: number }>(ctx.t.db.database.db, sql`select count(*)::int as n from assessments`))[0]?.n ?? 0;
    const before = await count();
    const cases: [Record<string, (number | null)[]>, string, string][] = [
      [{ 'sev-7': [150, 1, 2] }, 'tratamentos.1.observacoes.sev-7.0', '150 não é uma porcentagem válida: use de 0 a 100'],
      [{ fito: [1, 10, 2] }, 'tratamentos.1.observacoes.fito.1', '10 está fora da escala: use notas inteiras de 1 a 9'],
    ];
    for (const [observacoes, path, message] of cases) {
      const tratamentos = [TRATAMENTOS[0]!, { ...TRATAMENTOS[1]!, observacoes }] satisfies TreatmentRequest[];
      const res = await sendMultipart(
        ctx.t.app,
        'POST',
        '/api/experiments',
        ctx.me,
        { data: JSON.stringify(buildExperiment({ avaliacoes: AVALIACOES, tratamentos })) },
        [{ filename: 'r.pdf', content: samplePdf() }],
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ [path]: message });
    }
    const count2 = await sendMultipart(
      ctx.t.app,
      'POST',
      '/api/experiments',
      ctx.me,
      {
        data: JSON.stringify(
          buildExperiment({
            avaliacoes: [{ chave: 'vagens', nome: 'Número de Vagens', tipo: 'contagem', unidade: 'unidades' }],
            tratamentos: TRATAMENTOS.map((t) => ({ ...t, observacoes: { vagens: [40, 2.7, -1] } })),
          }),
        ),
      },
      [{ filename: 'r.pdf', content: samplePdf() }],
    );
    expect(count2.statusCode).toBe(400);
    expect(Object.keys(count2.json().error.fields)).toEqual([
      'tratamentos.0.observacoes.vagens.1',
      'tratamentos.0.observacoes.vagens.2',
      'tratamentos.1.observacoes.vagens.1',
      'tratamentos.1.observacoes.vagens.2',
    ]);
    expect(await count()).toBe(before);
  });
});

// The fungicide trial of tests/fixtures/stats/avaliacoes.R (DBC, 5 treatments × 4 blocks, severity
// on three dates; T1 the untreated control) and what R printed for it (avaliacoes.out).
const SEV = [
  [8, 11, 7, 9, 5, 6, 3, 6, 4, 5, 4, 4, 6, 8, 5, 7, 3, 4, 2, 4],
  [22, 26, 18, 24, 10, 13, 8, 11, 7, 9, 7, 8, 14, 17, 11, 15, 6, 7, 4, 6],
  [48, 56, 41, 52, 19, 23, 14, 21, 12, 15, 11, 12, 29, 35, 27, 30, 9, 12, 7, 11],
];
const DATAS = ['2024-12-20', '2024-12-27', '2025-01-10'];
const fungicideTrial = (sev3: (number | null)[] = SEV[2]!) =>
  ({
    tipo_estatistica: 'DBC',
    avaliacoes: DATAS.map((data, d) => ({ ...severidade(`sev-${d + 1}`, data), estadio: `R5.${d + 1}` })),
    tratamentos: ['Testemunha', 'Fungicida A', 'Fungicida B', 'Fungicida C', 'Fungicida D'].map((nome, i) => ({
      nome,
      modalidade: 'Foliar',
      repeticoes: [3000 + i * 100, 3050 + i * 100, 2980 + i * 100, 3020 + i * 100],
      observacoes: Object.fromEntries([SEV[0]!, SEV[1]!, sev3].map((values, d) => [`sev-${d + 1}`, values.slice(i * 4, i * 4 + 4)])),
    })),
  }) satisfies Partial<ExperimentRequest>;

const analise = (id: number, query: string) =>
  ctx.t.app.inject({ method: 'GET', url: `/api/experiments/${id}/analise?${query}`, headers: ctx.me.auth });

describe('GET /api/experiments/:id/analise of an assessment (R: tests/fixtures/stats/avaliacoes.R)', () => {
  it('analyses one assessment like yield, with Abbott efficacy and its letters', async () => {
    const e = await createExperiment(ctx.t.app, ctx.me, fungicideTrial());
    const res = await analise(e.id, 'avaliacao=sev-3');
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a.variavel).toMatchObject({ chave: 'sev-3', nome: 'Severidade', unidade: '%', tipo: 'porcentagem', datas: ['2025-01-10'] });
    expect(a.anova.tratamentos.f).toBeCloseTo(250.233870967742, 8);
    expect(a.anova.tratamentos.p).toBeCloseTo(1.91541233227509e-11, 18);
    expect(a.anova.residuo.qm).toBeCloseTo(4.13333333333333, 10);
    expect(a.tukey.grupos.map((g: { nome: string; media: number }) => [g.nome, g.media])).toEqual([
      ['Testemunha', 49.25],
      ['Fungicida C', 30.25],
      ['Fungicida A', 19.25],
      ['Fungicida B', 12.5],
      ['Fungicida D', 9.75],
    ]);
    const pct = [60.9137055837564, 74.6192893401015, 38.5786802030457, 80.2030456852792];
    a.eficacia.forEach((x: { pct: number }, i: number) => expect(x.pct).toBeCloseTo(pct[i]!, 9));
    // R's TukeyHSD on the plot efficacies: only B–D (p = 0.064) do not differ.
    expect(a.eficacia.map((x: { nome: string; letras: string }) => `${x.nome}:${x.letras}`)).toEqual([
      'Fungicida A:b',
      'Fungicida B:a',
      'Fungicida C:c',
      'Fungicida D:a',
    ]);
    expect(a.parcelas).toEqual({ faltantes: [], blocosRemovidos: [] });
    expect(a.avisos.join(' ')).not.toContain('kg/ha');
  });

  it('analyses the area under the progress curve over the dates, with the curve of each treatment', async () => {
    const e = await createExperiment(ctx.t.app, ctx.me, fungicideTrial());
    const res = await analise(e.id, 'aacpd=severidade');
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a.variavel).toMatchObject({ chave: null, datas: DATAS });
    expect(a.anova.tratamentos.f).toBeCloseTo(211.215069935329, 8);
    expect(a.anova.residuo.qm).toBeCloseTo(678.752083333333, 8);
    expect(a.curva[0]).toEqual({
      nome: 'Testemunha',
      pontos: [
        { data: '2024-12-20', media: 8.75 },
        { data: '2024-12-27', media: 22.5 },
        { data: '2025-01-10', media: 49.25 },
      ],
    });
    const medias = [611.625, 262.5, 183.75, 384.125, 140];
    const byName = new Map(a.tukey.grupos.map((g: { nome: string; media: number }) => [g.nome, g.media]));
    ['Testemunha', 'Fungicida A', 'Fungicida B', 'Fungicida C', 'Fungicida D'].forEach((n, i) =>
      expect(byName.get(n)).toBeCloseTo(medias[i]!, 9),
    );
  });

  it('leaves out a block with a missing plot and says which; 404 for an unknown assessment; 422 when nothing can be analysed', async () => {
    const withGap = [...SEV[2]!] as (number | null)[];
    withGap[9] = null; // Fungicida B, block 2
    const e = await createExperiment(ctx.t.app, ctx.me, fungicideTrial(withGap));
    const a = (await analise(e.id, 'avaliacao=sev-3')).json();
    expect(a.parcelas).toEqual({ faltantes: [{ tratamento: 'Fungicida B', bloco: 2 }], blocosRemovidos: [2] });
    expect(a.anova.residuo.gl).toBe(8);

    expect((await analise(e.id, 'avaliacao=nada')).statusCode).toBe(404);
    expect((await analise(e.id, 'aacpd=Altura')).statusCode).toBe(404);
    const dic = await createExperiment(ctx.t.app, ctx.me, { ...fungicideTrial(withGap), tipo_estatistica: 'Inteiramente Casualizado' });
    const refused = await analise(dic.id, 'avaliacao=sev-3');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toContain('Fungicida B');
    const oneDate = await createExperiment(ctx.t.app, ctx.me, {
      ...fungicideTrial(),
      avaliacoes: fungicideTrial().avaliacoes.map((x, d) => ({ ...x, nome: d === 0 ? 'Severidade' : `Outra ${d}` })),
    });
    // A control without disease and every plot alike: nothing to test, said plainly (never a 5xx).
    const flat = await createExperiment(ctx.t.app, ctx.me, fungicideTrial(SEV[2]!.map(() => 0)));
    const nothing = await analise(flat.id, 'avaliacao=sev-3');
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().error.message).toBeTruthy();
    const curve = await analise(oneDate.id, 'aacpd=Severidade');
    expect(curve.statusCode).toBe(422);
    expect(curve.json().error.message).toBe('A área abaixo da curva de progresso precisa da mesma avaliação em pelo menos duas datas.');
  });
});
