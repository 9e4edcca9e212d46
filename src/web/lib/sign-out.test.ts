// @vitest-environment happy-dom
/**
 * "Sair" on this device, offline too: the session, drafts, the user's queued experiments and caches
 * go at once; the server's part waits as a pending sign-out (user id and sign-out token only) and
 * is sent when it can be, without the next user's cookie.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client.js';
import { createOfflineQueue, memoryStorage } from './offline-queue.js';
import { STORAGE_KEYS, createSessionStore } from './session.js';
import {
  DEVICE_USER_KEY,
  PENDING_SIGN_OUTS_KEY,
  type SendSignOut,
  adoptDevice,
  createSignOut,
  fetchSignOut,
  readPendingSignOuts,
  unsentMessage,
} from './sign-out.js';
import { buildExperimentData, buildPublicUser } from '../../shared/factories.test-helper.js';

const person = (id: string) => buildPublicUser(id, { name: `Pessoa ${id}` });
const data = buildExperimentData({ consultoria: 'Campo' });

function setup(send: SendSignOut, online?: () => boolean) {
  localStorage.clear();
  const session = createSessionStore(localStorage);
  const queue = createOfflineQueue(memoryStorage());
  const clearCaches = vi.fn(async () => undefined);
  const flow = createSignOut({ storage: localStorage, session, queue, clearCaches, send, ...(online ? { online } : {}) });
  return { session, queue, clearCaches, flow };
}

const offline: SendSignOut = () => Promise.reject(new TypeError('Failed to fetch'));

beforeEach(() => localStorage.clear());

describe('signing out on this device', () => {
  it('offline: removes the session, drafts, the user’s queued items and caches at once, and remembers the server’s part', async () => {
    const send = vi.fn(offline);
    const { session, queue, clearCaches, flow } = setup(send);
    session.set(person('ana'), 'access-ana', 'signout-ana');
    localStorage.setItem(`${STORAGE_KEYS.draftPrefix}novo`, '{"values":{"tratamentos":[]}}');
    localStorage.setItem(`${STORAGE_KEYS.draftPrefix}12`, '{"values":{"tratamentos":[]}}');
    localStorage.setItem(STORAGE_KEYS.editingExperiment, '{"id":12}');
    localStorage.setItem('outra-coisa', 'fica');
    await queue.add({ id: 'a1', data, pdf: { blob: new Blob(['%PDF-']), filename: 'a.pdf' }, userId: 'ana' });
    await queue.add({ id: 'old', data, pdf: null });
    await queue.add({ id: 'b1', data, pdf: null, userId: 'bia' });

    const done = flow.signOut();
    // Before anything is awaited, a reload would already find no session.
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.signOutToken)).toBeNull();
    expect(session.get()).toEqual({ user: null, token: null });
    await done;

    expect(Object.keys(localStorage).sort()).toEqual([PENDING_SIGN_OUTS_KEY, 'outra-coisa']);
    expect((await queue.list()).map((i) => i.id)).toEqual(['b1']);
    expect(clearCaches).toHaveBeenCalledOnce();
    // The marker keeps nothing but whom to sign out and the token that can only do that.
    expect(readPendingSignOuts(localStorage)).toEqual([{ userId: 'ana', token: 'signout-ana' }]);
    await flow.flush();
    expect(send).toHaveBeenCalledWith({ userId: 'ana', token: 'signout-ana' }, true);
    expect(flow.pending()).toHaveLength(1);
  });

  it('back online, the pending sign-out is sent once and forgotten, without the cookie when someone else signed in', async () => {
    let reachable = false;
    const send = vi.fn<SendSignOut>(async () => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return 204;
    });
    const { session, flow } = setup(send);
    session.set(person('ana'), 'access-ana', 'signout-ana');
    await flow.signOut();
    await flow.flush();
    expect(flow.pending()).toHaveLength(1);

    session.set(person('bia'), 'access-bia', 'signout-bia');
    reachable = true;
    await flow.flush();
    expect(send).toHaveBeenLastCalledWith({ userId: 'ana', token: 'signout-ana' }, false);
    expect(flow.pending()).toEqual([]);
    expect(localStorage.getItem(PENDING_SIGN_OUTS_KEY)).toBeNull();
    // Bia's session is untouched.
    expect(session.get().user?.id).toBe('bia');
    expect(session.signOutToken()).toBe('signout-bia');
  });

  it('keeps the sign-out after a 5xx; forgets it after any other answer', async () => {
    const statuses = [503, 401];
    const { session, flow } = setup(async () => statuses.shift()!);
    session.set(person('ana'), 'access-ana', 'signout-ana');
    await flow.signOut();
    await flow.flush();
    expect(flow.pending()).toHaveLength(1);
    await flow.flush();
    expect(flow.pending()).toEqual([]);
  });

  it('sends nothing while the browser says it has no connection, and sends once it has one', async () => {
    let connected = false;
    const send = vi.fn<SendSignOut>(async () => 204);
    const { session, flow } = setup(send, () => connected);
    session.set(person('ana'), 'access-ana', 'signout-ana');
    await flow.signOut();
    await flow.flush();
    expect(send).not.toHaveBeenCalled();
    expect(flow.pending()).toHaveLength(1);
    connected = true;
    await flow.flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(flow.pending()).toEqual([]);
  });

  it('a session without a sign-out token: sent with the cookie while nobody is signed in, dropped once someone is', async () => {
    const send = vi.fn(offline);
    const { session, flow } = setup(send);
    session.set(person('ana'), 'access-ana');
    await flow.signOut();
    expect(flow.pending()).toEqual([{ userId: 'ana', token: null }]);
    await flow.flush();
    expect(send).toHaveBeenCalledWith({ userId: 'ana', token: null }, true);

    session.set(person('bia'), 'access-bia', 'signout-bia');
    send.mockClear();
    await flow.flush();
    expect(send).not.toHaveBeenCalled();
    expect(flow.pending()).toEqual([]);
  });

  it('one pending sign-out per user: the newest token replaces the older', async () => {
    const { session, flow } = setup(offline);
    session.set(person('ana'), 'access-1', 'signout-1');
    await flow.signOut();
    session.set(person('ana'), 'access-2', 'signout-2');
    await flow.signOut();
    expect(flow.pending()).toEqual([{ userId: 'ana', token: 'signout-2' }]);
  });
});

describe('the sign-out token on the device', () => {
  it('is stored with the session, renewed with the access token, and gone when the session ends', () => {
    const session = createSessionStore(localStorage);
    session.set(person('ana'), 'access-1', 'signout-1');
    expect(session.signOutToken()).toBe('signout-1');
    session.setToken('access-2', 'signout-2');
    expect(session.signOutToken()).toBe('signout-2');
    session.setToken('access-3');
    expect(session.signOutToken()).toBe('signout-2');
    session.expire();
    expect(session.signOutToken()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.signOutToken)).toBeNull();
  });

  it('comes from a refresh through the API client', async () => {
    const setToken = vi.fn();
    const answers = [
      new Response('{"error":{"code":"UNAUTHORIZED","message":"x"}}', { status: 401 }),
      new Response(JSON.stringify({ token: 'novo', signOutToken: 'saida-nova' }), { status: 200 }),
      new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
    ];
    const client = createApiClient({
      getToken: () => 'velho',
      setToken,
      onSessionExpired: () => undefined,
      fetch: async () => answers.shift()!,
    });
    await client.request('/api/users/profile');
    expect(setToken).toHaveBeenCalledWith('novo', 'saida-nova');
  });

  it('is sent as the bearer of POST /api/auth/logout, with or without the cookie', async () => {
    const doFetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }));
    const send = fetchSignOut(doFetch as unknown as typeof fetch);
    expect(await send({ userId: 'ana', token: 'signout-ana' }, false)).toBe(204);
    const [url, init] = doFetch.mock.calls[0]!;
    expect(url).toBe('/api/auth/logout');
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit', headers: { authorization: 'Bearer signout-ana' } });
    await send({ userId: 'ana', token: null }, true);
    const [, second] = doFetch.mock.calls[1]!;
    expect(second).toMatchObject({ credentials: 'same-origin' });
    expect((second!.headers as Record<string, string>).authorization).toBeUndefined();
  });
});

describe('what the next person meets', () => {
  it('drafts of another account are removed when someone else signs in, kept for the same one', () => {
    localStorage.setItem(`${STORAGE_KEYS.draftPrefix}novo`, 'x');
    adoptDevice(localStorage, 'ana');
    expect(localStorage.getItem(`${STORAGE_KEYS.draftPrefix}novo`)).toBe('x');
    adoptDevice(localStorage, 'ana');
    expect(localStorage.getItem(`${STORAGE_KEYS.draftPrefix}novo`)).toBe('x');
    adoptDevice(localStorage, 'bia');
    expect(localStorage.getItem(`${STORAGE_KEYS.draftPrefix}novo`)).toBeNull();
    expect(localStorage.getItem(DEVICE_USER_KEY)).toBe('bia');
  });

  it('the question names how many unsent experiments go, singular for one', () => {
    expect(unsentMessage(1)).toBe('1 experimento não enviado será apagado deste aparelho');
    expect(unsentMessage(3)).toBe('3 experimentos não enviados serão apagados deste aparelho');
  });
});
