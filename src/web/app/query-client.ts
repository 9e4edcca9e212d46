/** The app's one query cache: the provider in main.tsx and the navigation prefetch (prefetch.ts) share it. */
import { QueryClient } from '@tanstack/react-query';
import { session } from '../lib/api.js';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: false } },
});

// Whatever was read for a session does not outlive it: signing out already clears the cache, an
// expired session (or one ended in another tab's storage) must too, before someone else signs in.
let signedIn = session.get().token !== null;
session.subscribe(() => {
  const now = session.get().token !== null;
  if (signedIn && !now) queryClient.clear();
  signedIn = now;
});
