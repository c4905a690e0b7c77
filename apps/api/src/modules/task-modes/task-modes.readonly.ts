import type { Executor } from '../../db/client';
import { namesOf } from '../../db/read-only';
import { taskModes } from '../../db/schema/task-modes';

// What the task-modes module lends other modules (decision 055), read-only.

/** The names of task modes by id, for the audit log's entries. */
export function namesOfTaskModes(db: Executor, tenantId: number, ids: number[]) {
  return namesOf(db, taskModes, taskModes.koName, taskModes.enName, tenantId, ids);
}
