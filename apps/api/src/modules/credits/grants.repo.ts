import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { creditGrants, creditLedger } from '../../db/schema/credits';
import type { GrantSpan } from './credits.rules';

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

const spanOf = (r: { id: number; units: string; start_date: string; end_date: string }): GrantSpan => ({
  id: Number(r.id),
  units: BigInt(r.units),
  startDate: r.start_date,
  endDate: r.end_date,
});

/**
 * What the budget rule needs of a member's grants on `day` (decision 043), in one round trip: the
 * grants started by `day` and valid at some time since the previous window began
 * (`previousPeriod`), and the member's spending in that window (its monthly roll-up).
 */
export async function findBudgetGrants(db: Executor, tenantId: number, memberId: number, previousPeriod: string, day: string): Promise<{ grants: GrantSpan[]; previousSpentUnits: bigint }> {
  const rows = await queryRows<{ id: number; units: string; start_date: string; end_date: string; previous_spent: string | null }>(
    db,
    sql`select g.id, g.units::text as units, g.usage_start_date::text as start_date, g.usage_end_date::text as end_date,
        (select u.used_units from member_credit_usage u where u.tenant_id = ${tenantId} and u.member_id = ${memberId} and u.period_start = ${previousPeriod})::text as previous_spent
      from credit_grants g
      where g.tenant_id = ${tenantId} and g.member_id = ${memberId} and g.usage_end_date > ${previousPeriod} and g.usage_start_date <= ${day}`,
  );
  return { grants: rows.map(spanOf), previousSpentUnits: BigInt(rows[0]?.previous_spent ?? 0) };
}

/** A member's grants valid at some time from `from` through `through` (`YYYY-MM-DD`, both inclusive). */
export async function findGrantsBetween(db: Executor, tenantId: number, memberId: number, from: string, through: string): Promise<GrantSpan[]> {
  const rows = await db
    .select({ id: creditGrants.id, units: creditGrants.units, startDate: creditGrants.usageStartDate, endDate: creditGrants.usageEndDate })
    .from(creditGrants)
    .where(
      and(
        eq(creditGrants.tenantId, tenantId),
        eq(creditGrants.memberId, memberId),
        gt(creditGrants.usageEndDate, from),
        lte(creditGrants.usageStartDate, through),
      ),
    );
  return rows;
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
