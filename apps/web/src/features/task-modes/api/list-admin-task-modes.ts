import { routes } from '@app/contracts/routes.gen';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { taskModesKey } from './list-task-modes';

/** The console's list: every mode, switched on or off. */
export const adminTaskModesQueryOptions = () =>
  queryOptions({
    queryKey: [...taskModesKey, 'admin'],
    queryFn: ({ signal }) => api(routes.taskModes.listAdmin, { signal }),
  });

export const useAdminTaskModes = () => useQuery(adminTaskModesQueryOptions());
