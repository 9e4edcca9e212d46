/**
 * Property-based tests (fast-check) of bad input (docs/security.md): random and mutated
 * experiment and account bodies. The API agrees with the shared schemas, answers 400 with
 * `fields` to what they refuse, never answers 5xx, and a refused body changes nothing.
 */
import fc from 'fast-check';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema } from '../../shared/auth.js';
import { DELINEAMENTOS_FATORIAIS } from '../../shared/constants.js';
import { experimentInputSchema } from '../../shared/experiment.js';
import { experiments, users } from '../db/schema.js';
import { signedInApp } from '../test/app.js';
import { buildExperiment, invalidExperiment, postRaw, samplePdf, sendMultipart } from '../test/factories.js';

const ctx = signedInApp({ config: { authLimitPerEmail: 1_000_000, authLimitPerIp: 1_000_000 } });

const POISONED = /"(__proto__|constructor)"\s*:/;
const rows = async (table: typeof experiments | typeof users) => (await ctx.t.db.database.db.select({ n: count() }).from(table))[0]!.n;

/** Any JSON-ish value, including the awkward ones. */
const junk = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.constantFrom(
    null,
    '',
    ' ',
    -1,
    0,
    -0,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    '1e999',
    '<script>alert(1)</script>',
    "' or 1=1 --",
  ),
  fc.double(),
  fc.string({ maxLength: 300 }),
);

const TOP_KEYS = Object.keys(buildExperiment());
const TREATMENT_KEYS = [
  'nome',
  'modalidade',
  'produtividade',
  'custo',
  'produtos_aplicados',
  'analises_adicionais',
  'repeticoes',
  'nivel_a',
  'nivel_b',
  'dose',
];

type Body = Record<string, unknown>;
const mutation: fc.Arbitrary<(b: Body) => Body> = fc.oneof(
  fc.constantFrom(...TOP_KEYS).map((k) => (b: Body) => {
    const { [k]: _gone, ...rest } = b;
    return rest;
  }),
  fc.tuple(fc.constantFrom(...TOP_KEYS), junk).map(([k, v]) => (b: Body) => ({ ...b, [k]: v })),
  fc.tuple(fc.constantFrom(...TREATMENT_KEYS), junk).map(([k, v]) => (b: Body) => {
    if (!Array.isArray(b.tratamentos)) return b;
    const [first, ...others] = b.tratamentos as Body[];
    return { ...b, tratamentos: [{ ...first, [k]: v }, ...others] };
  }),
  // A two-factor design: the levels (missing or junk) are then checked across the treatments.
  fc.constantFrom(...DELINEAMENTOS_FATORIAIS).map((d) => (b: Body) => ({ ...b, tipo_estatistica: d })),
  fc
    .integer({ min: 31, max: 3000 })
    .map((n) => (b: Body) => ({ ...b, tratamentos: Array.from({ length: n }, () => (buildExperiment().tratamentos as Body[])[0]) })),
  fc.integer({ min: 1, max: 50 }).map((depth) => (b: Body) => {
    let nested: unknown = b;
    for (let i = 0; i < depth; i++) nested = { tratamentos: [nested] };
    return { ...b, analise: nested };
  }),
);

/** Text the JSON parser has to survive: invalid numbers, deep nesting, truncation. */
const rawText = fc.oneof(
  fc.constantFrom('', 'null', '[]', '"texto"', '{"ano": NaN}', '{"ano": 1e999}', '{"ano": -Infinity}', '{'),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)),
  fc.integer({ min: 1, max: 400 }).map((cut) => JSON.stringify(buildExperiment()).slice(0, cut)),
);

const post = (data: string) =>
  sendMultipart(ctx.t.app, 'POST', '/api/experiments', ctx.me, { data }, [{ filename: 'r.pdf', content: samplePdf() }]);

describe('experiment bodies', () => {
  it('mutated bodies: 400 with fields exactly when the shared schema refuses, nothing stored; never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), async (mutations) => {
        const body = mutations.reduce<Body>((b, m) => m(b), buildExperiment());
        const before = await rows(experiments);
        const res = await post(JSON.stringify(body));
        expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
        // What the server receives is the JSON text: NaN and ±Infinity arrive as null, undefined not at all.
        const valid = experimentInputSchema.safeParse(JSON.parse(JSON.stringify(body))).success;
        if (!valid) {
          expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
          expect(Object.keys(res.json().error.fields ?? {}).length).toBeGreaterThan(0);
          expect(await rows(experiments)).toBe(before);
        } else {
          // The schema accepts; only the reference data (brand, region, state, crop) may still refuse.
          expect([201, 400]).toContain(res.statusCode);
          expect(await rows(experiments)).toBe(before + (res.statusCode === 201 ? 1 : 0));
        }
      }),
      { numRuns: 150 },
    );
    // 150 requests: 11 s measured on a busy machine.
  }, 60_000);

  it('a treatment, product or analysis that is not an object is named in pt-BR, never a 500', async () => {
    const body = invalidExperiment({
      tratamentos: [
        null,
        5,
        { nome: 'T1', modalidade: 'Foliar', produtividade: 100, produtos_aplicados: [null], analises_adicionais: ['x'] },
      ],
    });
    const res = await post(JSON.stringify(body));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      'tratamentos.0': 'Tratamento inválido',
      'tratamentos.1': 'Tratamento inválido',
      'tratamentos.2.produtos_aplicados.0': 'Produto aplicado inválido',
      'tratamentos.2.analises_adicionais.0': 'Análise adicional inválida',
    });
    expect((await post('null')).json().error.fields).toEqual({ _: 'Dados do experimento inválidos' });
  });

  it('unparseable or hostile JSON text: 400, nothing stored', async () => {
    await fc.assert(
      fc.asyncProperty(rawText, async (text) => {
        const before = await rows(experiments);
        const res = await post(text);
        expect(res.statusCode, `${text.slice(0, 60)} → ${res.body.slice(0, 200)}`).toBe(400);
        expect(res.json().error.fields).toBeDefined();
        expect(await rows(experiments)).toBe(before);
      }),
      { numRuns: 40 },
    );
  });
});

describe('account bodies', () => {
  const account = fc.record(
    {
      name: junk,
      email: fc.oneof(junk, fc.emailAddress()),
      password: junk,
      company: junk,
      role: fc.oneof(junk, fc.constantFrom('user', 'consultor', 'admin')),
    },
    { requiredKeys: [] },
  );

  it('sign-up: 400 exactly when the schema refuses, and then no account is created; never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(account, async (body) => {
        const before = await rows(users);
        const res = await ctx.t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
        expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
        if (!registerSchema.safeParse(body).success) {
          expect(res.statusCode).toBe(400);
          expect(res.json().error.code).toBe('VALIDATION_ERROR');
          // A body carrying __proto__ or constructor keys is refused by the JSON parser itself
          // (prototype-poisoning protection), before any field is looked at.
          if (!POISONED.test(JSON.stringify(body))) expect(res.json().error.fields).toBeDefined();
          expect(await rows(users)).toBe(before);
        }
      }),
      { numRuns: 120 },
    );
  });

  it('prototype poisoning in a body is refused whole', async () => {
    const before = await rows(users);
    const res = await postRaw(
      ctx.t.app,
      '/api/auth/register',
      '{"name":"Pessoa Teste","email":"poison@ex.com","password":"segredo123","__proto__":{"role":"admin"}}',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(await rows(users)).toBe(before);
  });

  it('sign-in, recovery, profile and password change: never 5xx, 400 with fields for what the schemas refuse', async () => {
    const routes = [
      { method: 'POST' as const, url: '/api/auth/login', auth: false },
      { method: 'POST' as const, url: '/api/auth/forgot-password', auth: false },
      { method: 'POST' as const, url: '/api/auth/reset-password', auth: false },
      { method: 'PUT' as const, url: '/api/users/profile', auth: true },
      { method: 'POST' as const, url: '/api/users/change-password', auth: true },
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.oneof(account, junk), async (route, body) => {
        const res = await ctx.t.app.inject({
          method: route.method,
          url: route.url,
          payload: body === undefined ? undefined : JSON.stringify(body),
          headers: { 'content-type': 'application/json', ...(route.auth ? ctx.me.auth : {}) },
        });
        expect(res.statusCode, `${route.url} ${res.body.slice(0, 300)}`).toBeLessThan(500);
        if (route.url === '/api/auth/login' && !loginSchema.safeParse(body).success) expect(res.statusCode).toBe(400);
        if (res.statusCode === 400) expect(res.json().error.code).toBe('VALIDATION_ERROR');
      }),
      { numRuns: 150 },
    );
    // The profile is still readable and whole.
    const profile = await ctx.t.app.inject({ method: 'GET', url: '/api/users/profile', headers: ctx.me.auth });
    expect(profile.statusCode).toBe(200);
  });
});
