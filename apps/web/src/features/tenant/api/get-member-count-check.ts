import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Public: whether the plan has a free seat, so sign-up can say so before anyone fills the form. */
export const memberCountCheckQueryOptions = queryOptions({
  queryKey: [...queryKeys.tenant, 'member-count-check'],
  queryFn: ({ signal }) => api(routes.signUpSettings.memberCountCheck, { signal }),
});

export const useMemberCountCheck = (enabled = true) => useQuery({ ...memberCountCheckQueryOptions, enabled });
