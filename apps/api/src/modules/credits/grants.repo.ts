import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { creditGrants, creditLedger } from '../../db/schema/index';

export type CreditGrantRow = typeof creditGrants.$inferSelect;

/** Credits given to a member for a window (spec §3 Credit entry): a plan's month, a purchase, an admin's grant. */
export interface NewGrant {
  memberId: number;
  kind: 'plan' | 'purchase' | 'manual';
  units: bigint;
  koName: string;
  enName: string;
  /** `YYYY-MM-DD`, inclusive. */
  usageStartDate: string;
  /** `YYYY-MM-DD`, exclusive. */
  usageEndDate: string;
  transactionId?: number | null;
  createdBy?: number | null;
}

/** The grant and its ledger row (kind `grant`, positive amount), in the caller's transaction. */
export async function insertGrant(tx: Executor, tenantId: number, g: NewGrant, period: string): Promise<CreditGrantRow> {
  const [row] = await tx
    .insert(creditGrants)
    .values({ tenantId, ...g, transactionId: g.transactionId ?? null, createdBy: g.createdBy ?? null })
    .returning();
  await tx.insert(creditLedger).values({
    tenantId,
    kind: 'grant',
    memberId: g.memberId,
    amountUnits: g.units,
    periodStart: period,
    creditGrantId: row!.id,
    note: g.kind,
  });
  return row!;
}

/** The sum of a member's grants whose window holds `day`. */
export async function activeGrantUnits(db: Executor, tenantId: number, memberId: number, day: string): Promise<bigint> {
  const [row] = await db
    .select({ units: sql<string>`coalesce(sum(${creditGrants.units}), 0)::text` })
    .from(creditGrants)
    .where(
      and(
        eq(creditGrants.tenantId, tenantId),
        eq(creditGrants.memberId, memberId),
        lte(creditGrants.usageStartDate, day),
        gt(creditGrants.usageEndDate, day),
      ),
    );
  return BigInt(row?.units ?? 0);
}

/** A member's grants, newest first. */
export function listGrants(db: Executor, tenantId: number, memberId: number, limit: number, offset: number) {
  return db
    .select()
    .from(creditGrants)
    .where(and(eq(creditGrants.tenantId, tenantId), eq(creditGrants.memberId, memberId)))
    .orderBy(desc(creditGrants.id))
    .limit(limit)
    .offset(offset);
}
