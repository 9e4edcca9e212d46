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

export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<Status>(() => (session.get().token ? 'checking' : 'ready'));
  useEffect(() => {
    if (status !== 'checking') return;
    let cancelled = false;
    fetchProfile()
      .then(({ user }) => !cancelled && session.setUser(user))
      .catch((err: unknown) => {
        // 401 after a failed refresh has already cleared the session; anything else (offline,
        // server down) keeps the stored one so work can go on.
        if (err instanceof ApiError && err.status === 401) session.clear();
      })
      .finally(() => !cancelled && setStatus('ready'));
    return () => {
      cancelled = true;
    };
  }, [status]);
  return <AuthStatusContext.Provider value={status}>{children}</AuthStatusContext.Provider>;
}

export const useAuthStatus = () => useContext(AuthStatusContext);
