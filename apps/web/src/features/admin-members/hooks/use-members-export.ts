import { useEffect, useRef, useState } from 'react';
import { useDownloadTaskFile } from '../api/download-task-file';
import { useTask } from '../api/get-task';
import { useStartMembersExport } from '../api/start-members-export';
import { exportState } from '../lib/export-state';

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

  const { phase, problem } = exportState({ requestFailed: start.isError || task.isError, task: data, downloadFailed: download.isError, downloaded: download.isSuccess });

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
