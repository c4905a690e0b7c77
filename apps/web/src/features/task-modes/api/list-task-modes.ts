import { routes } from '@app/contracts/routes.gen';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every task-mode list (the members' and the console's) sits under this key, so a change in the console refreshes both. */
export const taskModesKey = ['task-modes'] as const;

/** `GET /task-modes/`: the active modes the chat input offers, in their order. */
export const taskModesQueryOptions = () =>
  queryOptions({
    queryKey: [...taskModesKey, 'active'],
    queryFn: ({ signal }) => api(routes.taskModes.list, { signal }),
    staleTime: 5 * 60_000,
  });

export const useTaskModes = () => useQuery(taskModesQueryOptions());
