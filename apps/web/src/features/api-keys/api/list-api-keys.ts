import { routes } from '@app/contracts/routes.gen';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The member's own keys, newest first (no paging: a member has at most API_KEY_LIMITS.keysPerMember). */
export const API_KEYS_KEY = ['api-keys'] as const;

export const apiKeysQueryOptions = queryOptions({
  queryKey: API_KEYS_KEY,
  queryFn: ({ signal }) => api(routes.apikeys.list, { signal }),
});

export const useApiKeys = () => useQuery(apiKeysQueryOptions);
