/** The app's one query cache: the provider in main.tsx and the navigation prefetch (prefetch.ts) share it. */
import { QueryClient } from '@tanstack/react-query';
import { session } from '../lib/api.js';
import { clearOfflineData } from '../lib/offline.js';

export const queryClient = new QueryClient({
  // `offlineFirst`: a read is tried even when the device says it is offline, so the service
  // worker can answer it with the last data seen (React Query's default would wait for a network).
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: false, networkMode: 'offlineFirst' } },
});

// Back online: what is on screen came from the device's cache; it is read again.
if (typeof window !== 'undefined') window.addEventListener('online', () => void queryClient.invalidateQueries());

// Whatever was read for a session does not outlive it: signing out already clears the cache, an
// expired session (or one ended in another tab's storage) must too, before someone else signs in.
// The same goes for the answers the service worker keeps for offline use (per user).
let signedIn = session.get().token !== null;
let userId = session.get().user?.id ?? null;
session.subscribe(() => {
  const now = session.get().token !== null;
  const nowUser = session.get().user?.id ?? null;
  if (signedIn && !now) queryClient.clear();
  if (nowUser !== userId) void clearOfflineData(nowUser);
  signedIn = now;
  userId = nowUser;
});
