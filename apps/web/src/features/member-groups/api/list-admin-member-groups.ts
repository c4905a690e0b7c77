import type { ListAdminMemberGroupsQuery, MemberGroupList } from '@app/contracts/member-groups';
import { keepPreviousData, queryOptions, type QueryClient, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const GROUPS_PAGE_SIZE = 10;
export type GroupOrder = NonNullable<ListAdminMemberGroupsQuery['order_by']>;

export interface GroupFilters {
  page: number;
  search_term?: string;
  order_by: GroupOrder;
}

export const adminMemberGroupsQueryOptions = (f: GroupFilters) =>
  queryOptions({
    queryKey: [...queryKeys.adminMemberGroups, f],
    queryFn: () => apiRequest<MemberGroupList>('/admin/member-groups/', { query: { page: f.page, size: GROUPS_PAGE_SIZE, search_term: f.search_term?.trim(), order_by: f.order_by } }),
    placeholderData: keepPreviousData,
  });

export const useAdminMemberGroups = (f: GroupFilters) => useQuery(adminMemberGroupsQueryOptions(f));

/**
 * After a group changes: the console's list, the matrix's columns, the usage tab, and the groups
 * other areas name (sign-up, invitations, member filters) all read it.
 */
export function refreshGroupViews(qc: QueryClient) {
  return Promise.all(
    [queryKeys.adminMemberGroups, queryKeys.memberGroups, queryKeys.adminLlmModels, queryKeys.memberGroupUsage].map((queryKey) => qc.invalidateQueries({ queryKey })),
  );
}
