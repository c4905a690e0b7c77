import type { ApiKeyList } from '@app/contracts/apikeys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The member's own keys, newest first (no paging: a member has at most API_KEY_LIMITS.keysPerMember). */
export const API_KEYS_KEY = ['api-keys'] as const;

export const apiKeysQueryOptions = queryOptions({
  queryKey: API_KEYS_KEY,
  queryFn: () => apiRequest<ApiKeyList>('/apikeys/'),
});

export const useApiKeys = () => useQuery(apiKeysQueryOptions);
