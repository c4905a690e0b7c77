import type { AdminLlmModelList } from '@app/contracts/llm-models';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every model of the tenant with its availability for every group (the permission matrix). */
export const adminLlmModelsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminLlmModels,
    queryFn: () => apiRequest<AdminLlmModelList>('/admin/llm-models/'),
  });

export const useAdminLlmModels = () => useQuery(adminLlmModelsQueryOptions());
