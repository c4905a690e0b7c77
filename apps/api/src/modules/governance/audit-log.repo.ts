import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { AuditLogQuery, AuditName, AuditNamedTable } from '@app/contracts/audit-log';
import type { Executor } from '../../db/client';
import { announcements } from '../../db/schema/announcements';
import { categories } from '../../db/schema/categories';
import { chatbots } from '../../db/schema/chatbots';
import { auditLog } from '../../db/schema/governance';
import { invitations } from '../../db/schema/invitations';
import { llmModels } from '../../db/schema/llm-models';
import { customFields, memberGroups, memberRequests, members } from '../../db/schema/members';
import { policies } from '../../db/schema/sign-up';
import { taskModes } from '../../db/schema/task-modes';
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

/** The names of rows in one table by id: `[id, name]` pairs. */
function namesIn(db: Executor, tenantId: number, table: AuditNamedTable, ids: number[]): Promise<Array<{ id: number; ko: string; en: string }>> {
  const bilingual = <T extends typeof memberGroups | typeof chatbots | typeof categories | typeof taskModes | typeof customFields | typeof policies>(t: T) =>
    db.select({ id: t.id, ko: t.koName, en: t.enName }).from(t as typeof memberGroups).where(and(eq(t.tenantId, tenantId), inArray(t.id, ids)));
  const single = (t: typeof members | typeof invitations | typeof llmModels | typeof announcements, name: SQL<string>) =>
    db.select({ id: t.id, ko: name, en: name }).from(t as typeof members).where(and(eq(t.tenantId, tenantId), inArray(t.id, ids)));
  switch (table) {
    case 'members':
      return single(members, sql<string>`${members.name}`);
    case 'invitations':
      return single(invitations, sql<string>`${invitations.name}`);
    case 'llm_models':
      return single(llmModels, sql<string>`${llmModels.displayName}`);
    case 'announcements':
      return single(announcements, sql<string>`${announcements.title}`);
    case 'member_requests':
      // A request is named by the member who made it.
      return db
        .select({ id: memberRequests.id, ko: members.name, en: members.name })
        .from(memberRequests)
        .innerJoin(members, and(eq(members.tenantId, memberRequests.tenantId), eq(members.id, memberRequests.memberId)))
        .where(and(eq(memberRequests.tenantId, tenantId), inArray(memberRequests.id, ids)));
    case 'member_groups':
      return bilingual(memberGroups);
    case 'chatbots':
      return bilingual(chatbots);
    case 'categories':
      return bilingual(categories);
    case 'task_modes':
      return bilingual(taskModes);
    case 'custom_fields':
      return bilingual(customFields);
    case 'policies':
      return bilingual(policies);
  }
}

/** Names by `<table>:<id>` key (see the contract's auditTargetKeys); rows deleted since are left out. */
export async function auditNames(db: Executor, tenantId: number, keys: string[]): Promise<Record<string, AuditName>> {
  const byTable = new Map<AuditNamedTable, Set<number>>();
  for (const key of keys) {
    const [table, id] = key.split(':') as [AuditNamedTable, string];
    const n = Number(id);
    if (Number.isInteger(n) && n > 0 && n <= 2_147_483_647) byTable.set(table, (byTable.get(table) ?? new Set()).add(n));
  }
  const names: Record<string, AuditName> = {};
  for (const [table, ids] of byTable) {
    for (const row of await namesIn(db, tenantId, table, [...ids])) names[`${table}:${row.id}`] = { ko: row.ko, en: row.en };
  }
  return names;
}
