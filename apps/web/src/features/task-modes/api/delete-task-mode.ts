import { routes } from '@app/contracts/routes.gen';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { taskModesKey } from './list-task-modes';

export function deleteTaskMode(id: number) {
  return api(routes.taskModes.remove, { params: { id } });
}

export function useDeleteTaskMode() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteTaskMode, onSuccess: () => qc.invalidateQueries({ queryKey: taskModesKey }) });
}
