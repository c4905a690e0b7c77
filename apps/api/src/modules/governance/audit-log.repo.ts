import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AuditLogQuery } from '@app/contracts/audit-log';
import type { Executor } from '../../db/client';
import { auditLog, members } from '../../db/schema/index';
import { offsetOf } from '../../platform/pagination';

type Filters = Omit<AuditLogQuery, 'page' | 'size'>;

function where(tenantId: number, f: Filters): SQL {
  const conditions: Array<SQL | undefined> = [eq(auditLog.tenantId, tenantId)];
  if (f.target_type) conditions.push(eq(auditLog.targetType, f.target_type));
  if (f.operation) conditions.push(eq(auditLog.operation, f.operation));
  if (f.actor_id) conditions.push(eq(auditLog.actorMemberId, f.actor_id));
  if (f.from) conditions.push(gte(auditLog.createdAt, new Date(`${f.from}T00:00:00Z`)));
  if (f.to) conditions.push(lt(auditLog.createdAt, new Date(new Date(`${f.to}T00:00:00Z`).getTime() + 86_400_000)));
  return and(...conditions)!;
}

/** A page of the tenant's audit entries, newest first, with the acting admin's name and email. */
export async function listAuditLog(db: Executor, tenantId: number, f: Filters, page: number, size: number) {
  const rows = await db
    .select({ entry: auditLog, actorName: members.name, actorEmail: members.email })
    .from(auditLog)
    .leftJoin(members, and(eq(members.tenantId, auditLog.tenantId), eq(members.id, auditLog.actorMemberId)))
    .where(where(tenantId, f))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(size)
    .offset(offsetOf(page, size));
  const [total] = await db.select({ n: count() }).from(auditLog).where(where(tenantId, f));
  return { rows, total: total?.n ?? 0 };
}
