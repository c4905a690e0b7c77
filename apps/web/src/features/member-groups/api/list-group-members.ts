import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const GROUP_MEMBERS_PAGE_SIZE = 10;

/** The members of one group (default or additional), through the console's member list. */
export const groupMembersQueryOptions = (groupId: number, page: number, search: string) =>
  queryOptions({
    queryKey: [...queryKeys.adminMembers, 'group', { groupId, page, search }],
    queryFn: ({ signal }) =>
      api(routes.adminMembers.list, { query: { member_group_id: groupId, page, size: GROUP_MEMBERS_PAGE_SIZE, search_term: search.trim(), order_by: 'name.asc' }, signal }),
    placeholderData: keepPreviousData,
  });

export const useGroupMembers = (groupId: number, page: number, search: string) => useQuery(groupMembersQueryOptions(groupId, page, search));
