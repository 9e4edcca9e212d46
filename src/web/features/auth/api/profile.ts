import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate, PublicUser } from '../../../../shared/auth.js';
import { api, session } from '../../../lib/api.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const fetchProfile = () => api.request<{ user: PublicUser }>('/api/users/profile');

export const updateProfile = (body: ProfileUpdate) => api.request<{ user: PublicUser }>('/api/users/profile', { method: 'PUT', body });

/**
 * On success the stored user is replaced by the server's answer, and the admin's user list (names,
 * e-mails) is refreshed. A changed e-mail or role ended the access token this tab holds (the server
 * set a new refresh cookie for an e-mail change): it is refreshed at once rather than on the next 401.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async ({ user }) => {
      const before = session.get().user;
      session.setUser(user);
      if (before && (before.email !== user.email || before.role !== user.role)) await api.refresh();
      return queryClient.invalidateQueries({ queryKey: queryKeys.users });
    },
  });
}
