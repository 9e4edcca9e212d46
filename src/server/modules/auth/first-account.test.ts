import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildRegistration, createAccount } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the admin role at sign-up', () => {
  it('is refused to everyone after the first account, even when that account is not an admin', async () => {
    const first = await createAccount(t.app, { role: 'user' });
    expect(first.user.role).toBe('user');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: buildRegistration({ role: 'admin' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ role: 'Perfil inválido' });
  });

  it('two simultaneous sign-ups of a new installation: at most one admin', async () => {
    const fresh = await createTestApp();
    try {
      const results = await Promise.all(
        [1, 2, 3].map(() => fresh.app.inject({ method: 'POST', url: '/api/auth/register', payload: buildRegistration({ role: 'admin' }) })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    } finally {
      await fresh.close();
    }
  });
});

describe('GET /api/auth/registration', () => {
  it('offers the admin role only while the installation has no account', async () => {
    const fresh = await createTestApp();
    try {
      const before = await fresh.app.inject({ method: 'GET', url: '/api/auth/registration' });
      expect(before.statusCode).toBe(200);
      expect(before.headers['cache-control']).toBe('no-store');
      expect(before.json()).toEqual({ adminAvailable: true });
      await createAccount(fresh.app, { role: 'consultor' });
      const after = await fresh.app.inject({ method: 'GET', url: '/api/auth/registration' });
      expect(after.json()).toEqual({ adminAvailable: false });
    } finally {
      await fresh.close();
    }
  });
});
