import type { Task } from '@app/contracts/tasks';

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
