/**
 * The authorisation matrix (docs/security.md): every API route × {anonymous, user, consultor,
 * admin, owner, non-owner} with the status each must get. Generated from the one table below,
 * checked against the routes the app really registers: a new route without a row fails here.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.js';
import { createTestApp, type TestApp } from '../test/app.js';
import {
  type Account,
  buildExperiment,
  buildExperimentUpdate,
  createAccount,
  createExperiment,
  multipart,
  samplePdf,
} from '../test/factories.js';

type Actor = 'anonymous' | 'user' | 'consultor' | 'admin' | 'owner' | 'nonOwner';
const ACTORS: Actor[] = ['anonymous', 'user', 'consultor', 'admin', 'owner', 'nonOwner'];

interface Req {
  url: string;
  payload?: string | Buffer | object;
  headers?: Record<string, string>;
}
type Build = (who: Account | null) => Promise<Req> | Req;
type Expect = Record<Actor, number>;

let t: TestApp;
let admin: Account;
let owner: Account;
let user: Account;
let consultor: Account;
let nonOwner: Account;

/** Same status for every signed-in actor, 401 for anonymous. */
const signedIn = (ok: number): Expect => ({ anonymous: 401, user: ok, consultor: ok, admin: ok, owner: ok, nonOwner: ok });
/** Only the owner of the resource (or an admin) may. */
const ownerOrAdmin = (ok: number): Expect => ({ anonymous: 401, user: 403, consultor: 403, admin: ok, owner: ok, nonOwner: 403 });
/** Import drafts and batches: the owner or an admin; to anyone else they do not exist. */
const ownerOrAdminElse404 = (ok: number): Expect => ({ anonymous: 401, user: 404, consultor: 404, admin: ok, owner: ok, nonOwner: 404 });
const adminOnly = (ok: number): Expect => ({ anonymous: 401, user: 403, consultor: 403, admin: ok, owner: 403, nonOwner: 403 });
const everyone = (status: number): Expect => ({
  anonymous: status,
  user: status,
  consultor: status,
  admin: status,
  owner: status,
  nonOwner: status,
});

const experimentOfOwner = () => createExperiment(t.app, owner);
/** The owner's trial with blocks, plot size, an application, an assessment and its layout drawn. */
const plannedOfOwner = async () => {
  const e = await createExperiment(t.app, owner, {
    blocos: 3,
    parcela: { comprimento_m: 5, largura_m: 3 },
    aplicacoes: [{ chave: 'ap-1', data: '2026-01-10', volume_calda_l_ha: 150 }],
    avaliacoes: [{ chave: 'sev', nome: 'Severidade', unidade: '%', tipo: 'porcentagem', data: '2026-01-20' }],
  });
  const res = await t.app.inject({ method: 'POST', url: `/api/experiments/${e.id}/croqui`, headers: owner.auth, payload: {} });
  if (res.statusCode !== 201) throw new Error(`croqui: ${res.statusCode} ${res.body}`);
  return e;
};
const documentOfOwner = async () => {
  const e = await experimentOfOwner();
  const res = await t.app.inject({ method: 'GET', url: `/api/uploads/documents?experimentId=${e.id}`, headers: owner.auth });
  return (res.json() as { documents: Array<{ id: number }> }).documents[0]!.id;
};
const form = (fields: Record<string, string>, pdf = true) => {
  const body = multipart(fields, pdf ? [{ filename: 'relatorio.pdf', content: samplePdf() }] : []);
  return { payload: body.payload, headers: body.headers };
};
type LookupKind = 'marcas' | 'culturas' | 'regioes' | 'produtos';
const lookup = async (kind: LookupKind) => {
  const nome = `Item ${randomUUID().slice(0, 8)}`;
  const sigla = randomUUID().slice(0, 8);
  const payload = kind === 'regioes' ? { nome, sigla } : kind === 'produtos' ? { nome, marca: 'Aminoagro' } : { nome };
  const res = await t.app.inject({ method: 'POST', url: `/api/lookups/${kind}`, headers: admin.auth, payload });
  if (res.statusCode !== 201) throw new Error(`lookup ${kind}: ${res.statusCode} ${res.body}`);
  const key = kind === 'produtos' ? (res.json() as { produto: { id: number } }).produto.id : kind === 'regioes' ? sigla : nome;
  return encodeURIComponent(String(key));
};
/** A batch of the owner's with one draft ready for review (written directly: the worker leaves `ready` rows alone). */
const draftOfOwner = async () => {
  const [row] = await queryRows<{ id: number; batch_id: number }>(
    t.db.database.db,
    sql`with b as (insert into import_batches (owner_id) values (${owner.user.id}) returning id)
      insert into import_drafts (batch_id, owner_id, filename, size, sha256, content, status, confidence, data, warnings)
      select b.id, ${owner.user.id}, 'relatorio.pdf', 5, ${randomUUID()}, decode('255044462d', 'hex'), 'ready', 0.9, '{}'::jsonb, '[]'::jsonb
      from b returning id, batch_id`,
  );
  return row!;
};
const bulkForm = () => {
  const body = multipart({}, [{ field: 'pdfs', filename: 'relatorio.pdf', content: samplePdf(randomUUID()) }]);
  return { payload: body.payload, headers: body.headers };
};
/** A row whose request is always the same: this URL, this body. */
const fixed = (expect: Expect, url: string, payload?: object) => ({ expect, build: () => ({ url, payload }) });
/** Rows for GETs of fixed URLs that all answer alike: `'GET <url>'` for each. */
const gets = (expect: Expect, urls: readonly string[]) => Object.fromEntries(urls.map((url) => [`GET ${url}`, fixed(expect, url)]));
const newName = () => ({ nome: `Novo ${randomUUID().slice(0, 8)}` });
/** Creating, renaming and deleting an entry of a lookup list: admins only. */
const lookupWrites = (
  kind: LookupKind,
  key: string,
  created: () => object,
  renamed = created,
): Record<string, { expect: Expect; build: Build }> => ({
  [`POST /api/lookups/${kind}`]: { expect: adminOnly(201), build: () => ({ url: `/api/lookups/${kind}`, payload: created() }) },
  [`PUT /api/lookups/${kind}/:${key}`]: {
    expect: adminOnly(200),
    build: async () => ({ url: `/api/lookups/${kind}/${await lookup(kind)}`, payload: renamed() }),
  },
  [`DELETE /api/lookups/${kind}/:${key}`]: {
    expect: adminOnly(204),
    build: async () => ({ url: `/api/lookups/${kind}/${await lookup(kind)}` }),
  },
});

const MATRIX: Record<string, { expect: Expect; build: Build }> = {
  'GET /api/health': fixed(everyone(200), '/api/health'),
  'GET /api/auth/registration': fixed(everyone(200), '/api/auth/registration'),

  // Sign-up, sign-in and recovery answer the same to everyone: a token changes nothing.
  'POST /api/auth/register': {
    expect: everyone(201),
    build: () => ({
      url: '/api/auth/register',
      payload: { name: 'Nova Pessoa', email: `p-${randomUUID()}@ex.com`, password: 'segredo123' },
    }),
  },
  // The account exists only once beforeAll has run: the body is built when the row runs.
  'POST /api/auth/login': {
    expect: everyone(200),
    build: () => ({ url: '/api/auth/login', payload: { email: user.user.email, password: user.password } }),
  },
  'POST /api/auth/refresh': fixed(everyone(401), '/api/auth/refresh'),
  'POST /api/auth/logout': fixed(everyone(204), '/api/auth/logout'),
  'POST /api/auth/forgot-password': fixed(everyone(202), '/api/auth/forgot-password', { email: 'ninguem@ex.com' }),
  'POST /api/auth/reset-password': fixed(everyone(400), '/api/auth/reset-password', { token: 'invalido', password: 'segredo123' }),

  'GET /api/users/profile': fixed(signedIn(200), '/api/users/profile'),
  'PUT /api/users/profile': fixed(signedIn(200), '/api/users/profile', { company: 'Fazenda Boa Vista' }),
  'POST /api/users/change-password': {
    expect: signedIn(204),
    build: (who) => ({
      url: '/api/users/change-password',
      payload: { currentPassword: who?.password ?? 'x', newPassword: who?.password ?? 'segredo123' },
    }),
  },
  'GET /api/users': fixed(adminOnly(200), '/api/users'),
  'GET /api/admin/auditoria': fixed(adminOnly(200), '/api/admin/auditoria'),
  'PUT /api/users/:id/role': {
    expect: adminOnly(200),
    build: async () => ({ url: `/api/users/${(await createAccount(t.app)).user.id}/role`, payload: { role: 'consultor' } }),
  },

  ...gets(
    everyone(200),
    ['marcas', 'regioes', 'estados', 'culturas', 'produtos-por-marca'].map((l) => `/api/lookups/${l}`),
  ),
  // Read from the trials themselves, unlike the reference lists: a session is needed.
  'GET /api/lookups/avaliacoes': fixed(signedIn(200), '/api/lookups/avaliacoes'),
  ...lookupWrites('marcas', 'nome', newName),
  ...lookupWrites('produtos', 'id', () => ({ ...newName(), marca: 'Aminoagro' }), newName),
  ...lookupWrites('regioes', 'sigla', () => ({ nome: `Regional ${randomUUID().slice(0, 6)}`, sigla: randomUUID().slice(0, 8) })),
  ...lookupWrites('culturas', 'nome', newName),

  'GET /api/experiments': fixed(signedIn(200), '/api/experiments'),
  'GET /api/experiments/stats': fixed(signedIn(200), '/api/experiments/stats'),
  'GET /api/experiments/:id': { expect: signedIn(200), build: async () => ({ url: `/api/experiments/${(await experimentOfOwner()).id}` }) },
  'GET /api/experiments/:id/analise': {
    expect: signedIn(200),
    build: async () => {
      const reps = (base: number, noise: number[]) => ({ repeticoes: noise.map((n) => base + n) });
      const e = await createExperiment(t.app, owner, {
        tipo_estatistica: 'DBC',
        tratamentos: [
          { nome: 'Testemunha', modalidade: 'Foliar', ...reps(3000, [-40, 25, 60, -10]) },
          { nome: 'A', modalidade: 'Foliar', ...reps(3400, [15, -70, 30, 20]) },
          { nome: 'B', modalidade: 'Foliar', ...reps(3900, [-5, 45, -35, 80]) },
        ],
      });
      return { url: `/api/experiments/${e.id}/analise` };
    },
  },
  'GET /api/experiments/:id/conformidade': {
    expect: signedIn(200),
    build: async () => ({ url: `/api/experiments/${(await experimentOfOwner()).id}/conformidade?norma=in53` }),
  },
  'GET /api/experiments/:id/relatorio-tecnico': {
    expect: signedIn(200),
    build: async () => ({ url: `/api/experiments/${(await experimentOfOwner()).id}/relatorio-tecnico` }),
  },
  'POST /api/analises/conjunta': {
    expect: signedIn(200),
    build: async () => {
      const site = (noise: number) =>
        createExperiment(t.app, owner, {
          tipo_estatistica: 'DBC',
          tratamentos: [
            { nome: 'Testemunha', modalidade: 'Foliar', repeticoes: [3000, 3050 + noise, 2980, 3020] },
            { nome: 'A', modalidade: 'Foliar', repeticoes: [3400, 3380, 3450 - noise, 3420] },
          ],
        });
      const ids = [(await site(10)).id, (await site(-30)).id];
      return { url: '/api/analises/conjunta', payload: { experimentIds: ids } };
    },
  },
  'POST /api/analises/meta': {
    expect: signedIn(200),
    build: async () => {
      const site = (noise: number) =>
        createExperiment(t.app, owner, {
          tipo_estatistica: 'DBC',
          tratamentos: [
            { nome: 'Testemunha', modalidade: 'Foliar', repeticoes: [3000, 3050 + noise, 2980, 3020] },
            { nome: 'A', modalidade: 'Foliar', repeticoes: [3400, 3380, 3450 - noise, 3420], produtos_aplicados: [{ nome: 'Produto M' }] },
          ],
        });
      const ids = [(await site(10)).id, (await site(-30)).id];
      return { url: '/api/analises/meta', payload: { produto: 'Produto M', experimentIds: ids } };
    },
  },
  'POST /api/experiments': {
    expect: signedIn(201),
    build: () => ({ url: '/api/experiments', ...form({ data: JSON.stringify(buildExperiment()) }) }),
  },
  'PUT /api/experiments/:id': {
    expect: ownerOrAdmin(200),
    build: async () => {
      const e = await experimentOfOwner();
      return {
        url: `/api/experiments/${e.id}`,
        ...form({ data: JSON.stringify(buildExperimentUpdate({ version: e.version, cultivar: 'Editada' })) }, false),
      };
    },
  },
  'DELETE /api/experiments/:id': {
    expect: ownerOrAdmin(204),
    build: async () => ({ url: `/api/experiments/${(await experimentOfOwner()).id}` }),
  },
  // The field plan: everyone signed in reads the layout and the mix; only the owner or an admin draws or collects.
  'GET /api/experiments/:id/croqui': {
    expect: signedIn(200),
    build: async () => ({ url: `/api/experiments/${(await plannedOfOwner()).id}/croqui` }),
  },
  'GET /api/experiments/:id/croqui.csv': {
    expect: signedIn(200),
    build: async () => ({ url: `/api/experiments/${(await plannedOfOwner()).id}/croqui.csv` }),
  },
  'POST /api/experiments/:id/croqui': {
    expect: ownerOrAdmin(201),
    build: async () => ({ url: `/api/experiments/${(await plannedOfOwner()).id}/croqui`, payload: { semente: 42 } }),
  },
  'GET /api/experiments/:id/calda': {
    expect: signedIn(200),
    build: async () => ({ url: `/api/experiments/${(await plannedOfOwner()).id}/calda?aplicacao=ap-1` }),
  },
  'PUT /api/experiments/:id/coleta': {
    expect: ownerOrAdmin(200),
    build: async () => ({
      url: `/api/experiments/${(await plannedOfOwner()).id}/coleta`,
      payload: { avaliacao: 'sev', valores: [{ numero: 101, valor: 12.5, anterior: null }] },
    }),
  },

  ...gets(
    signedIn(200),
    ['', '/mapa', '/correlacao', '/documentos', '/experimentos', '/export.csv', '/avaliacoes.csv'].map((p) => `/api/dashboard${p}`),
  ),
  'GET /api/dashboard/correlacao/exata': {
    expect: signedIn(200),
    build: () => ({ url: '/api/dashboard/correlacao/exata?x=teor_argila&y=produtividade_media' }),
  },

  'POST /api/extract-pdf': { expect: signedIn(200), build: () => ({ url: '/api/extract-pdf', ...form({}) }) },

  'POST /api/uploads/document': {
    expect: ownerOrAdmin(201),
    build: async () => ({ url: '/api/uploads/document', ...form({ experimentId: String((await experimentOfOwner()).id) }) }),
  },
  'GET /api/uploads/documents': {
    expect: signedIn(200),
    build: async () => ({ url: `/api/uploads/documents?experimentId=${(await experimentOfOwner()).id}` }),
  },
  'GET /api/uploads/documents/:id': {
    expect: signedIn(200),
    build: async () => ({ url: `/api/uploads/documents/${await documentOfOwner()}` }),
  },
  'GET /api/uploads/documents/:id/download': {
    expect: signedIn(200),
    build: async () => ({ url: `/api/uploads/documents/${await documentOfOwner()}/download` }),
  },
  'DELETE /api/uploads/documents/:id': {
    expect: ownerOrAdmin(204),
    build: async () => ({ url: `/api/uploads/documents/${await documentOfOwner()}` }),
  },

  'POST /api/uploads/bulk': { expect: signedIn(202), build: () => ({ url: '/api/uploads/bulk', ...bulkForm() }) },
  'GET /api/imports': fixed(signedIn(200), '/api/imports'),
  'GET /api/imports/drafts': fixed(signedIn(200), '/api/imports/drafts'),
  'GET /api/imports/:batchId': {
    expect: ownerOrAdminElse404(200),
    build: async () => ({ url: `/api/imports/${(await draftOfOwner()).batch_id}` }),
  },
  'GET /api/imports/drafts/:id': {
    expect: ownerOrAdminElse404(200),
    build: async () => ({ url: `/api/imports/drafts/${(await draftOfOwner()).id}` }),
  },
  'GET /api/imports/drafts/:id/pdf': {
    expect: ownerOrAdminElse404(200),
    build: async () => ({ url: `/api/imports/drafts/${(await draftOfOwner()).id}/pdf` }),
  },
  'POST /api/imports/drafts/:id/approve': {
    expect: ownerOrAdminElse404(201),
    build: async () => ({ url: `/api/imports/drafts/${(await draftOfOwner()).id}/approve`, payload: buildExperiment() }),
  },
  'DELETE /api/imports/drafts/:id': {
    expect: ownerOrAdminElse404(204),
    build: async () => ({ url: `/api/imports/drafts/${(await draftOfOwner()).id}` }),
  },
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t.app, { role: 'admin' });
  owner = await createAccount(t.app);
  user = await createAccount(t.app);
  nonOwner = await createAccount(t.app);
  consultor = await createAccount(t.app, { role: 'consultor' });
});
afterAll(() => t.close());

const accountOf = (actor: Actor): Account | null => ({ anonymous: null, user, consultor, admin, owner, nonOwner })[actor];

/**
 * Rows such as logout and change-password end the actor's sessions (their access tokens die at
 * once, docs/decisions/009): the actor signs in again before the next row.
 */
async function keepSignedIn(who: Account): Promise<void> {
  const probe = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: who.auth });
  if (probe.statusCode !== 401) return;
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: who.user.email, password: who.password } });
  if (res.statusCode !== 200) throw new Error(`sign-in again failed: ${res.statusCode} ${res.body}`);
  who.token = (res.json() as { token: string }).token;
  who.auth = { authorization: `Bearer ${who.token}` };
}

describe('authorisation matrix', () => {
  it('has a row for every route the app registers, and no row for a route that does not exist', () => {
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(Object.keys(MATRIX).sort()).toEqual(registered);
  });

  for (const [route, { expect: statuses, build }] of Object.entries(MATRIX)) {
    it(route, async () => {
      const [method] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE'];
      const got: Partial<Record<Actor, number>> = {};
      for (const actor of ACTORS) {
        const who = accountOf(actor);
        const req = await build(who);
        const res = await t.app.inject({
          method,
          url: req.url,
          payload: req.payload as string | Buffer | undefined,
          headers: { ...req.headers, ...(who ? who.auth : {}) },
        });
        got[actor] = res.statusCode;
        // Whatever the answer, never a server error.
        expect(res.statusCode, `${route} as ${actor}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (who) await keepSignedIn(who);
      }
      expect(got).toEqual(statuses);
    });
  }
});
