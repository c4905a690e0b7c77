import type { AuditLogQuery } from '@app/contracts/audit-log';
import { routes } from '@app/contracts/routes.gen';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const AUDIT_LOG_PAGE_SIZE = 20;

/** The page's filters as the API takes them (the contract's query, less the page size); `undefined` leaves a filter out. */
export type AuditLogParams = Omit<AuditLogQuery, 'size'>;

/** `GET /admin/audit-log/` (issue 26 §5): newest first, filtered and paged on the server. */
export const auditLogQueryOptions = (p: AuditLogParams) =>
  queryOptions({
    queryKey: ['audit-log', p],
    queryFn: ({ signal }) => api(routes.auditLog.list, { query: { ...p, size: AUDIT_LOG_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    // Every change made elsewhere in the console lands here: asked again each time the page opens.
    staleTime: 0,
  });

export const useAuditLog = (p: AuditLogParams, enabled = true) => useQuery({ ...auditLogQueryOptions(p), enabled });
