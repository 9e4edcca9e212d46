/**
 * The audit trail beyond experiments: accounts (sign-up, role, profile, e-mail, password, reset,
 * sign-out everywhere), reference data (create, rename, delete) and imports (upload, discard,
 * approval). Each change writes one entry naming the actor (and for accounts the target) in the
 * change's own transaction; a refused change writes none; the admin filters by kind.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AuditEntry, AuditKind, AuditPage } from '../../../shared/audit.js';
import type { BulkUploadResponse } from '../../../shared/imports.js';
import { appWithAccounts } from '../../test/app.js';
import {
  type Account,
  buildExperiment,
  createAccount,
  createExperiment,
  eventually,
  invalidExperiment,
  multipart,
  samplePdf,
} from '../../test/factories.js';

const ctx = appWithAccounts({ admin: { role: 'admin', name: 'Ana Admin' }, user: { name: 'Ulisses Usuário' } });

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Account | null, payload?: unknown) =>
  ctx.t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const trail = async (qs = '') => {
  const res = await inject('GET', `/api/admin/auditoria?limit=200${qs}`, ctx.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditPage;
};
/** The entries written since `before` (an entry id), oldest first. */
const since = async (before: number): Promise<AuditEntry[]> => (await trail()).entries.filter((e) => e.id > before).reverse();
const lastId = async () => {
  const res = await inject('GET', '/api/admin/auditoria?limit=1', ctx.admin);
  return (res.json() as AuditPage).entries[0]?.id ?? 0;
};
/** Runs `act` and answers the entries it wrote, oldest first. */
async function written(act: () => Promise<unknown>): Promise<AuditEntry[]> {
  const before = await lastId();
  await act();
  return since(before);
}
const expectStatus = async (res: Promise<LightMyRequestResponse>, status: number) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r;
};

describe('audit trail: accounts', () => {
  it('records a sign-up: the account is actor and target, with its role and no secret', async () => {
    let account: Account | undefined;
    const rows = await written(async () => {
      account = await createAccount(ctx.t.app, { name: 'Nina Nova', role: 'consultor', password: 'segredo-da-nina-1' });
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'account.create',
      kind: 'conta',
      user: { id: account!.user.id, name: 'Nina Nova' },
      targetUserId: account!.user.id,
      experimentId: null,
      label: `Nina Nova <${account!.user.email}>`,
      changes: { perfil: { de: null, para: 'consultor' } },
    });
    expect(JSON.stringify(rows)).not.toContain('segredo-da-nina-1');
    // A refused sign-up (the e-mail is taken) writes nothing.
    expect(await written(() => inject('POST', '/api/auth/register', null, { ...ctx.user.user, password: 'outra-senha-1' }))).toEqual([]);
  });

  it("records an admin's role changes (who, whom, from → to); no change and a refused change write nothing", async () => {
    const target = await createAccount(ctx.t.app, { name: 'Rui Promovido' });
    const role = (id: string, r: string) => inject('PUT', `/api/users/${id}/role`, ctx.admin, { role: r });
    const rows = await written(async () => {
      await expectStatus(role(target.user.id, 'consultor'), 200);
      await expectStatus(role(target.user.id, 'admin'), 200);
      await expectStatus(role(target.user.id, 'admin'), 200);
    });
    expect(rows.map((r) => [r.action, r.user.name, r.targetUserId, r.changes])).toEqual([
      ['account.role', 'Ana Admin', target.user.id, { perfil: { de: 'user', para: 'consultor' } }],
      ['account.role', 'Ana Admin', target.user.id, { perfil: { de: 'consultor', para: 'admin' } }],
    ]);
    expect(rows[0]!.label).toBe(`Rui Promovido <${target.user.email}>`);
    // Back to user, then the last admin cannot demote herself: 409 and no entry.
    expect(await written(() => expectStatus(role(target.user.id, 'user'), 200))).toHaveLength(1);
    expect(await written(() => expectStatus(role(ctx.admin.user.id, 'user'), 409))).toEqual([]);
    expect(await written(() => expectStatus(role(target.user.id, 'chefe'), 400))).toEqual([]);
  });

  it('records profile, e-mail and password changes by the user; a wrong current password writes nothing', async () => {
    const me = await createAccount(ctx.t.app, { name: 'Paula Perfil', company: 'Fazenda A' });
    const oldEmail = me.user.email;
    const newEmail = `paula.${Date.now()}@exemplo.com.br`;
    const wrong = await written(async () => {
      await expectStatus(inject('PUT', '/api/users/profile', me, { email: newEmail, currentPassword: 'errada-123' }), 400);
      await expectStatus(
        inject('POST', '/api/users/change-password', me, { currentPassword: 'errada-123', newPassword: 'nova-senha-123' }),
        400,
      );
    });
    expect(wrong).toEqual([]);

    const profile = await written(() =>
      expectStatus(inject('PUT', '/api/users/profile', me, { name: 'Paula P.', company: 'Fazenda B' }), 200),
    );
    expect(profile).toMatchObject([
      {
        action: 'account.profile',
        user: { id: me.user.id },
        targetUserId: me.user.id,
        changes: { nome: { de: 'Paula Perfil', para: 'Paula P.' }, empresa: { de: 'Fazenda A', para: 'Fazenda B' } },
      },
    ]);

    const email = await written(() =>
      expectStatus(inject('PUT', '/api/users/profile', me, { email: newEmail, currentPassword: me.password }), 200),
    );
    expect(email).toMatchObject([
      { action: 'account.email', kind: 'conta', targetUserId: me.user.id, changes: { email: { de: oldEmail, para: newEmail } } },
    ]);

    // The e-mail change ended the old token: sign in again for the password change.
    const login = await expectStatus(inject('POST', '/api/auth/login', null, { email: newEmail, password: me.password }), 200);
    const auth = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
    const pw = await written(() =>
      expectStatus(
        ctx.t.app.inject({
          method: 'POST',
          url: '/api/users/change-password',
          headers: auth,
          payload: { currentPassword: me.password, newPassword: 'nova-senha-123' },
        }),
        204,
      ),
    );
    expect(pw).toMatchObject([{ action: 'account.password', user: { id: me.user.id }, targetUserId: me.user.id, changes: null }]);
    expect(JSON.stringify(pw)).not.toMatch(/nova-senha-123|argon2/);
  });

  it('records a reset by e-mail (the account is the actor) and a sign-out of every device; a bad token writes nothing', async () => {
    const a = await createAccount(ctx.t.app, { name: 'Rita Reset' });
    await expectStatus(inject('POST', '/api/auth/forgot-password', null, { email: a.user.email }), 202);
    const mail = await eventually(() =>
      ctx.t.app.ctx.mailer.outbox.find((m) => m.to === a.user.email && m.text.includes('reset-password?token=')),
    );
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    expect(
      await written(() =>
        expectStatus(inject('POST', '/api/auth/reset-password', null, { token: 'x'.repeat(43), password: 'nova-123' }), 400),
      ),
    ).toEqual([]);
    const reset = await written(() =>
      expectStatus(inject('POST', '/api/auth/reset-password', null, { token, password: 'redefinida-123' }), 200),
    );
    expect(reset).toMatchObject([
      { action: 'account.password_reset', user: { id: a.user.id, name: 'Rita Reset' }, targetUserId: a.user.id },
    ]);
    expect(JSON.stringify(reset)).not.toContain(token!);

    const login = await expectStatus(inject('POST', '/api/auth/login', null, { email: a.user.email, password: 'redefinida-123' }), 200);
    const auth = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
    const out = await written(() => expectStatus(ctx.t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth }), 204));
    expect(out).toMatchObject([{ action: 'account.logout', user: { id: a.user.id }, targetUserId: a.user.id }]);
    // Signing out without a session (nothing to end) writes nothing.
    expect(await written(() => expectStatus(inject('POST', '/api/auth/logout', null), 204))).toEqual([]);
  });
});

describe('audit trail: reference data', () => {
  it('records a crop created, renamed (with the experiments it renamed) and deleted; refusals write nothing', async () => {
    const created = await written(() => expectStatus(inject('POST', '/api/lookups/culturas', ctx.admin, { nome: 'Sorgo Teste' }), 201));
    expect(created).toMatchObject([
      {
        action: 'reference.create',
        kind: 'referencia',
        user: { id: ctx.admin.user.id },
        experimentId: null,
        targetUserId: null,
        label: 'Cultura Sorgo Teste',
        changes: { nome: { de: null, para: 'Sorgo Teste' } },
      },
    ]);
    await createExperiment(ctx.t.app, ctx.user, { cultura: 'Sorgo Teste' });

    const renamed = await written(() =>
      expectStatus(
        inject('PUT', `/api/lookups/culturas/${encodeURIComponent('Sorgo Teste')}`, ctx.admin, { nome: 'Sorgo Granífero' }),
        200,
      ),
    );
    expect(renamed).toMatchObject([
      {
        action: 'reference.update',
        label: 'Cultura Sorgo Granífero',
        changes: { nome: { de: 'Sorgo Teste', para: 'Sorgo Granífero' }, experimentos: { de: null, para: 1 } },
      },
    ]);

    const refused = await written(async () => {
      await expectStatus(inject('POST', '/api/lookups/culturas', ctx.admin, { nome: 'Soja' }), 409);
      await expectStatus(inject('PUT', `/api/lookups/culturas/${encodeURIComponent('Sorgo Granífero')}`, ctx.admin, { nome: 'Soja' }), 409);
      await expectStatus(inject('DELETE', `/api/lookups/culturas/${encodeURIComponent('Sorgo Granífero')}`, ctx.admin), 409);
      await expectStatus(inject('DELETE', '/api/lookups/culturas/Inexistente', ctx.admin), 404);
      await expectStatus(inject('POST', '/api/lookups/culturas', ctx.user, { nome: 'Do usuário' }), 403);
    });
    expect(refused).toEqual([]);

    await expectStatus(inject('POST', '/api/lookups/culturas', ctx.admin, { nome: 'Aveia Teste' }), 201);
    const deleted = await written(() => expectStatus(inject('DELETE', '/api/lookups/culturas/Aveia%20Teste', ctx.admin), 204));
    expect(deleted).toMatchObject([
      { action: 'reference.delete', label: 'Cultura Aveia Teste', changes: { nome: { de: 'Aveia Teste', para: null } } },
    ]);
  });

  it('records brands, products and regionals, per list', async () => {
    const rows = await written(async () => {
      await expectStatus(inject('POST', '/api/lookups/marcas', ctx.admin, { nome: 'Marca Teste' }), 201);
      const p = await expectStatus(inject('POST', '/api/lookups/produtos', ctx.admin, { marca: 'Marca Teste', nome: 'Produto T' }), 201);
      const id = (p.json() as { produto: { id: number } }).produto.id;
      await expectStatus(inject('PUT', `/api/lookups/produtos/${id}`, ctx.admin, { nome: 'Produto T2' }), 200);
      await expectStatus(inject('POST', '/api/lookups/produtos', ctx.admin, { marca: 'Marca Teste', nome: 'Produto U' }), 201);
      await expectStatus(inject('DELETE', `/api/lookups/produtos/${id}`, ctx.admin), 204);
      await expectStatus(inject('DELETE', '/api/lookups/marcas/Marca%20Teste', ctx.admin), 204);
      await expectStatus(inject('POST', '/api/lookups/regioes', ctx.admin, { nome: 'Regional Teste', sigla: 'RT' }), 201);
      await expectStatus(inject('PUT', '/api/lookups/regioes/RT', ctx.admin, { nome: 'Regional Nova', sigla: 'RT' }), 200);
      await expectStatus(inject('DELETE', '/api/lookups/regioes/RT', ctx.admin), 204);
    });
    expect(rows.map((r) => [r.action, r.label, r.changes])).toEqual([
      ['reference.create', 'Marca Marca Teste', { nome: { de: null, para: 'Marca Teste' } }],
      [
        'reference.create',
        'Produto Produto T (Marca Teste)',
        { nome: { de: null, para: 'Produto T' }, marca: { de: null, para: 'Marca Teste' } },
      ],
      ['reference.update', 'Produto Produto T2 (Marca Teste)', { nome: { de: 'Produto T', para: 'Produto T2' } }],
      [
        'reference.create',
        'Produto Produto U (Marca Teste)',
        { nome: { de: null, para: 'Produto U' }, marca: { de: null, para: 'Marca Teste' } },
      ],
      [
        'reference.delete',
        'Produto Produto T2 (Marca Teste)',
        { nome: { de: 'Produto T2', para: null }, marca: { de: 'Marca Teste', para: null } },
      ],
      // The brand's remaining product went with it.
      ['reference.delete', 'Marca Marca Teste', { nome: { de: 'Marca Teste', para: null }, produtos: { de: null, para: 1 } }],
      ['reference.create', 'Regional Regional Teste (RT)', { nome: { de: null, para: 'Regional Teste' }, sigla: { de: null, para: 'RT' } }],
      [
        'reference.update',
        'Regional Regional Nova (RT)',
        { nome: { de: 'Regional Teste', para: 'Regional Nova' }, experimentos: { de: null, para: 0 } },
      ],
      ['reference.delete', 'Regional Regional Nova (RT)', { nome: { de: 'Regional Nova', para: null }, sigla: { de: 'RT', para: null } }],
    ]);
    expect(rows.every((r) => r.kind === 'referencia' && r.user.id === ctx.admin.user.id)).toBe(true);
  });

  it('stores a change and its entry together or not at all', async () => {
    // The entry cannot be written (a constraint refuses its label): the crop is not created either.
    await ctx.t.db.database.db.execute(sql`alter table audit_log add constraint audit_probe check (label <> 'Cultura Sonda')`);
    try {
      const res = await inject('POST', '/api/lookups/culturas', ctx.admin, { nome: 'Sonda' });
      expect(res.statusCode).not.toBeLessThan(400);
      const crops = (await inject('GET', '/api/lookups/culturas', null)).json() as { culturas: string[] };
      expect(crops.culturas).not.toContain('Sonda');
    } finally {
      await ctx.t.db.database.db.execute(sql`alter table audit_log drop constraint audit_probe`);
    }
  });
});

describe('audit trail: imports', () => {
  const upload = (who: Account, files: Array<{ filename: string; content: Buffer }>) => {
    const body = multipart(
      {},
      files.map((f) => ({ ...f, field: 'pdfs' })),
    );
    return ctx.t.app.inject({ method: 'POST', url: '/api/uploads/bulk', payload: body.payload, headers: { ...body.headers, ...who.auth } });
  };

  it('records an upload (accepted and refused counts), a discard, and an approval once, naming the draft and the approver', async () => {
    // The queue stays still: this test sets a draft ready itself.
    await ctx.t.app.importWorker.stop();
    let batch: BulkUploadResponse | undefined;
    const up = await written(async () => {
      const res = await expectStatus(
        upload(ctx.user, [
          { filename: 'um.pdf', content: samplePdf('um') },
          { filename: 'dois.pdf', content: samplePdf('dois') },
          { filename: 'nota.txt', content: Buffer.from('não é PDF') },
        ]),
        202,
      );
      batch = res.json() as BulkUploadResponse;
    });
    expect(batch!.accepted).toHaveLength(2);
    expect(up).toMatchObject([
      {
        action: 'import.upload',
        kind: 'importacao',
        user: { id: ctx.user.user.id },
        experimentId: null,
        label: `Importação nº ${batch!.batchId}`,
        changes: { aceitos: { de: null, para: 2 }, recusados: { de: null, para: 1 } },
      },
    ]);
    // A request refused as a whole (no files) writes nothing.
    expect(await written(() => expectStatus(upload(ctx.user, []), 400))).toEqual([]);

    const [one, two] = batch!.accepted;
    const discard = await written(() => expectStatus(inject('DELETE', `/api/imports/drafts/${one!.draftId}`, ctx.admin), 204));
    expect(discard).toMatchObject([
      {
        action: 'import.discard',
        kind: 'importacao',
        user: { id: ctx.admin.user.id },
        label: `Rascunho nº ${one!.draftId}: um.pdf`,
        changes: { importado_por: { de: null, para: 'Ulisses Usuário' } },
      },
    ]);
    // Discarding it again changes nothing and writes nothing.
    expect(await written(() => expectStatus(inject('DELETE', `/api/imports/drafts/${one!.draftId}`, ctx.user), 204))).toEqual([]);

    await ctx.t.db.database.db.execute(sql`update import_drafts set status = 'ready' where id = ${two!.draftId}`);
    const url = `/api/imports/drafts/${two!.draftId}/approve`;
    expect(await written(() => expectStatus(inject('POST', url, ctx.admin, invalidExperiment({ ano: 1800 })), 400))).toEqual([]);
    const approved = await written(() => expectStatus(inject('POST', url, ctx.admin, buildExperiment({ cultivar: 'Aprovada' })), 201));
    expect(approved).toHaveLength(1);
    expect(approved[0]).toMatchObject({
      action: 'experiment.import',
      kind: 'importacao',
      user: { id: ctx.admin.user.id, name: 'Ana Admin' },
      changes: {
        rascunho: { de: null, para: `Rascunho nº ${two!.draftId}: dois.pdf` },
        importado_por: { para: 'Ulisses Usuário' },
        aprovado_por: { para: 'Ana Admin' },
      },
    });
    expect(approved[0]!.experimentId).toEqual(expect.any(Number));
  });
});

describe('audit trail: filtered by kind', () => {
  it('keeps one kind with its own total; an unknown kind is a 400 in pt-BR', async () => {
    const all = await trail();
    const kinds: AuditKind[] = ['experimento', 'documento', 'conta', 'referencia', 'importacao'];
    let sum = 0;
    for (const tipo of kinds) {
      const page = await trail(`&tipo=${tipo}`);
      expect(page.entries.every((e) => e.kind === tipo)).toBe(true);
      expect(page.total).toBe(all.entries.filter((e) => e.kind === tipo).length);
      sum += page.total;
    }
    expect(sum).toBe(all.total);
    expect((await trail('&tipo=conta')).total).toBeGreaterThan(0);
    expect((await trail('&tipo=')).total).toBe(all.total);

    const bad = await inject('GET', '/api/admin/auditoria?tipo=senhas', ctx.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', fields: { tipo: expect.stringMatching(/^Tipo inválido/) } } });
    const many = await inject('GET', '/api/admin/auditoria?tipo=conta&tipo=documento', ctx.admin);
    expect(many.statusCode).toBe(400);
  });
});
