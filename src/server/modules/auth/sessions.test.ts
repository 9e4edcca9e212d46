/**
 * Sessions that end when they should (docs/decisions/009): the session version
 * in access tokens, the current password and a notice for e-mail and password changes, and the
 * refresh grace for a second tab.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema.js';
import { type Account, createAccount, eventually, refreshCookieOf } from '../../test/factories.js';
import { REFRESH_REPLAY_GRACE_SECONDS } from './service.js';
import { authTestApp, bearer } from './auth.test-helper.js';

const { ctx, post, profile, refresh } = authTestApp({ authLimitPerEmail: 1000, authLimitPerIp: 1000 }, 'admin.sessoes@exemplo.com.br');

const putProfile = (token: string, payload: Record<string, unknown>) =>
  ctx.t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: bearer(token), payload });
/** The admin sets `a`'s role. */
const setRole = async (a: Account, role: string) =>
  ctx.t.app.inject({ method: 'PUT', url: `/api/users/${a.user.id}/role`, headers: bearer(await adminToken()), payload: { role } });
const login = (a: Account, email = a.user.email, password = a.password) => post('/api/auth/login', { email, password });
const mailsTo = (email: string) => ctx.t.app.ctx.mailer.outbox.filter((m) => m.to === email);

/** A second device of the same account: its own access token and refresh family. */
async function secondDevice(a: Account) {
  const res = await login(a);
  expect(res.statusCode).toBe(200);
  return { token: res.json().token as string, cookie: refreshCookieOf(res)! };
}

async function adminToken(): Promise<string> {
  const res = await post('/api/auth/login', { email: 'admin.sessoes@exemplo.com.br', password: 'senha-segura-1' });
  return res.json().token as string;
}

describe('session version: access tokens issued before stop working at once', () => {
  it('logout ends the access tokens of every device', async () => {
    const a = await createAccount(ctx.t.app);
    const other = await secondDevice(a);
    expect((await profile(other.token)).statusCode).toBe(200);
    expect((await post('/api/auth/logout', undefined, a.auth, { ga_refresh: a.refreshCookie })).statusCode).toBe(204);
    for (const token of [a.token, other.token]) {
      const res = await profile(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
    // Signing in again works, with a token of the new version.
    expect((await profile((await login(a)).json().token)).statusCode).toBe(200);
  });

  it('logout with only the refresh cookie (expired access token) ends them too', async () => {
    const a = await createAccount(ctx.t.app);
    expect((await post('/api/auth/logout', undefined, {}, { ga_refresh: a.refreshCookie })).statusCode).toBe(204);
    expect((await profile(a.token)).statusCode).toBe(401);
  });

  it('a password reset ends them', async () => {
    const a = await createAccount(ctx.t.app);
    await post('/api/auth/forgot-password', { email: a.user.email });
    const mail = await eventually(() => mailsTo(a.user.email).find((m) => m.text.includes('reset-password?token=')));
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text)?.[1];
    expect((await post('/api/auth/reset-password', { token, password: 'redefinida-123' })).statusCode).toBe(200);
    expect((await profile(a.token)).statusCode).toBe(401);
  });

  it('a role change by an admin ends them; a refresh brings the new role', async () => {
    const a = await createAccount(ctx.t.app);
    const res = await setRole(a, 'consultor');
    expect(res.statusCode).toBe(200);
    expect((await profile(a.token)).statusCode).toBe(401);
    const refreshed = await refresh(a.refreshCookie);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().user.role).toBe('consultor');
    expect((await profile(refreshed.json().token)).statusCode).toBe(200);
  });

  it('setting the same role, or a name or company change, ends nothing', async () => {
    const a = await createAccount(ctx.t.app);
    const same = await setRole(a, 'user');
    expect(same.statusCode).toBe(200);
    const renamed = await putProfile(a.token, { name: 'Outro Nome', company: 'Outra', email: a.user.email });
    expect(renamed.statusCode).toBe(200);
    expect(refreshCookieOf(renamed)).toBeUndefined();
    expect((await profile(a.token)).statusCode).toBe(200);
  });

  it('a token without a session version (issued before versions existed) is refused', async () => {
    const a = await createAccount(ctx.t.app);
    const { SignJWT } = await import('jose');
    const legacy = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(a.user.id)
      .setIssuer('gestao-agricola')
      .setAudience('gestao-agricola-api')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(ctx.t.config.jwtSecret));
    expect((await profile(legacy)).statusCode).toBe(401);
  });

  it('a version bumped by another server (straight in the database) ends the token on the next request', async () => {
    const a = await createAccount(ctx.t.app);
    await ctx.t.db.database.db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, a.user.id));
    expect((await profile(a.token)).statusCode).toBe(401);
  });
});

describe('changing the e-mail', () => {
  it('needs the current password: missing or wrong answers 400 with fields.currentPassword, nothing changes', async () => {
    const a = await createAccount(ctx.t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Informe a senha atual para alterar o email'],
      [{ currentPassword: '' }, 'Informe a senha atual para alterar o email'],
      [{ currentPassword: 'errada-999' }, 'Senha atual incorreta'],
    ];
    for (const [extra, message] of cases) {
      const res = await putProfile(a.token, { email: 'outro.endereco@exemplo.com.br', name: 'Não Muda', ...extra });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: 'VALIDATION_ERROR', message, fields: { currentPassword: message } });
    }
    const now = (await profile(a.token)).json().user;
    expect(now).toMatchObject({ email: a.user.email, name: a.user.name });
    expect(mailsTo(a.user.email)).toHaveLength(0);
  });

  it('tells the old address, ends every other session and keeps this one signed in', async () => {
    const a = await createAccount(ctx.t.app, { name: 'Ana Produtora' });
    const other = await secondDevice(a);
    const res = await putProfile(a.token, { email: ' Nova.Ana@Exemplo.com.br ', currentPassword: a.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('nova.ana@exemplo.com.br');

    const notice = await eventually(() => mailsTo(a.user.email)[0]);
    expect(notice.subject).toBe('Gestão Agrícola: o email da sua conta foi alterado');
    expect(notice.text).toContain('Ana Produtora');
    expect(notice.text).toContain(`de ${a.user.email} para nova.ana@exemplo.com.br`);
    expect(notice.html).not.toContain('<script');
    expect(mailsTo('nova.ana@exemplo.com.br')).toHaveLength(0);

    // Every access token issued before (this device's too) and every other refresh family end.
    for (const token of [a.token, other.token]) expect((await profile(token)).statusCode).toBe(401);
    for (const cookie of [a.refreshCookie, other.cookie]) expect((await refresh(cookie)).statusCode).toBe(401);
    // This device: a fresh cookie, and the access token it refreshes to works.
    const fresh = refreshCookieOf(res);
    expect(fresh).toBeTruthy();
    const refreshed = await refresh(fresh!);
    expect(refreshed.statusCode).toBe(200);
    expect((await profile(refreshed.json().token)).json().user.email).toBe('nova.ana@exemplo.com.br');
    expect((await login(a, 'nova.ana@exemplo.com.br')).statusCode).toBe(200);
    expect((await login(a)).statusCode).toBe(401);
  });

  it('an e-mail taken by someone else: 409 and nothing ends', async () => {
    const a = await createAccount(ctx.t.app);
    const b = await createAccount(ctx.t.app);
    const res = await putProfile(a.token, { email: b.user.email, currentPassword: a.password });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Este email já está cadastrado');
    expect((await profile(a.token)).statusCode).toBe(200);
    expect((await refresh(a.refreshCookie)).statusCode).toBe(200);
  });
});

describe('changing the password', () => {
  it('wrong current password: 400, the password and the sessions stay', async () => {
    const a = await createAccount(ctx.t.app);
    const res = await post('/api/users/change-password', { currentPassword: 'errada-999', newPassword: 'nova-senha-77' }, a.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ currentPassword: 'Senha atual incorreta' });
    expect((await profile(a.token)).statusCode).toBe(200);
    expect((await login(a)).statusCode).toBe(200);
  });

  it('tells the address, ends every other session and keeps this one signed in', async () => {
    const a = await createAccount(ctx.t.app, { name: 'Bruno Agrônomo' });
    const other = await secondDevice(a);
    const res = await post('/api/users/change-password', { currentPassword: a.password, newPassword: 'nova-senha-77' }, a.auth);
    expect(res.statusCode).toBe(204);
    const notice = await eventually(() => mailsTo(a.user.email).find((m) => m.subject.includes('senha foi alterada')));
    expect(notice.text).toContain('Bruno Agrônomo');
    expect(notice.text).toContain('Esqueci minha senha');

    for (const token of [a.token, other.token]) expect((await profile(token)).statusCode).toBe(401);
    for (const cookie of [a.refreshCookie, other.cookie]) expect((await refresh(cookie)).statusCode).toBe(401);
    const refreshed = await refresh(refreshCookieOf(res)!);
    expect(refreshed.statusCode).toBe(200);
    expect((await profile(refreshed.json().token)).statusCode).toBe(200);
  });
});

describe('refresh replayed by a second tab', () => {
  it('within the grace window, while the successor is unused: the same successor', async () => {
    const a = await createAccount(ctx.t.app);
    const first = await refresh(a.refreshCookie);
    const second = await refresh(a.refreshCookie);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(refreshCookieOf(second)).toBe(refreshCookieOf(first));
    expect((await profile(second.json().token)).statusCode).toBe(200);
    // The family lives on: the successor rotates as usual.
    expect((await refresh(refreshCookieOf(first)!)).statusCode).toBe(200);
  });

  it('two tabs refreshing at the same instant both stay signed in, with one successor', async () => {
    const a = await createAccount(ctx.t.app);
    const answers = await Promise.all([refresh(a.refreshCookie), refresh(a.refreshCookie), refresh(a.refreshCookie)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((r) => refreshCookieOf(r))).size).toBe(1);
    for (const r of answers) expect((await profile(r.json().token)).statusCode).toBe(200);
    const rows = await ctx.t.db.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, a.user.id));
    expect(rows).toHaveLength(2);
    expect((await refresh(refreshCookieOf(answers[0]!)!)).statusCode).toBe(200);
  });

  it('after the successor was used: theft, 401 and the family revoked', async () => {
    const a = await createAccount(ctx.t.app);
    const successor = refreshCookieOf(await refresh(a.refreshCookie))!;
    const next = refreshCookieOf(await refresh(successor))!;
    const replay = await refresh(a.refreshCookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.cookies.find((c) => c.name === 'ga_refresh')?.value).toBe('');
    expect((await refresh(next)).statusCode).toBe(401);
  });

  it('after the grace window: theft, 401 and the family revoked', async () => {
    const a = await createAccount(ctx.t.app);
    const successor = refreshCookieOf(await refresh(a.refreshCookie))!;
    // The rotation happened just over the grace window ago; the successor is still unused.
    await ctx.t.db.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - (REFRESH_REPLAY_GRACE_SECONDS + 1) * 1000) })
      .where(sql`${refreshTokens.userId} = ${a.user.id} and ${refreshTokens.replacedBy} is not null`);
    expect((await refresh(a.refreshCookie)).statusCode).toBe(401);
    expect((await refresh(successor)).statusCode).toBe(401);
  });

  it('after a sign-out: 401, nothing comes back', async () => {
    const a = await createAccount(ctx.t.app);
    await refresh(a.refreshCookie);
    await post('/api/auth/logout', undefined, {}, { ga_refresh: a.refreshCookie });
    expect((await refresh(a.refreshCookie)).statusCode).toBe(401);
  });

  it('a successor of another family is never handed out (the link is checked against the token)', async () => {
    const a = await createAccount(ctx.t.app);
    const b = await createAccount(ctx.t.app);
    await refresh(a.refreshCookie);
    const bSuccessor = refreshCookieOf(await refresh(b.refreshCookie))!;
    const [bSucc] = await ctx.t.db.database.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(sql`${refreshTokens.userId} = ${b.user.id} and ${refreshTokens.revokedAt} is null`);
    // Point a's rotated token at b's live token, as a corrupted or forged row would.
    await ctx.t.db.database.db.execute(
      sql`update refresh_tokens set replaced_by = ${bSucc!.id} where user_id = ${a.user.id} and replaced_by is not null`,
    );
    const replay = await refresh(a.refreshCookie);
    expect(replay.statusCode).toBe(401);
    expect((await refresh(bSuccessor)).statusCode).toBe(200);
  });
});
