import type { CreditCheck, Usage } from '@app/contracts/credits';
import type { Executor } from '../../db/client';
import type { TenantRow } from '../../platform/context';
import type { MemberRow } from '../members/members.repo';
import { type CreditFigures, findCreditFigures, findMemberUsage, usageByModel } from './credits.repo';
import { type CreditStatus, periodEnd, periodStart, unitsToDisplay } from './credits.rules';

type MemberQuotaFields = Pick<MemberRow, 'id' | 'customCreditLimitUnits' | 'defaultMemberGroupId'>;

/** Monthly quota is the member's custom limit, else the default group's member quota. */
export async function creditStatus(db: Executor, tenant: TenantRow, member: MemberQuotaFields, at = new Date()): Promise<CreditStatus> {
  return statusFrom(tenant, member, await findCreditFigures(db, tenant.id, member.id, member.defaultMemberGroupId, periodStart(at)));
}

export function statusFrom(tenant: TenantRow, member: MemberQuotaFields, f: CreditFigures): CreditStatus {
  const quotaUnits = member.customCreditLimitUnits ?? f.groupQuotaUnits;
  return {
    quotaUnits,
    usedUnits: f.usedUnits,
    remainingUnits: quotaUnits - f.usedUnits,
    tenantRemainingUnits: tenant.creditQuotaUnits === null ? null : tenant.creditQuotaUnits - f.tenantUsedUnits,
  };
}

export function toCreditCheck(s: CreditStatus): CreditCheck {
  return {
    remaining_credit: unitsToDisplay(s.remainingUnits),
    quota: unitsToDisplay(s.quotaUnits),
    used_credit: unitsToDisplay(s.usedUnits),
    tenant: { remaining_credit: s.tenantRemainingUnits === null ? null : unitsToDisplay(s.tenantRemainingUnits) },
  };
}

export async function memberUsage(db: Executor, tenant: TenantRow, member: MemberQuotaFields, at = new Date()): Promise<Usage> {
  const period = periodStart(at);
  const [status, usage, byModel] = await Promise.all([
    creditStatus(db, tenant, member, at),
    findMemberUsage(db, tenant.id, member.id, period),
    usageByModel(db, tenant.id, member.id, period),
  ]);
  return {
    period_start: period,
    period_end: periodEnd(at),
    quota: unitsToDisplay(status.quotaUnits),
    used_credit: unitsToDisplay(status.usedUnits),
    remaining_credit: unitsToDisplay(status.remainingUnits),
    message_count: usage.messageCount,
    input_tokens: Number(usage.inputTokens),
    output_tokens: Number(usage.outputTokens),
    by_model: byModel.map((r) => ({
      llm_model_id: r.llmModelId ?? 0,
      display_name: r.displayName,
      message_count: r.messageCount,
      input_tokens: r.inputTokens,
      output_tokens: r.outputTokens,
      used_credit: unitsToDisplay(BigInt(r.units)),
    })),
  };
}
