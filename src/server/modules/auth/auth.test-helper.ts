/** The app and the requests the auth test files share (auth, sessions, sign-out-token). */
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createAccount } from '../../test/factories.js';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A private app for the file with the sign-in limits given and its first account, the admin,
 * signed up as `adminEmail`; `ctx.t` is filled in beforeAll. The helpers send as a client would.
 */
export function authTestApp(limits: { authLimitPerEmail: number; authLimitPerIp: number }, adminEmail: string) {
  const ctx = {} as { t: TestApp };
  beforeAll(async () => {
    ctx.t = await createTestApp({ config: limits });
    await createAccount(ctx.t.app, { role: 'admin', email: adminEmail });
  });
  afterAll(() => ctx.t.close());
  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}, cookies?: Record<string, string>) =>
    ctx.t.app.inject({ method: 'POST', url, payload: payload as object, headers, ...(cookies ? { cookies } : {}) });
  const profile = (token: string) => ctx.t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
  const refresh = (cookie: string) => post('/api/auth/refresh', undefined, {}, { ga_refresh: cookie });
  return { ctx, post, profile, refresh };
}
