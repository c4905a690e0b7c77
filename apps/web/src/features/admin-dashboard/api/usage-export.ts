import type { Task } from '@app/contracts/tasks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiHeaders, apiRequest, refreshSession, toApiError } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';

/** A task still running after this long is given up on (spec §8 "Export: timeout"), as for the members export. */
export const TASK_TIMEOUT_SECONDS = 15 * 60;
export const taskTimedOut = (task: Task | undefined) => task?.status === 'running' && task.elapsed_seconds > TASK_TIMEOUT_SECONDS;

/** `GET /admin/dashboards/usage/export-task/` starts the usage export over the range and answers its task. */
export const useStartUsageExport = () =>
  useMutation({ mutationFn: (range: { start: string; end: string }) => apiRequest<Task>('/admin/dashboards/usage/export-task/', { query: { start_month: range.start, end_month: range.end } }) });

/** `GET /tasks/{id}/`, every second while it runs (the same task route the members export follows). */
export const useTask = (id: number | null) =>
  useQuery({
    queryKey: ['tasks', id ?? 0],
    queryFn: () => apiRequest<Task>(`/tasks/${id}/`),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === 'running' && !taskTimedOut(q.state.data) ? 1000 : false),
    refetchIntervalInBackground: true,
    retry: 2,
  });

/** A finished task's file, fetched with the access token and saved under its name. */
export async function downloadTaskFile(task: Pick<Task, 'download_url' | 'file_name'>): Promise<void> {
  const send = () => fetch(task.download_url!, { headers: apiHeaders(false), credentials: 'same-origin' });
  let res = await send();
  if (res.status === 401 && authStore.get().accessToken) {
    await refreshSession();
    res = await send();
  }
  if (!res.ok) throw await toApiError(res);
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = task.file_name ?? 'usage.csv';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
export const useDownloadTaskFile = () => useMutation({ mutationFn: downloadTaskFile });
