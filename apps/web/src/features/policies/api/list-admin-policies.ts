import type { PolicyList } from '@app/contracts/sign-up-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const adminPoliciesQueryOptions = queryOptions({
  queryKey: [...queryKeys.policies, 'admin'],
  queryFn: () => apiRequest<PolicyList>('/admin/policies/'),
});

export const useAdminPolicies = () => useQuery(adminPoliciesQueryOptions);
