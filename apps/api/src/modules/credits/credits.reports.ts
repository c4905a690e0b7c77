import type { CreditCheck, Usage } from '@app/contracts/credits';
import type { MemberGroupUsage } from '@app/contracts/member-groups';
import type { MemberContext } from '../../platform/context';
import { findLowLlmFree, findMemberSpent, findMemberUsage, findRecentUsage, usageByGroup, usageByModel } from './credits.repo';
import { dayOf, grantWindowUsage, periodEnd, previousPeriodStart, unitsToDisplay } from './credits.rules';
import { budgetGroupOf, freshStatus, periodOf, spentBeforeEnds, toCreditCheck } from './credits.budget';
import { type CreditGrantRow, findGrantsBetween } from './grants.repo';
import type { CreditsState } from './credits.types';

/** What the member's and the console's pages read: grants' usage, groups' usage, the credit check, the usage page. */

/**
 * `usage` of the caller's credit entries (spec §3; decision 043), rounded down, by grant id: what
 * each grant covered of the spending beyond the base quota in the windows it was valid in, as of
 * `at`. A grant is weighed in its latest window so far, with the window before it (the budget's
 * one-window look-back); 0 for one not started yet. Only the caller's own grants are read, so an
 * id of anybody else's is 0.
 */
export async function grantUsage(s: CreditsState, ctx: MemberContext, entries: ReadonlyArray<Pick<CreditGrantRow, 'id' | 'usageStartDate' | 'usageEndDate'>>, at = new Date()): Promise<Map<number, number>> {
  const { tenant, member } = ctx;
  const day = dayOf(at);
  const byPeriod = new Map<string, number[]>();
  for (const e of entries) {
    if (e.usageStartDate > day || e.usageEndDate <= e.usageStartDate) continue;
    // Its last day so far: today while it holds, else the day before its (exclusive) end.
    const last = e.usageEndDate > day ? at : new Date(Date.parse(`${e.usageEndDate}T00:00:00Z`) - 86_400_000);
    const period = periodOf(tenant, last);
    byPeriod.set(period, [...(byPeriod.get(period) ?? []), e.id]);
  }
  const usage = new Map(entries.map((e) => [e.id, 0]));
  if (byPeriod.size === 0) return usage;
  const periods = [...byPeriod.keys()];
  const previous = periods.map((p) => previousPeriodStart(p, tenant.billingDay));
  const from = previous.reduce((a, b) => (a < b ? a : b));
  const [quotas, held, spent] = await Promise.all([
    budgetGroupOf(s, ctx.tenantId, member).then((b) => b.quotas),
    findGrantsBetween(s.db, ctx.tenantId, member.id, from, day),
    findMemberSpent(s.db, ctx.tenantId, member.id, [...new Set([...periods, ...previous])]),
  ]);
  const baseQuotaUnits = member.customCreditLimitUnits ?? quotas.memberUnits;
  const spentBefore = await Promise.all(periods.map((period) => spentBeforeEnds(s, tenant, member.id, period, day, held)));
  for (const [i, period] of periods.entries()) {
    const { carried, current } = grantWindowUsage({
      spentBefore: spentBefore[i],
      baseQuotaUnits,
      billingDay: tenant.billingDay,
      period,
      day,
      grants: held,
      spentUnits: spent.get(period) ?? 0n,
      previousSpentUnits: spent.get(previous[i]!) ?? 0n,
    });
    for (const id of byPeriod.get(period)!) usage.set(id, unitsToDisplay((carried.get(id) ?? 0n) + (current.get(id) ?? 0n)));
  }
  return usage;
}

/** The console's usage per group this period (spec §7 `GET /admin/member-groups/usage/`). */
export async function groupUsage(s: CreditsState, ctx: MemberContext, at = new Date()): Promise<MemberGroupUsage> {
  const period = periodOf(ctx.tenant, at);
  const [all, used] = await Promise.all([s.groups.all(ctx.tenantId), usageByGroup(s.db, ctx.tenantId, period)]);
  const byGroup = new Map(used.map((u) => [u.memberGroupId, u]));
  return {
    period_start: period,
    period_end: periodEnd(at, ctx.tenant.billingDay),
    items: all.map((g) => ({
      member_group_id: g.id,
      ko_name: g.koName,
      en_name: g.enName,
      credit_quota: g.creditQuotaUnits === null ? null : unitsToDisplay(g.creditQuotaUnits),
      used_credit: unitsToDisplay(BigInt(byGroup.get(g.id)?.units ?? 0)),
      message_count: byGroup.get(g.id)?.messageCount ?? 0,
    })),
  };
}

export async function creditCheck(s: CreditsState, ctx: MemberContext, memberId: number): Promise<CreditCheck> {
  const member = await s.members.ownRecord(ctx, memberId);
  const [status, planFree] = await Promise.all([freshStatus(s, ctx.tenant, member), findLowLlmFree(s.db, ctx.tenantId, member.id)]);
  // A member plan decides; without one, the tenant's plan (a free tenant plan gives no free use).
  return toCreditCheck(status, { planKind: ctx.tenant.planKind, lowLlmFree: planFree ?? ctx.tenant.planKind !== 'free' });
}

export async function memberUsage(s: CreditsState, ctx: MemberContext, memberId: number, at = new Date()): Promise<Usage> {
  const member = await s.members.ownRecord(ctx, memberId);
  const period = periodOf(ctx.tenant, at);
  const since = new Date(at.getTime() - 30 * 86_400_000);
  const [status, totals, byModel, recent] = await Promise.all([
    freshStatus(s, ctx.tenant, member, at),
    findMemberUsage(s.db, ctx.tenantId, member.id, period),
    usageByModel(s.db, ctx.tenantId, member.id, period),
    findRecentUsage(s.db, ctx.tenantId, member.id, since),
  ]);
  return {
    period_start: period,
    period_end: periodEnd(at, ctx.tenant.billingDay),
    quota: unitsToDisplay(status.quotaUnits),
    used_credit: unitsToDisplay(status.usedUnits),
    remaining_credit: unitsToDisplay(status.remainingUnits),
    message_count: totals.messageCount,
    input_tokens: Number(totals.inputTokens),
    output_tokens: Number(totals.outputTokens),
    last_30_days: { used_credit: unitsToDisplay(recent.units), message_count: recent.messageCount },
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
