import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Task } from '@app/contracts/tasks';
import type { Db } from '../../db/client';
import { withTenant } from '../../db/tenant-scope';
import type { MemberContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { newHashId } from '../../platform/tokens';
import { withSpan } from '../../platform/tracing';
import { claimNextTask, failInterruptedTasks, findTask, insertTask, type TaskRow, updateTask } from './tasks.repo';

/** What a task's handler gets: its row, where to write its file, and a way to report progress. */
export interface TaskRun {
  task: TaskRow;
  /** Write the result here (a fresh path under DATA_DIR/files/tasks). */
  file: string;
  /** Progress so far; also the runner's heartbeat. */
  report(done: number, total: number): Promise<void>;
}
/** Runs one task to its end; resolves with the name the result downloads as. */
export type TaskHandler = (run: TaskRun) => Promise<{ fileName: string }>;

/** How often a runner looks for other instances' tasks (a server only). */
const POLL_MS = 1000;

function toTask(t: TaskRow): Task {
  const started = t.startedAt ?? t.createdAt;
  const end = t.finishedAt ?? new Date();
  const elapsed = Math.max(0, (end.getTime() - started.getTime()) / 1000);
  const progress = t.status === 'completed' ? 100 : t.total > 0 ? Math.min(99, Math.floor((t.done / t.total) * 100)) : 0;
  const left = t.status === 'running' && t.done > 0 && t.total > t.done ? (elapsed / t.done) * (t.total - t.done) : t.status === 'completed' ? 0 : null;
  return {
    id: t.id,
    kind: t.kind,
    // Spec §3: running, completed or failed; a task still waiting in the queue is running for its reader.
    status: t.status === 'completed' ? 'completed' : t.status === 'failed' ? 'failed' : 'running',
    progress,
    done: t.done,
    total: t.total,
    elapsed_seconds: Math.round(elapsed * 10) / 10,
    estimated_seconds_left: left === null ? null : Math.round(left * 10) / 10,
    created_at: t.createdAt.toISOString(),
    finished_at: t.finishedAt?.toISOString() ?? null,
    download_url: t.status === 'completed' && t.resultPath ? `/api/tasks/${t.id}/download/` : null,
    file_name: t.resultName,
    error: t.error,
  };
}

export interface TasksServiceDeps {
  db: Db;
  /** The owner's connection: claiming and failing tasks serve every tenant (past row-level security). */
  owner: Db;
  filesDir: string;
  /** At start, running tasks whose heartbeat is older than this were interrupted (0: one process owns the database, all were). */
  startupStaleSeconds: number;
  /** While running, another instance's task whose heartbeat is older than this died with it; null: one process, no polling. */
  staleSeconds: number | null;
  log: (line: string) => void;
}

/** Runs one claimed task with its kind's handler; a failure fails the task, never the runner. */
async function runOne(deps: TasksServiceDeps, handler: TaskHandler | undefined, task: TaskRow): Promise<void> {
  const { db } = deps;
  const dir = path.join(deps.filesDir, 'tasks', String(task.tenantId));
  const file = path.join(dir, `${newHashId(18)}.out`);
  try {
    if (!handler) throw new Error(`no handler for ${task.kind}`);
    await mkdir(dir, { recursive: true });
    const { fileName } = await handler({
      task,
      file,
      report: (done, total) => updateTask(db, task.tenantId, task.id, { done, total, heartbeatAt: new Date() }),
    });
    await updateTask(db, task.tenantId, task.id, { status: 'completed', resultPath: file, resultName: fileName, finishedAt: new Date() });
  } catch (err) {
    deps.log(`task ${task.id} (${task.kind}) failed: ${(err as Error).message}`);
    await rm(file, { force: true }).catch(() => undefined);
    await updateTask(db, task.tenantId, task.id, { status: 'failed', error: 'The task failed; try again', finishedAt: new Date() });
  }
}

/** A task of the tenant; only administrators reach the routes that call this. */
async function getTask(deps: TasksServiceDeps, ctx: MemberContext, id: number): Promise<Task> {
  const row = await findTask(deps.db, ctx.tenantId, id);
  if (!row) throw new AppError('not_found');
  return toTask(row);
}

async function taskResult(deps: TasksServiceDeps, ctx: MemberContext, id: number): Promise<{ file: string; name: string }> {
  const row = await findTask(deps.db, ctx.tenantId, id);
  if (!row) throw new AppError('not_found');
  if (row.status !== 'completed' || !row.resultPath) throw new AppError('conflict', 'The task has no file yet');
  return { file: row.resultPath, name: row.resultName ?? `task-${id}` };
}

/**
 * Background tasks on a queue that lives in the database (decision 025): `enqueue` writes a row,
 * every instance's runner claims queued rows one at a time (SKIP LOCKED), runs the kind's handler
 * with a heartbeat, and keeps the result file. Tasks left running by a process that died are
 * failed at the next start (embedded: at once; on a server: once their heartbeat is a minute old).
 */
export function createTasksService(deps: TasksServiceDeps) {
  const { db } = deps;
  const handlers = new Map<string, TaskHandler>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = true;

  /** Claims and runs queued tasks until none is left. */
  async function drain(): Promise<void> {
    for (;;) {
      if (stopped) return;
      const task = await claimNextTask(deps.owner);
      if (!task) return;
      // The handler sees its own tenant's rows only.
      // One span per task (decision 052; nothing when tracing is off).
      await withTenant(task.tenantId, () => withSpan(`task ${task.kind}`, { 'task.kind': task.kind }, () => runOne(deps, handlers.get(task.kind), task)));
    }
  }

  /** Drains the queue now; asked while a drain runs, drains once more after it (a task may have come in after its last claim). */
  let again = false;
  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = drain()
      .catch((err: Error) => deps.log(`task runner: ${err.message}`))
      .finally(() => {
        running = null;
        if (again) kick();
      });
  }

  return {
    register(kind: string, handler: TaskHandler) {
      handlers.set(kind, handler);
    },
    /** Fails what a previous process left running, then polls the queue. */
    async start() {
      stopped = false;
      const failed = await failInterruptedTasks(deps.owner, deps.startupStaleSeconds);
      if (failed > 0) deps.log(`${failed} task(s) interrupted by the last stop marked failed`);
      // One process owning the database learns of every task through `enqueue`: no polling. With
      // a server, other instances enqueue too, and die: poll, and fail their stale tasks.
      const stale = deps.staleSeconds;
      if (stale !== null) {
        timer = setInterval(() => {
          void failInterruptedTasks(deps.owner, stale).catch(() => undefined);
          kick();
        }, POLL_MS);
        timer.unref();
      }
      kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
    async enqueue(ctx: MemberContext, kind: string, params: object = {}): Promise<Task> {
      const row = await insertTask(db, ctx.tenantId, { kind, params, createdBy: ctx.member.id });
      kick();
      return toTask(row);
    },
    get: (ctx: MemberContext, id: number) => getTask(deps, ctx, id),
    result: (ctx: MemberContext, id: number) => taskResult(deps, ctx, id),
  };
}
export type TasksService = ReturnType<typeof createTasksService>;
