import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { ssoLogins, ssoMemberWhitelist, ssoPlatforms } from '../../db/schema/sso';

type PlatformValues = Partial<Omit<typeof ssoPlatforms.$inferInsert, 'tenantId' | 'id'>>;

export function listPlatforms(db: Executor, tenantId: number, opts: { enabledOnly?: boolean } = {}) {
  return db
    .select()
    .from(ssoPlatforms)
    .where(and(eq(ssoPlatforms.tenantId, tenantId), opts.enabledOnly ? eq(ssoPlatforms.isEnabled, true) : undefined))
    .orderBy(asc(ssoPlatforms.id));
}

export async function findPlatform(db: Executor, tenantId: number, id: number) {
  const [row] = await db.select().from(ssoPlatforms).where(and(eq(ssoPlatforms.tenantId, tenantId), eq(ssoPlatforms.id, id)));
  return row;
}

export async function insertPlatform(db: Executor, tenantId: number, values: PlatformValues & { name: string; kind: string }) {
  const [row] = await db.insert(ssoPlatforms).values({ ...values, tenantId }).returning();
  return row!;
}

export async function updatePlatform(db: Executor, tenantId: number, id: number, values: PlatformValues) {
  const [row] = await db
    .update(ssoPlatforms)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(ssoPlatforms.tenantId, tenantId), eq(ssoPlatforms.id, id)))
    .returning();
  return row;
}

export async function deletePlatform(db: Executor, tenantId: number, id: number) {
  const rows = await db.delete(ssoPlatforms).where(and(eq(ssoPlatforms.tenantId, tenantId), eq(ssoPlatforms.id, id))).returning({ id: ssoPlatforms.id });
  return rows.length > 0;
}

// Sign-in attempts (single use, short-lived).

export async function insertLogin(db: Executor, tenantId: number, values: Omit<typeof ssoLogins.$inferInsert, 'tenantId' | 'id'>) {
  // Expired attempts of the tenant go as new ones come: the table stays small without a sweeper.
  await db.delete(ssoLogins).where(and(eq(ssoLogins.tenantId, tenantId), lt(ssoLogins.expiresAt, sql`now() - interval '1 hour'`)));
  const [row] = await db.insert(ssoLogins).values({ ...values, tenantId }).returning();
  return row!;
}

export async function findLogin(db: Executor, tenantId: number, platformId: number, handleHash: string) {
  const [row] = await db
    .select()
    .from(ssoLogins)
    .where(and(eq(ssoLogins.tenantId, tenantId), eq(ssoLogins.platformId, platformId), eq(ssoLogins.handleHash, handleHash), isNull(ssoLogins.usedAt), gt(ssoLogins.expiresAt, sql`now()`)));
  return row;
}

/** Marks the attempt used; false when another request already did (one callback wins). */
export async function useLogin(db: Executor, tenantId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(ssoLogins)
    .set({ usedAt: sql`now()` })
    .where(and(eq(ssoLogins.tenantId, tenantId), eq(ssoLogins.id, id), isNull(ssoLogins.usedAt)))
    .returning({ id: ssoLogins.id });
  return rows.length > 0;
}

export async function updateLogin(db: Executor, tenantId: number, id: number, values: Partial<Omit<typeof ssoLogins.$inferInsert, 'tenantId' | 'id'>>) {
  await db.update(ssoLogins).set(values).where(and(eq(ssoLogins.tenantId, tenantId), eq(ssoLogins.id, id)));
}

// Whitelist.

export async function isWhitelisted(db: Executor, tenantId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ssoMemberWhitelist.id })
    .from(ssoMemberWhitelist)
    .where(and(eq(ssoMemberWhitelist.tenantId, tenantId), eq(ssoMemberWhitelist.email, email.toLowerCase())));
  return !!row;
}

const whitelistOrders = {
  'id.desc': [desc(ssoMemberWhitelist.id)],
  'id.asc': [asc(ssoMemberWhitelist.id)],
  'email.asc': [asc(ssoMemberWhitelist.email), asc(ssoMemberWhitelist.id)],
  'email.desc': [desc(ssoMemberWhitelist.email), desc(ssoMemberWhitelist.id)],
} as const;

export async function listWhitelist(db: Executor, tenantId: number, q: { offset: number; limit: number; search?: string; orderBy: keyof typeof whitelistOrders }) {
  const where = and(eq(ssoMemberWhitelist.tenantId, tenantId), q.search ? ilike(ssoMemberWhitelist.email, containsPattern(q.search)) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ssoMemberWhitelist)
      .where(where)
      .orderBy(...whitelistOrders[q.orderBy])
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(ssoMemberWhitelist).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Adds the emails not yet on the list; how many were new. */
export async function upsertWhitelist(db: Executor, tenantId: number, emails: string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const rows = await db
    .insert(ssoMemberWhitelist)
    .values(emails.map((email) => ({ tenantId, email: email.toLowerCase() })))
    .onConflictDoNothing()
    .returning({ id: ssoMemberWhitelist.id });
  return rows.length;
}

export async function deleteWhitelist(db: Executor, tenantId: number, ids: number[]): Promise<number> {
  const rows = await db
    .delete(ssoMemberWhitelist)
    .where(and(eq(ssoMemberWhitelist.tenantId, tenantId), inArray(ssoMemberWhitelist.id, ids)))
    .returning({ id: ssoMemberWhitelist.id });
  return rows.length;
}

export async function countWhitelist(db: Executor, tenantId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ssoMemberWhitelist).where(eq(ssoMemberWhitelist.tenantId, tenantId));
  return row?.n ?? 0;
}

export function whitelistAfter(db: Executor, tenantId: number, afterId: number, limit: number) {
  return db
    .select()
    .from(ssoMemberWhitelist)
    .where(and(eq(ssoMemberWhitelist.tenantId, tenantId), gt(ssoMemberWhitelist.id, afterId)))
    .orderBy(asc(ssoMemberWhitelist.id))
    .limit(limit);
}
