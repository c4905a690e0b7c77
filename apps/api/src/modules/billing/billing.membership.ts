import type { AdminCreditGrantBody, AdminMembershipBody, CreditEntry, CreditEntryPage, Membership, PlanList, TenantMembership } from '@app/contracts/billing';
import type { MemberContext, TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { offsetOf, pagination } from '../../platform/pagination';
import { creditsToUnits, unitsToDisplay } from '../credits/credits.rules';
import { addMonth, dayOf, toPaymentMethod, toPlan } from './billing.rules';
import { findMembership, findPaymentMethodById, findPlan, findPlans, listCreditEntries, listPlans, type MembershipRow, type PlanRow, updateMembership, upsertMembership } from './billing.repo';
import type { BillingServiceDeps } from './billing.types';

/** Plans, the member's membership (cancel, resume), their credit entries and the console's grants. */

export async function planOr404(deps: BillingServiceDeps, tenantId: number, id: number): Promise<PlanRow> {
  const plan = await findPlan(deps.database.db, tenantId, id);
  if (!plan || !plan.isActive) throw new AppError('not_found', 'The plan does not exist');
  return plan;
}

export async function toMembership(deps: BillingServiceDeps, tenantId: number, m: MembershipRow): Promise<Membership> {
  const { db } = deps.database;
  const plans = await findPlans(db, tenantId, [...new Set([m.planId, ...(m.nextPlanId === null ? [] : [m.nextPlanId])])]);
  const method = m.paymentMethodId === null ? undefined : await findPaymentMethodById(db, tenantId, m.paymentMethodId);
  const plan = plans.get(m.planId)!;
  const next = m.nextPlanId === null ? undefined : plans.get(m.nextPlanId);
  return {
    id: m.id,
    plan: toPlan(plan),
    next_plan: next ? toPlan(next) : null,
    payment_method: method && !method.deletedAt ? toPaymentMethod(method) : null,
    price: m.price,
    currency: m.currency,
    next_payment_date: m.nextPaymentDate,
  };
}

async function activeMembership(deps: BillingServiceDeps, ctx: MemberContext): Promise<MembershipRow> {
  const m = await findMembership(deps.database.db, ctx.tenantId, ctx.member.id);
  if (!m || m.status !== 'active') throw new AppError('not_found', 'You have no membership');
  return m;
}

/** A subscription while one is active: the same plan is a conflict (a cancelled one resumes instead); another plan applies from the next payment. */
export async function changeOfPlan(deps: BillingServiceDeps, ctx: MemberContext, plan: PlanRow): Promise<Membership | null> {
  const { db } = deps.database;
  const current = await findMembership(db, ctx.tenantId, ctx.member.id);
  if (!current || current.status !== 'active') return null;
  if (current.planId === plan.id && current.nextPlanId === plan.id) throw new AppError('already_subscribed');
  const row = await updateMembership(db, ctx.tenantId, current.id, { nextPlanId: plan.id });
  return toMembership(deps, ctx.tenantId, row!);
}

export async function entryById(deps: BillingServiceDeps, ctx: MemberContext, grantId: number): Promise<CreditEntry> {
  // The newest entries hold the one just granted.
  const page = await listCreditEntries(deps.database.db, ctx.tenantId, ctx.member.id, 5, 0);
  const hit = page.rows.find((r) => r.grant.id === grantId)!;
  return toEntry(hit, (await deps.credits.grantUsage(ctx, [hit.grant])).get(hit.grant.id) ?? 0);
}

/** `usage`: what the credits module attributes to the grant (decision 043). */
const toEntry = (r: Awaited<ReturnType<typeof listCreditEntries>>['rows'][number], usage: number): CreditEntry => ({
  id: r.grant.id,
  quota: unitsToDisplay(r.grant.units),
  usage,
  created_at: r.grant.createdAt.toISOString(),
  usage_start_date: r.grant.usageStartDate,
  usage_end_date: r.grant.usageEndDate,
  ko_name: r.grant.koName,
  en_name: r.grant.enName,
  transaction: r.tx ? { id: r.tx.id, price: r.tx.price, currency: r.tx.currency, receipt_url: r.tx.receiptUrl, created_at: r.tx.createdAt.toISOString() } : null,
});

export async function listPlansOf(deps: BillingServiceDeps, ctx: TenantContext): Promise<PlanList> {
  return { items: (await listPlans(deps.database.db, ctx.tenantId)).map(toPlan), provider: deps.provider.name, payment_window: deps.paymentWindow !== null };
}

export async function membershipOf(deps: BillingServiceDeps, ctx: MemberContext): Promise<Membership | null> {
  const m = await findMembership(deps.database.db, ctx.tenantId, ctx.member.id);
  return m && m.status === 'active' ? toMembership(deps, ctx.tenantId, m) : null;
}

/** Spec §4: a scheduled end — next_plan null, the membership lasts until next_payment_date. */
export async function cancelMembership(deps: BillingServiceDeps, ctx: MemberContext): Promise<Membership> {
  const m = await activeMembership(deps, ctx);
  const row = m.nextPlanId === null ? m : await updateMembership(deps.database.db, ctx.tenantId, m.id, { nextPlanId: null });
  return toMembership(deps, ctx.tenantId, row!);
}

/** Spec §4: resume restores the renewal of the current plan. */
export async function resumeMembership(deps: BillingServiceDeps, ctx: MemberContext): Promise<Membership> {
  const m = await activeMembership(deps, ctx);
  const row = m.nextPlanId !== null ? m : await updateMembership(deps.database.db, ctx.tenantId, m.id, { nextPlanId: m.planId, failedRenewals: 0 });
  return toMembership(deps, ctx.tenantId, row!);
}

export async function creditEntries(deps: BillingServiceDeps, ctx: MemberContext, q: { page: number; size: number }): Promise<CreditEntryPage> {
  const { rows, total } = await listCreditEntries(deps.database.db, ctx.tenantId, ctx.member.id, q.size, offsetOf(q.page, q.size));
  const usage = await deps.credits.grantUsage(ctx, rows.map((r) => r.grant));
  return { items: rows.map((r) => toEntry(r, usage.get(r.grant.id) ?? 0)), pagination: pagination(q.page, q.size, total) };
}

/** `GET /tenants/membership/`: the tenant's own plan. */
export async function tenantMembership(deps: BillingServiceDeps, ctx: TenantContext): Promise<TenantMembership> {
  const t = ctx.tenant;
  return {
    plan_kind: t.planKind,
    max_members: t.maxMembers,
    member_count: await deps.members.seatsTaken(ctx.tenantId),
    credit: t.creditQuotaUnits === null ? null : unitsToDisplay(t.creditQuotaUnits),
    billing_day: t.billingDay,
  };
}

/** The console: credits for members, valid for a month from today (the manual provider's way to sell). */
export async function adminGrantCredits(deps: BillingServiceDeps, ctx: MemberContext, body: AdminCreditGrantBody, now = new Date()): Promise<{ granted: number }> {
  const ids = [...new Set(body.member_ids)];
  for (const id of ids) if (!(await deps.members.findById(ctx.tenantId, id))) throw new AppError('not_found', `Member ${id} does not exist`);
  const start = dayOf(now);
  for (const memberId of ids) {
    await deps.credits.grant(ctx.tenantId, {
      memberId,
      kind: 'manual',
      units: creditsToUnits(body.credit),
      koName: body.ko_name ?? '관리자 지급',
      enName: body.en_name ?? 'Granted by an administrator',
      usageStartDate: start,
      usageEndDate: addMonth(start),
      createdBy: ctx.member.id,
    });
  }
  return { granted: ids.length };
}

/** The console: a member gets a plan without a payment (manual provider); it renews as an invoice until cancelled. */
export async function adminGrantMembership(deps: BillingServiceDeps, ctx: MemberContext, body: AdminMembershipBody, now = new Date()): Promise<Membership> {
  const plan = await planOr404(deps, ctx.tenantId, body.plan_id);
  if (!(await deps.members.findById(ctx.tenantId, body.member_id))) throw new AppError('not_found', 'The member does not exist');
  const start = dayOf(now);
  const next = addMonth(start);
  const membership = await upsertMembership(deps.database.db, ctx.tenantId, body.member_id, {
    planId: plan.id,
    nextPlanId: plan.id,
    paymentMethodId: null,
    provider: 'manual',
    price: plan.krwMonthPrice,
    currency: 'KRW',
    status: 'active',
    currentPeriodStart: start,
    nextPaymentDate: next,
    failedRenewals: 0,
  });
  await deps.credits.grant(ctx.tenantId, { memberId: body.member_id, kind: 'plan', units: plan.creditUnits, koName: plan.koName, enName: plan.enName, usageStartDate: start, usageEndDate: next, createdBy: ctx.member.id });
  return toMembership(deps, ctx.tenantId, membership);
}
