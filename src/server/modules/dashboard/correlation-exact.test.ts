/**
 * The exact statistics of a pair (GET /api/dashboard/correlacao/exata) equal what the explorer
 * computes from the whole dataset (features/dashboard/correlation.ts, itself checked against R's
 * cor.test and lm): for experiment pairs, treatment pairs, assessments, a crop, and filters.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CorrelationDataset, CorrelationExact } from '../../../shared/dashboard.js';
import type { AssessmentRequest, TreatmentRequest } from '../../../shared/factories.test-helper.js';
import { MSG } from '../../../shared/messages.js';
import { assessmentKey, buildPoints, leastSquares, pearsonOfPoints, pointsOfCrop } from '../../../web/features/dashboard/correlation.js';
import { signedInApp } from '../../test/app.js';
import { createExperiment } from '../../test/factories.js';

const ctx = signedInApp();

const sev = (chave: string, data: string | null): AssessmentRequest => ({
  chave,
  nome: 'Severidade',
  unidade: '%',
  tipo: 'porcentagem',
  data,
});
const altura: AssessmentRequest = { chave: 'alt', nome: 'Altura de plantas', unidade: 'cm', tipo: 'medida', data: '2026-01-20' };

beforeAll(async () => {
  // 24 experiments of two crops with varied soil, cost and yields; most rated twice (the later
  // rating stands), some plots unrated, one crop spelled with a space.
  for (let i = 0; i < 24; i++) {
    const wave = (k: number) => Math.round(1000 * Math.abs(Math.sin(i * 7.3 + k))) / 10;
    const tratamentos: TreatmentRequest[] = [0, 1, 2].map((t) => ({
      nome: t === 0 ? 'Testemunha' : `T${t + 1}`,
      modalidade: 'Foliar',
      repeticoes: [3000 + 40 * i + 90 * t + wave(t), 3100 + 25 * i - 30 * t, 2900 + wave(t + 5) * 3],
      observacoes: {
        'sev-a': [wave(t + 1), wave(t + 2), null],
        'sev-b': i % 5 === 0 ? [null, null, null] : [wave(t + 3) / 2, null, wave(t + 4) / 2],
        alt: [60 + t * 5 + (i % 7), 62 + wave(t) / 10, null],
      },
      produtos_aplicados: t ? [{ nome: `Produto ${t}`, dose: 1, custo: 20 + 15 * t + (i % 4) * 3 }] : [],
    }));
    await createExperiment(ctx.t.app, ctx.me, {
      cultura: i % 3 === 0 ? 'Milho ' : 'Soja',
      ano: 2020 + (i % 4),
      teor_argila: 15 + ((i * 11) % 50),
      teor_materia_organica: i % 6 === 0 ? null : 1 + ((i * 3) % 7) / 2,
      avaliacoes: [sev('sev-a', '2026-01-07'), sev('sev-b', i % 2 ? '2026-01-21' : null), altura],
      tratamentos,
    });
  }
});

const get = async <T>(url: string): Promise<T> => {
  const res = await ctx.t.app.inject({ method: 'GET', url, headers: ctx.me.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

const SEVERIDADE = assessmentKey({ nome: 'Severidade', unidade: '%' });
const ALTURA = assessmentKey({ nome: 'Altura de plantas', unidade: 'cm' });

describe('exact correlation statistics', () => {
  it.each([
    ['teor_argila', 'produtividade_media', null],
    ['teor_materia_organica', 'tratamento_custo', null],
    ['tratamento_custo', 'tratamento_produtividade', null],
    ['teor_argila', 'tratamento_produtividade', 'Soja'],
    [SEVERIDADE, 'tratamento_produtividade', null],
    [ALTURA, SEVERIDADE, 'Milho'],
    ['ano', SEVERIDADE, 'Soja'],
  ] as const)('%s × %s (crop %s) are what the explorer computes from every point', async (x, y, crop) => {
    const query = new URLSearchParams({ situacao: 'concluido', x, y, ...(crop ? { culturaPontos: crop } : {}) });
    const exact = await get<CorrelationExact>(`/api/dashboard/correlacao/exata?${query}`);
    const data = await get<CorrelationDataset>('/api/dashboard/correlacao?situacao=concluido');
    expect(data.amostra).toBeNull();
    const points = pointsOfCrop(data, buildPoints(data, x, y), crop);
    const trend = leastSquares(points)!;
    expect(trend).not.toBeNull();
    expect(exact.n).toBe(points.length);
    expect(exact.n).toBeGreaterThan(10);
    expect(exact.r).toBeCloseTo(pearsonOfPoints(points)!, 10);
    expect(exact.p).toBeCloseTo(trend.p!, 10);
    expect(exact.inclinacao! / trend.slope).toBeCloseTo(1, 10);
    expect(exact.intercepto! / trend.intercept).toBeCloseTo(1, 10);
  });

  it('under a filter, of what it selects; a constant side has no r and no line', async () => {
    const year = await get<CorrelationExact>('/api/dashboard/correlacao/exata?ano=2021&x=teor_argila&y=produtividade_media');
    const all = await get<CorrelationExact>('/api/dashboard/correlacao/exata?x=teor_argila&y=produtividade_media');
    expect(year.n).toBe(6);
    expect(all.n).toBe(24);
    const constant = await get<CorrelationExact>('/api/dashboard/correlacao/exata?ano=2021&x=ano&y=produtividade_media');
    expect(constant).toEqual({ n: 6, r: null, p: null, inclinacao: null, intercepto: null });
    const none = await get<CorrelationExact>('/api/dashboard/correlacao/exata?cultura=Arroz&x=ano&y=roi');
    expect(none).toEqual({ n: 0, r: null, p: null, inclinacao: null, intercepto: null });
  });

  it('refuses what is no numeric variable of the explorer, in Portuguese', async () => {
    for (const bad of ['x=cultura&y=roi', 'x=roi', 'x=roi&y=avaliacao:nada', 'x=roi&y=avaliacao:["",""]', 'x=roi&y=id']) {
      const res = await ctx.t.app.inject({ method: 'GET', url: `/api/dashboard/correlacao/exata?${bad}`, headers: ctx.me.auth });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: MSG.validationError } });
      expect(JSON.stringify(res.json())).toContain('Escolha uma variável numérica do explorador de correlações');
    }
  });
});
