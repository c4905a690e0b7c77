import { routes } from '@app/contracts/routes.gen';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { nextPage, type StoreFilters, storeQuery } from '../lib/store-query';

/** The store's cards, a page at a time ("Load more"); under the chatbots key so publishing changes refresh it. */
export const storeChatbotsQueryOptions = (f: StoreFilters) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.chatbots({ store: f }), 'pages'],
    queryFn: ({ pageParam, signal }) => api(routes.chatbots.list, { query: storeQuery(f, pageParam), signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPage(last.pagination),
    // Another category, search or order keeps the cards shown until the new ones come.
    placeholderData: keepPreviousData,
  });

export const useStoreChatbots = (f: StoreFilters) => useInfiniteQuery(storeChatbotsQueryOptions(f));
