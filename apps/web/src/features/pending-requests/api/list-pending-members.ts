import type { AdminMemberList } from '@app/contracts/admin-members';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const PENDING_PAGE_SIZE = 10;

/**
 * Members with a pending request (spec §2 "pending requests": a new registration or a group
 * change), searched by name, email or a searchable custom field.
 */
export const pendingMembersQueryOptions = (page: number, search: string) =>
  queryOptions({
    queryKey: [...queryKeys.adminMembers, 'pending', { page, search }],
    queryFn: () => apiRequest<AdminMemberList>('/admin/members/', { query: { has_pending_request: true, page, size: PENDING_PAGE_SIZE, search_term: search.trim() } }),
    placeholderData: keepPreviousData,
  });

export const usePendingMembers = (page: number, search: string) => useQuery(pendingMembersQueryOptions(page, search));
