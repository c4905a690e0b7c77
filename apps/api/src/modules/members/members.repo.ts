import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { customFields, memberGroupMemberships, memberGroups, memberRequests, members, type MemberRow } from '../../db/schema/members';
import { offsetOf } from '../../platform/pagination';
import { containsPattern } from '../../db/like';
import { allGroupIds } from './members.mapper';
import { lockTenantRow } from '../tenants/tenants.readonly';

export function findMemberById(db: Executor, tenantId: number, id: number) {
  return db.query.members.findFirst({ where: and(eq(members.tenantId, tenantId), eq(members.id, id)) });
}

export function findMemberByEmail(db: Executor, tenantId: number, email: string) {
  return db.query.members.findFirst({ where: and(eq(members.tenantId, tenantId), eq(members.email, email.toLowerCase())) });
}

export function findMemberBySsoId(db: Executor, tenantId: number, platformId: number, ssoId: string) {
  return db.query.members.findFirst({ where: and(eq(members.tenantId, tenantId), eq(members.ssoPlatformId, platformId), eq(members.ssoId, ssoId)) });
}

export function findMembersByEmails(db: Executor, tenantId: number, emails: string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .select({ email: members.email, memberStatus: members.memberStatus })
    .from(members)
    .where(and(eq(members.tenantId, tenantId), inArray(members.email, emails.map((e) => e.toLowerCase()))));
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
  return allGroupIds(member.defaultMemberGroupId, rows.map((r) => r.id));
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

/**
 * Locks the tenant's row for the rest of the transaction and counts its seats: active members and
 * open invitations. Every path that takes a seat (sign-up, invitation, approval) calls this first,
 * so two of them racing for the last seat are serialised and exactly one gets it.
 */
export async function lockAndCountSeats(tx: Executor, tenantId: number): Promise<number> {
  await lockTenantRow(tx, tenantId);
  return countSeats(tx, tenantId);
}

export async function countSeats(db: Executor, tenantId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select ((select count(*) from members where tenant_id = ${tenantId} and member_status = 'active')
      + (select count(*) from invitations where tenant_id = ${tenantId} and accepted_at is null and expires_at > now()))::int as n`,
  );
  return row?.n ?? 0;
}

export function findGroupsByIds(db: Executor, tenantId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(memberGroups).where(and(eq(memberGroups.tenantId, tenantId), inArray(memberGroups.id, ids)));
}

export async function listMemberGroups(db: Executor, tenantId: number, f: { isDefault?: boolean; searchTerm?: string; orderBy: string; page: number; size: number }) {
  const where = and(
    eq(memberGroups.tenantId, tenantId),
    f.isDefault === undefined ? undefined : eq(memberGroups.isDefault, f.isDefault),
    f.searchTerm ? or(ilike(memberGroups.koName, containsPattern(f.searchTerm)), ilike(memberGroups.enName, containsPattern(f.searchTerm))) : undefined,
  );
  const order = f.orderBy === 'id.desc' ? [desc(memberGroups.id)] : f.orderBy === 'name.asc' ? [asc(memberGroups.enName), asc(memberGroups.id)] : [asc(memberGroups.id)];
  const [rows, [count]] = await Promise.all([
    db.select().from(memberGroups).where(where).orderBy(...order).limit(f.size).offset(offsetOf(f.page, f.size)),
    db.select({ n: sql<number>`count(*)::int` }).from(memberGroups).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}


/** Members for the console's lists, each with their latest request (a pending registration, say). */
export async function listMembersForAdmin(
  db: Executor,
  tenantId: number,
  f: { status?: string; hasPendingRequest?: boolean; searchTerm?: string; groupId?: number; isAdmin?: boolean; orderBy?: string; page: number; size: number },
) {
  const like = f.searchTerm ? containsPattern(f.searchTerm) : null;
  const where = and(
    eq(members.tenantId, tenantId),
    f.status ? eq(members.memberStatus, f.status) : undefined,
    f.isAdmin === undefined ? undefined : eq(members.isAdmin, f.isAdmin),
    f.hasPendingRequest === undefined
      ? undefined
      : sql`${f.hasPendingRequest ? sql`` : sql`not `}exists (select 1 from member_requests r where r.tenant_id = ${tenantId} and r.member_id = ${members.id} and r.status = 'pending')`,
    // Members of a group, as their default group or an additional one (group_ids holds both; GIN index).
    f.groupId === undefined ? undefined : sql`${members.groupIds} @> array[${f.groupId}]::integer[]`,
    // Name, email and searchable custom fields: members.search_text, kept by triggers, trigram-indexed.
    like ? ilike(members.searchText, like) : undefined,
  );
  const order =
    f.orderBy === 'created_at.asc' ? [asc(members.createdAt), asc(members.id)]
    : f.orderBy === 'name.asc' ? [asc(members.name), asc(members.id)]
    : f.orderBy === 'email.asc' ? [asc(members.email)]
    : [desc(members.createdAt), desc(members.id)];
  const [page, [count]] = await Promise.all([
    db.select().from(members).where(where).orderBy(...order).limit(f.size).offset(offsetOf(f.page, f.size)),
    db.select({ n: sql<number>`count(*)::int` }).from(members).where(where),
  ]);
  const requests = page.length
    ? await db
        .selectDistinctOn([memberRequests.memberId])
        .from(memberRequests)
        .where(and(eq(memberRequests.tenantId, tenantId), inArray(memberRequests.memberId, page.map((m) => m.id))))
        .orderBy(memberRequests.memberId, desc(memberRequests.id))
    : [];
  const latest = new Map(requests.map((r) => [r.memberId, r]));
  return { rows: page.map((member) => ({ member, request: latest.get(member.id) ?? null })), total: count?.n ?? 0 };
}

/** Active administrators of the tenant. */
export async function countAdmins(db: Executor, tenantId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(members)
    .where(and(eq(members.tenantId, tenantId), eq(members.isAdmin, true), eq(members.memberStatus, 'active')));
  return row?.n ?? 0;
}

export async function deleteMember(db: Executor, tenantId: number, id: number) {
  const rows = await db.delete(members).where(and(eq(members.tenantId, tenantId), eq(members.id, id))).returning({ id: members.id });
  return rows.length > 0;
}

/** Replaces a member's additional groups. */
export async function setMemberGroups(db: Executor, tenantId: number, memberId: number, groupIds: number[]) {
  await db.delete(memberGroupMemberships).where(and(eq(memberGroupMemberships.tenantId, tenantId), eq(memberGroupMemberships.memberId, memberId)));
  await addMemberToGroups(db, tenantId, memberId, groupIds);
}

export async function insertMemberRequest(
  db: Executor,
  tenantId: number,
  memberId: number,
  kind: 'registration' | 'group_change',
  payload: { default_member_group_id: number; member_group_ids: number[] } | null = null,
) {
  const [row] = await db.insert(memberRequests).values({ tenantId, memberId, kind, payload }).returning({ createdAt: memberRequests.createdAt });
  return row!;
}

/** The member's pending request, if any. */
export function findPendingRequest(db: Executor, tenantId: number, memberId: number) {
  return db.query.memberRequests.findFirst({
    where: and(eq(memberRequests.tenantId, tenantId), eq(memberRequests.memberId, memberId), eq(memberRequests.status, 'pending')),
    orderBy: desc(memberRequests.id),
  });
}

/** Withdraws the member's pending group change; true when there was one. */
export async function withdrawGroupChange(db: Executor, tenantId: number, memberId: number) {
  const rows = await db
    .delete(memberRequests)
    .where(and(eq(memberRequests.tenantId, tenantId), eq(memberRequests.memberId, memberId), eq(memberRequests.status, 'pending'), eq(memberRequests.kind, 'group_change')))
    .returning({ id: memberRequests.id });
  return rows.length > 0;
}

/** Settles the member's pending requests; returns how many were pending. */
export async function settleMemberRequests(db: Executor, tenantId: number, memberId: number, v: { status: 'approved' | 'rejected'; reason: string | null; processedBy: number }) {
  const rows = await db
    .update(memberRequests)
    .set({ status: v.status, reason: v.reason, processedBy: v.processedBy, processedAt: sql`now()` })
    .where(and(eq(memberRequests.tenantId, tenantId), eq(memberRequests.memberId, memberId), eq(memberRequests.status, 'pending')))
    .returning({ id: memberRequests.id });
  return rows.length;
}

export function listCustomFields(db: Executor, tenantId: number, f: { isSignupField?: boolean; isSearchable?: boolean; isEditable?: boolean } = {}) {
  return db
    .select()
    .from(customFields)
    .where(
      and(
        eq(customFields.tenantId, tenantId),
        f.isSignupField === undefined ? undefined : eq(customFields.isSignupField, f.isSignupField),
        f.isSearchable === undefined ? undefined : eq(customFields.isSearchable, f.isSearchable),
        f.isEditable === undefined ? undefined : eq(customFields.isEditable, f.isEditable),
      ),
    )
    .orderBy(asc(customFields.sortOrder), asc(customFields.id));
}

export async function insertCustomField(db: Executor, tenantId: number, values: Omit<typeof customFields.$inferInsert, 'tenantId' | 'id'>) {
  const [row] = await db.insert(customFields).values({ ...values, tenantId }).returning();
  return row!;
}

export async function updateCustomField(db: Executor, tenantId: number, id: number, values: Partial<Omit<typeof customFields.$inferInsert, 'tenantId' | 'id'>>) {
  const [row] = await db.update(customFields).set(values).where(and(eq(customFields.tenantId, tenantId), eq(customFields.id, id))).returning();
  return row;
}

export async function deleteCustomField(db: Executor, tenantId: number, id: number) {
  const rows = await db.delete(customFields).where(and(eq(customFields.tenantId, tenantId), eq(customFields.id, id))).returning({ id: customFields.id });
  return rows.length > 0;
}

/** Another member holding `value` in the custom field (unique fields). */
export async function findMemberByCustomValue(db: Executor, tenantId: number, fieldId: number, value: string, exceptMemberId: number | null) {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.tenantId, tenantId),
        sql`${members.customFields} ->> ${String(fieldId)} = ${value}`,
        exceptMemberId === null ? undefined : sql`${members.id} <> ${exceptMemberId}`,
      ),
    )
    .limit(1);
  return row;
}

export function findDefaultGroup(db: Executor, tenantId: number) {
  return db.query.memberGroups.findFirst({ where: and(eq(memberGroups.tenantId, tenantId), eq(memberGroups.isDefault, true)), orderBy: asc(memberGroups.id) });
}

/** A page of the tenant's members after `afterId`, oldest id first (exports walk the whole tenant). */
export function membersAfter(db: Executor, tenantId: number, afterId: number, limit: number) {
  return db
    .select()
    .from(members)
    .where(and(eq(members.tenantId, tenantId), sql`${members.id} > ${afterId}`))
    .orderBy(asc(members.id))
    .limit(limit);
}

export async function countMembers(db: Executor, tenantId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(members).where(eq(members.tenantId, tenantId));
  return row?.n ?? 0;
}

/** Additional groups of several members. */
export function membershipsOf(db: Executor, tenantId: number, memberIds: number[]) {
  if (memberIds.length === 0) return Promise.resolve([]);
  return db
    .select({ memberId: memberGroupMemberships.memberId, groupId: memberGroupMemberships.memberGroupId })
    .from(memberGroupMemberships)
    .where(and(eq(memberGroupMemberships.tenantId, tenantId), inArray(memberGroupMemberships.memberId, memberIds)));
}

/** The last release whose notes the member closed (the release-notes module reads it through the members service). */
export async function findReleaseNotesSeen(db: Executor, tenantId: number, memberId: number): Promise<string | null> {
  const [row] = await db
    .select({ v: members.releaseNotesSeenVersion })
    .from(members)
    .where(and(eq(members.tenantId, tenantId), eq(members.id, memberId)));
  return row?.v ?? null;
}

export async function setReleaseNotesSeen(db: Executor, tenantId: number, memberId: number, version: string): Promise<void> {
  await db
    .update(members)
    .set({ releaseNotesSeenVersion: version })
    .where(and(eq(members.tenantId, tenantId), eq(members.id, memberId)));
}

/** Every admin of the tenant has seen `version`'s notes (a fresh install has nothing new to tell). */
export async function setReleaseNotesSeenOfAdmins(db: Executor, tenantId: number, version: string): Promise<void> {
  await db
    .update(members)
    .set({ releaseNotesSeenVersion: version })
    .where(and(eq(members.tenantId, tenantId), eq(members.isAdmin, true)));
}
