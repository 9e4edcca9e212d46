import { useQuery } from '@tanstack/react-query';
import type { RegistrationInfoResponse } from '../../../../shared/api-types.js';
import { api } from '../../../lib/api.js';

export const registrationKey = ['auth', 'registration'] as const;

/** Whether this installation still lets a sign-up choose Administrador (only its first account). */
export function useRegistrationInfo() {
  return useQuery({
    queryKey: registrationKey,
    queryFn: () => api.request<RegistrationInfoResponse>('/api/auth/registration', { auth: false }),
    staleTime: 0,
  });
}
