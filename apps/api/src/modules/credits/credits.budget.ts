import type { CreditCheck } from '@app/contracts/credits';
import type { MemberRow, TenantRow } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { type CreditFigures, findCreditFigures, findGroupQuotas, findMemberSpentBefore } from './credits.repo';
import { type CreditStatus, dayOf, depletedNotice, depletedScope, endedWithin, type GrantSpan, grantBudgetUnits, periodStart, previousPeriodStart, unitsToDisplay } from './credits.rules';
import { findBudgetGrants } from './grants.repo';
import type { BudgetScope } from './reservations';
import type { CreditsState } from './credits.types';

/** The budget's figures: group quotas, the budget group, grants' share, the member's status. */

export type MemberQuotaFields = Pick<MemberRow, 'id' | 'customCreditLimitUnits' | 'defaultMemberGroupId' | 'groupIds'>;

/** The member's budget is their custom limit, else their budget group's member quota (spec §6, decision 044), plus their grants. */
export function statusFrom(tenant: Pick<TenantRow, 'creditQuotaUnits'>, member: MemberQuotaFields, f: CreditFigures): CreditStatus {
  const quotaUnits = (member.customCreditLimitUnits ?? f.groupQuotaUnits) + f.grantUnits;
  return {
    quotaUnits,
    usedUnits: f.usedUnits,
    remainingUnits: quotaUnits - f.usedUnits,
    groupRemainingUnits: f.groupPoolUnits === null ? null : f.groupPoolUnits - f.groupUsedUnits,
    tenantRemainingUnits: tenant.creditQuotaUnits === null ? null : tenant.creditQuotaUnits - f.tenantUsedUnits,
  };
}

export function toCreditCheck(s: CreditStatus, extra: { planKind: string; lowLlmFree: boolean }): CreditCheck {
  const scope = depletedScope(s);
  return {
    remaining_credit: unitsToDisplay(s.remainingUnits),
    quota: unitsToDisplay(s.quotaUnits),
    used_credit: unitsToDisplay(s.usedUnits),
    group: { remaining_credit: s.groupRemainingUnits === null ? null : unitsToDisplay(s.groupRemainingUnits) },
    tenant: { remaining_credit: s.tenantRemainingUnits === null ? null : unitsToDisplay(s.tenantRemainingUnits) },
    depleted: scope,
    depleted_notice: scope ? depletedNotice(scope, extra.planKind, s.quotaUnits) : null,
    plan_kind: extra.planKind,
    is_low_llm_free: extra.lowLlmFree,
  };
}

/** The §8 variant of a refusal: which budget is spent, on which plan. */
export function depleted(scope: BudgetScope, tenant: TenantRow, s: Pick<CreditStatus, 'remainingUnits' | 'tenantRemainingUnits' | 'quotaUnits'>): AppError {
  return new AppError('credits_depleted', undefined, {
    scope,
    notice: depletedNotice(scope, tenant.planKind, s.quotaUnits),
    plan_kind: tenant.planKind,
    member_remaining_credit: unitsToDisplay(s.remainingUnits),
    tenant_remaining_credit: s.tenantRemainingUnits === null ? null : unitsToDisplay(s.tenantRemainingUnits),
  });
}

export const periodOf = (tenant: TenantRow, at = new Date()) => periodStart(at, tenant.billingDay);

async function quotasOf(s: CreditsState, tenantId: number, groupId: number | null) {
  if (groupId === null) return { memberUnits: 0n, poolUnits: null };
  return (await s.caches.through(s.groupQuotas, tenantId, String(groupId), () => findGroupQuotas(s.db, tenantId, groupId)))!;
}

/**
 * The group a member is budgeted under (decision 044): of their groups, the one whose member
 * quota is largest — the default group unless an additional group gives more (ties keep the
 * default group). Its member quota is the member's base quota (a custom limit overrides it), and
 * its pool and usage are the group budget the member's chats count against. Quotas come from
 * the cached group rows, so a member without additional groups costs what it did.
 */
export async function budgetGroupOf(s: CreditsState, tenantId: number, member: Pick<MemberRow, 'defaultMemberGroupId' | 'groupIds'>) {
  const ids = [...new Set([member.defaultMemberGroupId, ...member.groupIds].filter((id): id is number => id !== null))];
  if (ids.length <= 1) {
    const groupId = ids[0] ?? null;
    return { groupId, quotas: await quotasOf(s, tenantId, groupId) };
  }
  const all = await Promise.all(ids.map((id) => quotasOf(s, tenantId, id)));
  let best = 0;
  for (let i = 1; i < all.length; i++) if (all[i]!.memberUnits > all[best]!.memberUnits) best = i;
  return { groupId: ids[best]!, quotas: all[best]! };
}

/**
 * What the member's grants add to the budget on `at`'s day (decision 043), cached per member and
 * day: a fill reads the grants and the previous window's spending in one statement, and the
 * spending before the end days of grants that ended within the window when there are any. Every
 * input is dropped with the tenant's cached rows by a trigger (credit_grants; members: custom
 * limit and group; member_groups: quota; tenants: billing day) except those spendings, which no
 * longer change. `baseOf` (the base quota) is awaited only on a fill.
 */
export async function grantsOf(s: CreditsState, tenant: TenantRow, memberId: number, at: Date, baseOf: () => Promise<bigint>): Promise<bigint> {
  const day = dayOf(at);
  const load = async () => {
    const period = periodOf(tenant, at);
    const [base, held] = await Promise.all([baseOf(), findBudgetGrants(s.db, tenant.id, memberId, previousPeriodStart(period, tenant.billingDay), day)]);
    const spentBefore = await spentBeforeEnds(s, tenant, memberId, period, day, held.grants);
    return { units: grantBudgetUnits({ baseQuotaUnits: base, billingDay: tenant.billingDay, day, grants: held.grants, previousSpentUnits: held.previousSpentUnits, spentBefore }) };
  };
  return (await s.caches.through(s.grants, tenant.id, `${memberId}:${day}`, load))!.units;
}

/** The spending before each day a grant ended within the window (none: no query). */
export async function spentBeforeEnds(s: CreditsState, tenant: TenantRow, memberId: number, period: string, day: string, held: readonly GrantSpan[]): Promise<Map<string, bigint>> {
  const days = endedWithin({ billingDay: tenant.billingDay, day, grants: held }, period);
  return days.length === 0 ? new Map() : findMemberSpentBefore(s.db, tenant.id, memberId, period, days);
}

/** The figures straight from the database, for the member's own pages (the group quotas from their trigger-dropped cache). */
export async function freshStatus(s: CreditsState, tenant: TenantRow, member: MemberQuotaFields, at = new Date()): Promise<CreditStatus> {
  const period = periodOf(tenant, at);
  const day = dayOf(at);
  const budget = await budgetGroupOf(s, tenant.id, member);
  const { grants: held, ...used } = await findCreditFigures(s.db, tenant.id, member.id, budget.groupId, period, day, previousPeriodStart(period, tenant.billingDay));
  const baseQuotaUnits = member.customCreditLimitUnits ?? budget.quotas.memberUnits;
  const spentBefore = await spentBeforeEnds(s, tenant, member.id, period, day, held.grants);
  const grantUnits = grantBudgetUnits({ baseQuotaUnits, billingDay: tenant.billingDay, day, grants: held.grants, previousSpentUnits: held.previousSpentUnits, spentBefore });
  return statusFrom(tenant, member, { groupQuotaUnits: budget.quotas.memberUnits, groupPoolUnits: budget.quotas.poolUnits, grantUnits, ...used });
}
