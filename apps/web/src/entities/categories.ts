import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/**
 * The tenant's categories, read by the store, the studio and the console (one query key, one
 * staleTime). The console's edits invalidate `queryKeys.categories`.
 */
export const categoriesQueryOptions = queryOptions({
  queryKey: queryKeys.categories,
  queryFn: ({ signal }) => api(routes.categories.list, { signal }),
  staleTime: 5 * 60_000,
});

export const useCategories = () => useQuery(categoriesQueryOptions);
