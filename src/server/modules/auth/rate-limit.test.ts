import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createAccount } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { authLimitPerEmail: 3, authLimitPerIp: 6 } });
});
afterAll(() => t.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

describe('rate limits', () => {
  it('per e-mail: over the limit answers 429 with a pt-BR message, even with the right password', async () => {
    const a = await createAccount(t.app);
    for (let i = 0; i < 3; i++) expect((await login(a.user.email, 'errada-1', `10.1.0.${i}`)).statusCode).toBe(401);
    const blocked = await login(a.user.email, a.password, '10.1.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('per IP, across e-mails', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 6; i++) expect((await login(`x${i}@exemplo.com.br`, 'errada-1', ip)).statusCode).toBe(401);
    expect((await login('outro@exemplo.com.br', 'errada-1', ip)).statusCode).toBe(429);
  });

  it('a successful sign-in clears the e-mail counter', async () => {
    const a = await createAccount(t.app);
    await login(a.user.email, 'errada-1', '10.3.0.1');
    await login(a.user.email, 'errada-1', '10.3.0.2');
    expect((await login(a.user.email, a.password, '10.3.0.3')).statusCode).toBe(200);
    expect((await login(a.user.email, 'errada-1', '10.3.0.4')).statusCode).toBe(401);
    expect((await login(a.user.email, 'errada-1', '10.3.0.5')).statusCode).toBe(401);
  });

  it('forgot-password is limited too', async () => {
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
});
