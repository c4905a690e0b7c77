import type { AdminLlmModelList } from '@app/contracts/llm-models';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The tenant's models, for the form's model select (the same cache as the console's model matrix). */
export const adminLlmModelsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminLlmModels,
    queryFn: () => apiRequest<AdminLlmModelList>('/admin/llm-models/'),
  });

export const useAdminLlmModels = () => useQuery(adminLlmModelsQueryOptions());
