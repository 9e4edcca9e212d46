/**
 * A component in a chunk of its own that can be fetched before it is rendered (on navigation, on
 * hovering a link, at app start), and that renders at once when it has been.
 *
 * Why not React.lazy: a lazy component suspends on its first render even when its chunk is
 * already there, and React 19 holds back the content of a Suspense boundary until 300 ms after
 * its fallback appeared. The dashboard lost 300 ms to that twice on every load (page, then
 * charts and map) before its data requests had even started. Here a loaded component renders
 * in the same pass; one still loading shows `fallback` and replaces it by a plain state update.
 */
import { type ComponentType, type ReactNode, createElement, useEffect, useState } from 'react';

export interface Preloadable<P extends object> {
  (props: P & { fallback?: ReactNode }): ReactNode;
  /** Starts the download (once; again after a failure) and resolves with the component. */
  preload(): Promise<ComponentType<P>>;
  /** The component if its chunk has arrived. */
  loaded(): ComponentType<P> | undefined;
}

export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let component: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (c) => (component = c),
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    ));

  function Preloaded({ fallback = null, ...props }: P & { fallback?: ReactNode }) {
    const [shown, setShown] = useState<ComponentType<P> | undefined>(() => component);
    const [error, setError] = useState<unknown>();
    useEffect(() => {
      if (shown) return;
      // Also when the chunk arrived between this render and this effect: the promise has settled and answers at once.
      let live = true;
      preload().then(
        (c) => live && setShown(() => c),
        (err: unknown) => live && setError(() => err),
      );
      return () => {
        live = false;
      };
    }, [shown]);
    // A chunk that cannot be fetched (offline, a newer deploy) goes to the route's error boundary, as React.lazy's would.
    if (error) throw error;
    const Loaded = shown ?? component;
    return Loaded ? createElement(Loaded, props as unknown as P) : fallback;
  }
  return Object.assign(Preloaded, { preload, loaded: () => component });
}
