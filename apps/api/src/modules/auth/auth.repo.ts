import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passwordResets, refreshTokens } from '../../db/schema/auth';

export async function insertRefreshToken(db: Executor, tenantId: number, v: { memberId: number; familyId: string; tokenHash: string; expiresAt: Date }) {
  await db.insert(refreshTokens).values({ tenantId, ...v });
}

export function findRefreshToken(db: Executor, tenantId: number, tokenHash: string) {
  return db.query.refreshTokens.findFirst({ where: and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.tokenHash, tokenHash)) });
}

/** Marks the token used; only one caller can win (rotation). */
export async function claimRefreshToken(db: Executor, tenantId: number, id: number) {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeFamily(db: Executor, tenantId: number, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllForMember(db: Executor, tenantId: number, memberId: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.memberId, memberId), isNull(refreshTokens.revokedAt)));
}

export async function insertPasswordReset(db: Executor, tenantId: number, email: string) {
  await db.insert(passwordResets).values({ tenantId, email });
}

export async function resetsSince(db: Executor, tenantId: number, email: string, since: Date) {
  const rows = await db
    .select({ createdAt: passwordResets.createdAt })
    .from(passwordResets)
    .where(and(eq(passwordResets.tenantId, tenantId), eq(passwordResets.email, email), gt(passwordResets.createdAt, since)))
    .orderBy(asc(passwordResets.createdAt));
  return rows.map((r) => r.createdAt);
}

/** Sessions (families) revoked after `since`. */
export async function revokedFamiliesSince(db: Executor, tenantId: number, since: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tenantId, tenantId), gt(refreshTokens.revokedAt, since)));
  return rows.map((r) => r.familyId);
}
