import { routes } from '@app/contracts/routes.gen';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const restrictedWordsQueryOptions = queryOptions({
  queryKey: queryKeys.restrictedWords,
  queryFn: ({ signal }) => api(routes.governance.get, { signal }),
});

/** The tenant's restricted words and privacy mode (spec §3, §7 `GET /admin/restricted-words/`). */
export const useRestrictedWords = () => useQuery(restrictedWordsQueryOptions);
