import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const signUpSettingsQueryOptions = queryOptions({
  queryKey: queryKeys.signUpSettings,
  queryFn: ({ signal }) => api(routes.signUpSettings.get, { signal }),
});

export const useSignUpSettings = () => useQuery(signUpSettingsQueryOptions);
