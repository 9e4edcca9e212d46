/**
 * The sign-out token (docs/security.md, "Sair" offline): sign-in, sign-up and refresh hand one
 * out; it is not an access token; as the bearer of POST /api/auth/logout it ends its user's
 * sessions even when the refresh cookie of the device now belongs to someone else, and only while
 * its session version is the user's.
 */
import { describe, expect, it } from 'vitest';
import { type Account, createAccount, refreshCookieOf } from '../../test/factories.js';
import { authTestApp, bearer } from './auth.test-helper.js';

const { ctx, post, profile, refresh } = authTestApp({ authLimitPerEmail: 1000, authLimitPerIp: 1000 }, 'admin.saida@exemplo.com.br');

/** A sign-in as a client sees it: access token, sign-out token, refresh cookie. */
async function signIn(a: Account) {
  const res = await post('/api/auth/login', { email: a.user.email, password: a.password });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { token: string; signOutToken: string };
  return { token: body.token, signOutToken: body.signOutToken, cookie: refreshCookieOf(res)! };
}

/** POST /api/auth/logout with a sign-out token as the bearer (and the device's cookies): its status. */
const signOut = async (signOutToken: string, cookies?: Record<string, string>) =>
  (await post('/api/auth/logout', undefined, bearer(signOutToken), cookies)).statusCode;

/** Whether a device's session still works: its access token, then its refresh cookie, answer `status`. */
async function expectSession(device: { token: string; cookie: string }, status: 200 | 401) {
  expect((await profile(device.token)).statusCode).toBe(status);
  expect((await refresh(device.cookie)).statusCode).toBe(status);
}

describe('sign-out token', () => {
  it('comes with sign-up, sign-in and refresh, and is not an access token', async () => {
    const register = await post('/api/auth/register', {
      name: 'Pessoa Saída',
      email: 'pessoa.saida@exemplo.com.br',
      password: 'senha-segura-1',
      role: 'user',
    });
    expect(register.statusCode).toBe(201);
    expect(register.json().signOutToken).toEqual(expect.any(String));
    const a = await createAccount(ctx.t.app);
    const s = await signIn(a);
    expect(s.signOutToken).not.toBe(s.token);
    const renewed = await refresh(s.cookie);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().signOutToken).toEqual(expect.any(String));
    // It opens nothing: the API refuses it as a bearer.
    const res = await profile(s.signOutToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  it('as the bearer of logout, without the cookie, ends the access tokens and the refresh family', async () => {
    const a = await createAccount(ctx.t.app);
    const s = await signIn(a);
    expect((await profile(s.token)).statusCode).toBe(200);
    expect(await signOut(s.signOutToken)).toBe(204);
    await expectSession(s, 401);
    await expectSession({ token: a.token, cookie: a.refreshCookie }, 401);
  });

  it('ends the old user only, when the cookie sent with it is the next user’s', async () => {
    const a = await createAccount(ctx.t.app);
    const b = await createAccount(ctx.t.app);
    const sa = await signIn(a);
    const sb = await signIn(b);
    expect(await signOut(sa.signOutToken, { ga_refresh: sb.cookie })).toBe(204);
    await expectSession(sa, 401);
    await expectSession(sb, 200);
  });

  it('ends nothing once its sessions were ended: a later sign-in survives the old token', async () => {
    const a = await createAccount(ctx.t.app);
    const first = await signIn(a);
    expect(await signOut(first.signOutToken)).toBe(204);
    const again = await signIn(a);
    expect(await signOut(first.signOutToken)).toBe(204);
    await expectSession(again, 200);
  });

  it('a tampered or foreign bearer ends nothing and still answers 204', async () => {
    const a = await createAccount(ctx.t.app);
    const s = await signIn(a);
    const [h, p] = s.signOutToken.split('.');
    for (const bad of [`${h}.${p}.forged`, 'not-a-token', `${s.signOutToken}x`]) {
      expect(await signOut(bad)).toBe(204);
    }
    await expectSession(s, 200);
  });
});
