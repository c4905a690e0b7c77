import { routes } from '@app/contracts/routes.gen';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const HISTORY_PAGE_SIZE = 20;

/** Pages go back in time: page 0 is the newest; the next page starts before the oldest loaded id. */
export const historyQueryOptions = (hash: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.history(hash),
    queryFn: ({ pageParam, signal }) => api(routes.sessions.history, { params: { hash }, query: { size: HISTORY_PAGE_SIZE, first_id: pageParam ?? undefined }, signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.has_more && last.items[0] ? last.items[0].id : undefined),
  });

export const useHistory = (hash: string | undefined) => useInfiniteQuery({ ...historyQueryOptions(hash ?? ''), enabled: !!hash });
