import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../paths.js';
import { signedInApp } from '../../test/app.js';
import { type Account, multipart, samplePdf } from '../../test/factories.js';

const fixture = (name: string) => readFileSync(join(packageRoot(), 'tests', 'fixtures', 'extraction', name));

const ctx = signedInApp();

const extract = (content: Buffer, filename = 'relatorio.pdf', who: Account | null = ctx.me) => {
  const body = multipart({}, [{ filename, content }]);
  return ctx.t.app.inject({
    method: 'POST',
    url: '/api/extract-pdf',
    payload: body.payload,
    headers: { ...body.headers, ...(who?.auth ?? {}) },
  });
};

describe('POST /api/extract-pdf', () => {
  it('reads a trial report into the form values', async () => {
    const res = await extract(fixture('01-blocos-soja-rio-verde.pdf'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const expected = JSON.parse(fixture('01-blocos-soja-rio-verde.expected.json').toString('utf8'));
    expect(body.confidence).toBeGreaterThanOrEqual(0.8);
    expect(body.fieldsExtracted.length).toBeGreaterThan(5);
    const want = expected.data ?? expected;
    for (const k of ['marca', 'cultura', 'cidade', 'estado'] as const) if (want[k] !== undefined) expect(body.data[k]).toBe(want[k]);
    expect(body.data.tratamentos?.length).toBe(want.tratamentos?.length);
  });

  it('a scanned PDF answers 200 with confidence near 0 and a warning', async () => {
    const res = await extract(fixture('08-digitalizado.pdf'));
    expect(res.statusCode).toBe(200);
    expect(res.json().confidence).toBeLessThan(0.05);
    expect(res.json().warnings.join(' ')).toMatch(/não tem texto selecionável/);
  });

  it('refuses bytes that are not a PDF (415), damaged PDFs (422), no file (400), no session (401)', async () => {
    expect((await extract(Buffer.from('<html></html>'), 'x.pdf')).statusCode).toBe(415);
    const damaged = await extract(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]));
    expect(damaged.statusCode).toBe(422);
    expect(damaged.json().error.message).toBe(
      'Não foi possível ler o PDF. Verifique se o arquivo não está danificado ou protegido por senha.',
    );
    const body = multipart({ outro: 'x' });
    expect(
      (
        await ctx.t.app.inject({
          method: 'POST',
          url: '/api/extract-pdf',
          payload: body.payload,
          headers: { ...body.headers, ...ctx.me.auth },
        })
      ).statusCode,
    ).toBe(400);
    expect((await extract(samplePdf(), 'a.pdf', null)).statusCode).toBe(401);
  });
});
