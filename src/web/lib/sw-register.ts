/**
 * Registers the service worker (production builds only: vitest and the dev server never see it)
 * and tells the page when a new version is waiting. The new version takes over only when the
 * user presses "Atualizar" (`applyUpdate`), and the page reloads once it has; a form being typed
 * is never swapped under the user.
 */
import { useSyncExternalStore } from 'react';

let waiting: ServiceWorker | null = null;
/** This page asked the waiting version to take over (another tab's "Atualizar" does not reload this one mid-form). */
let updating = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function offer(worker: ServiceWorker | null) {
  if (!worker || worker === waiting) return;
  waiting = worker;
  emit();
}

/** Watches a registration for a version that finished installing while another one controls the page. */
function watch(registration: ServiceWorkerRegistration) {
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
    });
  });
}

/**
 * `onFirstControl`: the first version took control of this page (first visit); the page reads
 * its data again so that they pass through the worker and are there offline.
 */
export function registerServiceWorker(onFirstControl: () => void, reload: () => void = () => window.location.reload()): void {
  if (!('serviceWorker' in navigator)) return;
  const hadController = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController) {
      onFirstControl();
      return;
    }
    // The new version is in charge: the page it belongs to is loaded once.
    if (updating) reload();
  });
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        watch(registration);
        // A long-open tab (a day in the field) also learns of new versions.
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
        });
      })
      .catch((err: unknown) => console.error('Service worker não registrado:', err));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** The "Atualizar" button: the waiting version takes over (the page then reloads). */
export function applyUpdate(): void {
  if (!waiting) return;
  updating = true;
  waiting.postMessage({ type: 'skip-waiting' });
}

export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting !== null,
  );
}
