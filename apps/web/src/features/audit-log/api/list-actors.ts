import type { AuditActors } from '@app/contracts/audit-log';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Everyone with an entry in the log (`GET /admin/audit-log/actors/`), admins now or before, by name: the log's "who" filter. */
export const actorsQueryOptions = queryOptions({
  queryKey: ['audit-log', 'actors'],
  queryFn: () => apiRequest<AuditActors>('/admin/audit-log/actors/'),
  staleTime: 0,
});

export const useActors = () => useQuery(actorsQueryOptions);
