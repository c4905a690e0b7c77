import { and, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { tasks } from '../../db/schema/tasks';

export type TaskRow = typeof tasks.$inferSelect;

export async function insertTask(db: Executor, tenantId: number, values: { kind: string; params: object; createdBy: number }) {
  const [row] = await db.insert(tasks).values({ ...values, tenantId }).returning();
  return row!;
}

export function findTask(db: Executor, tenantId: number, id: number) {
  return db.query.tasks.findFirst({ where: and(eq(tasks.tenantId, tenantId), eq(tasks.id, id)) });
}

export async function updateTask(db: Executor, tenantId: number, id: number, values: Partial<Omit<TaskRow, 'tenantId' | 'id'>>) {
  await db.update(tasks).set(values).where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, id)));
}

/**
 * Claims the oldest queued task of any tenant (the runner serves every tenant): SKIP LOCKED lets
 * several instances claim side by side without taking the same one. Operator-level, across tenants
 * on purpose, like the start-up recovery below.
 */
export async function claimNextTask(db: Executor): Promise<TaskRow | undefined> {
  const [row] = await queryRows<{ tenant_id: number; id: number }>(
    db,
    sql`update tasks set status = 'running', started_at = now(), heartbeat_at = now()
      where (tenant_id, id) = (select tenant_id, id from tasks where status = 'queued' order by id limit 1 for update skip locked)
      returning tenant_id, id`,
  );
  return row ? findTask(db, row.tenant_id, row.id) : undefined;
}

/** Running tasks whose runner stopped beating (a restart, a crash) fail instead of running forever. */
export async function failInterruptedTasks(db: Executor, staleSeconds: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update tasks set status = 'failed', error = 'Interrupted by a restart; start it again', finished_at = now()
      where status = 'running' and heartbeat_at < now() - make_interval(secs => ${staleSeconds}) returning id`,
  );
  return rows.length;
}
