import type { LlmModelList } from '@app/contracts/llm-models';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const llmModelsQueryOptions = queryOptions({
  queryKey: queryKeys.llmModels,
  queryFn: () => apiRequest<LlmModelList>('/llm-models/', {}),
});

export const useLlmModels = (enabled = true) => useQuery({ ...llmModelsQueryOptions, enabled });
