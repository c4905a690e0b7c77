import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListAdminMemberGroupsQuery } from '@app/contracts/member-groups';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/**
 * Public (sign-up reads it before anyone signs in): default groups (`is_default: true`, one of which
 * a member belongs to first) or additional groups (`false`); up to 100, enough for a select.
 */
export const memberGroupsQueryOptions = (isDefault: boolean) =>
  queryOptions({
    queryKey: [...queryKeys.memberGroups, { isDefault }],
    queryFn: ({ signal }) => api(routes.signUpSettings.listMemberGroups, { query: { is_default: isDefault ? 'true' : 'false', size: 100 }, signal }),
    staleTime: 5 * 60_000,
  });

export const useMemberGroups = (isDefault: boolean, enabled = true) => useQuery({ ...memberGroupsQueryOptions(isDefault), enabled });

/** Every group of the tenant, default and additional (no kind), by name: who a public chatbot is for. */
export const allMemberGroupsQueryOptions = queryOptions({
  queryKey: [...queryKeys.memberGroups, { all: true }],
  queryFn: ({ signal }) => api(routes.signUpSettings.listMemberGroups, { query: { size: 100, order_by: 'name.asc' }, signal }),
  staleTime: 5 * 60_000,
});

export const useAllMemberGroups = (enabled = true) => useQuery({ ...allMemberGroupsQueryOptions, enabled });

export type AdminGroupOrder = NonNullable<ListAdminMemberGroupsQuery['order_by']>;

/** A page of the console's groups with their quotas and member counts (`GET /admin/member-groups/`). */
export interface AdminGroupPage {
  page: number;
  size: number;
  search_term?: string;
  order_by: AdminGroupOrder;
}

/** The console's group list (the groups tab, the credits screen): one key, refreshed by every group change. */
export const adminMemberGroupsQueryOptions = (p: AdminGroupPage) =>
  queryOptions({
    queryKey: [...queryKeys.adminMemberGroups, p],
    queryFn: ({ signal }) => api(routes.memberGroups.list, { query: { page: p.page, size: p.size, search_term: p.search_term?.trim() || undefined, order_by: p.order_by }, signal }),
    placeholderData: keepPreviousData,
  });

export const useAdminMemberGroups = (p: AdminGroupPage) => useQuery(adminMemberGroupsQueryOptions(p));
