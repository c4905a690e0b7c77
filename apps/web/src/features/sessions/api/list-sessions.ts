import type { SessionList } from '@app/contracts/sessions';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const SESSIONS_PAGE_SIZE = 30;

export const sessionsQueryOptions = infiniteQueryOptions({
  queryKey: queryKeys.sessions,
  queryFn: ({ pageParam }) => apiRequest<SessionList>('/sessions/', { query: { page: pageParam, size: SESSIONS_PAGE_SIZE } }),
  initialPageParam: 1,
  getNextPageParam: (last) => (last.pagination.page < last.pagination.total_pages ? last.pagination.page + 1 : undefined),
});

export const useSessions = () => useInfiniteQuery(sessionsQueryOptions);
