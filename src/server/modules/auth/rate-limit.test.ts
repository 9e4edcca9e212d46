import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../app.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildRegistration, createAccount, eventually, refreshCookieOf } from '../../test/factories.js';
import { AttemptCounter } from './rate-limit.js';
import { sha256 } from './tokens.js';

// Per (e-mail, address) 3, per address 40, per account across addresses 30.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { authLimitPerEmail: 3, authLimitPerIp: 40 } });
});
afterAll(() => t.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

describe('sign-in limits', () => {
  it('per (e-mail, address): over the limit answers 429 with a pt-BR message, even with the right password', async () => {
    const a = await createAccount(t.app);
    for (let i = 0; i < 3; i++) expect((await login(a.user.email, 'errada-1', '10.1.0.1')).statusCode).toBe(401);
    const blocked = await login(a.user.email, a.password, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
    });
    const wait = Number(blocked.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
  });

  it('does not lock the owner out: another address signs in while the first is refused', async () => {
    const a = await createAccount(t.app);
    for (let i = 0; i < 4; i++) await login(a.user.email, 'errada-1', '10.5.0.1');
    expect((await login(a.user.email, a.password, '10.5.0.1')).statusCode).toBe(429);
    expect((await login(a.user.email, a.password, '10.5.0.2')).statusCode).toBe(200);
  });

  it('across addresses, a ceiling ten times looser bounds guessing; the owner at a known address is not refused; a reset starts it over', async () => {
    const a = await createAccount(t.app);
    expect((await login(a.user.email, a.password, '10.6.0.1')).statusCode).toBe(200); // the owner's usual address
    // 30 guesses over 10 addresses = the ceiling of 30 (the owner's correct sign-in does not count).
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await login(a.user.email, 'errada-1', `10.6.1.${10 + (i % 10)}`)).statusCode);
    expect(statuses).toEqual(Array<number>(30).fill(401));
    expect((await login(a.user.email, 'errada-1', '10.6.2.1')).statusCode).toBe(429);
    expect((await login(a.user.email, a.password, '10.6.2.2')).statusCode).toBe(429);
    expect((await login(a.user.email, a.password, '10.6.0.1')).statusCode).toBe(200);

    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: a.user.email }, remoteAddress: '10.6.3.1' });
    const mail = await eventually(() => t.app.ctx.mailer.outbox.filter((m) => m.to === a.user.email).at(-1));
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text)?.[1] ?? '';
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'nova-senha-456' } });
    expect(reset.statusCode).toBe(200);
    expect((await login(a.user.email, 'nova-senha-456', '10.6.2.3')).statusCode).toBe(200);
  });

  it('per address, across e-mails', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 40; i++) expect((await login(`x${i}@exemplo.com.br`, 'errada-1', ip)).statusCode).toBe(401);
    expect((await login('outro@exemplo.com.br', 'errada-1', ip)).statusCode).toBe(429);
  });

  // About 70 password checks (argon2id): far below this test's own time-out even on a busy machine.
  it(
    'correct sign-ins do not count: 3 colleagues behind one address sign in 40 times; the 31st wrong one is refused',
    { timeout: 180_000 },
    async () => {
      // The default limits: 30 per address, 10 per (e-mail, address).
      const app = await buildApp({
        config: { ...t.config, authLimitPerIp: 30, authLimitPerEmail: 10 },
        database: t.db.database,
        logger: false,
      });
      onTestFinished(() => app.close());
      const office = (email: string, password: string) =>
        app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: '10.11.0.1' });
      const colleagues = [await createAccount(app), await createAccount(app), await createAccount(app)];
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const c = colleagues[i % 3]!;
        statuses.push((await office(c.user.email, c.password)).statusCode);
      }
      expect(statuses).toEqual(Array<number>(40).fill(200));
      // Failures from the same address still count, per address across e-mails.
      for (let i = 0; i < 30; i++) expect((await office(`y${i}@exemplo.com.br`, 'errada-1')).statusCode).toBe(401);
      const refused = await office('outro.y@exemplo.com.br', 'errada-1');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // And a colleague's correct password from there now meets the address limit too (the attack is on).
      expect((await office(colleagues[0]!.user.email, colleagues[0]!.password)).statusCode).toBe(429);
    },
  );

  it('a successful sign-in clears the (e-mail, address) counter', async () => {
    const a = await createAccount(t.app);
    await login(a.user.email, 'errada-1', '10.3.0.1');
    await login(a.user.email, 'errada-1', '10.3.0.1');
    expect((await login(a.user.email, a.password, '10.3.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login(a.user.email, 'errada-1', '10.3.0.1')).statusCode).toBe(401);
    expect((await login(a.user.email, 'errada-1', '10.3.0.1')).statusCode).toBe(429);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const a = await createAccount(t.app);
    for (let i = 1; i <= 3; i++) expect((await login(a.user.email, 'errada-1', `2001:db8:7:7::${i}`)).statusCode).toBe(401);
    expect((await login(a.user.email, 'errada-1', '2001:db8:7:7::ffff')).statusCode).toBe(429);
  });

  it('parallel attempts racing on one key never get past the limit', async () => {
    const a = await createAccount(t.app);
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () => login(a.user.email, 'errada-1', '10.7.0.1').then((r) => r.statusCode)),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
  });

  it('survive a restart: the counters are in the database', async () => {
    const a = await createAccount(t.app);
    for (let i = 0; i < 3; i++) await login(a.user.email, 'errada-1', '10.8.0.1');
    const restarted = await buildApp({ config: t.config, database: t.db.database, logger: false });
    try {
      const res = await restarted.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: a.user.email, password: a.password },
        remoteAddress: '10.8.0.1',
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await restarted.close();
    }
  });
});

describe('AttemptCounter.undo', () => {
  it('takes back one count in the window it was counted in, and never from a window that started over', async () => {
    const counter = new AttemptCounter(t.db.database.db);
    const [first] = await counter.hit(['undo:a'], 60);
    await counter.hit(['undo:a'], 60);
    await counter.undo([first!]);
    expect(await counter.peek('undo:a')).toBe(1);
    // The window ends and a new one starts: the old attempt is not taken from it.
    const [old] = await counter.hit(['undo:a'], 60);
    await t.db.database.db.execute(sql`update rate_limits set window_end = now() - interval '1 second' where key = ${sha256('undo:a')}`);
    await counter.hit(['undo:a'], 60);
    await counter.undo([old!]);
    expect(await counter.peek('undo:a')).toBe(1);
  });
});

describe('recovery and sign-up limits', () => {
  it('forgot-password is limited per e-mail', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'alvo@exemplo.com.br' },
        remoteAddress: `10.4.0.${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
  });

  it('sign-up is limited per address; the 409 for a taken e-mail stays', async () => {
    const taken = await createAccount(t.app);
    const app = await buildApp({ config: { ...t.config, signupLimitPerIp: 4 }, database: t.db.database, logger: false });
    onTestFinished(() => app.close());
    const signUp = (email: string) =>
      app.inject({ method: 'POST', url: '/api/auth/register', payload: buildRegistration({ email }), remoteAddress: '10.9.0.1' });
    const dup = await signUp(taken.user.email);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('Este email já está cadastrado');
    for (let i = 0; i < 3; i++) expect((await signUp(`novo${i}.${Date.now()}@exemplo.com.br`)).statusCode).toBe(201);
    const refused = await signUp(`mais.${Date.now()}@exemplo.com.br`);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: buildRegistration(),
      remoteAddress: '10.9.0.2',
    });
    expect(other.statusCode).toBe(201);
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ config: { authLimitPerEmail: 2, trustProxy: ['127.0.0.1'] } });
  });
  afterAll(() => proxied.close());

  const via = (forwardedFor: string, remoteAddress: string, payload: object) =>
    proxied.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https' },
    });

  it('counts per client address from X-Forwarded-For set by a trusted proxy, and ignores it from anyone else', async () => {
    const a = await createAccount(proxied.app);
    const wrong = { email: a.user.email, password: 'errada-1' };
    for (let i = 0; i < 2; i++) expect((await via('198.51.100.1', '127.0.0.1', wrong)).statusCode).toBe(401);
    expect((await via('198.51.100.1', '127.0.0.1', wrong)).statusCode).toBe(429);
    expect((await via('198.51.100.2', '127.0.0.1', { email: a.user.email, password: a.password })).statusCode).toBe(200);
    // Not from the proxy: the header is the client's own claim and does not count.
    for (let i = 0; i < 2; i++) expect((await via(`198.51.100.${10 + i}`, '10.10.0.1', wrong)).statusCode).toBe(401);
    expect((await via('198.51.100.99', '10.10.0.1', wrong)).statusCode).toBe(429);
  });

  it('marks the refresh cookie Secure when the proxy says the client used https', async () => {
    const a = await createAccount(proxied.app);
    const res = await via('198.51.100.3', '127.0.0.1', { email: a.user.email, password: a.password });
    expect(res.statusCode).toBe(200);
    expect(refreshCookieOf(res)).toBeTruthy();
    expect(res.cookies.find((c) => c.name === 'ga_refresh')?.secure).toBe(true);
    const direct = await proxied.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: a.user.email, password: a.password },
      remoteAddress: '10.10.0.2',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(direct.cookies.find((c) => c.name === 'ga_refresh')?.secure).toBeFalsy();
  });
});
