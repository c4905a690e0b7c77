import { routes } from '@app/contracts/routes.gen';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const SESSIONS_PAGE_SIZE = 30;

export const sessionsQueryOptions = infiniteQueryOptions({
  queryKey: queryKeys.sessions,
  queryFn: ({ pageParam, signal }) => api(routes.sessions.list, { query: { page: pageParam, size: SESSIONS_PAGE_SIZE }, signal }),
  initialPageParam: 1,
  getNextPageParam: (last) => (last.pagination.page < last.pagination.total_pages ? last.pagination.page + 1 : undefined),
});

export const useSessions = () => useInfiniteQuery(sessionsQueryOptions);
