import { routes } from '@app/contracts/routes.gen';
import { keepPreviousData, queryOptions, type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { type PublishFilters, publishQuery } from '../lib/filters';

/** The console's publish requests (own key: only this area reads them). */
export const PUBLISH_REQUESTS_KEY = ['admin-publish-requests'] as const;

export const publishRequestsQueryOptions = (f: PublishFilters, page: number) =>
  queryOptions({
    queryKey: [...PUBLISH_REQUESTS_KEY, f, page],
    queryFn: ({ signal }) => api(routes.chatbotPublishing.list, { query: publishQuery(f, page), signal }),
    placeholderData: keepPreviousData,
    // A queue others add to: a filter chosen again asks again (shown from the cache meanwhile).
    staleTime: 0,
  });

export const usePublishRequests = (f: PublishFilters, page: number) => useQuery(publishRequestsQueryOptions(f, page));

/** After a decision: the requests, and every chatbot list (the store shows what was approved). */
export function refreshPublishViews(qc: QueryClient) {
  return Promise.all([qc.invalidateQueries({ queryKey: PUBLISH_REQUESTS_KEY }), qc.invalidateQueries({ queryKey: queryKeys.chatbots().slice(0, 1) })]);
}
