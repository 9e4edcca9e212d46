import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.js';

export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  api.request<void>('/api/users/change-password', { method: 'POST', body });

/** The change ended every session's access token; this tab's new refresh cookie gets a fresh one at once. */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async () => {
      await api.refresh();
    },
  });
}
