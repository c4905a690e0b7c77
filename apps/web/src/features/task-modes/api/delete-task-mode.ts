import type { Ok } from '@app/contracts/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { taskModesKey } from './list-task-modes';

export function deleteTaskMode(id: number) {
  return apiRequest<Ok>(`/admin/task-modes/${id}/`, { method: 'DELETE' });
}

export function useDeleteTaskMode() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteTaskMode, onSuccess: () => qc.invalidateQueries({ queryKey: taskModesKey }) });
}
