import { routes } from '@app/contracts/routes.gen';
import type { Task } from '@app/contracts/tasks';
import { queryOptions, type UseMutationResult, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api, apiFetch } from './api-client';

/**
 * Exports that run as background tasks (decision 025): the members export, the usage export. One
 * way to start one, follow it every second, and download its file once — whichever console page
 * asks.
 */

/** Spec §8 "Export": the texts a failed export shows (keys under `export.errors`). */
export type ExportProblem = 'generic' | 'failed' | 'timeout' | 'noFile' | 'download';
/** Spec §4 export task: exporting, downloading, completed, failed. */
export type ExportPhase = 'exporting' | 'downloading' | 'completed' | 'failed';

/** A task still running after this long is given up on (spec §8 "Export: timeout"). */
export const TASK_TIMEOUT_SECONDS = 15 * 60;

export const taskTimedOut = (task: Task | undefined) => task?.status === 'running' && task.elapsed_seconds > TASK_TIMEOUT_SECONDS;

export interface ExportFacts {
  /** Starting the task or asking about it failed (after the query's retries). */
  requestFailed: boolean;
  task: Task | undefined;
  downloadFailed: boolean;
  downloaded: boolean;
}

/** Where an export stands, and what went wrong if anything did. */
export function exportState({ requestFailed, task, downloadFailed, downloaded }: ExportFacts): { phase: ExportPhase; problem: ExportProblem | null } {
  const problem: ExportProblem | null = requestFailed
    ? 'generic'
    : task?.status === 'failed'
      ? 'failed'
      : taskTimedOut(task)
        ? 'timeout'
        : task?.status === 'completed' && (!task.download_url || !task.file_name)
          ? 'noFile'
          : downloadFailed
            ? 'download'
            : null;
  if (problem) return { phase: 'failed', problem };
  return { phase: downloaded ? 'completed' : task?.status === 'completed' ? 'downloading' : 'exporting', problem: null };
}

/** How often a running task is asked about. */
export const TASK_POLL_MS = 1000;

/** `GET /tasks/{id}/`, asked again every second while the task runs (and has not timed out). */
export const taskQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['tasks', id],
    queryFn: ({ signal }) => api(routes.tasks.get, { params: { id }, signal }),
    refetchInterval: (q) => (q.state.data?.status === 'running' && !taskTimedOut(q.state.data) ? TASK_POLL_MS : false),
    refetchIntervalInBackground: true,
    retry: 2,
  });

export const useTask = (id: number | null) => useQuery({ ...taskQueryOptions(id ?? 0), enabled: id !== null });

/**
 * A finished task's file (`GET /tasks/{id}/download/`, the task's `download_url`): fetched with
 * the access token (the download needs it, so a plain link cannot), then saved through an object
 * URL under the task's file name. The bytes go to the file as they came, the CSV's byte order
 * mark with them.
 */
export async function downloadTaskFile(task: Pick<Task, 'id' | 'file_name'>): Promise<void> {
  const res = await apiFetch(routes.tasks.download, { params: { id: task.id } });
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = task.file_name ?? 'export.csv';
  document.body.append(a);
  a.click();
  a.remove();
  // After the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

export const useDownloadTaskFile = () => useMutation({ mutationFn: downloadTaskFile });

/**
 * An export: `start` is the mutation that queues the task (its variables are what `begin` is
 * given); the hook follows the task every second (percent, elapsed, time left), then downloads
 * its file once. Closing stops following it (the server finishes it anyway).
 */
export function useTaskExport<V>(start: UseMutationResult<Task, Error, V>) {
  const [taskId, setTaskId] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const task = useTask(taskId);
  const download = useDownloadTaskFile();
  const { mutate: fetchFile } = download;
  const downloaded = useRef<number | null>(null);
  const data = task.data;

  // The file is fetched once per completed task, the moment the poll sees it finished.
  const ready = data?.status === 'completed' && !!data.download_url;
  useEffect(() => {
    if (!ready || !data || downloaded.current === data.id) return;
    downloaded.current = data.id;
    fetchFile(data);
  }, [ready, data, fetchFile]);

  const { phase, problem } = exportState({ requestFailed: start.isError || task.isError, task: data, downloadFailed: download.isError, downloaded: download.isSuccess });

  return {
    open,
    task: data,
    phase,
    problem,
    error: start.error ?? task.error ?? download.error,
    begin(variables: V) {
      setOpen(true);
      setTaskId(null);
      downloaded.current = null;
      download.reset();
      start.mutate(variables, { onSuccess: (t) => setTaskId(t.id) });
    },
    /** The same file again (a browser that blocked the first download). */
    downloadAgain() {
      if (data?.download_url) download.mutate(data);
    },
    close() {
      setOpen(false);
      setTaskId(null);
      start.reset();
      download.reset();
    },
  };
}
