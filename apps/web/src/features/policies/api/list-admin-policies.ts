import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const adminPoliciesQueryOptions = queryOptions({
  queryKey: [...queryKeys.policies, 'admin'],
  queryFn: ({ signal }) => api(routes.signUpSettings.listAdminPolicies, { signal }),
});

export const useAdminPolicies = () => useQuery(adminPoliciesQueryOptions);
