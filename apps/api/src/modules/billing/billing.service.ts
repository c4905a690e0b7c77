import { randomBytes } from 'node:crypto';
import type {
  AdminCreditGrantBody,
  AdminMembershipBody,
  CreditEntry,
  CreditEntryPage,
  CreditPurchaseBody,
  Membership,
  PaymentMethodList,
  PaymentOrder,
  PlanList,
  PurchaseOptions,
  SubscribeBody,
  TenantMembership,
} from '@app/contracts/billing';
import type { Database, Db, Executor } from '../../db/client';
import type { MemberContext, MemberRow, TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { offsetOf, pagination } from '../../platform/pagination';
import { creditsToUnits, unitsToDisplay } from '../credits/credits.rules';
import { addMonth, CREDIT_PACKS, dayOf, maskCard, toPaymentMethod, toPlan } from './billing.rules';
import { createRenewals, openBillingKey } from './billing.renewals';
import type { CreditsService, NewGrant } from '../credits/credits.service';
import {
  deletePaymentMethod,
  findMembership,
  findOrderByRef,
  findPaymentMethod,
  findPaymentMethodById,
  findPlan,
  findPlans,
  insertOrder,
  insertPaymentMethod,
  insertPlans,
  insertTransaction,
  listCreditEntries,
  listPaymentMethods,
  listPlans,
  markOrderFailed,
  markOrderPaid,
  type MembershipRow,
  type OrderRow,
  type PaymentMethodRow,
  type PlanRow,
  updateMembership,
  updatePaymentMethod,
  upsertMembership,
  countPlans,
} from './billing.repo';
import type { PaymentsConfig } from '../../config';
import { createPaymentProviders } from '../../integrations/payments/index';
import type { PaymentProvider, PaymentResult } from '../../integrations/payments/types';
import { createSecretBox, type SecretBox } from '../../integrations/secret-box';
import { createBillingRequests } from './billing.requests';
import type { Mailer } from '../../integrations/mail/types';


/** What billing needs of the members module. */
export interface MemberDirectory {
  findById(tenantId: number, id: number): Promise<MemberRow | undefined>;
  seatsTaken(tenantId: number): Promise<number>;
}

export interface BillingDeps {
  credits: Pick<CreditsService, 'grant' | 'invalidate' | 'grantUsage'>;
  members: MemberDirectory;
  /** The provider new payments go through (Payple when configured, else manual). */
  provider: PaymentProvider;
  /** Every provider a stored membership may name (renewals go through the one that took the first payment). */
  providers: Partial<Record<PaymentProvider['name'], PaymentProvider>>;
  box: SecretBox;
  creditPriceKrw: number;
  /** Payple's payment window (script and client key), when new cards can be paid with. */
  paymentWindow: PaymentOrder['window'];
  /** Mails the member an administrator's decision on their request (decision 048). */
  mailer: Mailer;
  log: (line: string) => void;
}

type Settle =
  | { kind: 'subscription'; plan: PlanRow; paymentMethodId: number | null; start: string }
  | { kind: 'renewal'; plan: PlanRow; membership: MembershipRow }
  | { kind: 'credits'; units: bigint; start: string };

/**
 * Plans, membership and payments (spec §3, §4 cancel/resume, §7; decision 032). Every payment is an
 * order the server opened first; a provider's result grants only when it names a pending order of
 * the caller, the provider confirms it was paid, and the amount is the order's. The order goes
 * `pending → paid` once in the same transaction as the grant, so a replayed result grants nothing.
 */
export function createBillingService(database: Database, deps: BillingDeps) {
  const { db } = database;

  async function planOr404(tenantId: number, id: number): Promise<PlanRow> {
    const plan = await findPlan(db, tenantId, id);
    if (!plan || !plan.isActive) throw new AppError('not_found', 'The plan does not exist');
    return plan;
  }

  async function toMembership(tenantId: number, m: MembershipRow): Promise<Membership> {
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

  async function activeMembership(ctx: MemberContext): Promise<MembershipRow> {
    const m = await findMembership(db, ctx.tenantId, ctx.member.id);
    if (!m || m.status !== 'active') throw new AppError('not_found', 'You have no membership');
    return m;
  }

  async function openOrder(ctx: MemberContext, o: { kind: 'subscription' | 'credits'; plan?: PlanRow; credit?: number }, provider: PaymentProvider): Promise<OrderRow> {
    const price = o.plan ? o.plan.krwMonthPrice : Math.round((o.credit ?? 0) * deps.creditPriceKrw);
    const row = await insertOrder(db, ctx.tenantId, {
      orderRef: `${o.kind === 'subscription' ? 'S' : 'C'}${ctx.tenantId}${randomBytes(12).toString('hex')}`,
      memberId: ctx.member.id,
      provider: provider.name,
      kind: o.kind,
      planId: o.plan?.id ?? null,
      creditUnits: o.credit === undefined ? null : creditsToUnits(o.credit),
      price,
    });
    return row!;
  }

  const orderView = (o: OrderRow, goods: string): PaymentOrder => ({
    order_id: o.orderRef,
    provider: o.provider as PaymentOrder['provider'],
    kind: o.kind === 'credits' ? 'credits' : 'subscription',
    price: o.price,
    currency: o.currency,
    goods,
    payer_no: String(o.memberId),
    credit: o.creditUnits === null ? null : unitsToDisplay(o.creditUnits),
    window: o.provider === 'payple' ? deps.paymentWindow : null,
  });

  /**
   * The one way a payment turns into a membership or credits: checks the provider's result against
   * the order, then in one transaction moves the order to paid (once), records the payment, saves
   * the card when asked, and grants. Credits' figures are read anew after the commit.
   */
  async function settle(tenantId: number, memberId: number, order: OrderRow, result: PaymentResult, what: Settle, saveCard?: (tx: Executor) => Promise<number | null>, approvedBy?: number) {
    if (!result.ok || result.orderRef !== order.orderRef || result.total !== order.price) {
      deps.log(`payment ${order.orderRef} refused: ${result.ok ? `amount ${result.total} / order ${result.orderRef}` : result.message}`);
      await markOrderFailed(db, tenantId, order.id, result.ok ? 'amount or order mismatch' : result.message || 'declined');
      throw new AppError('payment_failed');
    }
    const outcome = await db.transaction(async (tx) => {
      // An approved request (decision 048) moves `requested → paid`, a payment `pending → paid`; either once.
      if (!(await markOrderPaid(tx, tenantId, order.id, approvedBy === undefined ? undefined : { by: approvedBy }))) throw new AppError('payment_already_processed');
      const txRow = await insertTransaction(tx, tenantId, {
        memberId,
        orderId: order.id,
        provider: order.provider,
        providerRef: result.providerRef,
        price: order.price,
        currency: order.currency,
        receiptUrl: result.receiptUrl,
      });
      if (!txRow) throw new AppError('payment_already_processed');
      const methodId = saveCard ? await saveCard(tx) : null;
      if (what.kind === 'credits') {
        const grant: NewGrant = { memberId, kind: 'purchase', units: what.units, koName: '크레딧 구매', enName: 'Credit purchase', usageStartDate: what.start, usageEndDate: addMonth(what.start), transactionId: txRow.id, createdBy: approvedBy ?? memberId };
        return { grant, membership: null };
      }
      const plan = what.plan;
      const start = what.kind === 'renewal' ? what.membership.nextPaymentDate : what.start;
      const next = addMonth(start);
      const values = {
        planId: plan.id,
        nextPlanId: plan.id,
        provider: order.provider,
        price: plan.krwMonthPrice,
        currency: 'KRW',
        status: 'active',
        currentPeriodStart: start,
        nextPaymentDate: next,
        failedRenewals: 0,
      };
      const membership =
        what.kind === 'renewal'
          ? await updateMembership(tx, tenantId, what.membership.id, values)
          : await upsertMembership(tx, tenantId, memberId, { ...values, paymentMethodId: methodId ?? what.paymentMethodId });
      const grant: NewGrant = { memberId, kind: 'plan', units: plan.creditUnits, koName: plan.koName, enName: plan.enName, usageStartDate: start, usageEndDate: next, transactionId: txRow.id, createdBy: approvedBy ?? memberId };
      return { grant, membership: membership! };
    });
    const grant = await grantAfter(tenantId, outcome.grant, order.orderRef);
    return { grantId: grant.id, membership: outcome.membership };
  }

  /**
   * The grant once the payment's transaction committed. It belongs inside that transaction (the
   * credits service takes a `tx`), but its grant reads the tenant through its own connection, which
   * on the embedded database waits for the open transaction forever; until it reads through `tx`
   * the grant follows the commit, and a grant that fails is logged with its order (decision 032).
   */
  async function grantAfter(tenantId: number, g: NewGrant, orderRef: string) {
    try {
      return await deps.credits.grant(tenantId, g);
    } catch (err) {
      deps.log(`payment ${orderRef} was recorded but its credits were not granted: ${(err as Error).message}`);
      throw err;
    }
  }

  /** A window's result: only its order id is taken from the page; everything else comes from the provider. */
  async function verifiedOrder(ctx: MemberContext, orderRef: string, expect: { kind: 'subscription'; planId: number } | { kind: 'credits' }) {
    if (deps.provider.name !== 'payple') throw new AppError('bad_request', 'Card payments are not configured');
    const order = await findOrderByRef(db, ctx.tenantId, orderRef);
    // Another member's (or tenant's) order is not told apart from a missing one.
    if (!order || order.memberId !== ctx.member.id || order.kind !== expect.kind || (expect.kind === 'subscription' && order.planId !== expect.planId)) throw new AppError('not_found', 'The order does not exist');
    if (order.status !== 'pending') throw new AppError('payment_already_processed');
    let result: PaymentResult;
    try {
      result = await deps.provider.verify(order.orderRef);
    } catch (err) {
      deps.log(`payment ${order.orderRef}: verification failed: ${(err as Error).message}`);
      throw new AppError('upstream_failed');
    }
    return { order, result };
  }

  /** Saves (or, with `methodId`, replaces) the card a verified result registered. */
  function cardSaver(ctx: MemberContext, result: PaymentResult, methodId: number | undefined) {
    return async (tx: Executor): Promise<number | null> => {
      if (!result.billingKey) return methodId ?? null;
      const values = { cardName: result.cardName, maskedCardNumber: maskCard(result.cardNumber), billingKeyEncrypted: deps.box.seal(result.billingKey) };
      if (methodId !== undefined) {
        await updatePaymentMethod(tx, ctx.tenantId, methodId, values);
        return methodId;
      }
      return (await insertPaymentMethod(tx, ctx.tenantId, { memberId: ctx.member.id, provider: deps.provider.name, ...values })).id;
    };
  }

  async function ownMethod(ctx: MemberContext, id: number | undefined): Promise<PaymentMethodRow | undefined> {
    if (id === undefined) return undefined;
    const m = await findPaymentMethod(db, ctx.tenantId, ctx.member.id, id);
    if (!m) throw new AppError('not_found', 'The payment method does not exist');
    return m;
  }

  /**
   * Without a provider a member grants themselves nothing (decision 048): subscribing and buying
   * are requests to an administrator (`POST /billing-requests/`).
   */
  function providerRequired() {
    if (deps.provider.name === 'manual') throw new AppError('bad_request', 'No payment provider is configured: ask an administrator (POST /billing-requests/)');
  }

  /** Charges a saved card. */
  async function chargeNow(ctx: MemberContext, order: OrderRow, goods: string, method: PaymentMethodRow | undefined): Promise<PaymentResult> {
    if (!method) throw new AppError('validation_error', 'Choose a saved card');
    try {
      return await deps.provider.charge({ orderRef: order.orderRef, amount: order.price, goods, payerNo: String(ctx.member.id), billingKey: method?.billingKeyEncrypted ? openBillingKey(deps.box, method.billingKeyEncrypted) : null });
    } catch (err) {
      deps.log(`payment ${order.orderRef}: charge failed: ${(err as Error).message}`);
      await markOrderFailed(db, ctx.tenantId, order.id, 'provider unreachable');
      throw new AppError('payment_failed');
    }
  }

  /** A subscription while one is active: the same plan is a conflict (a cancelled one resumes instead); another plan applies from the next payment. */
  async function changeOfPlan(ctx: MemberContext, plan: PlanRow): Promise<Membership | null> {
    const current = await findMembership(db, ctx.tenantId, ctx.member.id);
    if (!current || current.status !== 'active') return null;
    if (current.planId === plan.id && current.nextPlanId === plan.id) throw new AppError('already_subscribed');
    const row = await updateMembership(db, ctx.tenantId, current.id, { nextPlanId: plan.id });
    return toMembership(ctx.tenantId, row!);
  }

  async function entryById(ctx: MemberContext, grantId: number): Promise<CreditEntry> {
    // The newest entries hold the one just granted.
    const page = await listCreditEntries(db, ctx.tenantId, ctx.member.id, 5, 0);
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


  const renewals = createRenewals(database, {
    providers: deps.providers,
    box: deps.box,
    log: deps.log,
    settleRenewal: (tenantId, memberId, order, result, plan, membership) => settle(tenantId, memberId, order, result, { kind: 'renewal', plan, membership }),
  });

  const requests = createBillingRequests(database, {
    provider: deps.provider,
    creditPriceKrw: deps.creditPriceKrw,
    members: deps.members,
    mailer: deps.mailer,
    log: deps.log,
    settleApproved: (tenantId, order, result, what, approvedBy) =>
      settle(tenantId, order.memberId, order, result, what.kind === 'credits' ? what : { kind: 'subscription', plan: what.plan, paymentMethodId: null, start: what.start }, undefined, approvedBy),
  });

  return {
    requests,
    async listPlans(ctx: TenantContext): Promise<PlanList> {
      return { items: (await listPlans(db, ctx.tenantId)).map(toPlan), provider: deps.provider.name, payment_window: deps.paymentWindow !== null };
    },

    async membership(ctx: MemberContext): Promise<Membership | null> {
      const m = await findMembership(db, ctx.tenantId, ctx.member.id);
      return m && m.status === 'active' ? toMembership(ctx.tenantId, m) : null;
    },

    /** `POST /member-billing-plans/{id}/subscribe/`: a saved card charged now (without a provider: a request instead, decision 048). */
    async subscribe(ctx: MemberContext, planId: number, body: SubscribeBody, now = new Date()): Promise<Membership> {
      providerRequired();
      const plan = await planOr404(ctx.tenantId, planId);
      const changed = await changeOfPlan(ctx, plan);
      if (changed) return changed;
      const method = await ownMethod(ctx, body.payment_method_id);
      const order = await openOrder(ctx, { kind: 'subscription', plan }, deps.provider);
      const result = await chargeNow(ctx, order, plan.enName, method);
      const { membership } = await settle(ctx.tenantId, ctx.member.id, order, result, { kind: 'subscription', plan, paymentMethodId: method?.id ?? null, start: dayOf(now) });
      return toMembership(ctx.tenantId, membership!);
    },

    /** An order for Payple's window (the page passes `order_id` as PCD_PAY_OID and `price` as PCD_PAY_TOTAL). */
    async planOrder(ctx: MemberContext, planId: number): Promise<PaymentOrder> {
      const plan = await planOr404(ctx.tenantId, planId);
      return orderView(await openOrder(ctx, { kind: 'subscription', plan }, deps.provider), plan.enName);
    },

    /** `POST /member-billing-plans/{id}/payple-subscribe/`: the window's result, verified with Payple. */
    async paypleSubscribe(ctx: MemberContext, planId: number, orderRef: string, paymentMethodId: number | undefined, now = new Date()): Promise<Membership> {
      const plan = await planOr404(ctx.tenantId, planId);
      await ownMethod(ctx, paymentMethodId);
      const { order, result } = await verifiedOrder(ctx, orderRef, { kind: 'subscription', planId: plan.id });
      const { membership } = await settle(ctx.tenantId, ctx.member.id, order, result, { kind: 'subscription', plan, paymentMethodId: paymentMethodId ?? null, start: dayOf(now) }, cardSaver(ctx, result, paymentMethodId));
      return toMembership(ctx.tenantId, membership!);
    },

    /** Spec §4: a scheduled end — next_plan null, the membership lasts until next_payment_date. */
    async cancel(ctx: MemberContext): Promise<Membership> {
      const m = await activeMembership(ctx);
      const row = m.nextPlanId === null ? m : await updateMembership(db, ctx.tenantId, m.id, { nextPlanId: null });
      return toMembership(ctx.tenantId, row!);
    },

    /** Spec §4: resume restores the renewal of the current plan. */
    async resume(ctx: MemberContext): Promise<Membership> {
      const m = await activeMembership(ctx);
      const row = m.nextPlanId !== null ? m : await updateMembership(db, ctx.tenantId, m.id, { nextPlanId: m.planId, failedRenewals: 0 });
      return toMembership(ctx.tenantId, row!);
    },

    async paymentMethods(ctx: MemberContext): Promise<PaymentMethodList> {
      return { items: (await listPaymentMethods(db, ctx.tenantId, ctx.member.id)).map(toPaymentMethod) };
    },

    async deletePaymentMethod(ctx: MemberContext, id: number): Promise<void> {
      const m = await findMembership(db, ctx.tenantId, ctx.member.id);
      if (m && m.status === 'active' && m.nextPlanId !== null && m.paymentMethodId === id) throw new AppError('conflict', 'This card pays for your membership; cancel it or subscribe with another card first');
      if (!(await deletePaymentMethod(db, ctx.tenantId, ctx.member.id, id))) throw new AppError('not_found', 'The payment method does not exist');
    },

    async credits(ctx: MemberContext, q: { page: number; size: number }): Promise<CreditEntryPage> {
      const { rows, total } = await listCreditEntries(db, ctx.tenantId, ctx.member.id, q.size, offsetOf(q.page, q.size));
      const usage = await deps.credits.grantUsage(ctx, rows.map((r) => r.grant));
      return { items: rows.map((r) => toEntry(r, usage.get(r.grant.id) ?? 0)), pagination: pagination(q.page, q.size, total) };
    },

    purchaseOptions(): PurchaseOptions {
      return { provider: deps.provider.name, payment_window: deps.paymentWindow !== null, currency: 'KRW', krw_per_credit: deps.creditPriceKrw, packs: CREDIT_PACKS.map((credit) => ({ credit, price: Math.round(credit * deps.creditPriceKrw) })) };
    },

    async creditOrder(ctx: MemberContext, credit: number): Promise<PaymentOrder> {
      return orderView(await openOrder(ctx, { kind: 'credits', credit }, deps.provider), `${credit} credits`);
    },

    /** The credit purchase modal without a window: a saved card (without a provider: a request instead, decision 048). */
    async purchase(ctx: MemberContext, body: CreditPurchaseBody, now = new Date()): Promise<CreditEntry> {
      providerRequired();
      const method = await ownMethod(ctx, body.payment_method_id);
      const order = await openOrder(ctx, { kind: 'credits', credit: body.credit }, deps.provider);
      const result = await chargeNow(ctx, order, `${body.credit} credits`, method);
      const { grantId } = await settle(ctx.tenantId, ctx.member.id, order, result, { kind: 'credits', units: order.creditUnits!, start: dayOf(now) });
      return entryById(ctx, grantId);
    },

    async payplePurchase(ctx: MemberContext, orderRef: string, paymentMethodId: number | undefined, now = new Date()): Promise<CreditEntry> {
      await ownMethod(ctx, paymentMethodId);
      const { order, result } = await verifiedOrder(ctx, orderRef, { kind: 'credits' });
      const { grantId } = await settle(ctx.tenantId, ctx.member.id, order, result, { kind: 'credits', units: order.creditUnits!, start: dayOf(now) }, cardSaver(ctx, result, paymentMethodId));
      return entryById(ctx, grantId);
    },

    /** `GET /tenants/membership/`: the tenant's own plan. */
    async tenantMembership(ctx: TenantContext): Promise<TenantMembership> {
      const t = ctx.tenant;
      return {
        plan_kind: t.planKind,
        max_members: t.maxMembers,
        member_count: await deps.members.seatsTaken(ctx.tenantId),
        credit: t.creditQuotaUnits === null ? null : unitsToDisplay(t.creditQuotaUnits),
        billing_day: t.billingDay,
      };
    },

    /** The console: credits for members, valid for a month from today (the manual provider's way to sell). */
    async adminGrantCredits(ctx: MemberContext, body: AdminCreditGrantBody, now = new Date()): Promise<{ granted: number }> {
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
    },

    /** The console: a member gets a plan without a payment (manual provider); it renews as an invoice until cancelled. */
    /** The renewal job: one pass at `now` (tests drive it with their own clock), and its timer. */
    runRenewals: (now?: Date) => renewals.run(now),
    start: (intervalMs: number) => renewals.start(intervalMs),
    stop: () => renewals.stop(),

    async adminGrantMembership(ctx: MemberContext, body: AdminMembershipBody, now = new Date()): Promise<Membership> {
      const plan = await planOr404(ctx.tenantId, body.plan_id);
      if (!(await deps.members.findById(ctx.tenantId, body.member_id))) throw new AppError('not_found', 'The member does not exist');
      const start = dayOf(now);
      const next = addMonth(start);
      const membership = await upsertMembership(db, ctx.tenantId, body.member_id, {
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
      return toMembership(ctx.tenantId, membership);
    },

  };
}
export type BillingService = ReturnType<typeof createBillingService>;

/** The demo tenant's plans (seed). */
export async function seedDemoPlans(db: Db, tenantId: number): Promise<void> {
  if ((await countPlans(db, tenantId)) > 0) return;
  await insertPlans(db, tenantId, [
    { koName: '베이직', enName: 'Basic', krwMonthPrice: 9900, creditUnits: creditsToUnits(1000), isLowLlmFree: true, sortOrder: 0 },
    { koName: '프로', enName: 'Pro', krwMonthPrice: 29000, creditUnits: creditsToUnits(5000), isLowLlmFree: true, sortOrder: 1 },
    { koName: '팀', enName: 'Team', krwMonthPrice: 99000, creditUnits: creditsToUnits(20000), isLowLlmFree: false, sortOrder: 2 },
  ]);
}

/** The providers and the key box from config: Payple when configured (new payments go through it), manual always (admin grants, embedded default). */
export function paymentsFromConfig(payments: PaymentsConfig | undefined, fallbackSecret: string): Pick<BillingDeps, 'provider' | 'providers' | 'box' | 'creditPriceKrw' | 'paymentWindow'> {
  const { current, all } = createPaymentProviders(payments);
  return {
    provider: current,
    providers: all,
    box: createSecretBox(payments?.secret ?? fallbackSecret, 'payment-methods'),
    creditPriceKrw: payments?.creditPriceKrw ?? 10,
    paymentWindow: payments?.payple?.clientKey ? { script_url: payments.payple.scriptUrl, client_key: payments.payple.clientKey } : null,
  };
}
