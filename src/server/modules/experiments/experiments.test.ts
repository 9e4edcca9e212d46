import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  type Account,
  type TreatmentRequest,
  buildExperiment,
  buildExperimentUpdate,
  buildTreatment,
  createAccount,
  createExperiment,
  invalidExperiment,
  samplePdf,
  sendMultipart,
  uploadDocument,
} from '../../test/factories.js';

let t: TestApp;
let admin: Account;
let owner: Account;
let other: Account;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t.app, { role: 'admin' });
  owner = await createAccount(t.app, { role: 'consultor', name: 'Dona do Experimento' });
  other = await createAccount(t.app);
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT', url: string, who: Account, data: unknown, pdf?: { filename: string; content: Buffer } | null) =>
  sendMultipart(t.app, method, url, who, { data: JSON.stringify(data) }, pdf ? [pdf] : []);
const get = (url: string, who?: Account) => t.app.inject({ method: 'GET', url, headers: who?.auth ?? {} });

describe('create and read', () => {
  it('round-trips every field, computes the mean yield and treatment costs, stores empty/zero optionals as null', async () => {
    const input = buildExperiment({ latitude: 0, longitude: '', roi: '', teor_argila: 0 });
    const res = await send('POST', '/api/experiments', owner, input, { filename: 'Relatório São João.pdf', content: samplePdf() });
    expect(res.statusCode).toBe(201);
    const e = res.json().experiment;
    // Every field comes back as sent, but the empty/zero optionals (null) and what the server computes:
    // the mean yield, and the cost of the second treatment as the sum of its products' costs (42,5 + 30).
    const [control, treated] = input.tratamentos as Record<string, unknown>[];
    expect(e).toMatchObject({
      ...input,
      version: 1,
      owner: { id: owner.user.id, name: 'Dona do Experimento' },
      latitude: null,
      longitude: null,
      teor_argila: 0,
      roi: null,
      pdf_filename: 'Relatório São João.pdf',
      produtividade_media: (3600 + 3900.5) / 2,
      tratamentos: [control, { ...treated, custo: 72.5 }],
    });
    const again = await get(`/api/experiments/${e.id}`, other);
    expect(again.statusCode).toBe(200);
    expect(again.json().experiment).toEqual(e);
  });

  it('keeps the treatment cost typed when its products carry no cost', async () => {
    const e = await createExperiment(t.app, owner, {
      tratamentos: [
        { nome: 'T', modalidade: 'Solo', produtividade: 10, custo: 55, produtos_aplicados: [{ nome: 'X', dose: 1, custo: null }] },
      ],
    });
    expect(e.tratamentos[0]?.custo).toBe(55);
  });

  it('requires the PDF when creating', async () => {
    const res = await send('POST', '/api/experiments', owner, buildExperiment(), null);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ pdf: 'O upload do arquivo PDF é obrigatório para finalizar o experimento' });
  });

  it("validates every step with the product's messages and field paths", async () => {
    const bad = invalidExperiment({
      consultoria: 'A',
      marca: '',
      bu: 'BU9',
      regional: '',
      cidade: ' ',
      estado: '',
      latitude: 91,
      longitude: -181,
      teor_argila: -1,
      teor_materia_organica: 101,
      cultura: '',
      cultivar: '',
      ano: 2019,
      tipo_estatistica: '',
      custo_protocolo: -5,
      roi: -1,
      tratamentos: [
        { nome: 'Testemunha', modalidade: 'Foliar', produtividade: 1 },
        { nome: 'ok', modalidade: 'Foliar', produtividade: 1 },
        { nome: '', modalidade: '', produtividade: -3, custo: -1, produtos_aplicados: [{ nome: 'P', dose: -1, custo: -2 }] },
      ],
    });
    const res = await send('POST', '/api/experiments', owner, bad, { filename: 'a.pdf', content: samplePdf() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Dados inválidos' });
    expect(res.json().error.fields).toEqual({
      consultoria: 'Nome deve ter pelo menos 2 caracteres',
      marca: 'Marca é obrigatória',
      bu: 'Business Unit é obrigatória',
      regional: 'Regional é obrigatória',
      cidade: 'Cidade é obrigatória',
      estado: 'Estado é obrigatório',
      latitude: 'Latitude deve ser entre -90 e 90',
      longitude: 'Longitude deve ser entre -180 e 180',
      teor_argila: 'Valor deve ser maior que 0',
      teor_materia_organica: 'Valor deve ser menor que 100',
      cultura: 'Cultura é obrigatória',
      cultivar: 'Cultivar é obrigatório',
      ano: 'Ano deve estar entre 2020 e 2030',
      tipo_estatistica: 'Tipo de estatística é obrigatório',
      custo_protocolo: 'Custo deve ser positivo',
      roi: 'ROI deve ser positivo',
      'tratamentos.2.nome': 'Nome é obrigatório',
      'tratamentos.2.modalidade': 'Modalidade é obrigatória',
      'tratamentos.2.produtividade': 'Produtividade deve ser positiva',
      'tratamentos.2.custo': 'Custo deve ser positivo',
      'tratamentos.2.produtos_aplicados.0.dose': 'Dose deve ser positiva',
      'tratamentos.2.produtos_aplicados.0.custo': 'Custo deve ser positivo',
    });
  });

  it('requires the step fields and at least one treatment', async () => {
    const res = await send('POST', '/api/experiments', owner, { tratamentos: [] }, { filename: 'a.pdf', content: samplePdf() });
    const fields = res.json().error.fields;
    expect(fields).toMatchObject({
      consultoria: 'Nome da consultoria é obrigatório',
      teor_argila: 'Teor de argila é obrigatório',
      teor_materia_organica: 'Teor de matéria orgânica é obrigatório',
      ano: 'Ano é obrigatório',
      custo_protocolo: 'Custo do protocolo é obrigatório',
      tratamentos: 'Adicione pelo menos um tratamento',
    });
    const noProd = await send('POST', '/api/experiments', owner, buildExperiment({ tratamentos: [{ nome: 'T', modalidade: 'Solo' }] }), {
      filename: 'a.pdf',
      content: samplePdf(),
    });
    expect(noProd.json().error.fields).toEqual({ 'tratamentos.0.produtividade': 'Produtividade é obrigatória' });
  });

  it('refuses unknown reference values', async () => {
    const res = await send(
      'POST',
      '/api/experiments',
      owner,
      buildExperiment({ marca: 'Inexistente', regional: 'Lua', estado: 'XX', cultura: 'Quinoa' }),
      {
        filename: 'a.pdf',
        content: samplePdf(),
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      marca: 'Marca inválida',
      regional: 'Regional inválida',
      estado: 'Estado inválido',
      cultura: 'Cultura inválida',
    });
  });

  it('accepts null soil contents from an import', async () => {
    const e = await createExperiment(t.app, owner, { teor_argila: null, teor_materia_organica: null });
    expect([e.teor_argila, e.teor_materia_organica]).toEqual([null, null]);
  });

  it("keeps a product's dose unit; without one it is ''", async () => {
    const tratamentos: TreatmentRequest[] = [
      { nome: 'Testemunha', modalidade: 'Foliar', produtividade: 3600, produtos_aplicados: [] },
      {
        nome: 'Tratado',
        modalidade: 'Sementes',
        produtividade: 3900,
        produtos_aplicados: [
          { nome: 'Aminoagro Raiz', dose: 2, unidade: 'mL/100 kg de sementes', custo: 10 },
          { nome: 'Aminoagro Mol', dose: 1, custo: 5 },
        ],
      },
    ];
    const e = await createExperiment(t.app, owner, { tratamentos });
    const read = (await get(`/api/experiments/${e.id}`, owner)).json().experiment;
    expect(read.tratamentos[1].produtos_aplicados).toEqual([
      { nome: 'Aminoagro Raiz', dose: 2, unidade: 'mL/100 kg de sementes', custo: 10 },
      { nome: 'Aminoagro Mol', dose: 1, unidade: '', custo: 5 },
    ]);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    for (const id of ['999999', 'abc', '-1', '1.5', '99999999999']) {
      const res = await get(`/api/experiments/${id}`, owner);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });
});

describe('numbers out of range or not numbers', () => {
  const total = async () => (await get('/api/experiments?limit=1', owner)).json().total as number;
  const pdf = () => ({ filename: 'a.pdf', content: samplePdf() });
  const withYield = (produtividade: unknown, repeticoes?: unknown[]) =>
    invalidExperiment({
      tratamentos: [
        { nome: 'Testemunha', modalidade: 'Foliar', produtividade: 3600, ...(repeticoes ? { repeticoes: [3500, 3700] } : {}) },
        { nome: 'Tratado', modalidade: 'Foliar', produtividade, ...(repeticoes ? { repeticoes } : {}) },
      ],
    });

  it.each([
    ['a yield of 10.000.000 kg/ha', withYield(1e7), { 'tratamentos.1.produtividade': 'Produtividade deve ser no máximo 1.000.000 kg/ha' }],
    ['a negative yield', withYield(-1), { 'tratamentos.1.produtividade': 'Produtividade deve ser positiva' }],
    [
      'a plot yield over the bound',
      withYield(1, [3600, 1e7]),
      { 'tratamentos.1.repeticoes.1': 'Produtividade deve ser no máximo 1.000.000 kg/ha' },
    ],
    ['a negative plot yield', withYield(1, [-1, 3600]), { 'tratamentos.1.repeticoes.0': 'Produtividade deve ser positiva' }],
    ['"Infinity" as a yield', withYield('Infinity'), { 'tratamentos.1.produtividade': 'Informe um número válido' }],
    ['"NaN" as a cost', invalidExperiment({ custo_protocolo: 'NaN' }), { custo_protocolo: 'Informe um número válido' }],
    ['"Infinity" as a plot yield', withYield(1, [3600, '-Infinity']), { 'tratamentos.1.repeticoes.1': 'Informe um número válido' }],
  ])('refuses %s with fields and writes nothing', async (_, body, fields) => {
    const before = await total();
    const res = await send('POST', '/api/experiments', owner, body, pdf());
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual(fields);
    expect(await total()).toBe(before);
  });

  it('stores a yield to the hundredth, so a control of 5e-324 kg/ha is 0 and no gain over it is infinite', async () => {
    const body = buildExperiment({
      tratamentos: [
        { nome: 'Testemunha', modalidade: 'Foliar', produtividade: 5e-324 },
        { nome: 'Tratado', modalidade: 'Foliar', produtividade: 1e6 },
      ],
    });
    const res = await send('POST', '/api/experiments', owner, body, pdf());
    expect(res.statusCode).toBe(201);
    expect(res.json().experiment.tratamentos.map((tr: { produtividade: number }) => tr.produtividade)).toEqual([0, 1e6]);
    const dashboard = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: owner.auth });
    expect(dashboard.statusCode).toBe(200);
  });

  it('refuses a JSON number too large to be finite (1e400)', async () => {
    const before = await total();
    // JSON.parse reads 1e400 as Infinity: the schema must not let it through.
    const data = JSON.stringify(invalidExperiment({ teor_argila: 'BIG', roi: 'BIG' })).replaceAll('"BIG"', '1e400');
    const res = await sendMultipart(t.app, 'POST', '/api/experiments', owner, { data }, [pdf()]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ teor_argila: 'Informe um número válido', roi: 'Informe um número válido' });
    expect(await total()).toBe(before);
  });
});

describe('uploads are checked', () => {
  it('refuses bytes that are not a PDF, whatever their name, and stores nothing', async () => {
    const before = (await get('/api/experiments?limit=1', owner)).json().total;
    const res = await send('POST', '/api/experiments', owner, buildExperiment(), {
      filename: 'falso.pdf',
      content: Buffer.from('<html>não sou pdf</html>'),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe('File type must be application/pdf');
    const empty = await send('POST', '/api/experiments', owner, buildExperiment(), { filename: 'vazio.pdf', content: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(415);
    expect((await get('/api/experiments?limit=1', owner)).json().total).toBe(before);
  });

  it('refuses a file over 10 MiB with 413 and stores nothing', async () => {
    const before = (await get('/api/experiments?limit=1', owner)).json().total;
    const big = Buffer.concat([samplePdf(), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    const res = await send('POST', '/api/experiments', owner, buildExperiment(), { filename: 'grande.pdf', content: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('File is larger than 10485760 bytes');
    expect((await get('/api/experiments?limit=1', owner)).json().total).toBe(before);
  });

  it('refuses two files', async () => {
    const res = await sendMultipart(t.app, 'POST', '/api/experiments', owner, { data: JSON.stringify(buildExperiment()) }, [
      { filename: 'a.pdf', content: samplePdf() },
      { filename: 'b.pdf', content: samplePdf() },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Too many files');
  });

  it('refuses a JSON body and a broken data field', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/api/experiments', payload: buildExperiment(), headers: owner.auth });
    expect(json.statusCode).toBe(415);
    const broken = await sendMultipart(t.app, 'POST', '/api/experiments', owner, { data: '{quebrado' }, [
      { filename: 'a.pdf', content: samplePdf() },
    ]);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.fields).toEqual({ data: 'JSON inválido' });
  });
});

describe('update', () => {
  it('replaces treatments, products and analyses, bumps the version and keeps the PDF when none is sent', async () => {
    const e = await createExperiment(t.app, owner);
    const changed = buildExperimentUpdate({
      version: e.version,
      cultivar: 'Brasmax Garra',
      tratamentos: [
        buildTreatment({ produtividade: 3000 }),
        {
          nome: 'Novo',
          modalidade: 'Sulco',
          produtividade: 3300,
          produtos_aplicados: [{ nome: 'Dimicron Zinco', dose: 1, unidade: 'kg/ha', custo: 10 }],
        },
        {
          nome: 'Outro',
          modalidade: 'Cobertura',
          produtividade: 3600,
          analises_adicionais: [{ nome: 'Stand Final', valor: 12.345, unidade: 'plantas/m²' }],
        },
      ],
    });
    const res = await send('PUT', `/api/experiments/${e.id}`, owner, changed, null);
    expect(res.statusCode).toBe(200);
    const u = res.json().experiment;
    expect(u.version).toBe(2);
    expect(u.cultivar).toBe('Brasmax Garra');
    expect(u.pdf_filename).toBe('relatório.pdf');
    expect(u.tratamentos.map((x: { nome: string }) => x.nome)).toEqual(['Testemunha', 'Novo', 'Outro']);
    expect(u.tratamentos[1].produtos_aplicados).toEqual([{ nome: 'Dimicron Zinco', dose: 1, unidade: 'kg/ha', custo: 10 }]);
    expect(u.tratamentos[2].analises_adicionais).toEqual([{ nome: 'Stand Final', valor: 12.35, unidade: 'plantas/m²' }]);
    expect(u.produtividade_media).toBe(3300);
    expect(new Date(u.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(e.updated_at).getTime());
  });

  it('answers 409 to a stale version and changes nothing', async () => {
    const e = await createExperiment(t.app, owner);
    const first = await send('PUT', `/api/experiments/${e.id}`, owner, buildExperimentUpdate({ version: 1, cultivar: 'Primeira' }), null);
    expect(first.statusCode).toBe(200);
    const stale = await send('PUT', `/api/experiments/${e.id}`, owner, buildExperimentUpdate({ version: 1, cultivar: 'Segunda' }), null);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toMatch(/alterado por outra pessoa/);
    expect((await get(`/api/experiments/${e.id}`, owner)).json().experiment.cultivar).toBe('Primeira');
  });

  it('two saves of one version at once: one is stored whole, the other answers 409', async () => {
    const e = await createExperiment(t.app, owner);
    const [a, b] = await Promise.all(
      ['Primeira', 'Segunda'].map((cultivar) =>
        send('PUT', `/api/experiments/${e.id}`, owner, buildExperimentUpdate({ version: 1, cultivar }), null),
      ),
    );
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 409]);
    const winner = a?.statusCode === 200 ? a : b;
    const stored = (await get(`/api/experiments/${e.id}`, owner)).json().experiment;
    expect(stored).toMatchObject({ version: 2, cultivar: winner?.json().experiment.cultivar });
    expect(stored.tratamentos).toEqual(winner?.json().experiment.tratamentos);
  });

  it('requires the version', async () => {
    const e = await createExperiment(t.app, owner);
    const res = await send('PUT', `/api/experiments/${e.id}`, owner, buildExperiment(), null);
    expect(res.json().error.fields).toEqual({ version: 'Versão do experimento é obrigatória' });
  });

  it('a new PDF becomes current and the earlier one stays as an older document', async () => {
    const e = await createExperiment(t.app, owner);
    const res = await send('PUT', `/api/experiments/${e.id}`, owner, buildExperimentUpdate({ version: 1 }), {
      filename: 'versão 2.pdf',
      content: samplePdf('v2'),
    });
    expect(res.json().experiment.pdf_filename).toBe('versão 2.pdf');
    const docs = (await get(`/api/uploads/documents?experimentId=${e.id}&limit=50`, owner)).json().documents;
    expect(docs.map((d: { filename: string; current: boolean }) => [d.filename, d.current])).toEqual([
      ['versão 2.pdf', true],
      ['relatório.pdf', false],
    ]);
  });
});

describe('permissions', () => {
  it('everyone signed in reads; owner and admin change; others get 403; anonymous 401', async () => {
    const e = await createExperiment(t.app, owner);
    expect((await get(`/api/experiments/${e.id}`, other)).statusCode).toBe(200);
    expect((await get(`/api/experiments/${e.id}`)).statusCode).toBe(401);
    expect((await get('/api/experiments')).statusCode).toBe(401);

    const byOther = await send('PUT', `/api/experiments/${e.id}`, other, buildExperimentUpdate({ version: 1 }), null);
    expect(byOther.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/experiments/${e.id}`, headers: other.auth })).statusCode).toBe(403);

    const byAdmin = await send(
      'PUT',
      `/api/experiments/${e.id}`,
      admin,
      buildExperimentUpdate({ version: 1, cultivar: 'Pelo admin' }),
      null,
    );
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().experiment.owner.id).toBe(owner.user.id);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/experiments/${e.id}`, headers: owner.auth })).statusCode).toBe(204);
    expect((await get(`/api/experiments/${e.id}`, owner)).statusCode).toBe(404);
  });
});

describe('delete', () => {
  it('takes the documents with it', async () => {
    const e = await createExperiment(t.app, owner);
    const docs = (await get(`/api/uploads/documents?experimentId=${e.id}`, owner)).json().documents;
    expect(docs).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/experiments/${e.id}`, headers: owner.auth })).statusCode).toBe(204);
    expect((await get(`/api/uploads/documents?experimentId=${e.id}`, owner)).json().documents).toEqual([]);
    expect((await get(`/api/uploads/documents/${docs[0].id}/download`, owner)).statusCode).toBe(404);
  });
});

describe('atomicity', () => {
  it('a failing PDF write leaves no experiment behind', async () => {
    const failing = await createTestApp({
      documentStore: {
        put: async () => {
          throw new Error('disco cheio');
        },
        chunks: async function* () {
          yield* [];
        },
      },
    });
    try {
      const me = await createAccount(failing.app);
      const res = await sendMultipart(failing.app, 'POST', '/api/experiments', me, { data: JSON.stringify(buildExperiment()) }, [
        { filename: 'a.pdf', content: samplePdf() },
      ]);
      expect(res.statusCode).toBe(500);
      expect(res.json().error).toEqual({ code: 'INTERNAL_ERROR', message: 'Erro ao criar experimento' });
      const list = await failing.app.inject({ method: 'GET', url: '/api/experiments', headers: me.auth });
      expect(list.json()).toEqual({ experiments: [], total: 0 });
      const rows = await failing.db.database.db.execute(
        'select (select count(*) from treatments)::int as t, (select count(*) from applied_products)::int as p',
      );
      expect((rows as unknown as { rows: { t: number; p: number }[] }).rows[0]).toEqual({ t: 0, p: 0 });
    } finally {
      await failing.close();
    }
  });
});

describe('documents', () => {
  it('download gives the exact bytes, with the filename intact and nosniff', async () => {
    const content = Buffer.concat([samplePdf('bytes'), Buffer.from([0, 1, 2, 255, 254, 10, 13])]);
    const e = await createExperiment(t.app, owner, {}, { filename: 'Relatório Ação.pdf', content });
    const [doc] = (await get(`/api/uploads/documents?experimentId=${e.id}`, other)).json().documents;
    expect(doc).toMatchObject({ filename: 'Relatório Ação.pdf', size: content.length, experimentId: e.id, current: true });
    const res = await get(`/api/uploads/documents/${doc.id}/download`, other);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Relatorio Acao.pdf"; filename*=UTF-8''Relat%C3%B3rio%20A%C3%A7%C3%A3o.pdf`,
    );
    expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(createHash('sha256').update(content).digest('hex'));
    const inline = await get(`/api/uploads/documents/${doc.id}/download?disposition=inline`, other);
    expect(inline.headers['content-disposition']).toMatch(/^inline; /);
  });

  it('a PDF of several MiB comes back byte for byte (read in 1 MiB slices), with its length', async () => {
    const size = 3 * 1024 * 1024 + 12_345;
    const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);
    const e = await createExperiment(t.app, owner, {}, { filename: 'grande.pdf', content });
    const [doc] = (await get(`/api/uploads/documents?experimentId=${e.id}`, other)).json().documents;
    const res = await get(`/api/uploads/documents/${doc.id}/download`, other);
    expect(res.headers['content-length']).toBe(String(size));
    expect(res.rawPayload.equals(content)).toBe(true);
  });

  it('upload a document to an experiment: it becomes current; deleting it restores the previous one', async () => {
    const e = await createExperiment(t.app, owner);
    const up = await uploadDocument(t.app, owner, e.id, '../../laudo\u0007 final.pdf');
    expect(up.statusCode).toBe(201);
    expect(up.json().document).toMatchObject({ filename: 'laudo final.pdf', experimentId: e.id, current: true });
    expect((await get(`/api/experiments/${e.id}`, owner)).json().experiment.pdf_filename).toBe('laudo final.pdf');
    const one = await get(`/api/uploads/documents/${up.json().document.id}`, other);
    expect(one.json().document.filename).toBe('laudo final.pdf');

    const byOther = await t.app.inject({ method: 'DELETE', url: `/api/uploads/documents/${up.json().document.id}`, headers: other.auth });
    expect(byOther.statusCode).toBe(403);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/uploads/documents/${up.json().document.id}`, headers: owner.auth });
    expect(del.statusCode).toBe(204);
    expect((await get(`/api/experiments/${e.id}`, owner)).json().experiment.pdf_filename).toBe('relatório.pdf');
  });

  it('upload checks: experiment, permission, type', async () => {
    const e = await createExperiment(t.app, owner);
    const post = (who: Account, fields: Record<string, string>, content = samplePdf()) =>
      sendMultipart(t.app, 'POST', '/api/uploads/document', who, fields, [{ filename: 'x.pdf', content }]);
    expect((await post(owner, {})).statusCode).toBe(400);
    expect((await post(owner, { experimentId: '999999' })).statusCode).toBe(404);
    expect((await post(other, { experimentId: String(e.id) })).statusCode).toBe(403);
    expect((await post(owner, { experimentId: String(e.id) }, Buffer.from('GIF89a'))).statusCode).toBe(415);
  });
});
