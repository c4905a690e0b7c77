import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invitations } from '../../db/schema/invitations';
import { offsetOf } from '../../platform/pagination';
import { containsPattern } from '../../db/like';

export type InvitationRow = typeof invitations.$inferSelect;

export async function insertInvitation(db: Executor, tenantId: number, values: Omit<typeof invitations.$inferInsert, 'tenantId' | 'id'>) {
  const [row] = await db.insert(invitations).values({ ...values, tenantId }).returning();
  return row!;
}

export function findInvitationByHash(db: Executor, tenantId: number, hashId: string) {
  return db.query.invitations.findFirst({ where: and(eq(invitations.tenantId, tenantId), eq(invitations.hashId, hashId)) });
}

export function findInvitationById(db: Executor, tenantId: number, id: number) {
  return db.query.invitations.findFirst({ where: and(eq(invitations.tenantId, tenantId), eq(invitations.id, id)) });
}

/** An open invitation of the email: not accepted and not expired. */
export function findOpenInvitation(db: Executor, tenantId: number, email: string) {
  return db.query.invitations.findFirst({
    where: and(eq(invitations.tenantId, tenantId), eq(invitations.email, email), isNull(invitations.acceptedAt), sql`${invitations.expiresAt} > now()`),
  });
}

/** The open invitations among these emails. */
export function findOpenInvitationEmails(db: Executor, tenantId: number, emails: string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .select({ email: invitations.email })
    .from(invitations)
    .where(and(eq(invitations.tenantId, tenantId), inArray(invitations.email, emails), isNull(invitations.acceptedAt), sql`${invitations.expiresAt} > now()`));
}

export async function updateInvitation(db: Executor, tenantId: number, id: number, values: Partial<Omit<InvitationRow, 'tenantId' | 'id'>>) {
  const [row] = await db.update(invitations).set(values).where(and(eq(invitations.tenantId, tenantId), eq(invitations.id, id))).returning();
  return row;
}

/** Marks it accepted; false when someone accepted it first. */
export async function acceptInvitation(db: Executor, tenantId: number, id: number, memberId: number): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ acceptedAt: sql`now()`, acceptedMemberId: memberId })
    .where(and(eq(invitations.tenantId, tenantId), eq(invitations.id, id), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

export async function deleteInvitations(db: Executor, tenantId: number, ids: number[]) {
  if (ids.length === 0) return 0;
  const rows = await db
    .delete(invitations)
    .where(and(eq(invitations.tenantId, tenantId), inArray(invitations.id, ids)))
    .returning({ id: invitations.id });
  return rows.length;
}

export async function listInvitations(
  db: Executor,
  tenantId: number,
  f: { searchTerm?: string; status?: 'pending' | 'accepted' | 'expired'; orderBy: 'created_at' | 'email' | 'name'; orderType: 'asc' | 'desc'; page: number; size: number },
) {
  const like = f.searchTerm ? containsPattern(f.searchTerm) : null;
  const where = and(
    eq(invitations.tenantId, tenantId),
    like ? or(ilike(invitations.email, like), ilike(invitations.name, like)) : undefined,
    f.status === 'accepted' ? sql`${invitations.acceptedAt} is not null` : undefined,
    f.status === 'pending' ? and(isNull(invitations.acceptedAt), sql`${invitations.expiresAt} > now()`) : undefined,
    f.status === 'expired' ? and(isNull(invitations.acceptedAt), sql`${invitations.expiresAt} <= now()`) : undefined,
  );
  const column = f.orderBy === 'email' ? invitations.email : f.orderBy === 'name' ? invitations.name : invitations.createdAt;
  const dir = f.orderType === 'asc' ? asc : desc;
  const [rows, [count]] = await Promise.all([
    db.select().from(invitations).where(where).orderBy(dir(column), dir(invitations.id)).limit(f.size).offset(offsetOf(f.page, f.size)),
    db.select({ n: sql<number>`count(*)::int` }).from(invitations).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Of these SSO ids of a platform, those an open invitation already carries. */
export async function findOpenSsoIds(db: Executor, tenantId: number, platformId: number, ssoIds: string[]): Promise<string[]> {
  if (ssoIds.length === 0) return [];
  const rows = await db
    .select({ ssoId: invitations.ssoId })
    .from(invitations)
    .where(
      and(
        eq(invitations.tenantId, tenantId),
        eq(invitations.ssoPlatformId, platformId),
        inArray(invitations.ssoId, ssoIds),
        isNull(invitations.acceptedAt),
        sql`${invitations.expiresAt} > now()`,
      ),
    );
  return rows.map((r) => r.ssoId!);
}

/** The open invitation that carries this SSO id of the platform (the newest, should there be two). */
export function findOpenSsoInvitation(db: Executor, tenantId: number, platformId: number, ssoId: string) {
  return db.query.invitations.findFirst({
    where: and(
      eq(invitations.tenantId, tenantId),
      eq(invitations.ssoPlatformId, platformId),
      eq(invitations.ssoId, ssoId),
      isNull(invitations.acceptedAt),
      sql`${invitations.expiresAt} > now()`,
    ),
    orderBy: desc(invitations.id),
  });
}

/** Of these SSO ids of a platform, those a member already signs in with: the members module's query (decision 055). */
export { findMemberSsoIds } from '../members/members.readonly';
