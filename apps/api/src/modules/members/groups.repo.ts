import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberGroupMemberships, memberGroups, members } from '../../db/schema/members';
import { offsetOf } from '../../platform/pagination';
import { containsPattern } from '../../db/like';

export type MemberGroupRow = typeof memberGroups.$inferSelect;

/** Members of a group: its default members and those with it as an additional group. */
const memberCountSql = sql<number>`(
  (select count(*) from ${members} m where m.tenant_id = member_groups.tenant_id and m.default_member_group_id = member_groups.id)
  + (select count(*) from ${memberGroupMemberships} mm where mm.tenant_id = member_groups.tenant_id and mm.member_group_id = member_groups.id)
)::int`;

export async function listGroupsWithCounts(db: Executor, tenantId: number, f: { searchTerm?: string; orderBy: string; page: number; size: number }) {
  const like = f.searchTerm ? containsPattern(f.searchTerm) : null;
  const where = and(eq(memberGroups.tenantId, tenantId), like ? or(ilike(memberGroups.koName, like), ilike(memberGroups.enName, like)) : undefined);
  const order =
    f.orderBy === 'id.desc' ? [desc(memberGroups.id)]
    : f.orderBy === 'name.asc' ? [asc(memberGroups.enName), asc(memberGroups.id)]
    : f.orderBy === 'member_count.desc' ? [desc(memberCountSql), asc(memberGroups.id)]
    : [asc(memberGroups.id)];
  const [rows, [count]] = await Promise.all([
    db.select({ group: memberGroups, memberCount: memberCountSql }).from(memberGroups).where(where).orderBy(...order).limit(f.size).offset(offsetOf(f.page, f.size)),
    db.select({ n: sql<number>`count(*)::int` }).from(memberGroups).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findGroupWithCount(db: Executor, tenantId: number, id: number) {
  const [row] = await db.select({ group: memberGroups, memberCount: memberCountSql }).from(memberGroups).where(and(eq(memberGroups.tenantId, tenantId), eq(memberGroups.id, id)));
  return row;
}

export function listAllGroups(db: Executor, tenantId: number) {
  return db.select().from(memberGroups).where(eq(memberGroups.tenantId, tenantId)).orderBy(asc(memberGroups.id));
}

/** A group of the tenant (other than `exceptId`) with this Korean or English name. */
export async function findGroupsByName(db: Executor, tenantId: number, names: { koName?: string; enName?: string }, exceptId: number | null) {
  return db
    .select({ id: memberGroups.id, koName: memberGroups.koName, enName: memberGroups.enName })
    .from(memberGroups)
    .where(
      and(
        eq(memberGroups.tenantId, tenantId),
        or(names.koName !== undefined ? eq(memberGroups.koName, names.koName) : undefined, names.enName !== undefined ? eq(memberGroups.enName, names.enName) : undefined),
        exceptId === null ? undefined : sql`${memberGroups.id} <> ${exceptId}`,
      ),
    );
}

export async function insertGroup(db: Executor, tenantId: number, values: Omit<typeof memberGroups.$inferInsert, 'tenantId' | 'id'>) {
  const [row] = await db.insert(memberGroups).values({ ...values, tenantId }).returning();
  return row!;
}

/** With nothing to change (a PATCH of `{}`) no update runs and the result is undefined. */
export async function updateGroup(db: Executor, tenantId: number, id: number, values: Partial<Omit<MemberGroupRow, 'tenantId' | 'id'>>) {
  if (Object.values(values).every((x) => x === undefined)) return undefined;
  const [row] = await db.update(memberGroups).set(values).where(and(eq(memberGroups.tenantId, tenantId), eq(memberGroups.id, id))).returning();
  return row;
}

export async function deleteGroup(db: Executor, tenantId: number, id: number) {
  const rows = await db.delete(memberGroups).where(and(eq(memberGroups.tenantId, tenantId), eq(memberGroups.id, id))).returning({ id: memberGroups.id });
  return rows.length > 0;
}

export async function removeMembership(db: Executor, tenantId: number, groupId: number, memberId: number) {
  const rows = await db
    .delete(memberGroupMemberships)
    .where(and(eq(memberGroupMemberships.tenantId, tenantId), eq(memberGroupMemberships.memberGroupId, groupId), eq(memberGroupMemberships.memberId, memberId)))
    .returning({ id: memberGroupMemberships.memberId });
  return rows.length > 0;
}
