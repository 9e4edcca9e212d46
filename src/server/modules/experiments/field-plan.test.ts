import { describe, expect, it } from 'vitest';
import type { AuditPage } from '../../../shared/audit.js';
import type { Experiment } from '../../../shared/experiment.js';
import type { Calda, ColetaResponse, Croqui } from '../../../shared/field-plan.js';
import { appWithAccounts } from '../../test/app.js';
import {
  type Account,
  type ExperimentRequest,
  type TreatmentRequest,
  buildExperiment,
  createExperiment,
  samplePdf,
  sendMultipart,
} from '../../test/factories.js';

const ctx = appWithAccounts({ admin: { role: 'admin' }, owner: {}, other: {} });

const TRATAMENTOS: TreatmentRequest[] = [
  { nome: 'Testemunha', modalidade: 'Sem aplicação' },
  { nome: 'Fungicida A', modalidade: 'Foliar', produtos_aplicados: [{ nome: 'Fungicida A', dose: 0.5, unidade: 'L/ha' }] },
  { nome: 'Fungicida B', modalidade: 'Foliar', produtos_aplicados: [{ nome: 'Fungicida B', dose: 300, unidade: 'g/ha' }] },
];

/** A DBC trial planned with 4 blocks, 5 × 3 m plots, one spray and two ratings, no yields and no PDF. */
const planned = (overrides: Partial<ExperimentRequest> = {}): ExperimentRequest =>
  buildExperiment({
    situacao: 'planejado',
    tipo_estatistica: 'DBC',
    blocos: 4,
    parcela: { comprimento_m: 5, largura_m: 3 },
    aplicacoes: [
      { chave: 'aplicacao-1', data: '2026-01-10', estadio: 'R1', volume_calda_l_ha: 200, tratamentos: [1, 2] },
      { chave: 'aplicacao-2', data: '2026-01-20', estadio: 'R3' },
    ],
    avaliacoes: [
      { chave: 'sev-1', nome: 'Severidade', unidade: '%', tipo: 'porcentagem', data: '2026-01-24', alvo: 'Ferrugem' },
      { chave: 'sev-0', nome: 'Severidade', unidade: '%', tipo: 'porcentagem', data: '2026-01-05' },
    ],
    tratamentos: TRATAMENTOS,
    ...overrides,
  });

const create = (data: ExperimentRequest, account: Account = ctx.owner, pdf = false) =>
  sendMultipart(
    ctx.t.app,
    'POST',
    '/api/experiments',
    account,
    { data: JSON.stringify(data) },
    pdf ? [{ filename: 'r.pdf', content: samplePdf() }] : [],
  );

async function createPlanned(overrides: Partial<ExperimentRequest> = {}): Promise<Experiment> {
  const res = await create(planned(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { experiment: Experiment }).experiment;
}

const get = (url: string, account: Account = ctx.owner) => ctx.t.app.inject({ method: 'GET', url, headers: account.auth });
const post = (url: string, payload: unknown, account: Account = ctx.owner) =>
  ctx.t.app.inject({ method: 'POST', url, payload: payload as object, headers: account.auth });
const coleta = (id: number, payload: unknown, headers: Record<string, string> = {}, account: Account = ctx.owner) =>
  ctx.t.app.inject({
    method: 'PUT',
    url: `/api/experiments/${id}/coleta`,
    payload: payload as object,
    headers: { ...account.auth, ...headers },
  });

async function drawn(id: number, body: object = { semente: 12345 }): Promise<Croqui> {
  const res = await post(`/api/experiments/${id}/croqui`, body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { croqui: Croqui }).croqui;
}

describe('a planned trial', () => {
  it('is saved without yields and without a PDF; its yields stay null, its applications and DAA come back', async () => {
    const e = await createPlanned();
    expect(e.situacao).toBe('planejado');
    expect(e.blocos).toBe(4);
    expect(e.parcela).toEqual({ comprimento_m: 5, largura_m: 3 });
    expect(e.pdf_filename).toBeNull();
    expect(e.produtividade_media).toBeNull();
    expect(e.tratamentos.map((t) => t.produtividade)).toEqual([null, null, null]);
    expect(e.aplicacoes).toEqual([
      {
        chave: 'aplicacao-1',
        data: '2026-01-10',
        estadio: 'R1',
        volume_calda_l_ha: 200,
        equipamento: null,
        temperatura_c: null,
        umidade_pct: null,
        vento_km_h: null,
        tratamentos: [1, 2],
      },
      expect.objectContaining({ chave: 'aplicacao-2', data: '2026-01-20', tratamentos: [] }),
    ]);
    // 24/01 is 4 days after the latest application before it (20/01); 05/01 precedes every application.
    expect(e.avaliacoes.map((a) => [a.chave, a.daa])).toEqual([
      ['sev-1', 4],
      ['sev-0', null],
    ]);
  });

  it('a concluded trial still needs its yields and its PDF; an application naming a missing treatment is refused', async () => {
    const noYields = await create(planned({ situacao: 'concluido' }), ctx.owner, true);
    expect(noYields.statusCode).toBe(400);
    expect(noYields.json().error.fields).toMatchObject({ 'tratamentos.0.produtividade': 'Produtividade é obrigatória' });
    const withYields = planned({
      situacao: 'concluido',
      tratamentos: TRATAMENTOS.map((t, i) => ({ ...t, produtividade: 3000 + i * 100 })),
    });
    const noPdf = await create(withYields);
    expect(noPdf.statusCode).toBe(400);
    expect(noPdf.json().error.fields).toEqual({ pdf: 'O upload do arquivo PDF é obrigatório para finalizar o experimento' });
    const bad = await create(planned({ aplicacoes: [{ chave: 'a', data: '2026-01-10', tratamentos: [7] }] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ 'aplicacoes.0.tratamentos.0': 'Tratamento inexistente nesta aplicação' });
  });

  it('is concluded by an update with yields and a PDF (without the PDF: 400, nothing changed)', async () => {
    const e = await createPlanned();
    const concluded = {
      ...planned({ situacao: 'concluido', tratamentos: TRATAMENTOS.map((t, i) => ({ ...t, produtividade: 3000 + i * 100 })) }),
      version: e.version,
    };
    const url = `/api/experiments/${e.id}`;
    const refused = await sendMultipart(ctx.t.app, 'PUT', url, ctx.owner, { data: JSON.stringify(concluded) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('pdf');
    const ok = await sendMultipart(ctx.t.app, 'PUT', url, ctx.owner, { data: JSON.stringify(concluded) }, [
      { filename: 'final.pdf', content: samplePdf() },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    const after = (ok.json() as { experiment: Experiment }).experiment;
    expect(after.situacao).toBe('concluido');
    expect(after.pdf_filename).toBe('final.pdf');
    expect(after.produtividade_media).toBe(3100);
  });
});

describe('indicators count concluded trials; lists show every trial', () => {
  it('stats and the dashboard leave planned trials out unless the filter names them', async () => {
    const marca = 'Concorrente';
    const app = ctx.t.app;
    const stats = async (q: string) =>
      (await app.inject({ method: 'GET', url: `/api/experiments/stats?marca=${marca}${q}`, headers: ctx.owner.auth })).json();
    const list = async (q: string) =>
      (await app.inject({ method: 'GET', url: `/api/experiments?marca=${marca}${q}`, headers: ctx.owner.auth })).json() as {
        total: number;
        experiments: Experiment[];
      };
    const before = { stats: await stats(''), list: await list('') };
    await createPlanned({ marca });
    await createExperiment(app, ctx.owner, { marca });
    expect((await stats('')).totalExperimentos).toBe(before.stats.totalExperimentos + 1);
    expect((await stats('&situacao=planejado')).totalExperimentos).toBeGreaterThanOrEqual(1);
    const all = await list('');
    expect(all.total).toBe(before.list.total + 2);
    expect(all.experiments.map((e) => e.situacao)).toContain('planejado');
    const onlyPlanned = await list('&situacao=planejado');
    expect(onlyPlanned.experiments.every((e) => e.situacao === 'planejado')).toBe(true);
    const invalid = await app.inject({ method: 'GET', url: '/api/experiments?situacao=arquivado', headers: ctx.owner.auth });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toEqual({ situacao: 'Situação inválida' });
    const dashboard = (await app.inject({ method: 'GET', url: `/api/dashboard?marca=${marca}`, headers: ctx.owner.auth })).json();
    const dashboardPlanned = (
      await app.inject({ method: 'GET', url: `/api/dashboard?marca=${marca}&situacao=planejado`, headers: ctx.owner.auth })
    ).json();
    expect(dashboard.cards.totalExperimentos).toBe(before.stats.totalExperimentos + 1);
    // The planned ones the indicators leave out, so the page can say where they are.
    expect(dashboard.naoConcluidos).toBeGreaterThanOrEqual(1);
    expect(dashboardPlanned.cards.totalExperimentos).toBeGreaterThanOrEqual(1);
  });
});

describe('the randomised layout', () => {
  it('is drawn from a seed (the same seed, the same layout), read back, and exported as CSV', async () => {
    const e = await createPlanned();
    const first = await drawn(e.id, { semente: 424242, numeracao: 'serpentina' });
    expect(first.parcelas).toHaveLength(12);
    expect(first.parcelas.map((p) => p.numero)).toEqual([101, 102, 103, 201, 202, 203, 301, 302, 303, 401, 402, 403]);
    for (let b = 1; b <= 4; b++) {
      expect(
        first.parcelas
          .filter((p) => p.bloco === b)
          .map((p) => p.tratamento)
          .sort(),
      ).toEqual([0, 1, 2]);
    }
    const again = await drawn(e.id, { semente: 424242, numeracao: 'serpentina' });
    expect(again.parcelas).toEqual(first.parcelas);
    const read = await get(`/api/experiments/${e.id}/croqui`);
    expect(read.json()).toEqual({ croqui: again });
    const csv = await get(`/api/experiments/${e.id}/croqui.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toContain('parcela;bloco;linha;coluna');
    expect(csv.body).toContain('Testemunha');
  });

  it('says what is missing, refuses a bad body, lets only the owner draw, and 404s before one is drawn', async () => {
    const e = await createPlanned({ blocos: null });
    expect((await get(`/api/experiments/${e.id}/croqui`)).statusCode).toBe(404);
    const noBlocks = await post(`/api/experiments/${e.id}/croqui`, {});
    expect(noBlocks.statusCode).toBe(422);
    expect(noBlocks.json().error.message).toContain('número de blocos');
    const other = await createPlanned();
    expect((await post(`/api/experiments/${other.id}/croqui`, { numeracao: 'zigue' })).statusCode).toBe(400);
    expect((await post(`/api/experiments/${other.id}/croqui`, { semente: -3 })).statusCode).toBe(400);
    expect((await post(`/api/experiments/${other.id}/croqui`, {}, ctx.other)).statusCode).toBe(403);
    const latin = await createPlanned({ tipo_estatistica: 'Quadrado Latino', blocos: 4 });
    const refused = await post(`/api/experiments/${latin.id}/croqui`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toContain('quadrado latino');
  });

  it('is discarded when the design, blocks or treatments change (its plots would name the wrong treatments)', async () => {
    const e = await createPlanned();
    await drawn(e.id);
    const same = await sendMultipart(ctx.t.app, 'PUT', `/api/experiments/${e.id}`, ctx.owner, {
      data: JSON.stringify({ ...planned(), version: e.version }),
    });
    expect(same.statusCode, same.body).toBe(200);
    expect((await get(`/api/experiments/${e.id}/croqui`)).statusCode).toBe(200);
    const changed = await sendMultipart(ctx.t.app, 'PUT', `/api/experiments/${e.id}`, ctx.owner, {
      data: JSON.stringify({ ...planned({ blocos: 5 }), version: e.version + 1 }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get(`/api/experiments/${e.id}/croqui`)).statusCode).toBe(404);

    // The trail says so, and names the layout drawn and the plan's changes.
    const trail = (await get(`/api/admin/auditoria?experimentId=${e.id}`, ctx.admin)).json() as AuditPage;
    const changes = trail.entries.map((x) => x.changes ?? {});
    expect(changes[0]).toMatchObject({
      blocos: { de: 4, para: 5 },
      croqui: { de: 'semente 12345', para: 'descartado: o delineamento, os blocos ou os tratamentos mudaram' },
    });
    expect(changes.some((c) => (c.croqui?.para as string | undefined)?.startsWith('semente 12345'))).toBe(true);
    const edited = await sendMultipart(ctx.t.app, 'PUT', `/api/experiments/${e.id}`, ctx.owner, {
      data: JSON.stringify({
        ...planned({ blocos: 5, parcela: { comprimento_m: 6, largura_m: 3 }, aplicacoes: [] }),
        version: e.version + 2,
      }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const last = ((await get(`/api/admin/auditoria?experimentId=${e.id}`, ctx.admin)).json() as AuditPage).entries[0]?.changes;
    expect(last).toMatchObject({
      parcela: { de: '5 × 3 m', para: '6 × 3 m' },
      aplicacoes: { de: '10/01/2026 (R1, 200 L/ha); 20/01/2026 (R3)', para: null },
    });
  });
});

describe('the spray mix of an application', () => {
  it('weighs each product for all the plots of its treatment (5 × 3 m plots, 4 blocks: 60 m² a treatment)', async () => {
    const e = await createPlanned();
    const croqui = await drawn(e.id);
    const res = await get(`/api/experiments/${e.id}/calda?aplicacao=aplicacao-1`);
    expect(res.statusCode, res.body).toBe(200);
    const calda = res.json() as Calda;
    // 0,5 L/ha × 0,006 ha = 3 mL; 300 g/ha × 0,006 ha = 1,8 g; 200 L/ha × 0,012 ha = 2,4 L of spray.
    expect(calda.itens).toEqual([
      { tratamento: 1, produto: 'Fungicida A', dose: 0.5, unidade: 'L/ha', quantidade: 3, unidade_quantidade: 'mL', motivo: null },
      { tratamento: 2, produto: 'Fungicida B', dose: 300, unidade: 'g/ha', quantidade: 1.8, unidade_quantidade: 'g', motivo: null },
    ]);
    expect(calda.volume_calda_l).toBe(2.4);
    expect(calda.tratamentos.map((t) => [t.tratamento, t.area_m2, t.volume_calda_l])).toEqual([
      [1, 60, 1.2],
      [2, 60, 1.2],
    ]);
    const plotsOfT1 = croqui.parcelas.filter((p) => p.tratamento === 1).map((p) => p.numero);
    expect(calda.tratamentos[0]?.parcelas).toEqual(plotsOfT1);
    expect((await get(`/api/experiments/${e.id}/calda?aplicacao=nenhuma`)).statusCode).toBe(404);
    expect((await get(`/api/experiments/${e.id}/calda`)).statusCode).toBe(400);
  });
});

describe('collection plot by plot', () => {
  it('writes each plot in its treatment × block, conflicts instead of overwriting, replays a key, refuses bad values', async () => {
    const e = await createPlanned();
    const croqui = await drawn(e.id);
    const valueOf = (numero: number) => numero / 10;
    const all = croqui.parcelas.map((p) => ({ numero: p.numero, valor: valueOf(p.numero), anterior: null }));
    const key = { 'idempotency-key': 'b2b6f8d6-5f0a-4bb4-9a3e-0a1b2c3d4e5f' };
    const first = await coleta(e.id, { avaliacao: 'sev-1', valores: all }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ gravados: 12, conflitos: [], version: e.version + 1 } satisfies ColetaResponse);
    const replay = await coleta(e.id, { avaliacao: 'sev-1', valores: all }, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);

    const read = (await get(`/api/experiments/${e.id}`)).json().experiment as Experiment;
    for (const p of croqui.parcelas) {
      expect(read.tratamentos[p.tratamento]?.observacoes?.['sev-1']?.[p.repeticao - 1]).toBe(valueOf(p.numero));
    }
    expect(read.tratamentos[0]?.observacoes?.['sev-0']).toBeUndefined();

    // Someone else's device saw the plot empty and typed 50: the server keeps 10.1 and says so.
    const stale = await coleta(e.id, { avaliacao: 'sev-1', valores: [{ numero: 101, valor: 50, anterior: null }] });
    expect(stale.json()).toEqual({
      gravados: 0,
      conflitos: [{ numero: 101, valor_servidor: 10.1, valor_enviado: 50 }],
      version: e.version + 1,
    });
    const resolved = await coleta(e.id, { avaliacao: 'sev-1', valores: [{ numero: 101, valor: 50, anterior: 10.1 }] });
    expect(resolved.json()).toMatchObject({ gravados: 1, conflitos: [], version: e.version + 2 });

    const invalid = await coleta(e.id, {
      avaliacao: 'sev-1',
      valores: [
        { numero: 102, valor: 120, anterior: null },
        { numero: 999, valor: 1 },
      ],
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toEqual({
      'valores.0.valor': 'Parcela 102: 120 não é uma porcentagem válida: use de 0 a 100',
      'valores.1.numero': 'A parcela 999 não está no croqui deste experimento.',
    });
    expect((await coleta(e.id, { avaliacao: 'nao-existe', valores: [{ numero: 101, valor: 1 }] })).statusCode).toBe(404);
    expect((await coleta(e.id, { avaliacao: 'sev-1', valores: [] })).statusCode).toBe(400);
    expect((await coleta(e.id, { avaliacao: 'sev-1', valores: [{ numero: 101, valor: 'x' }] })).statusCode).toBe(400);
    expect((await coleta(e.id, { avaliacao: 'sev-1', valores: [{ numero: 101, valor: 1, anterior: 50 }] }, {}, ctx.other)).statusCode).toBe(
      403,
    );
    const unchanged = (await get(`/api/experiments/${e.id}`)).json().experiment as Experiment;
    expect(unchanged.version).toBe(e.version + 2);

    // The values reach the trial analysis of that assessment.
    const analysis = await get(`/api/experiments/${e.id}/analise?avaliacao=sev-1`);
    expect(analysis.statusCode, analysis.body).toBe(200);
  });

  it('without a drawn layout answers 404 with what to do', async () => {
    const e = await createPlanned();
    const res = await coleta(e.id, { avaliacao: 'sev-1', valores: [{ numero: 101, valor: 1 }] });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toContain('croqui');
  });
});

describe('the Latin square', () => {
  it('is analysed with the rows and columns of its drawn layout (422 before it is drawn)', async () => {
    const tratamentos = ['A', 'B', 'C', 'D'].map((nome) => ({ nome, modalidade: 'Foliar' as const }));
    const e = await createPlanned({ tipo_estatistica: 'Quadrado Latino', blocos: 4, tratamentos, aplicacoes: [], avaliacoes: [] });
    const croqui = await drawn(e.id, { semente: 7 });
    // Each treatment's yield in row j: a treatment effect, a row effect and a column effect, plus noise.
    const yieldOf = (t: number, row: number) => {
      const col = croqui.parcelas.find((p) => p.tratamento === t && p.repeticao === row)?.coluna ?? 0;
      return 3000 + t * 150 + row * 40 + col * 25 + ((t * 7 + row * 3 + col) % 5) * 11;
    };
    const concluded = planned({
      situacao: 'concluido',
      tipo_estatistica: 'Quadrado Latino',
      blocos: 4,
      aplicacoes: [],
      avaliacoes: [],
      tratamentos: tratamentos.map((t, i) => ({ ...t, repeticoes: [1, 2, 3, 4].map((row) => yieldOf(i, row)) })),
    });
    const saved = await sendMultipart(
      ctx.t.app,
      'PUT',
      `/api/experiments/${e.id}`,
      ctx.owner,
      { data: JSON.stringify({ ...concluded, version: e.version }) },
      [{ filename: 'final.pdf', content: samplePdf() }],
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const analysis = await get(`/api/experiments/${e.id}/analise`);
    expect(analysis.statusCode, analysis.body).toBe(200);
    const linhas = analysis.json().anova.linhas as { fonte: string; gl: number }[];
    expect(linhas.map((l) => [l.fonte, l.gl])).toEqual([
      ['Linhas', 3],
      ['Colunas', 3],
      ['Tratamentos', 3],
      ['Resíduo', 6],
      ['Total', 15],
    ]);
    const undrawn = await createPlanned({ tipo_estatistica: 'Quadrado Latino', blocos: 4, tratamentos, aplicacoes: [], avaliacoes: [] });
    const noLayout = await get(`/api/experiments/${undrawn.id}/analise`);
    expect(noLayout.statusCode).toBe(422);
  });
});
