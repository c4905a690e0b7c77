import type { History } from '@app/contracts/sessions';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const HISTORY_PAGE_SIZE = 20;

/** Pages go back in time: page 0 is the newest; the next page starts before the oldest loaded id. */
export const historyQueryOptions = (hash: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.history(hash),
    queryFn: ({ pageParam }) =>
      apiRequest<History>(`/sessions/${hash}/history/`, { query: { size: HISTORY_PAGE_SIZE, first_id: pageParam ?? undefined } }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.has_more && last.items[0] ? last.items[0].id : undefined),
  });

export const useHistory = (hash: string | undefined) => useInfiniteQuery({ ...historyQueryOptions(hash ?? ''), enabled: !!hash });
