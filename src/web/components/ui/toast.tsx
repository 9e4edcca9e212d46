/**
 * Toasts (sonner), loaded on the first toast rather than with every page: the sign-in page
 * shows none before it is used, and its JavaScript stays within budget. `toast.*`
 * waits until the toaster is mounted and subscribed, so no message is dropped on the way.
 */
import { type ComponentType, Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

type Sonner = typeof SonnerModule;

let sonner: Promise<Sonner> | null = null;
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
const listeners = new Set<() => void>();

const notify = () => listeners.forEach((listener) => listener());

/**
 * Without a connection the toaster's chunk may not load: the page must not fall over
 * (a lazy component that rejects unmounts the whole app), and a later toast tries again.
 */
function load(): Promise<Sonner> {
  if (!sonner) {
    const attempt = import('sonner');
    sonner = attempt;
    attempt.catch(() => {
      if (sonner !== attempt) return;
      sonner = null;
      LazyToaster = lazyToaster();
      notify();
    });
    notify();
  }
  return sonner;
}

/**
 * Toasts start below the app's sticky header (its height is `--app-header-h`, published by the
 * header; unset on the sign-in pages), so they never cover its buttons: "Novo Experimento",
 * "Pendentes", the user's menu, the phone's menu button.
 */
const BELOW_HEADER = {
  offset: { top: 'calc(var(--app-header-h, 0px) + 12px)' },
  mobileOffset: { top: 'calc(var(--app-header-h, 0px) + 8px)' },
} as const;

function lazyToaster() {
  return lazy(async (): Promise<{ default: ComponentType }> => {
    try {
      const { Toaster } = await load();
      function MountedToaster() {
        // Runs after the Toaster's own effect has subscribed to new toasts.
        useEffect(() => markMounted(), []);
        return (
          <Toaster position="top-right" richColors closeButton offset={BELOW_HEADER.offset} mobileOffset={BELOW_HEADER.mobileOffset} />
        );
      }
      return { default: MountedToaster };
    } catch {
      return { default: () => null };
    }
  });
}

let LazyToaster = lazyToaster();

const show = (kind: 'success' | 'error' | 'info') => (message: string, options?: ExternalToast) => {
  void Promise.all([load(), mounted])
    .then(([m]) => m.toast[kind](message, options))
    .catch((err: unknown) => console.error('Aviso não exibido:', message, err));
};

export const toast = { success: show('success'), error: show('error'), info: show('info') };

/** Mounted once at the root; renders the toaster once a first toast was asked for. */
export function ToastHost() {
  const requested = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => sonner !== null,
  );
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}
