/**
 * Two-factor designs through the API: an experiment names its factors (fator_a, fator_b) and each treatment
 * carries its levels (nivel_a, nivel_b) and a numeric dose; they are stored, read back, exported,
 * audited and validated (a factorial design needs the levels), and reach the analysis.
 */
import { describe, expect, it } from 'vitest';
import type { AuditPage } from '../../../shared/audit.js';
import type { Experiment } from '../../../shared/experiment.js';
import { EXP_MSG } from '../../../shared/fields/messages.js';
import { appWithAccounts } from '../../test/app.js';
import {
  type ExperimentRequest,
  buildExperiment,
  buildExperimentUpdate,
  createExperiment,
  samplePdf,
  sendMultipart,
} from '../../test/factories.js';
import { analysisInput } from './trial-summary.js';

const ctx = appWithAccounts({ admin: { role: 'admin' }, me: {} });

/** Four plot yields around `base`; the residual is not zero (each treatment its own pattern). */
const plots = (base: number) => [base, base + 120 + (base % 7) * 10, base - 80, base + 40 - (base % 11) * 10];
/** A 2 × 2 factorial plus the control as the additional treatment, in 4 blocks. */
const fatorial = (): Partial<ExperimentRequest> & Pick<ExperimentRequest, 'tratamentos'> => ({
  tipo_estatistica: 'Fatorial DBC com adicional',
  fator_a: 'Produto',
  fator_b: 'Dose',
  tratamentos: [
    { nome: 'Testemunha', modalidade: 'Foliar', repeticoes: plots(3000) },
    { nome: 'Raiz 1 L', modalidade: 'Solo', nivel_a: 'Raiz', nivel_b: '1 L', dose: 1, repeticoes: plots(3200) },
    { nome: 'Raiz 2 L', modalidade: 'Solo', nivel_a: 'Raiz', nivel_b: '2 L', dose: '2,5', repeticoes: plots(3350) },
    { nome: 'Folha 1 L', modalidade: 'Foliar', nivel_a: 'Folha', nivel_b: '1 L', dose: 1, repeticoes: plots(3100) },
    {
      nome: 'Folha 2 L',
      modalidade: 'Foliar',
      nivel_a: 'Folha',
      nivel_b: '2 L',
      dose: '1.000',
      repeticoes: plots(3150),
      produtos_aplicados: [{ nome: 'Aminoagro Folha', dose: 2, custo: 30 }],
    },
  ],
});

const get = (url: string, who = ctx.me) => ctx.t.app.inject({ method: 'GET', url, headers: who.auth });
const put = (id: number, data: unknown) =>
  sendMultipart(ctx.t.app, 'PUT', `/api/experiments/${id}`, ctx.me, { data: JSON.stringify(data) });

describe('factors, levels and dose', () => {
  it('stores and answers them, dose read the pt-BR way; the additional treatment has none', async () => {
    const e = await createExperiment(ctx.t.app, ctx.me, fatorial());
    expect(e).toMatchObject({ tipo_estatistica: 'Fatorial DBC com adicional', fator_a: 'Produto', fator_b: 'Dose' });
    expect(e.tratamentos.map((t) => [t.nivel_a, t.nivel_b, t.dose])).toEqual([
      ['', '', null],
      ['Raiz', '1 L', 1],
      ['Raiz', '2 L', 2.5],
      ['Folha', '1 L', 1],
      ['Folha', '2 L', 1000],
    ]);
    const again = await get(`/api/experiments/${e.id}`);
    expect(again.json().experiment).toEqual(e);
    // The list reads the treatments' JSON kept with the experiment: it carries them too.
    const list = await get('/api/experiments?limit=5');
    expect((list.json().experiments as Experiment[]).find((x) => x.id === e.id)).toEqual(e);
  });

  it('an update replaces them, and the audit trail names what changed', async () => {
    const e = await createExperiment(ctx.t.app, ctx.me, fatorial());
    const changed = buildExperimentUpdate({
      ...fatorial(),
      version: e.version,
      fator_a: 'Fonte',
      tratamentos: fatorial().tratamentos.map((t, i) => (i === 1 ? { ...t, nivel_b: '1,5 L', dose: 1.5 } : t)),
    });
    const res = await put(e.id, changed);
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().experiment as Experiment;
    expect(updated.fator_a).toBe('Fonte');
    expect(updated.tratamentos[1]).toMatchObject({ nivel_a: 'Raiz', nivel_b: '1,5 L', dose: 1.5 });

    const trail = await get(`/api/admin/auditoria?experimentId=${e.id}`, ctx.admin);
    const update = (trail.json() as AuditPage).entries.find((x) => x.action === 'experiment.update');
    expect(update?.changes?.fator_a).toEqual({ de: 'Produto', para: 'Fonte' });
    const { de, para } = update!.changes!.tratamentos as {
      de: { nivel_b: string; dose: number }[];
      para: { nivel_b: string; dose: number }[];
    };
    expect([de[1], para[1]]).toMatchObject([
      { nivel_b: '1 L', dose: 1 },
      { nivel_b: '1,5 L', dose: 1.5 },
    ]);
  });

  it('400 with the field paths when a factorial treatment has no levels; nothing is stored', async () => {
    const body = fatorial();
    body.tipo_estatistica = 'Fatorial DBC';
    const res = await sendMultipart(ctx.t.app, 'POST', '/api/experiments', ctx.me, { data: JSON.stringify(buildExperiment(body)) }, [
      { filename: 'r.pdf', content: samplePdf() },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      'tratamentos.0.nivel_a': EXP_MSG.nivelARequired('Produto'),
      'tratamentos.0.nivel_b': EXP_MSG.nivelBRequired('Dose'),
    });

    const e = await createExperiment(ctx.t.app, ctx.me, fatorial());
    const twoBare = fatorial();
    twoBare.tratamentos[2] = { ...twoBare.tratamentos[2]!, nivel_a: '', nivel_b: '' };
    const refused = await put(e.id, buildExperimentUpdate({ ...twoBare, version: e.version }));
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().error.fields)).toEqual(['tratamentos.2.nivel_a', 'tratamentos.2.nivel_b']);
  });

  it('single-factor designs take a dose without asking for levels, and analyse as before', async () => {
    const e = await createExperiment(ctx.t.app, ctx.me, {
      tipo_estatistica: 'DBC',
      tratamentos: [
        { nome: 'Testemunha', modalidade: 'Foliar', repeticoes: plots(3000) },
        { nome: 'B', modalidade: 'Foliar', dose: 3, repeticoes: [3300, 3310, 3390, 3250] },
      ],
    });
    expect(e.tratamentos[1]).toMatchObject({ nivel_a: '', nivel_b: '', dose: 3 });
    const a = await get(`/api/experiments/${e.id}/analise`);
    expect(a.statusCode).toBe(200);
    expect(a.json().anova.linhas.map((l: { fonte: string }) => l.fonte)).toEqual(['Tratamentos', 'Blocos', 'Resíduo', 'Total']);
  });

  it('passes the factors, levels, dose and products to the analysis as docs/api.md says', async () => {
    const e = await createExperiment(ctx.t.app, ctx.me, fatorial());
    const input = analysisInput(e);
    expect(input).toMatchObject({ design: 'Fatorial DBC com adicional', precoSaca: null, fatores: { a: 'Produto', b: 'Dose' } });
    expect(input.tratamentos[0]).toEqual({
      nome: 'Testemunha',
      repeticoes: plots(3000),
      nivelA: null,
      nivelB: null,
      dose: null,
      produtos: [],
    });
    expect(input.tratamentos[4]).toEqual({
      nome: 'Folha 2 L',
      repeticoes: plots(3150),
      nivelA: 'Folha',
      nivelB: '2 L',
      dose: 1000,
      produtos: [{ dose: 2, custo: 30 }],
    });
    expect(analysisInput({ ...e, fator_a: ' ', fator_b: '' }).fatores).toEqual({ a: null, b: null });
  });

  it('analyses the factorial with the additional control: every source of variation, the factors by name', async () => {
    const e = await createExperiment(ctx.t.app, ctx.me, fatorial());
    const res = await get(`/api/experiments/${e.id}/analise`);
    expect(res.statusCode).toBe(200);
    const a = res.json();
    const linhas = a.anova.linhas as { fonte: string; gl: number; sq: number }[];
    expect(linhas.map((l) => l.fonte)).toEqual([
      'Produto',
      'Dose',
      'Produto × Dose',
      'Fatorial vs Adicional',
      'Blocos',
      'Resíduo',
      'Total',
    ]);
    expect(linhas.map((l) => l.gl)).toEqual([1, 1, 1, 1, 3, 12, 19]);
    // The factorial's four rows split the treatments' sum of squares of the one-way analysis.
    const partes = linhas.slice(0, 4).reduce((sum, l) => sum + l.sq, 0);
    expect(partes).toBeCloseTo(a.anova.tratamentos.sq, 6);
    expect(a.fatorial).toMatchObject({ fatores: { a: 'Produto', b: 'Dose' }, niveisA: ['Raiz', 'Folha'], niveisB: ['1 L', '2 L'] });
    expect(a.fatorial.adicional).toMatchObject({ nome: 'Testemunha' });
    expect(a.dunnett.bilateral).toHaveLength(4);
  });

  it('a split plot in blocks tests the main plot against error (a); an incomplete factorial is a 422 in pt-BR', async () => {
    const split = await createExperiment(ctx.t.app, ctx.me, {
      ...fatorial(),
      tipo_estatistica: 'Parcelas Subdivididas DBC',
      tratamentos: fatorial().tratamentos.slice(1),
    });
    const res = await get(`/api/experiments/${split.id}/analise`);
    expect(res.statusCode).toBe(200);
    expect((res.json().anova.linhas as { fonte: string }[]).map((l) => l.fonte)).toEqual([
      'Blocos',
      'Produto',
      'Resíduo (a)',
      'Dose',
      'Produto × Dose',
      'Resíduo (b)',
      'Total',
    ]);
    const incompleto = await createExperiment(ctx.t.app, ctx.me, {
      ...fatorial(),
      tipo_estatistica: 'Fatorial DBC',
      tratamentos: fatorial().tratamentos.slice(1, 4),
    });
    const refused = await get(`/api/experiments/${incompleto.id}/analise`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toMatch(/Folha/);
  });

  it('a dose trial with prices gets the regression and the economic dose through the API', async () => {
    const curva = (d: number) => 3000 + 40 * d - 0.5 * d * d;
    const doses = [0, 10, 20, 30, 40];
    const e = await createExperiment(ctx.t.app, ctx.me, {
      tipo_estatistica: 'DBC',
      preco_saca: 120,
      tratamentos: doses.map((d, i) => ({
        nome: i === 0 ? 'Testemunha' : `Dose ${d}`,
        modalidade: 'Solo',
        dose: d,
        repeticoes: [0, 1, 2, 3].map((j) => Math.round(curva(d) + [-60, 35, 50, -25][(i + j) % 4]!)),
        produtos_aplicados: d > 0 ? [{ nome: 'Adubo N', dose: d, custo: d * 6 }] : [],
      })),
    });
    const res = await get(`/api/experiments/${e.id}/analise`);
    expect(res.statusCode).toBe(200);
    const r = res.json().regressao;
    expect(r.modelo).toBe('quadratico');
    expect(r.coeficientes).toHaveLength(3);
    expect(r.preco_dose).toBeCloseTo(6, 9);
    // d* = (c ÷ (preço/60) − b1) / (2·b2), with the fitted coefficients.
    const [, b1, b2] = r.coeficientes as number[];
    expect(r.dose_economica).toBeCloseTo((6 / (120 / 60) - b1!) / (2 * b2!), 9);
    expect(r.dose_maxima).toBeGreaterThan(r.dose_economica);
  });

  it('the CSV export has the factors, levels and dose', async () => {
    await createExperiment(ctx.t.app, ctx.me, { ...fatorial(), cultivar: 'Fatorial CSV' });
    const res = await get('/api/dashboard/export.csv');
    expect(res.statusCode).toBe(200);
    const [header, ...lines] = res.body.replace(/^\uFEFF/, '').split('\r\n');
    const columns = header!.split(';');
    for (const c of ['Fator A', 'Fator B', 'Nível do fator A', 'Nível do fator B', 'Dose (regressão)']) expect(columns).toContain(c);
    const row = lines.find((l) => l.includes('Fatorial CSV') && l.includes(';T3;'))!.split(';');
    const at = (c: string) => row[columns.indexOf(c)];
    expect([at('Fator A'), at('Fator B'), at('Nível do fator A'), at('Nível do fator B'), at('Dose (regressão)')]).toEqual([
      'Produto',
      'Dose',
      'Raiz',
      '2 L',
      '2,5',
    ]);
  });
});
