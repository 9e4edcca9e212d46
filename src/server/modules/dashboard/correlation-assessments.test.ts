import { beforeAll, describe, expect, it } from 'vitest';
import type { CorrelationDataset } from '../../../shared/dashboard.js';
import type { AssessmentRequest, TreatmentRequest } from '../../../shared/factories.test-helper.js';
import { signedInApp } from '../../test/app.js';
import { createExperiment } from '../../test/factories.js';

const ctx = signedInApp();

const pct = (chave: string, nome: string, data: string | null): AssessmentRequest => ({
  chave,
  nome,
  unidade: '%',
  tipo: 'porcentagem',
  data,
});
const fito: AssessmentRequest = {
  chave: 'fito',
  nome: 'Fitotoxicidade',
  unidade: 'escala 1-9',
  tipo: 'nota',
  escala_min: 1,
  escala_max: 9,
};
const nota: AssessmentRequest = {
  chave: 'sev-nota',
  nome: 'Severidade',
  unidade: 'nota',
  tipo: 'nota',
  escala_min: 1,
  escala_max: 9,
  data: '2025-12-01',
};
const trat = (nome: string, observacoes: Record<string, (number | null)[]>): TreatmentRequest => ({
  nome,
  modalidade: 'Foliar',
  repeticoes: [3000, 3100, 3200],
  observacoes,
});
const NONE = [null, null, null];

beforeAll(async () => {
  // A: rated three times; the 14th of January is its latest date (the undated one comes last).
  await createExperiment(ctx.t.app, ctx.me, {
    ano: 2021,
    avaliacoes: [
      pct('sev-7', 'Severidade', '2026-01-07'),
      pct('sev-14', 'Severidade', '2026-01-14'),
      pct('sev-x', 'Severidade', null),
      fito,
    ],
    tratamentos: [
      trat('Testemunha', { 'sev-7': [20, 22.5, 18], 'sev-14': [35, 40, null], 'sev-x': [99, 99, 99], fito: [1, 1, 1] }),
      trat('B', { 'sev-7': [5, 6, 4], 'sev-14': NONE, 'sev-x': [99, 99, 99], fito: [2, 1, 3] }),
      trat('C', { 'sev-7': [1, 1, 1], 'sev-14': [10, 20, 30], 'sev-x': [99, 99, 99], fito: NONE }),
    ],
  });
  // B: the same name in another spelling and, in another unit, a different variable.
  await createExperiment(ctx.t.app, ctx.me, {
    ano: 2021,
    avaliacoes: [pct('sev', 'severidade', '2025-12-01'), nota],
    tratamentos: [trat('Testemunha', { sev: [10, 20, null], 'sev-nota': [3, 5, null] }), trat('B', { sev: [0, 0, 0], 'sev-nota': NONE })],
  });
  // C: an undated one, spelled like B's, so "severidade" is the most frequent spelling.
  await createExperiment(ctx.t.app, ctx.me, {
    ano: 2021,
    avaliacoes: [pct('sev', 'severidade', null)],
    tratamentos: [trat('Testemunha', { sev: [50, 60, 70] })],
  });
  // Another year: filtered out below.
  await createExperiment(ctx.t.app, ctx.me, {
    ano: 2022,
    avaliacoes: [pct('sev', 'Severidade', '2026-02-01')],
    tratamentos: [trat('Testemunha', { sev: [80, 80, 80] })],
  });
});

const get = async (url: string) => {
  const res = await ctx.t.app.inject({ method: 'GET', url, headers: ctx.me.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CorrelationDataset;
};

describe('GET /api/dashboard/correlacao: assessments', () => {
  it('one variable per name and unit, the latest-dated assessment per experiment, the mean of rated plots, aligned with the treatments', async () => {
    const c = await get('/api/dashboard/correlacao?ano=2021');
    expect(c.tratamentos.experimento).toEqual([0, 0, 0, 1, 1, 2]);
    expect(c.avaliacoes.variaveis).toEqual([
      { nome: 'Fitotoxicidade', unidade: 'escala 1-9' },
      { nome: 'severidade', unidade: '%' },
      { nome: 'Severidade', unidade: 'nota' },
    ]);
    // A's treatments: 37.5 and 20 from its 14 January rating (B has no rated plot there: no entry,
    // though it has an earlier one); fito 1 and 2. Then B's 15, 4 and 0; C's undated 60.
    expect(c.avaliacoes.tratamento).toEqual([0, 0, 1, 2, 3, 3, 4, 5]);
    expect(c.avaliacoes.variavel).toEqual([0, 1, 0, 1, 1, 2, 1, 1]);
    expect(c.avaliacoes.valor).toEqual([1, 37.5, 2, 20, 15, 4, 0, 60]);
  });

  it('follows the filters, and is empty when nothing matches', async () => {
    const other = await get('/api/dashboard/correlacao?ano=2022');
    expect(other.avaliacoes).toEqual({ variaveis: [{ nome: 'Severidade', unidade: '%' }], tratamento: [0], variavel: [0], valor: [80] });
    const none = await get('/api/dashboard/correlacao?ano=2023');
    expect(none.avaliacoes).toEqual({ variaveis: [], tratamento: [], variavel: [], valor: [] });
  });
});
