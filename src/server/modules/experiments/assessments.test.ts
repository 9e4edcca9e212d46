import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Experiment } from '../../../shared/experiment.js';
import { queryRows } from '../../db/client.js';
import { signedInApp } from '../../test/app.js';
import { buildExperiment, createExperiment, samplePdf, sendMultipart } from '../../test/factories.js';

const ctx = signedInApp();

const severidade = (chave: string, data: string) => ({
  chave,
  nome: 'Severidade',
  unidade: '%',
  tipo: 'porcentagem',
  data,
  estadio: 'R5.1',
  alvo: 'Ferrugem-asiática',
});
const AVALIACOES = [
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
];

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
    expect(e.avaliacoes).toEqual([
      { ...severidade('sev-7', '2026-01-07'), escala_min: null, escala_max: null },
      { ...severidade('sev-14', '2026-01-14'), escala_min: null, escala_max: null },
      { ...AVALIACOES[2], data: null, estadio: null, alvo: null },
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
      data: JSON.stringify({ ...buildExperiment({ avaliacoes: [AVALIACOES[1]], tratamentos: fewer }), version: e.version }),
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
      const tratamentos = [TRATAMENTOS[0], { ...TRATAMENTOS[1], observacoes }];
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
