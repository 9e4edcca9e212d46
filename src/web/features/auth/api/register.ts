import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, RegisterBody } from '../../../../shared/auth.js';
import { api } from '../../../lib/api.js';

export const register = (body: RegisterBody) => api.request<AuthResponse>('/api/auth/register', { method: 'POST', body, auth: false });

export function useRegister() {
  return useMutation({ mutationFn: register });
}
