import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
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
  // A day starts at its midnight in the reader's time zone (UTC without one).
  const tz = f.tz ?? 'UTC';
  if (f.from) conditions.push(gte(auditLog.createdAt, sql`(${f.from}::date::timestamp at time zone ${tz})`));
  if (f.to) conditions.push(lt(auditLog.createdAt, sql`((${f.to}::date + 1)::timestamp at time zone ${tz})`));
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

/** Everyone who has an entry in the tenant's log and is still a member, by name. */
export function listAuditActors(db: Executor, tenantId: number) {
  return db
    .select({ id: members.id, name: members.name, email: members.email, isAdmin: members.isAdmin })
    .from(members)
    .where(and(eq(members.tenantId, tenantId), sql`exists (select 1 from ${auditLog} a where a.tenant_id = ${members.tenantId} and a.actor_member_id = ${members.id})`))
    .orderBy(asc(members.name), asc(members.id));
}
