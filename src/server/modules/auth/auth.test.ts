import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema.js';
import { buildRegistration, createAccount, eventually, refreshCookieOf } from '../../test/factories.js';
import { AccessTokens } from './tokens.js';
import { authTestApp } from './auth.test-helper.js';

const { ctx, post, profile } = authTestApp({ authLimitPerEmail: 10, authLimitPerIp: 1000 }, 'admin@exemplo.com.br');

describe('POST /api/auth/register', () => {
  it('creates the account with role and company, signs in, and sets the refresh cookie', async () => {
    const body = buildRegistration({ role: 'consultor', company: 'Campo Forte', email: '  Maria.Silva@Exemplo.com.BR ' });
    const res = await post('/api/auth/register', body);
    expect(res.statusCode).toBe(201);
    const { user, token } = res.json();
    expect(user).toMatchObject({ name: body.name, email: 'maria.silva@exemplo.com.br', role: 'consultor', company: 'Campo Forte' });
    expect(Object.keys(user).sort()).toEqual(['company', 'createdAt', 'email', 'id', 'name', 'role']);
    expect(new Date(user.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(typeof token).toBe('string');
    const cookie = res.cookies.find((c) => c.name === 'ga_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth', maxAge: 604800 });
    expect((await profile(token)).json().user.email).toBe('maria.silva@exemplo.com.br');
  });

  it('never stores or returns the password', async () => {
    const a = await createAccount(ctx.t.app, { password: 'minha-senha-123' });
    const [row] = await ctx.t.db.database.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(a.user)).not.toContain('minha-senha-123');
  });

  it('refuses an e-mail already registered, ignoring case and spaces', async () => {
    const a = await createAccount(ctx.t.app);
    const res = await post('/api/auth/register', buildRegistration({ email: ` ${a.user.email.toUpperCase()} ` }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CONFLICT', message: 'Este email já está cadastrado' });
  });

  it('refuses admin after the first account, and unknown roles', async () => {
    for (const role of ['admin', 'pesquisador']) {
      const res = await post('/api/auth/register', { ...buildRegistration(), role });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ role: 'Perfil inválido' });
    }
  });

  it('validates with the sign-up form messages', async () => {
    const res = await post('/api/auth/register', { name: 'A', email: 'sem-arroba', password: '123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      name: 'O nome deve ter pelo menos 2 caracteres',
      email: 'Por favor, insira um email válido',
      password: 'A senha deve ter pelo menos 6 caracteres',
    });
    const empty = await post('/api/auth/register', {});
    expect(empty.json().error.fields.name).toBe('Por favor, preencha todos os campos obrigatórios');
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password', async () => {
    const a = await createAccount(ctx.t.app);
    const res = await post('/api/auth/login', { email: a.user.email.toUpperCase(), password: a.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(a.user.id);
    expect(refreshCookieOf(res)).toBeTruthy();
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const a = await createAccount(ctx.t.app);
    const wrong = await post('/api/auth/login', { email: a.user.email, password: 'errada-123' });
    const unknown = await post('/api/auth/login', { email: 'ninguem@exemplo.com.br', password: 'errada-123' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Email ou senha incorretos' } });
    }
  });

  it('requires both fields', async () => {
    const res = await post('/api/auth/login', { email: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      email: 'Por favor, preencha todos os campos',
      password: 'Por favor, preencha todos os campos',
    });
  });
});

describe('access tokens', () => {
  it('rejects missing, malformed, expired, tampered, foreign-key and alg:none tokens', async () => {
    const a = await createAccount(ctx.t.app);
    const expired = await new AccessTokens(ctx.t.config.jwtSecret).sign({ userId: a.user.id, sessionVersion: 0 }, -60);
    const foreign = await new AccessTokens('outra-chave-outra-chave-outra-chave-123').sign({ userId: a.user.id, sessionVersion: 0 });
    const [h, p, s] = a.token.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tampered = [h, Buffer.from(JSON.stringify({ ...payload, sub: crypto.randomUUID() })).toString('base64url'), s].join('.');
    const none = [Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url'), p, ''].join('.');
    const hs512 = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(a.user.id)
      .sign(new TextEncoder().encode(ctx.t.config.jwtSecret));

    expect((await ctx.t.app.inject({ method: 'GET', url: '/api/users/profile' })).statusCode).toBe(401);
    for (const token of ['abc', expired, foreign, tampered, none, hs512]) {
      const res = await profile(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
    expect((await profile(a.token)).statusCode).toBe(200);
  });

  it('stops working when the account is deleted', async () => {
    const a = await createAccount(ctx.t.app);
    await ctx.t.db.database.db.delete(users).where(eq(users.id, a.user.id));
    expect((await profile(a.token)).statusCode).toBe(401);
  });
});

describe('refresh tokens', () => {
  it('rotate on every refresh', async () => {
    const a = await createAccount(ctx.t.app);
    const res = await post('/api/auth/refresh', undefined, {}, { ga_refresh: a.refreshCookie });
    expect(res.statusCode).toBe(200);
    const next = refreshCookieOf(res);
    expect(next).toBeTruthy();
    expect(next).not.toBe(a.refreshCookie);
    expect((await profile(res.json().token)).statusCode).toBe(200);
    const again = await post('/api/auth/refresh', undefined, {}, { ga_refresh: next! });
    expect(again.statusCode).toBe(200);
  });

  it('reuse of a rotated token after its successor was used revokes the whole family', async () => {
    const a = await createAccount(ctx.t.app);
    const first = await post('/api/auth/refresh', undefined, {}, { ga_refresh: a.refreshCookie });
    const second = await post('/api/auth/refresh', undefined, {}, { ga_refresh: refreshCookieOf(first)! });
    const current = refreshCookieOf(second)!;
    const replay = await post('/api/auth/refresh', undefined, {}, { ga_refresh: a.refreshCookie });
    expect(replay.statusCode).toBe(401);
    // The thief's replay also killed the legitimate holder's current token.
    expect((await post('/api/auth/refresh', undefined, {}, { ga_refresh: current })).statusCode).toBe(401);
  });

  it('without a cookie, or with an unknown or expired one, answers 401', async () => {
    expect((await post('/api/auth/refresh')).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', undefined, {}, { ga_refresh: 'inventado' })).statusCode).toBe(401);
    const a = await createAccount(ctx.t.app);
    await ctx.t.db.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.userId, a.user.id));
    expect((await post('/api/auth/refresh', undefined, {}, { ga_refresh: a.refreshCookie })).statusCode).toBe(401);
  });

  it('logout revokes them', async () => {
    const a = await createAccount(ctx.t.app);
    const login2 = await post('/api/auth/login', { email: a.user.email, password: a.password });
    const out = await post('/api/auth/logout', undefined, a.auth, { ga_refresh: a.refreshCookie });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'ga_refresh')?.value).toBe('');
    for (const cookie of [a.refreshCookie, refreshCookieOf(login2)!]) {
      expect((await post('/api/auth/refresh', undefined, {}, { ga_refresh: cookie })).statusCode).toBe(401);
    }
  });

  it('logout with only the cookie (expired access token) still revokes', async () => {
    const a = await createAccount(ctx.t.app);
    expect((await post('/api/auth/logout', undefined, {}, { ga_refresh: a.refreshCookie })).statusCode).toBe(204);
    expect((await post('/api/auth/refresh', undefined, {}, { ga_refresh: a.refreshCookie })).statusCode).toBe(401);
  });
});

describe('password recovery', () => {
  const lastMailTo = (email: string) => ctx.t.app.ctx.mailer.outbox.filter((m) => m.to === email).at(-1);
  const tokenOf = (text: string) => /reset-password\?token=([\w-]+)/.exec(text)?.[1];

  it('answers 202 whether or not the address exists, and mails only real accounts', async () => {
    const a = await createAccount(ctx.t.app);
    const before = ctx.t.app.ctx.mailer.outbox.length;
    const known = await post('/api/auth/forgot-password', { email: a.user.email });
    const unknown = await post('/api/auth/forgot-password', { email: 'nao-existe@exemplo.com.br' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    const mail = await eventually(() => lastMailTo(a.user.email));
    expect(mail.text).toContain('http://localhost:3000/reset-password?token=');
    await new Promise((r) => setTimeout(r, 100));
    expect(ctx.t.app.ctx.mailer.outbox.length).toBe(before + 1);
  });

  it('resets with a single-use token, revoking sessions', async () => {
    const a = await createAccount(ctx.t.app);
    await post('/api/auth/forgot-password', { email: a.user.email });
    const token = tokenOf((await eventually(() => lastMailTo(a.user.email))).text)!;
    const res = await post('/api/auth/reset-password', { token, password: 'nova-senha-456' });
    expect(res.statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: a.user.email, password: 'nova-senha-456' })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: a.user.email, password: a.password })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', undefined, {}, { ga_refresh: a.refreshCookie })).statusCode).toBe(401);
    const reused = await post('/api/auth/reset-password', { token, password: 'outra-senha-789' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.fields.token).toBe('Link de recuperação inválido ou expirado. Solicite um novo.');
  });

  it('refuses an expired token', async () => {
    const a = await createAccount(ctx.t.app);
    await post('/api/auth/forgot-password', { email: a.user.email });
    const token = tokenOf((await eventually(() => lastMailTo(a.user.email))).text)!;
    await ctx.t.db.database.db.execute(sql`update password_reset_tokens set expires_at = now() - interval '1 minute'`);
    expect((await post('/api/auth/reset-password', { token, password: 'nova-senha-456' })).statusCode).toBe(400);
  });

  it('validates the new password', async () => {
    const res = await post('/api/auth/reset-password', { token: 'x', password: '12' });
    expect(res.json().error.fields.password).toBe('A senha deve ter pelo menos 6 caracteres');
  });
});

describe('profile', () => {
  it('updates name, e-mail and company', async () => {
    const a = await createAccount(ctx.t.app);
    const res = await ctx.t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: a.auth,
      payload: { name: 'Novo Nome', email: 'Novo.Email@Exemplo.com.br', company: '', currentPassword: a.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ name: 'Novo Nome', email: 'novo.email@exemplo.com.br', company: null, role: 'user' });
  });

  it('lets a non-admin send their own role but not change it', async () => {
    const a = await createAccount(ctx.t.app, { role: 'consultor' });
    const same = await ctx.t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: a.auth, payload: { role: 'consultor' } });
    expect(same.statusCode).toBe(200);
    for (const role of ['admin', 'user']) {
      const res = await ctx.t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: a.auth, payload: { role } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ role: 'Perfil inválido' });
    }
    expect((await profile(a.token)).json().user.role).toBe('consultor');
  });
});

describe('change password', () => {
  it('changes it, revokes other sessions and keeps this one', async () => {
    const a = await createAccount(ctx.t.app);
    const res = await post('/api/users/change-password', { currentPassword: a.password, newPassword: 'nova-senha-1' }, a.auth);
    expect(res.statusCode).toBe(204);
    expect((await post('/api/auth/refresh', undefined, {}, { ga_refresh: a.refreshCookie })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', undefined, {}, { ga_refresh: refreshCookieOf(res)! })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: a.user.email, password: 'nova-senha-1' })).statusCode).toBe(200);
  });
});

describe('admin', () => {
  it('lists users and changes roles; others get 403', async () => {
    const admin = await post('/api/auth/login', { email: 'admin@exemplo.com.br', password: 'senha-segura-1' });
    const adminAuth = { authorization: `Bearer ${admin.json().token}` };
    const a = await createAccount(ctx.t.app);

    expect((await ctx.t.app.inject({ method: 'GET', url: '/api/users', headers: a.auth })).statusCode).toBe(403);
    const forbidden = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/users/${a.user.id}/role`,
      headers: a.auth,
      payload: { role: 'admin' },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error).toEqual({ code: 'FORBIDDEN', message: 'Acesso negado' });

    const list = await ctx.t.app.inject({ method: 'GET', url: '/api/users', headers: adminAuth });
    expect(list.json().users.map((u: { id: string }) => u.id)).toContain(a.user.id);

    const promoted = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/users/${a.user.id}/role`,
      headers: adminAuth,
      payload: { role: 'consultor' },
    });
    expect(promoted.json().user.role).toBe('consultor');
    // Takes effect at once: the user's current access token ends, a refresh carries the new role.
    expect((await profile(a.token)).statusCode).toBe(401);
    const refreshed = await post('/api/auth/refresh', undefined, {}, { ga_refresh: a.refreshCookie });
    expect(refreshed.json().user.role).toBe('consultor');
    expect((await profile(refreshed.json().token)).json().user.role).toBe('consultor');

    const bad = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/users/${a.user.id}/role`,
      headers: adminAuth,
      payload: { role: 'chefe' },
    });
    expect(bad.json().error.fields).toEqual({ role: 'Perfil inválido' });
    for (const id of [crypto.randomUUID(), 'nao-e-uuid']) {
      const res = await ctx.t.app.inject({ method: 'PUT', url: `/api/users/${id}/role`, headers: adminAuth, payload: { role: 'user' } });
      expect(res.statusCode).toBe(404);
    }
  });

  it('never leaves the installation without an admin', async () => {
    const admin = await post('/api/auth/login', { email: 'admin@exemplo.com.br', password: 'senha-segura-1' });
    const adminId = admin.json().user.id;
    const res = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/users/${adminId}/role`,
      headers: { authorization: `Bearer ${admin.json().token}` },
      payload: { role: 'user' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('É necessário manter pelo menos um administrador.');
  });
});
