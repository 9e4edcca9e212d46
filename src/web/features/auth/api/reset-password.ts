import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.js';

export const resetPassword = (body: { token: string; password: string }) =>
  api.request<{ message: string }>('/api/auth/reset-password', { method: 'POST', body, auth: false });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
