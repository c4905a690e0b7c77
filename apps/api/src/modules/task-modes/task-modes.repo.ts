import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { taskModes } from '../../db/schema/task-modes';

export type TaskModeRow = typeof taskModes.$inferSelect;

export function listTaskModes(db: Executor, tenantId: number, activeOnly: boolean) {
  return db
    .select()
    .from(taskModes)
    .where(and(eq(taskModes.tenantId, tenantId), activeOnly ? eq(taskModes.isActive, true) : undefined))
    .orderBy(asc(taskModes.sortOrder), asc(taskModes.id));
}

export async function countTaskModes(db: Executor, tenantId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(taskModes).where(eq(taskModes.tenantId, tenantId));
  return row?.n ?? 0;
}

export async function findTaskMode(db: Executor, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(taskModes)
    .where(and(eq(taskModes.tenantId, tenantId), eq(taskModes.id, id)));
  return row;
}

export async function insertTaskMode(db: Executor, tenantId: number, values: Omit<typeof taskModes.$inferInsert, 'tenantId' | 'id'>) {
  const [row] = await db.insert(taskModes).values({ ...values, tenantId }).returning();
  return row!;
}

/** Undefined values are left as they are; with nothing to change (a PATCH of `{}`) no update runs. */
export async function updateTaskMode(db: Executor, tenantId: number, id: number, values: Partial<Omit<typeof taskModes.$inferInsert, 'tenantId' | 'id'>>) {
  if (Object.values(values).every((v) => v === undefined)) return undefined;
  const [row] = await db
    .update(taskModes)
    .set(values)
    .where(and(eq(taskModes.tenantId, tenantId), eq(taskModes.id, id)))
    .returning();
  return row;
}

export async function deleteTaskMode(db: Executor, tenantId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(taskModes)
    .where(and(eq(taskModes.tenantId, tenantId), eq(taskModes.id, id)))
    .returning({ id: taskModes.id });
  return rows.length > 0;
}
