import type { TaskModeList } from '@app/contracts/task-modes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { taskModesKey } from './list-task-modes';

/** The console's list: every mode, switched on or off. */
export const adminTaskModesQueryOptions = () =>
  queryOptions({
    queryKey: [...taskModesKey, 'admin'],
    queryFn: () => apiRequest<TaskModeList>('/admin/task-modes/'),
  });

export const useAdminTaskModes = () => useQuery(adminTaskModesQueryOptions());
