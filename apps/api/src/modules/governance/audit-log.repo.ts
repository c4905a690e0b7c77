import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AuditLogQuery, AuditName, AuditNamedTable } from '@app/contracts/audit-log';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema/governance';
import { offsetOf } from '../../platform/pagination';
import { namesOfAnnouncements } from '../announcements/announcements.readonly';
import { namesOfCategories } from '../categories/categories.readonly';
import { namesOfChatbots } from '../chatbots/chatbots.readonly';
import { namesOfInvitations } from '../invitations/invitations.readonly';
import { namesOfLlmModels } from '../llm-models/llm-models.readonly';
import { memberNamesView, namesOfCustomFields, namesOfMemberGroups, namesOfMemberRequests, namesOfMembers } from '../members/members.readonly';
import { namesOfPolicies } from '../sign-up/sign-up.readonly';
import { namesOfTaskModes } from '../task-modes/task-modes.readonly';

// Other modules' rows are named by the queries their owners declare (decision 055).
const members = memberNamesView('members');

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
  switch (table) {
    case 'members':
      return namesOfMembers(db, tenantId, ids);
    case 'invitations':
      return namesOfInvitations(db, tenantId, ids);
    case 'llm_models':
      return namesOfLlmModels(db, tenantId, ids);
    case 'announcements':
      return namesOfAnnouncements(db, tenantId, ids);
    case 'member_requests':
      return namesOfMemberRequests(db, tenantId, ids);
    case 'member_groups':
      return namesOfMemberGroups(db, tenantId, ids);
    case 'chatbots':
      return namesOfChatbots(db, tenantId, ids);
    case 'categories':
      return namesOfCategories(db, tenantId, ids);
    case 'task_modes':
      return namesOfTaskModes(db, tenantId, ids);
    case 'custom_fields':
      return namesOfCustomFields(db, tenantId, ids);
    case 'policies':
      return namesOfPolicies(db, tenantId, ids);
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
