import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../../shared/audit.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { type Account, buildExperiment, createAccount, createExperiment, multipart, samplePdf } from '../../test/factories.js';

let t: TestApp;
let admin: Account;
let owner: Account;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t.app, { role: 'admin', name: 'Ana Admin' });
  owner = await createAccount(t.app, { name: 'Otávio Dono' });
});
afterAll(() => t.close());

const trail = async (qs = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/auditoria${qs}`, headers: admin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditPage;
};

describe('audit trail', () => {
  it('records who created, changed and deleted what, with the changed fields, newest first', async () => {
    const e = await createExperiment(t.app, owner, { cultivar: 'M6410', cidade: 'Cascavel' });
    const changed = buildExperiment({
      version: e.version,
      cultivar: 'BMX Zeus',
      roi: 300000,
      tratamentos: [{ nome: 'Testemunha', modalidade: 'Foliar', produtividade: 3700, produtos_aplicados: [] }],
    });
    const put = multipart({ data: JSON.stringify(changed) });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/experiments/${e.id}`,
          payload: put.payload,
          headers: { ...put.headers, ...owner.auth },
        })
      ).statusCode,
    ).toBe(200);
    // A refused save (stale version) records nothing.
    const stale = multipart({ data: JSON.stringify({ ...changed, cultivar: 'Outra' }) });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/experiments/${e.id}`,
          payload: stale.payload,
          headers: { ...stale.headers, ...owner.auth },
        })
      ).statusCode,
    ).toBe(409);

    const doc = multipart({ experimentId: String(e.id) }, [{ filename: 'laudo-solo.pdf', content: samplePdf() }]);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/document',
      payload: doc.payload,
      headers: { ...doc.headers, ...owner.auth },
    });
    expect(added.statusCode).toBe(201);
    const docId = added.json().document.id as number;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/uploads/documents/${docId}`, headers: admin.auth })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/experiments/${e.id}`, headers: admin.auth })).statusCode).toBe(204);

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

  it('paginates, validates its query and is for admins only', async () => {
    const all = await trail('?limit=2');
    expect(all.entries).toHaveLength(2);
    expect((await trail('?limit=2&offset=2')).entries[0]!.id).not.toBe(all.entries[0]!.id);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/auditoria?limit=0', headers: admin.auth });
    expect(bad.statusCode).toBe(400);
    const forbidden = await t.app.inject({ method: 'GET', url: '/api/admin/auditoria', headers: owner.auth });
    expect(forbidden.statusCode).toBe(403);
  });
});
