import { describe, expect, it } from 'vitest';
import type { AuditPage } from '../../../shared/audit.js';
import { appWithAccounts } from '../../test/app.js';
import {
  type TreatmentRequest,
  buildExperiment,
  buildExperimentUpdate,
  createExperiment,
  sendMultipart,
  uploadDocument,
} from '../../test/factories.js';

const ctx = appWithAccounts({ admin: { role: 'admin', name: 'Ana Admin' }, owner: { name: 'Otávio Dono' } });

const trail = async (qs = '') => {
  const res = await ctx.t.app.inject({ method: 'GET', url: `/api/admin/auditoria${qs}`, headers: ctx.admin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditPage;
};

describe('audit trail', () => {
  it('records who created, changed and deleted what, with the changed fields, newest first', async () => {
    const e = await createExperiment(ctx.t.app, ctx.owner, { cultivar: 'M6410', cidade: 'Cascavel' });
    const changed = buildExperimentUpdate({
      version: e.version,
      cultivar: 'BMX Zeus',
      roi: 300000,
      tratamentos: [{ nome: 'Testemunha', modalidade: 'Foliar', produtividade: 3700, produtos_aplicados: [] }],
    });
    const put = (data: unknown) => sendMultipart(ctx.t.app, 'PUT', `/api/experiments/${e.id}`, ctx.owner, { data: JSON.stringify(data) });
    expect((await put(changed)).statusCode).toBe(200);
    // A refused save (stale version) records nothing.
    expect((await put({ ...changed, cultivar: 'Outra' })).statusCode).toBe(409);

    const added = await uploadDocument(ctx.t.app, ctx.owner, e.id, 'laudo-solo.pdf');
    expect(added.statusCode).toBe(201);
    const docId = added.json().document.id as number;
    expect((await ctx.t.app.inject({ method: 'DELETE', url: `/api/uploads/documents/${docId}`, headers: ctx.admin.auth })).statusCode).toBe(
      204,
    );
    expect((await ctx.t.app.inject({ method: 'DELETE', url: `/api/experiments/${e.id}`, headers: ctx.admin.auth })).statusCode).toBe(204);

    const page = await trail(`?experimentId=${e.id}`);
    expect(page.total).toBe(5);
    expect(page.entries.map((x) => [x.action, x.user.name])).toEqual([
      ['experiment.delete', 'Ana Admin'],
      ['document.delete', 'Ana Admin'],
      ['document.add', 'Otávio Dono'],
      ['experiment.update', 'Otávio Dono'],
      ['experiment.create', 'Otávio Dono'],
    ]);
    const update = page.entries[3]!;
    expect(update.label).toBe('Soja BMX Zeus, Cascavel/PR (2025)');
    expect(Object.keys(update.changes ?? {}).sort()).toEqual(['cultivar', 'roi', 'tratamentos']);
    expect(update.changes?.cultivar).toEqual({ de: 'M6410', para: 'BMX Zeus' });
    expect(update.changes?.roi).toEqual({ de: 250000, para: 300000 });
    expect(page.entries[2]!.changes).toEqual({ arquivo: { de: null, para: 'laudo-solo.pdf' } });
    expect(page.entries[1]!.changes).toEqual({ arquivo: { de: 'laudo-solo.pdf', para: null } });
    // The trail outlives the experiment.
    expect(page.entries[0]!.experimentId).toBe(e.id);
    expect(Date.parse(page.entries[0]!.at)).toBeGreaterThanOrEqual(Date.parse(page.entries[4]!.at));
  });

  it("records which treatment's which field changed, from what to what", async () => {
    const e = await createExperiment(ctx.t.app, ctx.owner, { cidade: 'Toledo' });
    const [control, second] = buildExperiment().tratamentos as [TreatmentRequest, TreatmentRequest];
    const changed = buildExperimentUpdate({
      version: e.version,
      cidade: 'Toledo',
      tratamentos: [
        control,
        {
          ...second,
          produtividade: 4087.63,
          produtos_aplicados: [
            { nome: 'Aminoagro Raiz', dose: 0.75, custo: 42.5 },
            { nome: 'Aminoagro Mol', dose: 0.25, custo: 30 },
          ],
          analises_adicionais: [{ nome: 'Altura de Plantas', valor: 90, unidade: 'cm' }],
        },
        { nome: 'Novo', modalidade: 'Foliar', produtividade: 3700, custo: 0, produtos_aplicados: [], analises_adicionais: [] },
      ],
    });
    const res = await sendMultipart(ctx.t.app, 'PUT', `/api/experiments/${e.id}`, ctx.owner, { data: JSON.stringify(changed) });
    expect(res.statusCode, res.body).toBe(200);
    const [update] = (await trail(`?experimentId=${e.id}&limit=1`)).entries;
    expect(update!.action).toBe('experiment.update');
    const tratamentos = update!.changes?.tratamentos;
    expect(tratamentos?.detalhes).toEqual([
      { n: 2, tratamento: 'Aminoagro Raiz', campo: 'Produtividade', de: 3900.5, para: 4087.63 },
      { n: 2, tratamento: 'Aminoagro Raiz', campo: 'Produto Aminoagro Raiz · Dose', de: 0.5, para: 0.75 },
      { n: 2, tratamento: 'Aminoagro Raiz', campo: 'Análise Altura de Plantas · Valor', de: 87.25, para: 90 },
      { n: 3, tratamento: 'Novo', campo: 'Tratamento', de: null, para: 'Novo' },
    ]);
    // The two lists stay whole, as older entries have them.
    expect((tratamentos?.de as unknown[]).length).toBe(2);
    expect((tratamentos?.para as unknown[]).length).toBe(3);
  });

  it('records the assessments declared and each plot value changed', async () => {
    const severidade = {
      chave: 'sev',
      nome: 'Severidade',
      unidade: '%',
      tipo: 'porcentagem' as const,
      data: '2026-01-14',
      alvo: 'Ferrugem',
    };
    const [control, second] = buildExperiment().tratamentos as [TreatmentRequest, TreatmentRequest];
    const rated = (a: number, b: number) => [
      { ...control, repeticoes: [3500, 3600], observacoes: { sev: [a, 20] } },
      { ...second, repeticoes: [3800, 3900], observacoes: { sev: [b, 5] } },
    ];
    const e = await createExperiment(ctx.t.app, ctx.owner, { avaliacoes: [severidade], tratamentos: rated(30, 6) });
    const changed = buildExperimentUpdate({ version: e.version, avaliacoes: [{ ...severidade, alvo: null }], tratamentos: rated(32, 6) });
    const res = await sendMultipart(ctx.t.app, 'PUT', `/api/experiments/${e.id}`, ctx.owner, { data: JSON.stringify(changed) });
    expect(res.statusCode, res.body).toBe(200);
    const [update] = (await trail(`?experimentId=${e.id}&limit=1`)).entries;
    expect(update!.changes?.avaliacoes).toEqual({
      de: 'Severidade (%) · 14/01/2026 [porcentagem, alvo Ferrugem]',
      para: 'Severidade (%) · 14/01/2026 [porcentagem]',
    });
    expect(update!.changes?.tratamentos?.detalhes).toEqual([
      { n: 1, tratamento: 'Testemunha', campo: 'Avaliações por parcela · sev · bloco 1', de: 30, para: 32 },
    ]);
  });

  it('paginates, validates its query and is for admins only', async () => {
    const all = await trail('?limit=2');
    expect(all.entries).toHaveLength(2);
    expect((await trail('?limit=2&offset=2')).entries[0]!.id).not.toBe(all.entries[0]!.id);
    const bad = await ctx.t.app.inject({ method: 'GET', url: '/api/admin/auditoria?limit=0', headers: ctx.admin.auth });
    expect(bad.statusCode).toBe(400);
    const forbidden = await ctx.t.app.inject({ method: 'GET', url: '/api/admin/auditoria', headers: ctx.owner.auth });
    expect(forbidden.statusCode).toBe(403);
  });
});
