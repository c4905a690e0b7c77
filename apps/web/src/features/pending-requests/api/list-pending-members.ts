import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const PENDING_PAGE_SIZE = 10;

/**
 * Members with a pending request (spec §2 "pending requests": a new registration or a group
 * change), searched by name, email or a searchable custom field.
 */
export const pendingMembersQueryOptions = (page: number, search: string) =>
  queryOptions({
    queryKey: [...queryKeys.adminMembers, 'pending', { page, search }],
    queryFn: ({ signal }) => api(routes.adminMembers.list, { query: { has_pending_request: 'true', page, size: PENDING_PAGE_SIZE, search_term: search.trim() }, signal }),
    placeholderData: keepPreviousData,
  });

export const usePendingMembers = (page: number, search: string) => useQuery(pendingMembersQueryOptions(page, search));
