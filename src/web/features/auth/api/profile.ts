import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate, PublicUser } from '../../../../shared/auth.js';
import { api, session } from '../../../lib/api.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const fetchProfile = () => api.request<{ user: PublicUser }>('/api/users/profile');

export const updateProfile = (body: ProfileUpdate) => api.request<{ user: PublicUser }>('/api/users/profile', { method: 'PUT', body });

/** On success the stored user is replaced by the server's answer, and the admin's user list (names, e-mails) is refreshed. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => {
      session.setUser(user);
      return queryClient.invalidateQueries({ queryKey: queryKeys.users });
    },
  });
}
