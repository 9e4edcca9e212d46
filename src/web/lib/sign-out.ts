/**
 * "Sair" on this device, with or without a connection (docs/security.md). Signing out removes at
 * once everything of the user the device keeps: the session (token, user, sign-out token), the
 * form's drafts and the experiment being edited, the user's items of the offline queue (with their
 * PDFs) and, through `clearCaches`, the query cache and the service worker's cache of the user's
 * answers. The server's part (POST /api/auth/logout: refresh family revoked, access tokens ended)
 * is remembered as a pending sign-out holding only the user's id and sign-out token, a token that
 * can do nothing but sign that user out; it is sent now, or when the connection returns, even if
 * someone else has signed in meanwhile (then without the device's cookie, which is theirs).
 */
import { type OfflineQueue, belongsTo } from './offline-queue.js';
import { STORAGE_KEYS, type SessionStore } from './session.js';

/** The sign-outs the server has not heard of yet (a JSON array of PendingSignOut). */
export const PENDING_SIGN_OUTS_KEY = 'gestao-agricola:pending-signouts';
/** The last account signed in on this device: drafts are not handed on to another one. */
export const DEVICE_USER_KEY = 'gestao-agricola:device-user';

export interface PendingSignOut {
  userId: string;
  /** The user's sign-out token; null for a session older than sign-out tokens (then only the cookie can do it). */
  token: string | null;
}

/**
 * Sends one sign-out: POST /api/auth/logout with the sign-out token as the bearer; `withCookie`
 * when nobody is signed in on the device (the refresh cookie, if any, is still the old user's).
 * Resolves with the answer's status; rejects when the server cannot be reached.
 */
export type SendSignOut = (pending: PendingSignOut, withCookie: boolean) => Promise<number>;

/** The question before signing out with unsent experiments, in the words the product uses. */
export function unsentMessage(n: number): string {
  return n === 1 ? '1 experimento não enviado será apagado deste aparelho' : `${n} experimentos não enviados serão apagados deste aparelho`;
}

export function readPendingSignOuts(storage: Storage): PendingSignOut[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(PENDING_SIGN_OUTS_KEY) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.filter(
      (p): p is PendingSignOut =>
        typeof p === 'object' &&
        p !== null &&
        typeof (p as PendingSignOut).userId === 'string' &&
        (typeof (p as PendingSignOut).token === 'string' || (p as PendingSignOut).token === null),
    );
  } catch {
    return [];
  }
}

function writePendingSignOuts(storage: Storage, list: PendingSignOut[]): void {
  try {
    if (list.length) storage.setItem(PENDING_SIGN_OUTS_KEY, JSON.stringify(list));
    else storage.removeItem(PENDING_SIGN_OUTS_KEY);
  } catch {
    // Storage full or blocked: the sign-out is still tried once, now.
  }
}

/** Adds a sign-out to send (one per user: the newest token replaces an older one). */
export function rememberSignOut(storage: Storage, pending: PendingSignOut): void {
  const others = readPendingSignOuts(storage).filter((p) => p.userId !== pending.userId);
  writePendingSignOuts(storage, [...others, pending]);
}

/** The form's drafts and the experiment being edited: typed by whoever used the device last. */
export function removeDrafts(storage: Storage): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(STORAGE_KEYS.draftPrefix)) keys.push(key);
  }
  for (const key of [...keys, STORAGE_KEYS.editingExperiment]) storage.removeItem(key);
}

/**
 * A user signed in: when the device's last account was someone else's (their session expired
 * instead of being signed out), that person's drafts go before this one sees the form.
 */
export function adoptDevice(storage: Storage, userId: string): void {
  const last = storage.getItem(DEVICE_USER_KEY);
  if (last !== null && last !== userId) removeDrafts(storage);
  try {
    storage.setItem(DEVICE_USER_KEY, userId);
  } catch {
    // Storage blocked: nothing of anyone is kept either.
  }
}

/** Deletes the user's items of the offline queue (and those saved before items had an owner). */
export async function removeQueuedItems(queue: OfflineQueue, userId: string): Promise<void> {
  for (const item of await queue.list()) if (belongsTo(item, userId)) await queue.remove(item.id);
}

export interface SignOutDeps {
  storage: Storage;
  session: SessionStore;
  queue: OfflineQueue;
  /** The query cache and the service worker's caches of users' answers. */
  clearCaches: () => Promise<void> | void;
  send: SendSignOut;
  /** Whether the browser has a connection (navigator.onLine); without one nothing is sent. Default: yes. */
  online?: () => boolean;
}

export function createSignOut(deps: SignOutDeps) {
  let flushing: Promise<void> | null = null;

  /** Sends the pending sign-outs, one at a time; what cannot reach the server waits for the next try. */
  async function flushOnce(): Promise<void> {
    if (deps.online && !deps.online()) return;
    for (const pending of readPendingSignOuts(deps.storage)) {
      const someoneSignedIn = deps.session.get().token !== null;
      // Without a sign-out token only the cookie names the old session, and it is now the next user's.
      if (pending.token === null && someoneSignedIn) {
        forget(pending);
        continue;
      }
      let status: number;
      try {
        status = await deps.send(pending, !someoneSignedIn);
      } catch {
        continue;
      }
      // A 5xx is no answer (a server or proxy down): tried again later. Anything else is final.
      if (status < 500) forget(pending);
    }
  }

  function forget(pending: PendingSignOut) {
    writePendingSignOuts(
      deps.storage,
      readPendingSignOuts(deps.storage).filter((p) => !(p.userId === pending.userId && p.token === pending.token)),
    );
  }

  /** Sends what is pending; a call while a run is under way joins it. Never rejects. */
  function flush(): Promise<void> {
    flushing ??= flushOnce()
      .catch(() => undefined)
      .finally(() => {
        flushing = null;
      });
    return flushing;
  }

  /**
   * Signs the current user out of this device at once (a reload after the first line shows the
   * sign-in page) and starts telling the server; resolves when the device holds nothing of the
   * user any more, without waiting for the server.
   */
  async function signOut(): Promise<void> {
    const { user } = deps.session.get();
    if (user) rememberSignOut(deps.storage, { userId: user.id, token: deps.session.signOutToken() });
    deps.session.clear();
    removeDrafts(deps.storage);
    await Promise.allSettled([Promise.resolve().then(deps.clearCaches), user ? removeQueuedItems(deps.queue, user.id) : Promise.resolve()]);
    void flush();
  }

  return { signOut, flush, pending: () => readPendingSignOuts(deps.storage) };
}

export type SignOut = ReturnType<typeof createSignOut>;

/** POST /api/auth/logout with `fetch`: no retries, no refresh, a bounded wait. */
export function fetchSignOut(doFetch: typeof fetch = (...args) => globalThis.fetch(...args), timeoutMs = 15_000): SendSignOut {
  return async (pending, withCookie) => {
    const res = await doFetch('/api/auth/logout', {
      method: 'POST',
      headers: { accept: 'application/json', ...(pending.token ? { authorization: `Bearer ${pending.token}` } : {}) },
      credentials: withCookie ? 'same-origin' : 'omit',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return res.status;
  };
}
