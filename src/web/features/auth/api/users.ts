import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../../../shared/auth.js';
import type { Role } from '../../../../shared/constants.js';
import { api } from '../../../lib/api.js';
import { queryKeys } from '../../../lib/query-keys.js';

export function useUsers() {
  return useQuery({ queryKey: queryKeys.users, queryFn: () => api.request<{ users: PublicUser[] }>('/api/users') });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) =>
      api.request<{ user: PublicUser }>(`/api/users/${id}/role`, { method: 'PUT', body: { role } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  });
}
