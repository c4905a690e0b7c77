import { routes } from '@app/contracts/routes.gen';
import type { AdminToolList, BuiltinTool } from '@app/contracts/tools';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { withToolAccess } from '../lib/model-access';

export interface ToolGroupAccess {
  tool: BuiltinTool;
  groupId: number;
  isAvailable: boolean;
}

export function setToolGroupAccess({ tool, groupId, isAvailable }: ToolGroupAccess) {
  return api(routes.tools.setGroupAccess, { params: { tool, group: groupId }, body: { is_available: isAvailable } });
}

const MUTATION_KEY = ['set-tool-group-access'] as const;

/**
 * A switch of the tool matrix, as the model matrix's (set-model-group-access.ts): the cell changes
 * at once, only it goes back if the server refuses, and the matrix is read again once the last
 * switch in flight has settled.
 */
export function useSetToolGroupAccess() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: MUTATION_KEY,
    mutationFn: setToolGroupAccess,
    onMutate: async (v) => {
      await qc.cancelQueries({ queryKey: queryKeys.adminTools });
      qc.setQueryData<AdminToolList>(queryKeys.adminTools, (old) => old && withToolAccess(old, v.tool, v.groupId, v.isAvailable));
    },
    onError: (_err, v) => qc.setQueryData<AdminToolList>(queryKeys.adminTools, (old) => old && withToolAccess(old, v.tool, v.groupId, !v.isAvailable)),
    onSettled: () => {
      if (qc.isMutating({ mutationKey: MUTATION_KEY }) === 1) void qc.invalidateQueries({ queryKey: queryKeys.adminTools });
      // The studio's tool switches depend on it too (an admin may be in the group).
      void qc.invalidateQueries({ queryKey: queryKeys.tools });
    },
  });
}
