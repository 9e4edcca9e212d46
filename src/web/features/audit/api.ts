import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditKind, AuditPage } from '../../../shared/audit.js';
import { api } from '../../lib/api.js';
import { queryKeys } from '../../lib/query-keys.js';

export const AUDIT_PAGE_SIZE = 50;

/** A page of the trail; `tipo` keeps one kind of entry ('' = all). */
export function useAuditTrail(page: number, tipo: AuditKind | '' = '') {
  const kind = tipo ? `&tipo=${tipo}` : '';
  return useQuery({
    queryKey: queryKeys.auditPage(page, tipo),
    queryFn: () => api.request<AuditPage>(`/api/admin/auditoria?limit=${AUDIT_PAGE_SIZE}&offset=${page * AUDIT_PAGE_SIZE}${kind}`),
    placeholderData: keepPreviousData,
  });
}
