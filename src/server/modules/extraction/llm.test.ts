import { readFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../paths.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { type Account, createAccount, multipart } from '../../test/factories.js';
import { MODALIDADE_SEM_APLICACAO } from '../../../shared/constants.js';
import { compiled } from '../../extraction/test-support.js';
import { LLM_WARNINGS, mergeLlm } from './llm.js';

describe('mergeLlm', () => {
  const builtIn = {
    data: { marca: 'Aminoagro', cultura: 'Soja', teor_argila: 40, tratamentos: [{ nome: 'Testemunha', produtividade: 3000 }] },
    confidence: 0.7,
    fieldsExtracted: ['marca', 'cultura', 'teor_argila', 'tratamentos'],
    warnings: [],
  };
  it('keeps the built-in values, fills the gaps, reports disagreements, does not raise confidence', () => {
    const merged = mergeLlm(builtIn, {
      marca: 'aminoagro',
      cultura: 'Milho',
      cidade: 'Jataí',
      estado: 'GO',
      teor_argila: 40.1,
      tratamentos: [{ nome: 'X' }],
    });
    expect(merged.data).toEqual({ ...builtIn.data, cidade: 'Jataí', estado: 'GO' });
    expect(merged.confidence).toBe(0.7);
    expect(merged.fieldsExtracted).toEqual(['marca', 'cidade', 'estado', 'teor_argila', 'cultura', 'tratamentos']);
    expect(merged.warnings).toEqual([LLM_WARNINGS.filled(['cidade', 'estado']), LLM_WARNINGS.disagree(['cultura'])]);
  });

  it("gives treatments only the model listed their products: the model's, else those their names give", () => {
    const merged = mergeLlm(
      { ...builtIn, data: { marca: 'Aminoagro' } },
      {
        tratamentos: [
          { nome: 'Testemunha', produtividade: 3000 },
          { nome: 'Produto Alfa 0,5 L/ha', modalidade: 'Foliar', produtividade: 3300 },
          {
            nome: 'T3',
            modalidade: 'Foliar',
            produtividade: 3400,
            produtos_aplicados: [{ nome: 'Produto Beta', dose: 1, unidade: 'L/ha' }],
          },
        ],
      },
      compiled,
    );
    expect(merged.data.tratamentos).toEqual([
      { nome: 'Testemunha', modalidade: MODALIDADE_SEM_APLICACAO, produtividade: 3000 },
      {
        nome: 'Produto Alfa 0,5 L/ha',
        modalidade: 'Foliar',
        produtividade: 3300,
        produtos_aplicados: [{ nome: 'Produto Alfa', dose: 0.5, unidade: 'L/ha' }],
      },
      {
        nome: 'T3',
        modalidade: 'Foliar',
        produtividade: 3400,
        produtos_aplicados: [{ nome: 'Produto Beta', dose: 1, unidade: 'L/ha' }],
      },
    ]);
  });
});

/** A small server speaking the chat-completions API, scripted per test. */
let answer: (body: { model: string; messages: { role: string; content: string }[] }) => { status: number; body: unknown; delayMs?: number };
let requests = 0;
let server: Server;
let t: TestApp;
let me: Account;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      requests++;
      const out = answer(JSON.parse(raw));
      setTimeout(() => {
        res.writeHead(out.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(out.body));
      }, out.delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  t = await createTestApp({
    config: { extractionLlm: { url: `http://127.0.0.1:${port}/v1`, model: 'modelo-teste', apiKey: 'k', timeoutMs: 1000 } },
  });
  me = await createAccount(t.app);
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const report = readFileSync(join(packageRoot(), 'tests', 'fixtures', 'extraction', '02-prosa-milho-sorriso.pdf'));
const extract = () => {
  const body = multipart({}, [{ filename: 'r.pdf', content: report }]);
  return t.app.inject({ method: 'POST', url: '/api/extract-pdf', payload: body.payload, headers: { ...body.headers, ...me.auth } });
};
const completion = (content: string) => ({ choices: [{ message: { role: 'assistant', content } }] });

describe('extraction with an LLM second opinion', () => {
  it('sends the report text and merges a valid answer', async () => {
    let seen = '';
    answer = (b) => {
      seen = b.messages.find((m) => m.role === 'user')?.content ?? '';
      expect(b.model).toBe('modelo-teste');
      return { status: 200, body: completion('```json\n{"custo_protocolo": 98765.4, "cultivar": "Cultivar da IA"}\n```') };
    };
    const res = await extract();
    expect(res.statusCode).toBe(200);
    expect(seen).toMatch(/Sorriso/);
    const warnings: string[] = res.json().warnings;
    expect(warnings.some((w) => /custo_protocolo/.test(w) && /(Preenchidos|diferentes)/.test(w))).toBe(true);
  });

  it('falls back to the built-in result on an invalid answer, an error or a time-out', async () => {
    for (const a of [
      () => ({ status: 200, body: completion('{"ano": "dois mil"}') }),
      () => ({ status: 500, body: { error: 'boom' } }),
      () => ({ status: 200, body: completion('{}'), delayMs: 1500 }),
    ]) {
      answer = a;
      const res = await extract();
      expect(res.statusCode).toBe(200);
      expect(res.json().warnings).toContain(LLM_WARNINGS.failed);
      expect(res.json().data.cidade).toBe('Sorriso');
    }
    expect(requests).toBeGreaterThanOrEqual(4);
  });
});
