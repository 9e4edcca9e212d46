/**
 * Bulk approval through the API: real-style reports whose control is "Testemunha" / "Controle (sem
 * aplicação)" with no mode stated are read into drafts whose control is 'Sem aplicação' and whose
 * treated treatments carry their products; approving both as read succeeds, the experiments are
 * found under their product's filter, and a draft that still fails answers in words, not paths.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MODALIDADE_SEM_APLICACAO } from '../../../shared/constants.js';
import type { ExperimentRowsPage } from '../../../shared/dashboard.js';
import type { BulkUploadResponse, ImportBatchResponse, ImportDraft, ImportDraftsResponse } from '../../../shared/imports.js';
import { packageRoot } from '../../paths.js';
import { appWithAccounts } from '../../test/app.js';
import { type Account, type ExperimentRequest, buildExperiment, eventually, invalidExperiment, multipart } from '../../test/factories.js';

const FIXTURES = join(packageRoot(), 'tests/fixtures/extraction');
/** Two reports of other layouts whose control states no mode ("Testemunha", "Controle (sem aplicação)"). */
const REPORTS = ['01-blocos-soja-rio-verde.pdf', '02-prosa-milho-sorriso.pdf'];

function upload(app: FastifyInstance, who: Account, names: string[]) {
  const body = multipart(
    {},
    names.map((filename) => ({ filename, content: readFileSync(join(FIXTURES, filename)), field: 'pdfs' })),
  );
  return app.inject({ method: 'POST', url: '/api/uploads/bulk', payload: body.payload, headers: { ...body.headers, ...who.auth } });
}

/**
 * What "Aprovar todos" sends for a draft: the report's values as read (its treatments untouched);
 * only the experiment's own fields the report does not state (a BU, a regional) come from the
 * factory, as the person would fill them. The reader's types are looser than a valid body's (a
 * mode is any text): whether these values pass is what the test asks the API.
 */
const approval = (draft: ImportDraft) => buildExperiment({ ...draft.data } as Partial<ExperimentRequest>);

describe('bulk approval of reports whose control has no stated mode', () => {
  const ctx = appWithAccounts({ user: {} }, { config: { importQueue: { pollMs: 100, leaseMs: 3_000 } } });
  let drafts: ImportDraft[] = [];

  it('reads the controls as "Sem aplicação" and the treated treatments with their products', async () => {
    const res = await upload(ctx.t.app, ctx.user, REPORTS);
    expect(res.statusCode).toBe(202);
    const { batchId } = res.json() as BulkUploadResponse;
    await eventually(async () => {
      const batch = (
        await ctx.t.app.inject({ method: 'GET', url: `/api/imports/${batchId}`, headers: ctx.user.auth })
      ).json() as ImportBatchResponse;
      return batch.done + batch.failed === batch.total ? batch : undefined;
    }, 30_000);
    const page = (
      await ctx.t.app.inject({ method: 'GET', url: `/api/imports/drafts?batchId=${batchId}&status=ready`, headers: ctx.user.auth })
    ).json() as ImportDraftsResponse;
    drafts = page.drafts;
    expect(drafts).toHaveLength(2);
    for (const d of drafts) {
      const [control, ...treated] = d.data?.tratamentos ?? [];
      expect(control?.modalidade).toBe(MODALIDADE_SEM_APLICACAO);
      expect(control?.produtos_aplicados).toBeUndefined();
      expect(treated.length).toBeGreaterThan(0);
      for (const t of treated) expect(t.produtos_aplicados?.length).toBeGreaterThan(0);
    }
    const rioVerde = drafts.find((d) => d.filename === REPORTS[0])!;
    // A combination names both catalogue products.
    const combo = rioVerde.data?.tratamentos?.find((t) => t.nome.includes('+'));
    expect(combo?.produtos_aplicados?.map((p) => p.nome)).toEqual(['Aminoagro Raiz', 'Aminoagro Mol']);
  });

  it('approves both drafts as read, and each is found under the filter of its products', async () => {
    for (const d of drafts) {
      const res = await ctx.t.app.inject({
        method: 'POST',
        url: `/api/imports/drafts/${d.id}/approve`,
        headers: ctx.user.auth,
        payload: approval(d),
      });
      expect(res.statusCode, res.body).toBe(201);
      const { experiment } = res.json() as {
        experiment: { id: number; tratamentos: { modalidade: string; produtos_aplicados: { nome: string }[] }[] };
      };
      expect(experiment.tratamentos[0]?.modalidade).toBe(MODALIDADE_SEM_APLICACAO);
      const product = d.data?.tratamentos?.[1]?.produtos_aplicados?.[0]?.nome ?? '';
      expect(product).not.toBe('');
      const found = (
        await ctx.t.app.inject({
          method: 'GET',
          url: `/api/dashboard/experimentos?produto=${encodeURIComponent(product)}`,
          headers: ctx.user.auth,
        })
      ).json() as ExperimentRowsPage;
      expect(found.experimentos.map((e) => e.id)).toContain(experiment.id);
    }
  });

  it('answers a draft that still fails in words naming the treatment and the field, never a path', async () => {
    const res = await upload(ctx.t.app, ctx.user, ['05-repeticoes-soja-cascavel.pdf']);
    const { batchId, accepted } = res.json() as BulkUploadResponse;
    await eventually(async () => {
      const batch = (
        await ctx.t.app.inject({ method: 'GET', url: `/api/imports/${batchId}`, headers: ctx.user.auth })
      ).json() as ImportBatchResponse;
      return batch.done === batch.total ? batch : undefined;
    }, 30_000);
    const body = invalidExperiment({
      tratamentos: [
        { nome: 'Testemunha', modalidade: '', produtividade: 3600 },
        { nome: 'Produto X', modalidade: 'Foliar', produtividade: 3900 },
      ],
    });
    const bad = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/imports/drafts/${accepted[0]!.draftId}/approve`,
      headers: ctx.user.auth,
      payload: body,
    });
    expect(bad.statusCode).toBe(400);
    const { error } = bad.json() as { error: { message: string; fields: Record<string, string> } };
    expect(error.message).toBe('Tratamento 1 (Testemunha): Modalidade é obrigatória');
    // The paths stay in `fields`, for the form's inputs.
    expect(error.fields).toEqual({ 'tratamentos.0.modalidade': 'Modalidade é obrigatória' });
  });
});
