import { useEffect, useRef, useState } from 'react';
import { taskTimedOut, useDownloadTaskFile, useStartUsageExport, useTask } from '../api/usage-export';

export type ExportPhase = 'exporting' | 'downloading' | 'completed' | 'failed';
/** Spec §8 "Export": generic, failed, timeout, no file information; and the download's own failure. */
export type ExportProblem = 'generic' | 'failed' | 'timeout' | 'noFile' | 'download';

/** The usage export: starts the task, follows its progress every second, downloads its file once. */
export function useUsageExport() {
  const [taskId, setTaskId] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const start = useStartUsageExport();
  const task = useTask(taskId);
  const download = useDownloadTaskFile();
  const { mutate: fetchFile } = download;
  const downloaded = useRef<number | null>(null);
  const data = task.data;
  const ready = data?.status === 'completed' && !!data.download_url;
  useEffect(() => {
    if (!ready || !data || downloaded.current === data.id) return;
    downloaded.current = data.id;
    fetchFile(data);
  }, [ready, data, fetchFile]);

  const problem: ExportProblem | null =
    start.isError || task.isError
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
    begin(range: { start: string; end: string }) {
      setOpen(true);
      setTaskId(null);
      downloaded.current = null;
      download.reset();
      start.mutate(range, { onSuccess: (t) => setTaskId(t.id) });
    },
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
