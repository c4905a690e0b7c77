import type { PolicyList } from '@app/contracts/sign-up-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Public: the policies a person agrees to when signing up or accepting an invitation. */
export const policiesQueryOptions = queryOptions({
  queryKey: [...queryKeys.policies, 'public'],
  queryFn: () => apiRequest<PolicyList>('/policies/'),
});

export const usePolicies = (enabled = true) => useQuery({ ...policiesQueryOptions, enabled });
