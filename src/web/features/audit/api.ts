import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditPage } from '../../../shared/audit.js';
import { api } from '../../lib/api.js';
import { queryKeys } from '../../lib/query-keys.js';

export const AUDIT_PAGE_SIZE = 50;

export function useAuditTrail(page: number) {
  return useQuery({
    queryKey: queryKeys.auditPage(page),
    queryFn: () => api.request<AuditPage>(`/api/admin/auditoria?limit=${AUDIT_PAGE_SIZE}&offset=${page * AUDIT_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
}
