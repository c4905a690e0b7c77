import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberGroupMemberships, memberGroups, members, type MemberRow } from '../../db/schema/index';

export function findMemberById(db: Executor, tenantId: number, id: number) {
  return db.query.members.findFirst({ where: and(eq(members.tenantId, tenantId), eq(members.id, id)) });
}

export function findMemberByEmail(db: Executor, tenantId: number, email: string) {
  return db.query.members.findFirst({ where: and(eq(members.tenantId, tenantId), eq(members.email, email.toLowerCase())) });
}

export async function insertMember(db: Executor, tenantId: number, values: Omit<typeof members.$inferInsert, 'tenantId' | 'id'>) {
  const [row] = await db.insert(members).values({ ...values, tenantId, email: values.email.toLowerCase() }).returning();
  return row!;
}

export async function updateMember(db: Executor, tenantId: number, id: number, values: Partial<Omit<MemberRow, 'tenantId' | 'id'>>) {
  const [row] = await db
    .update(members)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(members.tenantId, tenantId), eq(members.id, id)))
    .returning();
  return row;
}

export async function bumpTokenVersion(db: Executor, tenantId: number, id: number) {
  await db
    .update(members)
    .set({ tokenVersion: sql`${members.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(and(eq(members.tenantId, tenantId), eq(members.id, id)));
}

/** All groups of a member: the default group plus additional ones. */
export async function findMemberGroupIds(db: Executor, tenantId: number, member: Pick<MemberRow, 'id' | 'defaultMemberGroupId'>) {
  const rows = await db
    .select({ id: memberGroupMemberships.memberGroupId })
    .from(memberGroupMemberships)
    .where(and(eq(memberGroupMemberships.tenantId, tenantId), eq(memberGroupMemberships.memberId, member.id)));
  const ids = new Set(rows.map((r) => r.id));
  if (member.defaultMemberGroupId !== null) ids.add(member.defaultMemberGroupId);
  return [...ids].sort((a, b) => a - b);
}

export async function addMemberToGroups(db: Executor, tenantId: number, memberId: number, groupIds: number[]) {
  if (groupIds.length === 0) return;
  await db
    .insert(memberGroupMemberships)
    .values(groupIds.map((memberGroupId) => ({ tenantId, memberId, memberGroupId })))
    .onConflictDoNothing();
}

export async function insertMemberGroup(db: Executor, tenantId: number, values: Omit<typeof memberGroups.$inferInsert, 'tenantId' | 'id'>) {
  const [row] = await db.insert(memberGroups).values({ ...values, tenantId }).returning();
  return row!;
}
