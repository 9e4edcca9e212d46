/**
 * Runs once the server is up, before any journey: the installation's first account becomes its
 * administrator (only the first account may), so that admin journeys have one to sign in with.
 */
import { request } from '@playwright/test';
import { ADMIN } from './fixtures.js';

export default async function globalSetup(): Promise<void> {
  const ctx = await request.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  const res = await ctx.post('/api/auth/register', {
    data: { name: ADMIN.name, email: ADMIN.email, password: ADMIN.password, role: 'admin' },
  });
  if (res.status() !== 201) throw new Error(`admin account: ${res.status()} ${await res.text()}`);
  await ctx.dispose();
}
