import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { type Account, buildExperiment, buildExperimentUpdate, createAccount, samplePdf, sendMultipart } from '../../test/factories.js';
import { IDEMPOTENCY_MSG } from './idempotency.js';

let t: TestApp;
let owner: Account;
let other: Account;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createAccount(t.app);
  other = await createAccount(t.app);
});
afterAll(() => t.close());

const keyed = (who: Account, key: string) => ({ auth: { ...who.auth, 'idempotency-key': key } });
const pdf = { filename: 'ensaio.pdf', content: samplePdf('idempotente') };
const create = (who: Account, key: string, data: unknown, file: typeof pdf | null = pdf) =>
  sendMultipart(t.app, 'POST', '/api/experiments', keyed(who, key), { data: JSON.stringify(data) }, file ? [file] : []);
const count = async (consultoria: string) => {
  const [row] = await queryRows<{ n: number }>(
    t.db.database.db,
    sql`select count(*)::int as n from experiments where consultoria = ${consultoria}`,
  );
  return row?.n ?? 0;
};

describe('Idempotency-Key on POST /api/experiments', () => {
  it('replays the first answer (status, body, header) and creates nothing more', async () => {
    const key = randomUUID();
    const data = buildExperiment({ consultoria: 'Replay Agro' });
    const first = await create(owner, key, data);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await create(owner, key, data);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await count('Replay Agro')).toBe(1);
    // The stored answer is what a read says too.
    const read = await t.app.inject({ method: 'GET', url: `/api/experiments/${first.json().experiment.id}`, headers: owner.auth });
    expect(read.json().experiment).toEqual(first.json().experiment);
  });

  it('refuses the same key with another body (422, pt-BR), also another PDF', async () => {
    const key = randomUUID();
    const data = buildExperiment({ consultoria: 'Outro Corpo' });
    expect((await create(owner, key, data)).statusCode).toBe(201);
    const changed = await create(owner, key, { ...data, cidade: 'Londrina' });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().error).toMatchObject({ code: 'UNPROCESSABLE', message: IDEMPOTENCY_MSG.reusedKey });
    const otherPdf = await create(owner, key, data, { filename: 'ensaio.pdf', content: samplePdf('outro') });
    expect(otherPdf.statusCode).toBe(422);
    expect(await count('Outro Corpo')).toBe(1);
  });

  it('keys belong to their user: another user with the same key creates their own', async () => {
    const key = randomUUID();
    const data = buildExperiment({ consultoria: 'Chave Compartilhada' });
    expect((await create(owner, key, data)).statusCode).toBe(201);
    const theirs = await create(other, key, data);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('Chave Compartilhada')).toBe(2);
  });

  it('does not store refusals: a corrected request under the same key is created', async () => {
    const key = randomUUID();
    const bad = await create(owner, key, buildExperiment({ consultoria: 'Corrigido Agro', marca: 'Marca Que Não Existe' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('marca');
    const noPdf = await create(owner, key, buildExperiment({ consultoria: 'Corrigido Agro' }), null);
    expect(noPdf.statusCode).toBe(400);
    const good = await create(owner, key, buildExperiment({ consultoria: 'Corrigido Agro' }));
    expect(good.statusCode).toBe(201);
    expect(await count('Corrigido Agro')).toBe(1);
  });

  it('answers 400 for a malformed key, before anything is written', async () => {
    for (const key of ['', 'x'.repeat(101), 'com espaço', 'ação']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/experiments',
        headers: { ...owner.auth, 'idempotency-key': key, 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x--',
      });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().error.fields).toEqual({ 'Idempotency-Key': IDEMPOTENCY_MSG.invalidKey });
    }
    expect((await create(owner, 'k'.repeat(100), buildExperiment({ consultoria: 'Chave Longa' }))).statusCode).toBe(201);
  });

  it('two concurrent requests with one key make one experiment and the same answer', async () => {
    const key = randomUUID();
    const data = buildExperiment({ consultoria: 'Concorrente Agro' });
    const [a, b] = await Promise.all([create(owner, key, data), create(owner, key, data)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.body).toBe(b.body);
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    expect(await count('Concorrente Agro')).toBe(1);
  });

  it('forgets keys after 7 days and deletes them on the next keyed write', async () => {
    const key = randomUUID();
    const data = buildExperiment({ consultoria: 'Chave Antiga' });
    expect((await create(owner, key, data)).statusCode).toBe(201);
    await queryRows(t.db.database.db, sql`update idempotency_keys set created_at = now() - interval '8 days' where key = ${key}`);
    const later = await create(owner, key, data);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('Chave Antiga')).toBe(2);
    const [old] = await queryRows<{ n: number }>(
      t.db.database.db,
      sql`select count(*)::int as n from idempotency_keys where created_at < now() - interval '7 days'`,
    );
    expect(old?.n).toBe(0);
  });

  it('without the header nothing changes: every request creates', async () => {
    const data = buildExperiment({ consultoria: 'Sem Chave' });
    for (let i = 0; i < 2; i++) {
      const res = await sendMultipart(t.app, 'POST', '/api/experiments', owner, { data: JSON.stringify(data) }, [pdf]);
      expect(res.statusCode).toBe(201);
    }
    expect(await count('Sem Chave')).toBe(2);
  });
});

describe('Idempotency-Key on PUT /api/experiments/:id', () => {
  it('replays an update instead of failing on the version it already used', async () => {
    const created = (await create(owner, randomUUID(), buildExperiment({ consultoria: 'Editado Agro' }))).json().experiment;
    const key = randomUUID();
    const body = { data: JSON.stringify(buildExperimentUpdate({ consultoria: 'Editado Agro', cidade: 'Maringá', version: 1 })) };
    const first = await sendMultipart(t.app, 'PUT', `/api/experiments/${created.id}`, keyed(owner, key), body);
    expect(first.statusCode).toBe(200);
    expect(first.json().experiment.version).toBe(2);
    // Without the key this retry would be a 409 (version 1 is stale); with it, the first answer.
    const again = await sendMultipart(t.app, 'PUT', `/api/experiments/${created.id}`, keyed(owner, key), body);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    const stale = await sendMultipart(t.app, 'PUT', `/api/experiments/${created.id}`, owner, body);
    expect(stale.statusCode).toBe(409);
  });

  it('a key used on a create cannot replay on an update', async () => {
    const key = randomUUID();
    const created = (await create(owner, key, buildExperiment({ consultoria: 'Misturado Agro' }))).json().experiment;
    const body = { data: JSON.stringify(buildExperimentUpdate({ consultoria: 'Misturado Agro', version: 1 })) };
    const res = await sendMultipart(t.app, 'PUT', `/api/experiments/${created.id}`, keyed(owner, key), body);
    expect(res.statusCode).toBe(422);
  });
});
