import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, session } from '../../../lib/api.js';

/** Revokes the server session (best effort: offline sign-out still clears this device). */
export async function logout(): Promise<void> {
  try {
    await api.request('/api/auth/logout', { method: 'POST', timeoutMs: 5000 });
  } catch {
    // The local session is cleared regardless; the refresh token expires on its own.
  } finally {
    session.clear();
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSettled: () => queryClient.clear() });
}
