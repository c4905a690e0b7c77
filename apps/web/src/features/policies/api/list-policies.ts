import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Public: the policies a person agrees to when signing up or accepting an invitation. */
export const policiesQueryOptions = queryOptions({
  queryKey: [...queryKeys.policies, 'public'],
  queryFn: ({ signal }) => api(routes.signUpSettings.listPolicies, { signal }),
});

export const usePolicies = (enabled = true) => useQuery({ ...policiesQueryOptions, enabled });
