import { useEffect, useRef, useState } from 'react';
import { useDownloadTaskFile } from '../api/download-task-file';
import { taskTimedOut, useTask } from '../api/get-task';
import { useStartMembersExport } from '../api/start-members-export';

/** Spec §8 "Export": the texts a failed export shows (keys under `export.errors`). */
export type ExportProblem = 'generic' | 'failed' | 'timeout' | 'noFile' | 'download';
/** Spec §4 export task: exporting, downloading, completed, failed. */
export type ExportPhase = 'exporting' | 'downloading' | 'completed' | 'failed';

/**
 * The members export: starts the task, follows it every second (percent, elapsed, time left),
 * then downloads its file once. Closing stops following it (the server finishes it anyway).
 */
export function useMembersExport() {
  const [taskId, setTaskId] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const start = useStartMembersExport();
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

  const problem: ExportProblem | null = start.isError
    ? 'generic'
    : task.isError
      ? 'generic'
      : data?.status === 'failed'
        ? 'failed'
        : taskTimedOut(data)
          ? 'timeout'
          : data?.status === 'completed' && (!data.download_url || !data.file_name)
            ? 'noFile'
            : download.isError
              ? 'download'
              : null;
  const phase: ExportPhase = problem ? 'failed' : download.isSuccess ? 'completed' : data?.status === 'completed' ? 'downloading' : 'exporting';

  return {
    open,
    task: data,
    phase,
    problem,
    error: start.error ?? task.error ?? download.error,
    begin() {
      setOpen(true);
      setTaskId(null);
      downloaded.current = null;
      download.reset();
      start.mutate(undefined, { onSuccess: (t) => setTaskId(t.id) });
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
