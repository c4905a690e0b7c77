import type { MemberGroupUsage } from '@app/contracts/member-groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** This month's credits used per group, beside each group's pool. */
export const memberGroupUsageQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.memberGroupUsage,
    queryFn: () => apiRequest<MemberGroupUsage>('/admin/member-groups/usage/'),
  });

export const useMemberGroupUsage = () => useQuery(memberGroupUsageQueryOptions());
