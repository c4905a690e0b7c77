import type { Task } from '@app/contracts/tasks';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /admin/members/export-task/` starts a background export of every member and answers its task. */
export function startMembersExport() {
  return apiRequest<Task>('/admin/members/export-task/');
}

export const useStartMembersExport = () => useMutation({ mutationFn: startMembersExport });
