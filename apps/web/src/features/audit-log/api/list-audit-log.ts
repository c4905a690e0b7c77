import type { AuditLogList, AuditOperation, AuditTargetType } from '@app/contracts/audit-log';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const AUDIT_LOG_PAGE_SIZE = 20;

/** The page's filters as the API takes them; `undefined` leaves a filter out. */
export interface AuditLogParams {
  page: number;
  target_type?: AuditTargetType;
  operation?: AuditOperation;
  actor_id?: number;
  /** First and last day, `YYYY-MM-DD`, inclusive (the server counts days in UTC). */
  from?: string;
  to?: string;
}

/** `GET /admin/audit-log/` (issue 26 §5): newest first, filtered and paged on the server. */
export const auditLogQueryOptions = (p: AuditLogParams) =>
  queryOptions({
    queryKey: ['audit-log', p],
    queryFn: () => apiRequest<AuditLogList>('/admin/audit-log/', { query: { ...p, size: AUDIT_LOG_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    // Every change made elsewhere in the console lands here: asked again each time the page opens.
    staleTime: 0,
  });

export const useAuditLog = (p: AuditLogParams, enabled = true) => useQuery({ ...auditLogQueryOptions(p), enabled });
