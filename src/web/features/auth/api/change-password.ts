import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.js';

export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  api.request<void>('/api/users/change-password', { method: 'POST', body });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
