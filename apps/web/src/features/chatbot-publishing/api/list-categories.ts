import type { CategoryList } from '@app/contracts/categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The tenant's categories (the member route: the console edits what members see). */
export const categoriesQueryOptions = queryOptions({
  queryKey: queryKeys.categories,
  queryFn: () => apiRequest<CategoryList>('/categories/'),
});

export const useCategories = () => useQuery(categoriesQueryOptions);
