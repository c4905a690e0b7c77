import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { creditLedger, llmModels, memberCreditUsage, memberGroups, tenantCreditUsage } from '../../db/schema/index';

export async function findMemberUsage(db: Executor, tenantId: number, memberId: number, period: string) {
  const row = await db.query.memberCreditUsage.findFirst({
    where: and(eq(memberCreditUsage.tenantId, tenantId), eq(memberCreditUsage.memberId, memberId), eq(memberCreditUsage.periodStart, period)),
  });
  return row ?? { usedUnits: 0n, messageCount: 0, inputTokens: 0, outputTokens: 0 };
}

export async function findTenantUsedUnits(db: Executor, tenantId: number, period: string) {
  const row = await db.query.tenantCreditUsage.findFirst({
    where: and(eq(tenantCreditUsage.tenantId, tenantId), eq(tenantCreditUsage.periodStart, period)),
  });
  return row?.usedUnits ?? 0n;
}

export async function findGroupQuotaUnits(db: Executor, tenantId: number, groupId: number | null) {
  if (groupId === null) return 0n;
  const row = await db.query.memberGroups.findFirst({
    columns: { memberCreditQuotaUnits: true },
    where: and(eq(memberGroups.tenantId, tenantId), eq(memberGroups.id, groupId)),
  });
  return row?.memberCreditQuotaUnits ?? 0n;
}

export interface UsageEntry {
  memberId: number;
  memberGroupId: number | null;
  llmModelId: number;
  sessionId: number;
  messageId: number;
  inputTokens: number;
  outputTokens: number;
  units: bigint;
  period: string;
}

/** Appends a usage row and moves both running totals, in the caller's transaction. */
export async function recordUsage(tx: Executor, tenantId: number, e: UsageEntry) {
  await tx.insert(creditLedger).values({
    tenantId,
    kind: 'usage',
    memberId: e.memberId,
    memberGroupId: e.memberGroupId,
    llmModelId: e.llmModelId,
    sessionId: e.sessionId,
    messageId: e.messageId,
    inputTokens: e.inputTokens,
    outputTokens: e.outputTokens,
    amountUnits: -e.units,
    periodStart: e.period,
  });
  await tx
    .insert(memberCreditUsage)
    .values({ tenantId, memberId: e.memberId, periodStart: e.period, usedUnits: e.units, messageCount: 1, inputTokens: e.inputTokens, outputTokens: e.outputTokens })
    .onConflictDoUpdate({
      target: [memberCreditUsage.tenantId, memberCreditUsage.memberId, memberCreditUsage.periodStart],
      set: {
        usedUnits: sql`${memberCreditUsage.usedUnits} + ${e.units}`,
        messageCount: sql`${memberCreditUsage.messageCount} + 1`,
        inputTokens: sql`${memberCreditUsage.inputTokens} + ${e.inputTokens}`,
        outputTokens: sql`${memberCreditUsage.outputTokens} + ${e.outputTokens}`,
      },
    });
  await tx
    .insert(tenantCreditUsage)
    .values({ tenantId, periodStart: e.period, usedUnits: e.units })
    .onConflictDoUpdate({
      target: [tenantCreditUsage.tenantId, tenantCreditUsage.periodStart],
      set: { usedUnits: sql`${tenantCreditUsage.usedUnits} + ${e.units}` },
    });
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
