import type { Task } from '@app/contracts/tasks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** How often a running task is asked about. */
export const TASK_POLL_MS = 1000;
/** A task still running after this long is given up on (spec §8 "Export: timeout"). */
export const TASK_TIMEOUT_SECONDS = 15 * 60;

export const taskTimedOut = (task: Task | undefined) => task?.status === 'running' && task.elapsed_seconds > TASK_TIMEOUT_SECONDS;

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
