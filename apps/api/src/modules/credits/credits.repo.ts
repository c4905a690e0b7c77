import { and, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { creditLedger, llmModels, memberCreditUsage } from '../../db/schema/index';

export async function findMemberUsage(db: Executor, tenantId: number, memberId: number, period: string) {
  const row = await db.query.memberCreditUsage.findFirst({
    where: and(eq(memberCreditUsage.tenantId, tenantId), eq(memberCreditUsage.memberId, memberId), eq(memberCreditUsage.periodStart, period)),
  });
  return row ?? { usedUnits: 0n, messageCount: 0, inputTokens: 0, outputTokens: 0 };
}

/** Everything the credit rule needs, in one round trip (hot path of every chat request). */
export async function findCreditFigures(db: Executor, tenantId: number, memberId: number, groupId: number | null, period: string) {
  const [row] = await queryRows<{ group_quota: string | null; used: string | null; tenant_used: string | null }>(
    db,
    sql`select
      (select member_credit_quota_units from member_groups where tenant_id = ${tenantId} and id = ${groupId})::text as group_quota,
      (select used_units from member_credit_usage where tenant_id = ${tenantId} and member_id = ${memberId} and period_start = ${period})::text as used,
      (select used_units from tenant_credit_usage where tenant_id = ${tenantId} and period_start = ${period})::text as tenant_used`,
  );
  return {
    groupQuotaUnits: BigInt(row?.group_quota ?? 0),
    usedUnits: BigInt(row?.used ?? 0),
    tenantUsedUnits: BigInt(row?.tenant_used ?? 0),
  };
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
