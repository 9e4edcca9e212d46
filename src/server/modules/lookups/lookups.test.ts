import { describe, expect, it } from 'vitest';
import { appWithAccounts } from '../../test/app.js';
import { type Account, createExperiment } from '../../test/factories.js';

const ctx = appWithAccounts({ admin: { role: 'admin' }, user: {} });

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who?: Account,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  ctx.t.app.inject({
    method,
    url,
    headers: { ...(who?.auth ?? {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('GET lookups', () => {
  it('answer the documented shapes with the starter data', async () => {
    expect((await call('GET', '/api/lookups/marcas')).json()).toEqual({ marcas: ['Aminoagro', 'Concorrente', 'Dimicron', 'Maximus'] });
    const regioes = (await call('GET', '/api/lookups/regioes')).json().regioes;
    expect(regioes.map((r: { nome: string }) => r.nome)).toEqual([
      'Cerrado MG',
      'GO',
      'MT BR 163',
      'MT Oeste/RO/AC',
      'Nordeste',
      'PR SC PY',
    ]);
    expect(regioes).toContainEqual({ nome: 'PR SC PY', sigla: 'PRSCPY' });
    const estados = (await call('GET', '/api/lookups/estados')).json().estados;
    expect(estados).toHaveLength(27);
    expect(estados).toContainEqual({ nome: 'São Paulo', sigla: 'SP' });
    expect(estados[0]).toEqual({ nome: 'Acre', sigla: 'AC' });
    const culturas = (await call('GET', '/api/lookups/culturas')).json().culturas;
    expect(culturas).toEqual([
      'Algodão',
      'Arroz',
      'Banana',
      'Batata',
      'Café',
      'Cana-de-açúcar',
      'Feijão',
      'Manga',
      'Milho',
      'Soja',
      'Trigo',
      'Uva',
    ]);
    const ppm = (await call('GET', '/api/lookups/produtos-por-marca')).json().produtosPorMarca;
    expect(Object.keys(ppm).sort()).toEqual(['Aminoagro', 'Concorrente', 'Dimicron', 'Maximus']);
    for (const list of Object.values(ppm) as string[][]) expect(list.length).toBeGreaterThanOrEqual(5);
  });

  it('are cacheable: a matching ETag answers 304', async () => {
    const first = await call('GET', '/api/lookups/culturas');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await call('GET', '/api/lookups/culturas', undefined, undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('admin management', () => {
  it('only admins change reference data', async () => {
    for (const [method, url, body] of [
      ['POST', '/api/lookups/marcas', { nome: 'X' }],
      ['PUT', '/api/lookups/marcas/Maximus', { nome: 'Y' }],
      ['DELETE', '/api/lookups/marcas/Maximus', undefined],
      ['POST', '/api/lookups/produtos', { marca: 'Maximus', nome: 'Z' }],
      ['POST', '/api/lookups/regioes', { nome: 'Sul', sigla: 'S' }],
      ['POST', '/api/lookups/culturas', { nome: 'Sorgo' }],
    ] as const) {
      expect((await call(method, url, ctx.user, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('adds, renames and deletes brands and products; the ETag changes', async () => {
    const etag = (await call('GET', '/api/lookups/marcas')).headers.etag;
    expect((await call('POST', '/api/lookups/marcas', ctx.admin, { nome: 'NovaMarca' })).statusCode).toBe(201);
    expect((await call('GET', '/api/lookups/marcas')).headers.etag).not.toBe(etag);
    const dup = await call('POST', '/api/lookups/marcas', ctx.admin, { nome: 'NovaMarca' });
    expect(dup.statusCode).toBe(409);
    const p = await call('POST', '/api/lookups/produtos', ctx.admin, { marca: 'NovaMarca', nome: 'Produto Um' });
    expect(p.statusCode).toBe(201);
    expect((await call('POST', '/api/lookups/produtos', ctx.admin, { marca: 'Fantasma', nome: 'P' })).json().error.fields).toEqual({
      marca: 'Marca não encontrada',
    });
    expect((await call('PUT', '/api/lookups/marcas/NovaMarca', ctx.admin, { nome: 'Marca Renomeada' })).statusCode).toBe(200);
    const ppm = (await call('GET', '/api/lookups/produtos-por-marca')).json().produtosPorMarca;
    expect(ppm['Marca Renomeada']).toEqual(['Produto Um']);
    expect(
      (await call('PUT', `/api/lookups/produtos/${p.json().produto.id}`, ctx.admin, { nome: 'Produto Dois' })).json().produto.nome,
    ).toBe('Produto Dois');
    expect((await call('DELETE', `/api/lookups/produtos/${p.json().produto.id}`, ctx.admin)).statusCode).toBe(204);
    expect((await call('DELETE', '/api/lookups/marcas/Marca%20Renomeada', ctx.admin)).statusCode).toBe(204);
    expect((await call('DELETE', '/api/lookups/marcas/Marca%20Renomeada', ctx.admin)).statusCode).toBe(404);
  });

  it('a brand, crop or regional in use is not deleted; a rename follows into experiments', async () => {
    const e = await createExperiment(ctx.t.app, ctx.user, { marca: 'Dimicron', cultura: 'Trigo', regional: 'Cerrado MG' });
    const brand = await call('DELETE', '/api/lookups/marcas/Dimicron', ctx.admin);
    expect(brand.statusCode).toBe(409);
    expect(brand.json().error.message).toBe('Esta marca está em uso por experimentos e não pode ser excluída');
    expect((await call('DELETE', '/api/lookups/culturas/Trigo', ctx.admin)).statusCode).toBe(409);
    expect((await call('DELETE', '/api/lookups/regioes/CMG', ctx.admin)).statusCode).toBe(409);

    expect((await call('PUT', '/api/lookups/culturas/Trigo', ctx.admin, { nome: 'Trigo Duro' })).statusCode).toBe(200);
    expect((await call('PUT', '/api/lookups/regioes/CMG', ctx.admin, { nome: 'Cerrado Mineiro', sigla: 'CMG' })).statusCode).toBe(200);
    const after = (await call('GET', `/api/experiments/${e.id}`, ctx.user)).json().experiment;
    expect([after.cultura, after.regional]).toEqual(['Trigo Duro', 'Cerrado Mineiro']);

    expect((await call('POST', '/api/lookups/culturas', ctx.admin, { nome: 'Sorgo' })).statusCode).toBe(201);
    expect((await call('DELETE', '/api/lookups/culturas/Sorgo', ctx.admin)).statusCode).toBe(204);
    expect((await call('POST', '/api/lookups/regioes', ctx.admin, { nome: '', sigla: '' })).json().error.fields).toEqual({
      nome: 'Nome é obrigatório',
      sigla: 'Sigla é obrigatória',
    });
  });
});

describe('bad bodies on every write: 400 with fields, never 500, nothing changed', () => {
  it('{}, [], null, a string, wrong types and blanks on each POST and PUT', async () => {
    const p = await call('POST', '/api/lookups/produtos', ctx.admin, { marca: 'Maximus', nome: 'Produto Intacto' });
    expect(p.statusCode).toBe(201);
    const id = p.json().produto.id as number;
    const before = (await call('GET', '/api/lookups/produtos-por-marca')).body;
    const writes: Array<['POST' | 'PUT', string]> = [
      ['POST', '/api/lookups/marcas'],
      ['PUT', '/api/lookups/marcas/Maximus'],
      ['POST', '/api/lookups/culturas'],
      ['PUT', '/api/lookups/culturas/Soja'],
      ['POST', '/api/lookups/produtos'],
      ['PUT', `/api/lookups/produtos/${id}`],
      ['POST', '/api/lookups/regioes'],
      ['PUT', '/api/lookups/regioes/CMG'],
    ];
    const bodies: unknown[] = [
      {},
      [],
      null,
      'texto',
      42,
      { nome: 42 },
      { nome: null, marca: [] },
      { nome: '   ', sigla: {} },
      { marca: 7 },
    ];
    for (const [method, url] of writes) {
      for (const body of bodies) {
        const res = await ctx.t.app.inject({
          method,
          url,
          headers: { ...ctx.admin.auth, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        const what = `${method} ${url} ${JSON.stringify(body)}`;
        expect(res.statusCode, what).toBe(400);
        const error = res.json().error;
        expect(error.code, what).toBe('VALIDATION_ERROR');
        expect(Object.keys(error.fields ?? {}).length, what).toBeGreaterThan(0);
      }
    }
    expect((await call('GET', '/api/lookups/produtos-por-marca')).body).toBe(before);
    expect((await call('GET', '/api/lookups/marcas')).json().marcas).toContain('Maximus');
  });

  it('a product update names what it needs when nothing is sent', async () => {
    const p = await call('POST', '/api/lookups/produtos', ctx.admin, { marca: 'Maximus', nome: 'Produto Vazio' });
    const res = await call('PUT', `/api/lookups/produtos/${p.json().produto.id}`, ctx.admin, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ nome: 'Informe o novo nome ou a nova marca do produto' });
  });
});
