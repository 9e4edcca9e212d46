import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseInput } from './http/errors.js';
import { createTestApp, type TestApp } from './test/app.js';
import { testEngine } from './test/database.js';
import { postRaw } from './test/factories.js';

let t: TestApp;
const webRoot = mkdtempSync(join(tmpdir(), 'ga-web-'));

beforeAll(async () => {
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Gestão Agrícola</title><div id="root"></div>');
  writeFileSync(join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ webRoot });
  const body = z.object({ email: z.string().email('Email inválido'), nome: z.string().min(2, 'Nome deve ter pelo menos 2 caracteres') });
  t.app.post('/api/__test/validate', { config: { public: true } }, async (req) => parseInput(body, req.body));
  t.app.get('/api/__test/boom', { config: { public: true } }, async () => {
    throw new Error('select password_hash from users -- segredo');
  });
});
afterAll(() => t.close());

describe('health', () => {
  it('answers ok with the engine name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: testEngine().kind });
  });
});

describe('errors', () => {
  it('unknown /api path → 404 in the error shape', async () => {
    for (const [method, url] of [
      ['GET', '/api/nao-existe'],
      ['POST', '/api/x/y?z=1'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Recurso não encontrado' } });
    }
  });

  it('validation failure → 400 with fields by path', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/__test/validate', payload: { email: 'x', nome: 'a' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Dados inválidos',
        fields: { email: 'Email inválido', nome: 'Nome deve ter pelo menos 2 caracteres' },
      },
    });
  });

  it('malformed JSON → 400, not 500', async () => {
    const res = await postRaw(t.app, '/api/__test/validate', '{"email": ');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('unsupported content type → 415', async () => {
    const res = await postRaw(t.app, '/api/__test/validate', '<a/>', 'application/xml');
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('unexpected failure → 500 with the catalogue message and no internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/__test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'INTERNAL_ERROR', message: 'Erro do servidor. Tente novamente mais tarde.' } });
    expect(res.body).not.toMatch(/password_hash|stack|at /);
  });
});

describe('single-page app', () => {
  it('serves index.html for deep links, uncached', async () => {
    for (const url of ['/', '/perfil', '/dashboard?regional=GO', '/qualquer/coisa']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a missing asset is a 404, not the app page', async () => {
    for (const url of ['/assets/nao-existe.js', '/favicon.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('<div id="root">');
    }
  });
});
