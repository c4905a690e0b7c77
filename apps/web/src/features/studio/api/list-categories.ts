import type { CategoryList } from '@app/contracts/categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const categoriesQueryOptions = queryOptions({
  queryKey: queryKeys.categories,
  queryFn: () => apiRequest<CategoryList>('/categories/', {}),
  staleTime: 5 * 60_000,
});

export const useCategories = () => useQuery(categoriesQueryOptions);
