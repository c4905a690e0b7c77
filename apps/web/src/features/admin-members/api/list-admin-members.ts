import type { ListAdminMembersQuery } from '@app/contracts/admin-members';
import type { MemberStatus } from '@app/contracts/members';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const MEMBERS_PAGE_SIZE = 10;
export const MEMBER_ORDERS = ['created_at.desc', 'created_at.asc', 'name.asc', 'email.asc'] as const satisfies ReadonlyArray<NonNullable<ListAdminMembersQuery['order_by']>>;
export type MemberOrder = (typeof MEMBER_ORDERS)[number];

/** The console's member list filters; `undefined` leaves a filter out. */
export interface MemberListParams {
  page: number;
  search: string;
  groupId?: number;
  isAdmin?: boolean;
  status?: MemberStatus;
  orderBy: MemberOrder;
}

/** `GET /admin/members/`: searched on the server by name, email or a searchable custom field. */
export const adminMembersQueryOptions = (p: MemberListParams) =>
  queryOptions({
    queryKey: [...queryKeys.adminMembers, 'all', p],
    queryFn: ({ signal }) =>
      api(routes.adminMembers.list, {
        signal,
        query: {
          page: p.page,
          size: MEMBERS_PAGE_SIZE,
          search_term: p.search.trim(),
          member_group_id: p.groupId,
          is_admin: p.isAdmin === undefined ? undefined : p.isAdmin ? 'true' : 'false',
          member_status: p.status,
          order_by: p.orderBy,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const useAdminMembers = (p: MemberListParams) => useQuery(adminMembersQueryOptions(p));
