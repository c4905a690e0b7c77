import type { Task } from '@app/contracts/tasks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { taskTimedOut } from '../lib/export-state';

/** How often a running task is asked about. */
export const TASK_POLL_MS = 1000;

/** `GET /tasks/{id}/`, asked again every second while the task runs (and has not timed out). */
export const taskQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['tasks', id],
    queryFn: () => apiRequest<Task>(`/tasks/${id}/`),
    refetchInterval: (q) => (q.state.data?.status === 'running' && !taskTimedOut(q.state.data) ? TASK_POLL_MS : false),
    refetchIntervalInBackground: true,
    retry: 2,
  });

export const useTask = (id: number | null) => useQuery({ ...taskQueryOptions(id ?? 0), enabled: id !== null });
