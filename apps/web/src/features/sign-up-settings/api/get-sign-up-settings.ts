import type { SignUpSettings } from '@app/contracts/sign-up-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const signUpSettingsQueryOptions = queryOptions({
  queryKey: queryKeys.signUpSettings,
  queryFn: () => apiRequest<SignUpSettings>('/admin/sign-up-settings/'),
});

export const useSignUpSettings = () => useQuery(signUpSettingsQueryOptions);
