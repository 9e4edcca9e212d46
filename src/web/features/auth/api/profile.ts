import { useMutation } from '@tanstack/react-query';
import type { ProfileUpdate, PublicUser } from '../../../../shared/auth.js';
import { api, session } from '../../../lib/api.js';

export const fetchProfile = () => api.request<{ user: PublicUser }>('/api/users/profile');

export const updateProfile = (body: ProfileUpdate) =>
  api.request<{ user: PublicUser }>('/api/users/profile', { method: 'PUT', body });

/** On success the stored user is replaced by the server's answer. */
export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile, onSuccess: ({ user }) => session.setUser(user) });
}
