/**
 * Whether the app is working from the last data seen, and since when. Offline means the device
 * says so (navigator.onLine false) or a request could not reach the server; the data's date is
 * the oldest `fetched-at` stamp of the answers the service worker gave from its cache meanwhile.
 * A fresh answer from the server, or the device coming back online, ends it.
 */
import { useSyncExternalStore } from 'react';
import { API_CACHE_PREFIX, apiCacheName, fetchedAtOf, isLookup } from '../sw/routes.js';

export interface OfflineState {
  offline: boolean;
  /** When the data on screen were fetched (ms since the epoch), null when none came from the cache. */
  dataAt: number | null;
}

export interface ConnectivityEnv {
  isOnline: () => boolean;
  listen: (event: 'online' | 'offline', fn: () => void) => void;
}

function pathOf(url: string): string {
  try {
    return new URL(url, 'http://localhost').pathname;
  } catch {
    return '';
  }
}

export function createOfflineStore(env: ConnectivityEnv) {
  let unreachable = false;
  let dataAt: number | null = null;
  let state: OfflineState = { offline: !env.isOnline(), dataAt: null };
  const listeners = new Set<() => void>();

  function update() {
    const next: OfflineState = { offline: !env.isOnline() || unreachable || dataAt !== null, dataAt };
    if (next.offline === state.offline && next.dataAt === state.dataAt) return;
    state = next;
    listeners.forEach((l) => l());
  }

  env.listen('online', () => {
    unreachable = false;
    dataAt = null;
    update();
  });
  env.listen('offline', update);

  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /**
     * Every answer the API client got: from the cache (stamped) or from the server. A cached
     * reference list (fetched when the app was installed) says the app is offline, not how old
     * the data on screen are.
     */
    reportResponse(headers: Headers, url = '') {
      const at = fetchedAtOf(headers);
      if (at && isLookup(pathOf(url))) unreachable = true;
      else if (at) {
        dataAt = dataAt === null ? at.getTime() : Math.min(dataAt, at.getTime());
      } else {
        unreachable = false;
        dataAt = null;
      }
      update();
    },
    /** A request that found no server (and no cached answer). */
    reportNetworkError() {
      unreachable = true;
      update();
    },
  };
}

export type OfflineStore = ReturnType<typeof createOfflineStore>;

/** "Sem conexão — dados de 24/11 09:05" (local time), or "Sem conexão" when nothing came from the cache. */
export function offlineBannerText(dataAt: number | null): string {
  if (dataAt === null) return 'Sem conexão';
  const d = new Date(dataAt);
  const p = (n: number) => String(n).padStart(2, '0');
  return `Sem conexão — dados de ${p(d.getDate())}/${p(d.getMonth() + 1)} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The hint on the create, edit and delete buttons while offline. */
export const OFFLINE_READ_ONLY_HINT = 'Indisponível sem conexão: editar, excluir, exportar e abrir PDFs voltam quando houver conexão.';

export const offline = createOfflineStore({
  isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
  listen: (event, fn) => {
    if (typeof window !== 'undefined') window.addEventListener(event, fn);
  },
});

export function useOffline(): OfflineState {
  return useSyncExternalStore(offline.subscribe, offline.get);
}

/**
 * Deletes the stored API answers (the service worker's per-user caches) of everyone but `keepUserId`:
 * on sign-out (all of them) and whenever the signed-in user changes, so nobody reads what another
 * user saw on this device.
 */
export async function clearOfflineData(keepUserId: string | null = null): Promise<void> {
  if (typeof caches === 'undefined') return;
  const keep = keepUserId === null ? null : apiCacheName(keepUserId);
  try {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(API_CACHE_PREFIX) && n !== keep).map((n) => caches.delete(n)));
  } catch {
    // Storage unavailable (private mode): there is nothing stored either.
  }
}
