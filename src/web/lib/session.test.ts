import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, createSessionStore } from './session.js';

class MemoryStorage implements Storage {
  private m = new Map<string, string>();
  get length() {
    return this.m.size;
  }
  clear() {
    this.m.clear();
  }
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
}

const user = { id: 'u1', name: 'Ana', email: 'ana@x.com', role: 'user' as const, company: null, createdAt: '2026-01-01T00:00:00.000Z' };

describe('session store', () => {
  it('restores a stored session', () => {
    const s = new MemoryStorage();
    s.setItem(STORAGE_KEYS.token, 't');
    s.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    expect(createSessionStore(s).get()).toEqual({ user, token: 't' });
  });

  it.each([
    ['not JSON', '{nope'],
    ['wrong shape', JSON.stringify({ id: 1 })],
    ['unknown role', JSON.stringify({ ...user, role: 'chefe' })],
    ['null', 'null'],
  ])('discards corrupt stored data (%s)', (_, raw) => {
    const s = new MemoryStorage();
    s.setItem(STORAGE_KEYS.token, 't');
    s.setItem(STORAGE_KEYS.user, raw);
    expect(createSessionStore(s).get()).toEqual({ user: null, token: null });
    expect(s.length).toBe(0);
  });

  it('persists, notifies and clears', () => {
    const s = new MemoryStorage();
    const store = createSessionStore(s);
    let changes = 0;
    store.subscribe(() => changes++);
    store.set(user, 'a');
    store.setToken('b');
    expect(s.getItem(STORAGE_KEYS.token)).toBe('b');
    store.clear();
    expect(store.get().user).toBeNull();
    expect(s.length).toBe(0);
    expect(changes).toBe(3);
  });

  it('remembers that the server ended the session, until the next sign-in', () => {
    const s = new MemoryStorage();
    const store = createSessionStore(s);
    store.set(user, 'a');
    expect(store.get().expired).toBeUndefined();
    store.expire();
    expect(store.get()).toEqual({ user: null, token: null, expired: true });
    expect(s.length).toBe(0);
    store.set(user, 'b');
    expect(store.get().expired).toBeUndefined();
    store.clear();
    expect(store.get().expired).toBeUndefined();
  });
});
