import { routes } from '@app/contracts/routes.gen';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const SHARED_HISTORY_PAGE_SIZE = 20;

/** A shared session's messages; like the member's history, page 0 is the newest and each next page is older. */
export const sharedHistoryQueryOptions = (shareHash: string) =>
  infiniteQueryOptions({
    queryKey: ['shared-history', shareHash] as const,
    queryFn: ({ pageParam, signal }) =>
      api(routes.public.sessionHistory, { params: { hash: shareHash }, query: { size: SHARED_HISTORY_PAGE_SIZE, first_id: pageParam ?? undefined }, signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.has_more && last.items[0] ? last.items[0].id : undefined),
  });

export const useSharedHistory = (shareHash: string, enabled: boolean) => useInfiniteQuery({ ...sharedHistoryQueryOptions(shareHash), enabled });
