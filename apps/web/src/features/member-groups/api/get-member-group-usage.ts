import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** This month's credits used per group, beside each group's pool. */
export const memberGroupUsageQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.memberGroupUsage,
    queryFn: ({ signal }) => api(routes.memberGroups.usage, { signal }),
  });

export const useMemberGroupUsage = () => useQuery(memberGroupUsageQueryOptions());
