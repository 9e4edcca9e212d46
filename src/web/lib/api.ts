/** The app's session and API client singletons, and the hook that reads the session. */
import { useSyncExternalStore } from 'react';
import { createApiClient } from './api-client.js';
import { createSessionStore } from './session.js';

export const session = createSessionStore(window.localStorage);

export const api = createApiClient({
  getToken: () => session.get().token,
  setToken: (token) => session.setToken(token),
  onSessionExpired: () => session.expire(),
});

export function useSession() {
  return useSyncExternalStore(session.subscribe, session.get);
}
