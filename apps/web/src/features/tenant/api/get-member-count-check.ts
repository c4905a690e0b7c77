import type { MemberCountCheck } from '@app/contracts/sign-up-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Public: whether the plan has a free seat, so sign-up can say so before anyone fills the form. */
export const memberCountCheckQueryOptions = queryOptions({
  queryKey: [...queryKeys.tenant, 'member-count-check'],
  queryFn: () => apiRequest<MemberCountCheck>('/tenants/member-count-check/'),
});

export const useMemberCountCheck = (enabled = true) => useQuery({ ...memberCountCheckQueryOptions, enabled });
