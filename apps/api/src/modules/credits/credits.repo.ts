import { and, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { creditLedger, llmModels, memberCreditUsage } from '../../db/schema/index';

export async function findMemberUsage(db: Executor, tenantId: number, memberId: number, period: string) {
  const row = await db.query.memberCreditUsage.findFirst({
    where: and(eq(memberCreditUsage.tenantId, tenantId), eq(memberCreditUsage.memberId, memberId), eq(memberCreditUsage.periodStart, period)),
  });
  return row ?? { usedUnits: 0n, messageCount: 0, inputTokens: 0, outputTokens: 0 };
}

export interface CreditFigures {
  groupQuotaUnits: bigint;
  usedUnits: bigint;
  tenantUsedUnits: bigint;
}

/** A group's monthly member quota (credit units) as an SQL expression (text). */
export function groupQuotaSql(tenantId: number, groupId: number | null) {
  return sql<string | null>`(select member_credit_quota_units from member_groups where tenant_id = ${tenantId} and id = ${groupId})::text`;
}

/** The three figures of the credit rule as SQL expressions (text), to select on their own or inside a larger statement. */
export function creditFiguresSql(tenantId: number, memberId: number, groupId: number | null, period: string) {
  return {
    groupQuota: groupQuotaSql(tenantId, groupId),
    used: sql<string | null>`(select used_units from member_credit_usage where tenant_id = ${tenantId} and member_id = ${memberId} and period_start = ${period})::text`,
    tenantUsed: sql<string | null>`(select used_units from tenant_credit_usage where tenant_id = ${tenantId} and period_start = ${period})::text`,
  };
}

export function toCreditFigures(r: { groupQuota: string | null; used: string | null; tenantUsed: string | null }): CreditFigures {
  return { groupQuotaUnits: BigInt(r.groupQuota ?? 0), usedUnits: BigInt(r.used ?? 0), tenantUsedUnits: BigInt(r.tenantUsed ?? 0) };
}

/** Everything the credit rule needs, in one round trip. */
export async function findCreditFigures(db: Executor, tenantId: number, memberId: number, groupId: number | null, period: string): Promise<CreditFigures> {
  const f = creditFiguresSql(tenantId, memberId, groupId, period);
  const [row] = await queryRows<{ group_quota: string | null; used: string | null; tenant_used: string | null }>(
    db,
    sql`select ${f.groupQuota} as group_quota, ${f.used} as used, ${f.tenantUsed} as tenant_used`,
  );
  return toCreditFigures({ groupQuota: row?.group_quota ?? null, used: row?.used ?? null, tenantUsed: row?.tenant_used ?? null });
}

export function usageByModel(db: Executor, tenantId: number, memberId: number, period: string) {
  return db
    .select({
      llmModelId: creditLedger.llmModelId,
      displayName: llmModels.displayName,
      messageCount: sql<number>`count(*)::int`,
      inputTokens: sql<number>`coalesce(sum(${creditLedger.inputTokens}), 0)::bigint`.mapWith(Number),
      outputTokens: sql<number>`coalesce(sum(${creditLedger.outputTokens}), 0)::bigint`.mapWith(Number),
      units: sql<string>`coalesce(-sum(${creditLedger.amountUnits}), 0)::text`,
    })
    .from(creditLedger)
    .innerJoin(llmModels, and(eq(llmModels.tenantId, creditLedger.tenantId), eq(llmModels.id, creditLedger.llmModelId)))
    .where(
      and(eq(creditLedger.tenantId, tenantId), eq(creditLedger.memberId, memberId), eq(creditLedger.periodStart, period), eq(creditLedger.kind, 'usage')),
    )
    .groupBy(creditLedger.llmModelId, llmModels.displayName);
}
