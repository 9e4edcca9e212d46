/**
 * Session start-up: a stored session is confirmed with the server once (refreshing the access
 * token if needed) before protected pages show. Offline, the stored session is kept.
 */
import { type ReactNode, createContext, useContext, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client.js';
import { session } from '../../lib/api.js';
import { fetchProfile } from './api/profile.js';

type Status = 'checking' | 'ready';
const AuthStatusContext = createContext<Status>('ready');

function confirmStoredSession(): Promise<void> {
  return fetchProfile()
    .then(({ user }) => session.setUser(user))
    .catch((err: unknown) => {
      // 401 after a failed refresh has already ended the session (sign-in says it expired);
      // anything else (offline, server down) keeps the stored one so work can go on.
      if (err instanceof ApiError && err.status === 401 && session.get().token) session.expire();
    });
}

// Started as the app loads, before the first render: the check runs alongside the page's own
// downloads (the route's loader starts them) instead of after React has mounted.
const startupCheck: Promise<void> | null = session.get().token ? confirmStoredSession() : null;

export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<Status>(() => (startupCheck ? 'checking' : 'ready'));
  useEffect(() => {
    if (status !== 'checking' || !startupCheck) return;
    let cancelled = false;
    void startupCheck.finally(() => !cancelled && setStatus('ready'));
    return () => {
      cancelled = true;
    };
  }, [status]);
  return <AuthStatusContext.Provider value={status}>{children}</AuthStatusContext.Provider>;
}

export const useAuthStatus = () => useContext(AuthStatusContext);
