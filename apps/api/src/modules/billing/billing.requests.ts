import { randomBytes } from 'node:crypto';
import type { BillingRequest, BillingRequestList, BillingRequestPage, CreateBillingRequestBody, ProcessBillingRequestBody } from '@app/contracts/billing';
import type { Database } from '../../db/client';
import type { MemberContext, MemberRow, TenantRow } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { mailBody, mailLanguage, tenantName } from '../../platform/mail-text';
import type { Mailer } from '../../integrations/mail/types';
import { offsetOf, pagination } from '../../platform/pagination';
import { creditsToUnits, unitsToDisplay } from '../credits/credits.rules';
import { dayOf, toPlan } from './billing.rules';
import { closeRequest, findMembership, findPlan, findPlans, findRequest, insertOrder, listRequests, type OrderRow, type PlanRow, reopenRequest } from './billing.repo';
import type { PaymentProvider, PaymentResult } from '../../integrations/payments/types';

type Status = BillingRequest['status'];
type Settled = { kind: 'subscription'; plan: PlanRow } | { kind: 'credits'; units: bigint };

export interface BillingRequestsDeps {
  provider: Pick<PaymentProvider, 'name'>;
  creditPriceKrw: number;
  members: { findById(tenantId: number, id: number): Promise<MemberRow | undefined> };
  mailer: Mailer;
  log: (line: string) => void;
  /** The one way an order turns into a membership or credits (billing.service's `settle`), here for an approved request. */
  settleApproved: (tenantId: number, order: OrderRow, result: PaymentResult, what: Settled & { start: string }, approvedBy: number) => Promise<unknown>;
}

const statusOf = (o: OrderRow): Status => (o.status === 'paid' ? 'approved' : (o.status as Status));

/**
 * Purchases without a payment provider (decision 048). With the manual provider nobody pays in the
 * app, so a member's subscription or credit purchase is only a request: nothing is granted until an
 * administrator approves it (the order is settled like a paid one, once) or rejects it with a
 * reason. The member is mailed either way, as for the spec's §4 member requests.
 */
export function createBillingRequests(database: Database, deps: BillingRequestsDeps) {
  const { db } = database;

  async function view(tenantId: number, o: OrderRow, member?: { name: string | null; email: string | null }): Promise<BillingRequest> {
    const who = member ?? (await deps.members.findById(tenantId, o.memberId));
    const plan = o.planId === null ? undefined : (await findPlans(db, tenantId, [o.planId])).get(o.planId);
    return {
      id: o.id,
      kind: o.kind === 'credits' ? 'credits' : 'subscription',
      status: statusOf(o),
      member: { id: o.memberId, name: who?.name ?? '', email: who?.email ?? '' },
      plan: plan ? toPlan(plan) : null,
      credit: o.creditUnits === null ? null : unitsToDisplay(o.creditUnits),
      price: o.price,
      currency: o.currency,
      created_at: o.createdAt.toISOString(),
      processed_at: o.processedAt?.toISOString() ?? null,
      reason: o.reason,
    };
  }

  async function mailDecision(tenant: TenantRow, member: MemberRow, o: OrderRow, plan: PlanRow | undefined, approved: boolean, reason: string | null) {
    const lang = mailLanguage(member.language);
    const org = tenantName(tenant, lang);
    const ko = lang === 'ko';
    const credit = o.creditUnits === null ? '' : unitsToDisplay(o.creditUnits).toLocaleString(ko ? 'ko-KR' : 'en-US');
    const what = plan ? (ko ? `${plan.koName} 플랜 구독` : `subscription to the ${plan.enName} plan`) : ko ? `${credit} 크레딧 구매` : `purchase of ${credit} credits`;
    const subject = approved ? (ko ? `[${org}] ${what} 요청이 승인되었습니다` : `[${org}] Your ${what} was approved`) : ko ? `[${org}] ${what} 요청이 거절되었습니다` : `[${org}] Your ${what} was not approved`;
    const granted = plan
      ? ko
        ? `${plan.koName} 플랜이 시작되었습니다. 매월 ${unitsToDisplay(plan.creditUnits).toLocaleString('ko-KR')} 크레딧이 지급됩니다.`
        : `Your ${plan.enName} plan has started, with ${unitsToDisplay(plan.creditUnits).toLocaleString('en-US')} credits a month.`
      : ko
        ? `${credit} 크레딧이 지급되었습니다. 오늘부터 한 달 동안 사용할 수 있습니다.`
        : `${credit} credits were added to your account, usable for one month from today.`;
    const lines = approved
      ? ko
        ? [`${member.name}님, 안녕하세요.`, `${org}의 관리자가 ${what} 요청을 승인했습니다.`, granted]
        : [`Hello ${member.name},`, `An administrator of ${org} approved your ${what}.`, granted]
      : ko
        ? [`${member.name}님, 안녕하세요.`, `${org}의 관리자가 ${what} 요청을 거절했습니다.`, `사유: ${reason}`]
        : [`Hello ${member.name},`, `An administrator of ${org} did not approve your ${what}.`, `Reason: ${reason}`];
    await deps.mailer.send({ to: member.email, subject, ...mailBody(lines) });
  }

  return {
    /** `POST /billing-requests/`: only without a provider (with one, the member pays); one open request of each kind. */
    async create(ctx: MemberContext, body: CreateBillingRequestBody): Promise<BillingRequest> {
      if (deps.provider.name !== 'manual') throw new AppError('bad_request', 'Card payments are configured: pay with a card');
      let plan: PlanRow | undefined;
      if (body.kind === 'subscription') {
        plan = await findPlan(db, ctx.tenantId, body.plan_id);
        if (!plan || !plan.isActive) throw new AppError('not_found', 'The plan does not exist');
        const current = await findMembership(db, ctx.tenantId, ctx.member.id);
        if (current?.status === 'active' && current.planId === plan.id) throw new AppError('already_subscribed');
      }
      const credit = body.kind === 'credits' ? body.credit : null;
      const row = await insertOrder(db, ctx.tenantId, {
        orderRef: `R${ctx.tenantId}${randomBytes(12).toString('hex')}`,
        memberId: ctx.member.id,
        provider: 'manual',
        kind: body.kind,
        status: 'requested',
        planId: plan?.id ?? null,
        creditUnits: credit === null ? null : creditsToUnits(credit),
        price: plan ? plan.krwMonthPrice : Math.round((credit ?? 0) * deps.creditPriceKrw),
      });
      // The partial unique index holds one open request per member and kind.
      if (!row) throw new AppError('conflict', 'A request of yours is already waiting for an administrator');
      return view(ctx.tenantId, row, ctx.member);
    },

    /** `GET /billing-requests/`: the member's own, newest first. */
    async mine(ctx: MemberContext): Promise<BillingRequestList> {
      const { rows } = await listRequests(db, ctx.tenantId, { memberId: ctx.member.id }, 10, 0);
      return { items: await Promise.all(rows.map((r) => view(ctx.tenantId, r.order, ctx.member))) };
    },

    /** `DELETE /billing-requests/{id}/`: the member withdraws an open request of theirs. */
    async withdraw(ctx: MemberContext, id: number): Promise<void> {
      if (!(await closeRequest(db, ctx.tenantId, id, { status: 'withdrawn', memberId: ctx.member.id }))) throw new AppError('not_found', 'There is no open request');
    },

    async list(ctx: MemberContext, q: { status: Status; page: number; size: number }): Promise<BillingRequestPage> {
      const { rows, total } = await listRequests(db, ctx.tenantId, { status: q.status }, q.size, offsetOf(q.page, q.size));
      return { items: await Promise.all(rows.map((r) => view(ctx.tenantId, r.order, r))), pagination: pagination(q.page, q.size, total) };
    },

    /**
     * Approves (the plan or credits are granted once: a second click finds the order paid, 409) or
     * rejects with a reason; the member is mailed. An administrator does not approve their own
     * request. A rejection whose mail fails is undone (424), as for member requests; an approval
     * has granted already, so its failed mail is logged and the approval stands.
     */
    async process(ctx: MemberContext, id: number, body: ProcessBillingRequestBody, now = new Date()): Promise<BillingRequest> {
      const order = await findRequest(db, ctx.tenantId, id);
      if (!order) throw new AppError('not_found', 'The request does not exist');
      if (order.status !== 'requested') throw new AppError('payment_already_processed', 'The request has already been processed');
      if (body.approve && order.memberId === ctx.member.id) throw new AppError('forbidden', 'Another administrator approves your own request');
      const member = await deps.members.findById(ctx.tenantId, order.memberId);
      if (!member) throw new AppError('not_found', 'The member does not exist');
      const plan = order.planId === null ? undefined : await findPlan(db, ctx.tenantId, order.planId);
      if (!body.approve) {
        const reason = body.reason!.trim();
        const closed = await closeRequest(db, ctx.tenantId, id, { status: 'rejected', reason, processedBy: ctx.member.id });
        if (!closed) throw new AppError('payment_already_processed', 'The request has already been processed');
        try {
          await mailDecision(ctx.tenant, member, order, plan, false, reason);
        } catch (err) {
          await reopenRequest(db, ctx.tenantId, id);
          throw err;
        }
        return view(ctx.tenantId, closed, member);
      }
      if (order.kind === 'subscription' && (!plan || !plan.isActive)) throw new AppError('not_found', 'The plan is no longer offered; reject the request');
      // Settled as the manual provider records a payment: an invoice the organisation collects.
      const result: PaymentResult = { ok: true, orderRef: order.orderRef, total: order.price, providerRef: `manual-${order.orderRef}`, receiptUrl: null, billingKey: null, cardName: '', cardNumber: '', message: 'approved' };
      const start = dayOf(now);
      await deps.settleApproved(ctx.tenantId, order, result, order.kind === 'subscription' ? { kind: 'subscription', plan: plan!, start } : { kind: 'credits', units: order.creditUnits!, start }, ctx.member.id);
      try {
        await mailDecision(ctx.tenant, member, order, plan, true, null);
      } catch (err) {
        deps.log(`billing request ${order.orderRef} approved, but its mail failed: ${(err as Error).message}`);
      }
      return view(ctx.tenantId, (await findRequest(db, ctx.tenantId, id))!, member);
    },
  };
}
export type BillingRequests = ReturnType<typeof createBillingRequests>;

