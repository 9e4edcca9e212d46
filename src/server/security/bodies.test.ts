/**
 * Bodies are bounded before they cost anything: a route that is not public authenticates before
 * its body is read or parsed; JSON is refused before parsing when it holds too many values or too
 * long a list or object; multipart takes only the parts a route reads and refuses any other at its
 * header, before its value is read (docs/security.md).
 */
import { connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JSON_MSG } from '../http/json-body.js';
import { UPLOAD_MSG } from '../http/multipart.js';
import { listeningSignedInApp } from '../test/app.js';
import { buildExperiment, buildExperimentUpdate, createExperiment, multipart, samplePdf, sendMultipart } from '../test/factories.js';

const ctx = listeningSignedInApp();
afterEach(() => vi.restoreAllMocks());

/** 1.5 MiB minus a little: an object of ~130,000 keys, as the attack sent. */
const wideObject = (keys = 130_000) =>
  `{${Array.from({ length: keys }, (_, i) => `"k${i.toString(36).padStart(5, '0')}":${i % 10}`).join(',')}}`;
const flatArray = (n: number) => `[${'1,'.repeat(n - 1)}1]`;

/** Counts the texts over `min` characters handed to JSON.parse (the JSON parser's and secure-json-parse's work). */
function bigParses(min = 100_000) {
  const spy = vi.spyOn(JSON, 'parse');
  return () => spy.mock.calls.filter(([text]) => typeof text === 'string' && text.length > min).length;
}

/**
 * Sends `head` and the first `sent` bytes of a body announced as `total` bytes long on a real
 * socket, and resolves with the answer the server gives while the rest of the body has not been
 * sent. A server that waited for the whole body would never answer: after `waitMs` this rejects.
 */
function answerBeforeBodyEnds(head: string, first: Buffer, waitMs = 20_000): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(ctx.port, '127.0.0.1');
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${waitMs} ms while the body was incomplete`));
    }, waitMs);
    socket.on('data', (c: Buffer) => {
      received = Buffer.concat([received, c]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = received.subarray(0, end).toString('latin1');
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? NaN);
      if (received.length - end - 4 < length) return;
      clearTimeout(timer);
      socket.destroy();
      const body = received.subarray(end + 4, end + 4 + length).toString('utf8');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), body });
    });
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.write(head);
    socket.write(first);
  });
}

describe('authentication before the body', () => {
  it('an anonymous 1.5 MiB wide object to /api/imports/drafts/1/approve: 401, and the body is never parsed', async () => {
    const body = wideObject();
    expect(body.length).toBeGreaterThan(1_400_000);
    const parses = bigParses();
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/imports/drafts/1/approve',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
    expect(parses()).toBe(0);
    // The same body from a signed-in user is read, and refused by the scan before JSON.parse.
    const signedIn = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/imports/drafts/1/approve',
      headers: { ...ctx.me.auth, 'content-type': 'application/json' },
      payload: body,
    });
    expect(signedIn.statusCode).toBe(400);
    expect(signedIn.json()).toEqual({
      error: { code: 'VALIDATION_ERROR', message: JSON_MSG.tooManyItems, fields: { _: JSON_MSG.tooManyItems } },
    });
    expect(parses()).toBe(0);
  });

  it('over a real socket the 401 comes while the body is still being sent', async () => {
    const total = 1536 * 1024 - 1024;
    const head =
      `POST /api/imports/drafts/1/approve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${total}\r\n\r\n`;
    const res = await answerBeforeBodyEnds(head, Buffer.from(wideObject(5000).slice(0, -1)));
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body).error.code).toBe('UNAUTHORIZED');
    // The server is still answering.
    expect((await ctx.t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('every API route that is not public answers 401 to an anonymous 1 MiB body without parsing it', async () => {
    const body = wideObject(90_000);
    const publicRoutes = new Set([
      'POST /api/auth/register',
      'POST /api/auth/login',
      'POST /api/auth/refresh',
      'POST /api/auth/logout',
      'POST /api/auth/forgot-password',
      'POST /api/auth/reset-password',
    ]);
    const writes = ctx.t.app.apiRoutes.filter((r) => r.method !== 'GET' && r.method !== 'OPTIONS');
    expect(writes.length).toBeGreaterThan(20);
    const parses = bigParses();
    for (const route of writes) {
      const url = route.url.replace(/:[a-zA-Z]+/g, '1');
      const res = await ctx.t.app.inject({
        method: route.method as 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      const name = `${route.method} ${route.url}`;
      // Public routes take 16 KiB: Fastify stops reading at the limit (413), nothing parsed either.
      expect(res.statusCode, name).toBe(publicRoutes.has(name) ? 413 : 401);
    }
    expect(parses()).toBe(0);
  });
});

describe('JSON bounded by its cost', () => {
  it('public routes: a flat list or a wide object under 16 KiB is refused with 400 before parsing', async () => {
    const parses = bigParses(5_000);
    for (const [body, message] of [
      [flatArray(7000), JSON_MSG.tooManyItems],
      [wideObject(1200), JSON_MSG.tooManyItems],
      [`{"email":"a@b.com","password":${flatArray(5000)}}`, JSON_MSG.tooManyItems],
    ] as const) {
      expect(body.length).toBeLessThan(16 * 1024);
      for (const url of ['/api/auth/login', '/api/auth/register', '/api/auth/forgot-password']) {
        const res = await ctx.t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: body });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message, fields: { _: message } } });
      }
    }
    expect(parses()).toBe(0);
  });

  it('the multipart data field is bounded the same way, naming the field', async () => {
    const fields = { data: `{"tratamentos":${flatArray(300_000)}}` };
    const parses = bigParses();
    const res = await sendMultipart(ctx.t.app, 'POST', '/api/experiments', ctx.me, fields, [{ filename: 'r.pdf', content: samplePdf() }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ data: JSON_MSG.tooManyItems });
    expect(parses()).toBe(0);
  });
});

describe('multipart takes only the parts a route reads', () => {
  const unknown = (url: string, method: 'POST' | 'PUT', fields: Record<string, string>, files: Parameters<typeof multipart>[1]) => {
    const body = multipart(fields, files);
    return ctx.t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...ctx.me.auth } });
  };

  it('POST /api/experiments with an unknown 1.5 MiB field: 400 naming it, nothing stored', async () => {
    const before = (await ctx.t.app.inject({ method: 'GET', url: '/api/experiments?limit=1', headers: ctx.me.auth })).json().total;
    const res = await unknown('/api/experiments', 'POST', { data: JSON.stringify(buildExperiment()), extra0: 'x'.repeat(1536 * 1024) }, [
      { filename: 'r.pdf', content: samplePdf() },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: UPLOAD_MSG.unexpectedField('extra0'),
        fields: { extra0: UPLOAD_MSG.unexpectedFieldShort },
      },
    });
    expect((await ctx.t.app.inject({ method: 'GET', url: '/api/experiments?limit=1', headers: ctx.me.auth })).json().total).toBe(before);
  });

  it('over a real socket the 400 comes when the unknown part’s header arrives, before its value is sent', async () => {
    const boundary = '----limiteDesconhecido';
    const opening = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(buildExperiment())}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="campo_estranho"\r\n\r\n${'x'.repeat(64 * 1024)}`,
    );
    const total = opening.length + 20 * 1536 * 1024;
    const head =
      `POST /api/experiments HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${ctx.me.auth.authorization}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${total}\r\n\r\n`;
    const res = await answerBeforeBodyEnds(head, opening);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error.fields).toEqual({ campo_estranho: UPLOAD_MSG.unexpectedFieldShort });
    expect((await ctx.t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('a text field declared as JSON is not parsed by the multipart plugin: 400 asking for text', async () => {
    const boundary = '----campoJson';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\nContent-Type: application/json\r\n\r\n` +
        `{"tratamentos":${flatArray(200_000)}}\r\n--${boundary}--\r\n`,
    );
    const parses = bigParses();
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/experiments',
      payload,
      headers: { ...ctx.me.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ data: UPLOAD_MSG.textExpected });
    expect(parses()).toBe(0);
  });

  it('every multipart route: update, document upload, extraction and bulk upload refuse what they do not read', async () => {
    const e = await createExperiment(ctx.t.app, ctx.me);
    const pdf = { filename: 'r.pdf', content: samplePdf() };
    const update = await unknown(
      `/api/experiments/${e.id}`,
      'PUT',
      { data: JSON.stringify(buildExperimentUpdate({ version: 1 })), nota: 'x' },
      [],
    );
    expect(update.json().error.fields).toEqual({ nota: UPLOAD_MSG.unexpectedFieldShort });
    const doc = await unknown('/api/uploads/document', 'POST', { experimentId: String(e.id), data: '{}' }, [pdf]);
    expect(doc.json().error.fields).toEqual({ data: UPLOAD_MSG.unexpectedFieldShort });
    const extract = await unknown('/api/extract-pdf', 'POST', { experimentId: '1' }, [pdf]);
    expect(extract.json().error.fields).toEqual({ experimentId: UPLOAD_MSG.unexpectedFieldShort });
    // A file under another name is refused too, before it is read.
    const otherFile = await unknown('/api/experiments', 'POST', { data: JSON.stringify(buildExperiment()) }, [{ ...pdf, field: 'anexo' }]);
    expect(otherFile.json().error.fields).toEqual({ anexo: UPLOAD_MSG.unexpectedFieldShort });
    // Bulk upload reads files under `pdfs` only: a text field is refused, whatever its name.
    const bulkText = await unknown('/api/uploads/bulk', 'POST', { batchId: '1' }, [{ ...pdf, field: 'pdfs' }]);
    expect(bulkText.json().error.fields).toEqual({ batchId: UPLOAD_MSG.unexpectedFieldShort });
    const bulkOther = await unknown('/api/uploads/bulk', 'POST', {}, [{ ...pdf, field: 'pdf' }]);
    expect(bulkOther.json().error.fields).toEqual({ pdf: UPLOAD_MSG.unexpectedFieldShort });
    for (const res of [update, doc, extract, otherFile, bulkText, bulkOther]) expect(res.statusCode).toBe(400);
    // What the app sends still works.
    const ok = await unknown('/api/uploads/document', 'POST', { experimentId: String(e.id) }, [pdf]);
    expect(ok.statusCode).toBe(201);
  });
});
