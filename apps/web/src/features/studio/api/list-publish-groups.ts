import type { MemberGroupSummaryList } from '@app/contracts/sign-up-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every group of the tenant, default and additional (GET /member-groups/ with no kind): who a public chatbot is for. */
export const publishGroupsQueryOptions = queryOptions({
  queryKey: [...queryKeys.memberGroups, { all: true }],
  queryFn: () => apiRequest<MemberGroupSummaryList>('/member-groups/', { query: { size: 100, order_by: 'name.asc' } }),
  staleTime: 5 * 60_000,
});

export const usePublishGroups = (enabled: boolean) => useQuery({ ...publishGroupsQueryOptions, enabled });
