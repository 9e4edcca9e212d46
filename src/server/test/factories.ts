/** Valid data with overrides, so that a test states only what it is about. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { PublicUser, RegisterBody } from '../../shared/auth.js';

let seq = 0;

export function buildRegistration(overrides: Partial<RegisterBody> = {}): RegisterBody {
  seq += 1;
  return {
    name: `Pessoa Teste ${seq}`,
    email: `pessoa${seq}.${Date.now()}@exemplo.com.br`,
    password: 'senha-segura-1',
    company: 'Agro Consultoria',
    role: 'user',
    ...overrides,
  };
}

export interface Account {
  user: PublicUser;
  token: string;
  refreshCookie: string;
  password: string;
  auth: { authorization: string };
}

export function refreshCookieOf(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((c) => c.name === 'ga_refresh' && c.value)?.value;
}

/** Signs up through the API and returns what a client would hold. */
export async function createAccount(app: FastifyInstance, overrides: Partial<RegisterBody> = {}): Promise<Account> {
  const body = buildRegistration(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const { user, token } = res.json() as { user: PublicUser; token: string };
  return {
    user,
    token,
    refreshCookie: refreshCookieOf(res) ?? '',
    password: body.password,
    auth: { authorization: `Bearer ${token}` },
  };
}

/** Polls until `read` returns something, for work the server finishes after answering. */
export async function eventually<T>(read: () => T | undefined | Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
