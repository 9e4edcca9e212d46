/** The app's session and API client singletons, and the hook that reads the session. */
import { useSyncExternalStore } from 'react';
import { createApiClient } from './api-client.js';
import { offline } from './offline.js';
import { createSessionStore } from './session.js';

export const session = createSessionStore(window.localStorage);

export const api = createApiClient({
  getToken: () => session.get().token,
  setToken: (token, signOutToken) => session.setToken(token, signOutToken),
  onSessionExpired: () => session.expire(),
  isOffline: () => !navigator.onLine,
  onResponse: (res) => offline.reportResponse(res.headers, res.url),
  onNetworkError: () => offline.reportNetworkError(),
});

export function useSession() {
  return useSyncExternalStore(session.subscribe, session.get);
}
