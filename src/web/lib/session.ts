/**
 * The signed-in session, kept in localStorage under product-prefixed keys and observable from
 * React (useSyncExternalStore) and from the API client alike.
 */
import type { PublicUser } from '../../shared/auth.js';
import { ROLES } from '../../shared/constants.js';

export const STORAGE_KEYS = {
  token: 'gestao-agricola:auth-token',
  user: 'gestao-agricola:user',
  /** Only signs the user out (docs/security.md): kept so that "Sair" offline reaches the server later. */
  signOutToken: 'gestao-agricola:signout-token',
  editingExperiment: 'editingExperiment',
  /** The form's drafts: one key per experiment (`…:draft:novo`, `…:draft:<id>`). */
  draftPrefix: 'gestao-agricola:draft:',
} as const;

export interface SessionState {
  user: PublicUser | null;
  token: string | null;
  /** Set when the server ended the session (its refresh failed), so sign-in can say so; gone on the next sign-in. */
  expired?: true;
}

function isUser(v: unknown): v is PublicUser {
  const u = v as Partial<PublicUser> | null;
  return (
    typeof u === 'object' &&
    u !== null &&
    typeof u.id === 'string' &&
    typeof u.name === 'string' &&
    typeof u.email === 'string' &&
    typeof u.createdAt === 'string' &&
    (ROLES as readonly string[]).includes(u.role ?? '')
  );
}

/** Reads the stored session; anything corrupt is discarded, never half-trusted. */
function read(storage: Storage): SessionState {
  try {
    const token = storage.getItem(STORAGE_KEYS.token);
    const raw = storage.getItem(STORAGE_KEYS.user);
    if (!token || !raw) throw new Error('no session');
    const user: unknown = JSON.parse(raw);
    if (!isUser(user)) throw new Error('corrupt user');
    return { user, token };
  } catch {
    storage.removeItem(STORAGE_KEYS.token);
    storage.removeItem(STORAGE_KEYS.user);
    storage.removeItem(STORAGE_KEYS.signOutToken);
    return { user: null, token: null };
  }
}

function forget(storage: Storage) {
  storage.removeItem(STORAGE_KEYS.token);
  storage.removeItem(STORAGE_KEYS.user);
  storage.removeItem(STORAGE_KEYS.signOutToken);
}

export function createSessionStore(storage: Storage) {
  let state = read(storage);
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(user: PublicUser, token: string, signOutToken?: string) {
      storage.setItem(STORAGE_KEYS.token, token);
      storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
      if (signOutToken) storage.setItem(STORAGE_KEYS.signOutToken, signOutToken);
      else storage.removeItem(STORAGE_KEYS.signOutToken);
      state = { user, token };
      emit();
    },
    setToken(token: string, signOutToken?: string) {
      if (!state.user) return;
      storage.setItem(STORAGE_KEYS.token, token);
      if (signOutToken) storage.setItem(STORAGE_KEYS.signOutToken, signOutToken);
      state = { ...state, token };
      emit();
    },
    /** The token that only signs this session's user out, when the server gave one. */
    signOutToken: (): string | null => (state.token ? storage.getItem(STORAGE_KEYS.signOutToken) : null),
    setUser(user: PublicUser) {
      if (!state.token) return;
      storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
      state = { ...state, user };
      emit();
    },
    /** Signing out. */
    clear() {
      forget(storage);
      state = { user: null, token: null };
      emit();
    },
    /** The session ended without the user asking (the refresh token expired or was revoked). */
    expire() {
      forget(storage);
      state = { user: null, token: null, expired: true };
      emit();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
