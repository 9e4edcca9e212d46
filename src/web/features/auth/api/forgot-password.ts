import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.js';

export const forgotPassword = (email: string) =>
  api.request<{ message: string }>('/api/auth/forgot-password', { method: 'POST', body: { email }, auth: false });

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
