import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginInput } from '../../../../shared/auth.js';
import { api, session } from '../../../lib/api.js';

export const login = (body: LoginInput) => api.request<AuthResponse>('/api/auth/login', { method: 'POST', body, auth: false });

export function useLogin() {
  return useMutation({ mutationFn: login });
}

/** Stores the session once the success message has been shown. */
export const storeSession = (r: AuthResponse) => session.set(r.user, r.token, r.signOutToken);
