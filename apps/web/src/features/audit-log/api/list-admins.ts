import type { AdminMemberList } from '@app/contracts/admin-members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The tenant's administrators (`GET /admin/members/?is_admin=true`), by name: the log's "who" filter. */
export const adminsQueryOptions = queryOptions({
  queryKey: [...queryKeys.adminMembers, 'admins-for-audit-log'],
  queryFn: () => apiRequest<AdminMemberList>('/admin/members/', { query: { is_admin: true, size: 100, order_by: 'name.asc' } }),
});

export const useAdmins = () => useQuery(adminsQueryOptions);
