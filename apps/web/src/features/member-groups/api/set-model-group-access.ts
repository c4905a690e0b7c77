import type { AdminLlmModelList } from '@app/contracts/llm-models';
import { routes } from '@app/contracts/routes.gen';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { withAccess } from '../lib/model-access';

export interface ModelGroupAccess {
  modelId: number;
  groupId: number;
  isAvailable: boolean;
}

export function setModelGroupAccess({ modelId, groupId, isAvailable }: ModelGroupAccess) {
  return api(routes.llmModels.setGroupAccess, { params: { model: modelId, group: groupId }, body: { is_available: isAvailable } });
}

const MUTATION_KEY = ['set-model-group-access'] as const;

/**
 * A switch of the matrix: the cell changes at once and goes back if the server refuses. Only that
 * cell is rolled back (other switches flipped meanwhile keep theirs), and the matrix is read again
 * once the last switch in flight has settled.
 */
export function useSetModelGroupAccess() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: MUTATION_KEY,
    mutationFn: setModelGroupAccess,
    onMutate: async (v) => {
      await qc.cancelQueries({ queryKey: queryKeys.adminLlmModels });
      qc.setQueryData<AdminLlmModelList>(queryKeys.adminLlmModels, (old) => old && withAccess(old, v.modelId, v.groupId, v.isAvailable));
    },
    onError: (_err, v) => qc.setQueryData<AdminLlmModelList>(queryKeys.adminLlmModels, (old) => old && withAccess(old, v.modelId, v.groupId, !v.isAvailable)),
    onSettled: () => {
      // The member-facing model list and chatbots depend on it too (an admin may be in the group).
      if (qc.isMutating({ mutationKey: MUTATION_KEY }) === 1) void qc.invalidateQueries({ queryKey: queryKeys.adminLlmModels });
      void qc.invalidateQueries({ queryKey: queryKeys.llmModels });
      void qc.invalidateQueries({ queryKey: [queryKeys.chatbots()[0]] });
    },
  });
}
