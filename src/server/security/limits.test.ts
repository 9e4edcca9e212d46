/**
 * No request stalls the server or answers outside docs/api.md#contract: JSON bodies
 * limited per route and refused when nested too deep before they are parsed; the multipart `data`
 * field checked the same way; every framework error (404, 413, 414, 415, 431, FST_ERR_*) in the
 * error shape with a pt-BR message; a well-signed token with a malformed subject is a 401.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../shared/api-error.js';
import { MSG } from '../../shared/messages.js';
import { EXPERIMENT_JSON_BYTES, JSON_MSG, MAX_JSON_DEPTH } from '../http/json-body.js';
import { UPLOAD_MSG } from '../http/multipart.js';
import { AccessTokens } from '../modules/auth/public.js';
import { listeningSignedInApp } from '../test/app.js';
import {
  type ExperimentRequest,
  buildExperiment,
  buildTreatment,
  largestExperiment,
  multipart,
  postRaw,
  samplePdf,
} from '../test/factories.js';

const ctx = listeningSignedInApp();

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** A JSON body POSTed to `url` with the given headers. */
const postJson = (url: string, headers: Record<string, string>, payload: string) =>
  ctx.t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload });

/** POSTs one JSON body to each route, with that route's headers, and expects every one to refuse it alike. */
async function expectEachRefuses(
  routes: [url: string, headers: Record<string, string>][],
  payload: string,
  status: number,
  error: ApiErrorBody,
) {
  for (const [url, headers] of routes) {
    const res = await postJson(url, headers, payload);
    expect(res.statusCode, url).toBe(status);
    expect(res.json(), url).toEqual(error);
  }
}

const postExperiment = (data: string) => {
  const body = multipart({ data }, [{ filename: 'r.pdf', content: samplePdf() }]);
  return ctx.t.app.inject({ method: 'POST', url: '/api/experiments', payload: body.payload, headers: { ...body.headers, ...ctx.me.auth } });
};

/** One raw HTTP/1.1 request on a real socket: what node's parser answers never reaches inject(). */
function rawRequest(head: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(ctx.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [headers = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1]), headers, body });
    });
    socket.write(head);
  });
}

describe('JSON bodies', () => {
  it('nesting deeper than the limit is refused with 400 before parsing, on any route (signed in where the route wants it)', async () => {
    await expectEachRefuses(
      [
        ['/api/auth/login', {}],
        ['/api/auth/register', {}],
        ['/api/users/change-password', ctx.me.auth],
        ['/api/analises/conjunta', ctx.me.auth],
      ],
      nested(MAX_JSON_DEPTH + 1),
      400,
      { error: { code: 'VALIDATION_ERROR', message: JSON_MSG.tooDeep, fields: { _: JSON_MSG.tooDeep } } },
    );
    // Without a token a protected route answers 401 before reading the body (bodies.test.ts).
    expect((await postRaw(ctx.t.app, '/api/users/change-password', nested(MAX_JSON_DEPTH + 1))).statusCode).toBe(401);
    // Exactly at the limit the parser runs (and the schema refuses the shape).
    const atLimit = await postRaw(ctx.t.app, '/api/auth/login', nested(MAX_JSON_DEPTH));
    expect(atLimit.json().error.message).not.toBe(JSON_MSG.tooDeep);
  });

  it('16 KiB where no large JSON is expected: 413 in the error shape (after authentication where the route wants it)', async () => {
    const big = JSON.stringify({ texto: 'x'.repeat(17 * 1024) });
    await expectEachRefuses(
      [
        ['/api/auth/login', {}],
        ['/api/auth/forgot-password', {}],
        ['/api/users/change-password', ctx.me.auth],
        ['/api/analises/conjunta', ctx.me.auth],
      ],
      big,
      413,
      { error: { code: 'PAYLOAD_TOO_LARGE', message: MSG.payloadTooLarge } },
    );
    for (const url of ['/api/experiments', '/api/lookups/marcas', '/api/users/change-password']) {
      expect((await postRaw(ctx.t.app, url, big)).statusCode, url).toBe(401);
    }
  });

  it('the multipart data field: deep nesting is a 400 naming the field; over the experiment limit a 413', async () => {
    const deep = await postExperiment(`{"a":${nested(200_000)}}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error.fields).toEqual({ data: JSON_MSG.tooDeep });

    const huge = await postExperiment(JSON.stringify({ texto: 'x'.repeat(EXPERIMENT_JSON_BYTES + 1) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: UPLOAD_MSG.fieldTooLarge, fields: { data: UPLOAD_MSG.fieldTooLarge } },
    });
  });

  it('the largest experiment the schema accepts is saved (the limit refuses no legitimate body)', async () => {
    const res = await postExperiment(JSON.stringify(largestExperiment('ç')));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    expect(res.json().experiment.tratamentos).toHaveLength(50);
  }, 60_000);
});

describe('framework errors answer in the error shape, never 5xx', () => {
  it('404 unknown API path; 415 unknown content type; 400 empty or broken JSON; 400 bad URL encoding', async () => {
    const notFound = await ctx.t.app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toEqual({ error: { code: 'NOT_FOUND', message: MSG.notFound } });

    const media = await postRaw(ctx.t.app, '/api/auth/login', 'email=a', 'application/x-www-form-urlencoded');
    expect(media.statusCode).toBe(415);
    expect(media.json()).toEqual({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: MSG.unsupportedMediaType } });

    for (const text of ['', '{"email":', '{"__proto__":{"x":1}}']) {
      const res = await postRaw(ctx.t.app, '/api/auth/login', text);
      expect(res.statusCode, text).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.message).toBe(MSG.validationError);
    }

    const badUrl = await ctx.t.app.inject({ method: 'GET', url: '/api/experiments/%E0%A4%A', headers: ctx.me.auth });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: MSG.validationError } });
  });

  it('414 for a path parameter over the router limit', async () => {
    const res = await ctx.t.app.inject({ method: 'GET', url: `/api/experiments/${'9'.repeat(200)}`, headers: ctx.me.auth });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ error: { code: 'URI_TOO_LONG', message: MSG.uriTooLong } });
  });

  it('over a real socket: 431 for a long query, a long URL or long headers; 400 for a malformed request; 414 too', async () => {
    const longQuery = await rawRequest(`GET /api/experiments?cultura=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: a\r\n\r\n`);
    expect(longQuery.status).toBe(431);
    expect(longQuery.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(JSON.parse(longQuery.body)).toEqual({ error: { code: 'HEADERS_TOO_LARGE', message: MSG.headersTooLarge } });

    const longHeader = await rawRequest(`GET /api/health HTTP/1.1\r\nHost: a\r\nX-Lixo: ${'y'.repeat(20_000)}\r\n\r\n`);
    expect(longHeader.status).toBe(431);
    expect(JSON.parse(longHeader.body).error.code).toBe('HEADERS_TOO_LARGE');

    const longPath = await rawRequest(`GET /api/${'a/'.repeat(10_000)} HTTP/1.1\r\nHost: a\r\n\r\n`);
    expect(longPath.status).toBe(431);

    const malformed = await rawRequest('GET /api/health HTTP/1.1\r\nHost a sem dois pontos\r\n\r\n');
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body)).toEqual({ error: { code: 'VALIDATION_ERROR', message: MSG.validationError } });

    const param = await rawRequest(
      `GET /api/experiments/${'9'.repeat(200)} HTTP/1.1\r\nHost: a\r\nAuthorization: ${ctx.me.auth.authorization}\r\nConnection: close\r\n\r\n`,
    );
    expect(param.status).toBe(414);
    expect(JSON.parse(param.body).error.code).toBe('URI_TOO_LONG');

    // The server still answers.
    const health = await rawRequest('GET /api/health HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
    expect(health.status).toBe(200);
  });
});

describe('tokens', () => {
  it('a well-signed access token whose subject is not a user id answers 401, not 500', async () => {
    const tokens = new AccessTokens(ctx.t.config.jwtSecret);
    for (const subject of ['nao-e-um-uuid', "' or 1=1 --", '', '00000000-0000-0000-0000-00000000000g']) {
      const token = await tokens.sign({ userId: subject, sessionVersion: 0 });
      const res = await ctx.t.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, subject).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: MSG.unauthorized } });
    }
    // A well-formed id of nobody: 401 too.
    const nobody = await tokens.sign({ userId: '00000000-0000-4000-8000-000000000000', sessionVersion: 0 });
    const res = await ctx.t.app.inject({ method: 'GET', url: '/api/experiments', headers: { authorization: `Bearer ${nobody}` } });
    expect(res.statusCode).toBe(401);
  });
});

describe('statistics on extreme values', () => {
  const reps = (rows: number[][]) => rows.map((r, i) => buildTreatment({ nome: `T${i}`, repeticoes: r }));
  const body = (over: Partial<ExperimentRequest>) => JSON.stringify(buildExperiment(over));

  it('plot yields differing by 1e-11, 1e308 or a bag price of 1e308: 400 naming the field, never 500', async () => {
    const e = 1e-11;
    const cases: Array<[Partial<ExperimentRequest>, string]> = [
      [
        {
          tratamentos: reps([
            [1000, 1000 + e, 1000],
            [1000 + e, 1000, 1000 + e],
          ]),
        },
        'tratamentos.0.repeticoes.1',
      ],
      [
        {
          tipo_estatistica: 'Inteiramente Casualizado',
          tratamentos: reps([
            [1000, 1000 + e],
            [1000 + e, 1000],
          ]),
        },
        'tratamentos.0.repeticoes.1',
      ],
      [
        {
          tratamentos: reps([
            [1e308, 1],
            [2, 3],
          ]),
        },
        'tratamentos.0.repeticoes.0',
      ],
      [
        {
          preco_saca: 1e308,
          tratamentos: reps([
            [1000, 1100],
            [1200, 1300],
          ]),
        },
        'preco_saca',
      ],
    ];
    for (const [over, field] of cases) {
      const res = await postExperiment(body(over));
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
      expect(res.json().error.fields[field], field).toMatch(/\S/);
    }
  });

  it('a real trial whose plots are all equal is saved, and its analysis answers 422 in pt-BR', async () => {
    const res = await postExperiment(
      body({
        tratamentos: reps([
          [1000, 1000, 1000],
          [1000, 1000, 1000],
        ]),
      }),
    );
    expect(res.statusCode).toBe(201);
    const analise = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/experiments/${res.json().experiment.id}/analise`,
      headers: ctx.me.auth,
    });
    expect(analise.statusCode).toBe(422);
    expect(analise.json()).toEqual({ error: { code: 'UNPROCESSABLE', message: expect.stringContaining('iguais') } });
  });
});
