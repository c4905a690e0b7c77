import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberAgreements, policies, verificationCodes } from '../../db/schema/sign-up';

export async function insertVerificationCode(db: Executor, tenantId: number, v: { email: string; codeHash: string; expiresAt: Date }) {
  const [row] = await db.insert(verificationCodes).values({ tenantId, ...v }).returning();
  return row!;
}

export async function deleteVerificationCode(db: Executor, tenantId: number, id: number) {
  await db.delete(verificationCodes).where(and(eq(verificationCodes.tenantId, tenantId), eq(verificationCodes.id, id)));
}

/** The newest code sent to the email: a resend replaces the codes before it. */
export function findLatestCode(db: Executor, tenantId: number, email: string) {
  return db.query.verificationCodes.findFirst({
    where: and(eq(verificationCodes.tenantId, tenantId), eq(verificationCodes.email, email)),
    orderBy: desc(verificationCodes.id),
  });
}

export async function countCodesSince(db: Executor, tenantId: number, email: string, since: Date) {
  const rows = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.tenantId, tenantId), eq(verificationCodes.email, email), gt(verificationCodes.createdAt, since)))
    .orderBy(asc(verificationCodes.createdAt));
  return rows.map((r) => r.createdAt);
}

export async function bumpCodeAttempts(db: Executor, tenantId: number, id: number) {
  await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.tenantId, tenantId), eq(verificationCodes.id, id)));
}

/** Marks the code used; false when it already was (two sign-ups with one code: one wins). */
export async function useCode(db: Executor, tenantId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(verificationCodes.tenantId, tenantId), eq(verificationCodes.id, id), sql`${verificationCodes.usedAt} is null`))
    .returning({ id: verificationCodes.id });
  return rows.length > 0;
}

export function listPolicies(db: Executor, tenantId: number) {
  return db.select().from(policies).where(eq(policies.tenantId, tenantId)).orderBy(asc(policies.sortOrder), asc(policies.id));
}

export async function insertPolicy(db: Executor, tenantId: number, values: Omit<typeof policies.$inferInsert, 'tenantId' | 'id'>) {
  const [row] = await db.insert(policies).values({ ...values, tenantId }).returning();
  return row!;
}

/** With nothing to change (a PATCH of `{}`) the policy is returned as it is. */
export async function updatePolicy(db: Executor, tenantId: number, id: number, values: Partial<Omit<typeof policies.$inferInsert, 'tenantId' | 'id'>>) {
  const where = and(eq(policies.tenantId, tenantId), eq(policies.id, id));
  if (Object.values(values).every((x) => x === undefined)) return (await db.select().from(policies).where(where))[0];
  const [row] = await db.update(policies).set(values).where(where).returning();
  return row;
}

export async function deletePolicy(db: Executor, tenantId: number, id: number) {
  const rows = await db.delete(policies).where(and(eq(policies.tenantId, tenantId), eq(policies.id, id))).returning({ id: policies.id });
  return rows.length > 0;
}

export async function insertAgreements(db: Executor, tenantId: number, memberId: number, policyIds: number[]) {
  if (policyIds.length === 0) return;
  await db
    .insert(memberAgreements)
    .values(policyIds.map((policyId) => ({ tenantId, memberId, policyId })))
    .onConflictDoNothing();
}
