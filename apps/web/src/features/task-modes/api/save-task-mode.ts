import { routes } from '@app/contracts/routes.gen';
import type { TaskModeBody, TaskModeList, UpdateTaskModeBody } from '@app/contracts/task-modes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminTaskModesQueryOptions } from './list-admin-task-modes';
import { taskModesKey } from './list-task-modes';

export function createTaskMode(body: TaskModeBody) {
  return api(routes.taskModes.create, { body });
}

export function updateTaskMode(id: number, body: UpdateTaskModeBody) {
  return api(routes.taskModes.update, { params: { id }, body });
}

/** Create (no id) or change; every task-mode list refreshes afterwards. */
export function useSaveTaskMode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: null; body: TaskModeBody } | { id: number; body: UpdateTaskModeBody }) => (v.id === null ? createTaskMode(v.body) : updateTaskMode(v.id, v.body)),
    onSuccess: () => qc.invalidateQueries({ queryKey: taskModesKey }),
  });
}

/** The table's active switch: flips at once, back again if the server refuses. */
export function useSetTaskModeActive() {
  const qc = useQueryClient();
  const key = adminTaskModesQueryOptions().queryKey;
  const flip = (id: number, on: boolean) => qc.setQueryData<TaskModeList>(key, (old) => old && { items: old.items.map((m) => (m.id === id ? { ...m, is_active: on } : m)) });
  return useMutation({
    mutationFn: (v: { id: number; isActive: boolean }) => updateTaskMode(v.id, { is_active: v.isActive }),
    onMutate: async (v) => {
      await qc.cancelQueries({ queryKey: key });
      flip(v.id, v.isActive);
    },
    onError: (_err, v) => flip(v.id, !v.isActive),
    onSettled: () => qc.invalidateQueries({ queryKey: taskModesKey }),
  });
}
