/** Whether a CSS media query matches now, updated when it changes (a phone turned, a window resized). */
import { useSyncExternalStore } from 'react';

/** Below Tailwind's `sm` breakpoint: the phone layout. */
export const PHONE_QUERY = '(max-width: 639.98px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}
