import type { Task } from '@app/contracts/tasks';
import { describe, expect, it } from 'vitest';
import { exportState, TASK_TIMEOUT_SECONDS } from './task-export';

const task = (over: Partial<Task> = {}): Task => ({
  id: 1,
  kind: 'members_export',
  status: 'running',
  progress: 40,
  done: 2,
  total: 5,
  elapsed_seconds: 3,
  estimated_seconds_left: 4,
  created_at: '2026-01-01T00:00:00Z',
  finished_at: null,
  download_url: null,
  file_name: null,
  error: null,
  ...over,
});
const facts = { requestFailed: false, downloadFailed: false, downloaded: false };
const done = task({ status: 'completed', progress: 100, download_url: '/api/tasks/1/download/', file_name: 'members.csv' });

describe('export state (spec §4 export task, §8 Export)', () => {
  it('exports while the task runs (and before it is known), downloads once it is done, then is complete', () => {
    expect(exportState({ ...facts, task: undefined })).toEqual({ phase: 'exporting', problem: null });
    expect(exportState({ ...facts, task: task() })).toEqual({ phase: 'exporting', problem: null });
    expect(exportState({ ...facts, task: done })).toEqual({ phase: 'downloading', problem: null });
    expect(exportState({ ...facts, task: done, downloaded: true })).toEqual({ phase: 'completed', problem: null });
  });
  it('names each failure: the request, the task, a timeout, no file information, the download', () => {
    expect(exportState({ ...facts, requestFailed: true, task: undefined }).problem).toBe('generic');
    expect(exportState({ ...facts, task: task({ status: 'failed', error: 'The task failed; try again' }) }).problem).toBe('failed');
    expect(exportState({ ...facts, task: task({ elapsed_seconds: TASK_TIMEOUT_SECONDS + 1 }) }).problem).toBe('timeout');
    expect(exportState({ ...facts, task: task({ status: 'completed', download_url: null }) }).problem).toBe('noFile');
    expect(exportState({ ...facts, task: { ...done, file_name: null } }).problem).toBe('noFile');
    expect(exportState({ ...facts, task: done, downloadFailed: true })).toEqual({ phase: 'failed', problem: 'download' });
  });
});
