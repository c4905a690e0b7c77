import type { RestrictedWordsSettings } from '@app/contracts/governance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const restrictedWordsQueryOptions = queryOptions({
  queryKey: queryKeys.restrictedWords,
  queryFn: () => apiRequest<RestrictedWordsSettings>('/admin/restricted-words/'),
});

/** The tenant's restricted words and privacy mode (spec §3, §7 `GET /admin/restricted-words/`). */
export const useRestrictedWords = () => useQuery(restrictedWordsQueryOptions);
