import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/** The query client's default, written out: a model list changes only when an admin changes access. */
const STALE_MS = 30_000;

/**
 * The models the member may pick (`GET /llm-models/`), read by the chat and the studio. A change of
 * group access in the console invalidates `queryKeys.llmModels`.
 */
export const llmModelsQueryOptions = queryOptions({
  queryKey: queryKeys.llmModels,
  queryFn: ({ signal }) => api(routes.llmModels.list, { signal }),
  staleTime: STALE_MS,
});

export const useLlmModels = (enabled = true) => useQuery({ ...llmModelsQueryOptions, enabled });

/**
 * Every model of the tenant with its availability per member group (`GET /admin/llm-models/`):
 * the console's permission matrix and the task-mode form's model select share it.
 */
export const adminLlmModelsQueryOptions = queryOptions({
  queryKey: queryKeys.adminLlmModels,
  queryFn: ({ signal }) => api(routes.llmModels.listAdmin, { signal }),
  staleTime: STALE_MS,
});

export const useAdminLlmModels = () => useQuery(adminLlmModelsQueryOptions);
