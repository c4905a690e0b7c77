import { randomBytes } from 'node:crypto';
import type { CreditEntry, CreditPurchaseBody, Membership, PaymentMethodList, PaymentOrder, PurchaseOptions, SubscribeBody } from '@app/contracts/billing';
import type { Executor } from '../../db/client';
import type { MemberContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { creditsToUnits, unitsToDisplay } from '../credits/credits.rules';
import type { NewGrant } from '../credits/credits.service';
import type { PaymentProvider, PaymentResult } from '../../integrations/payments/types';
import { addMonth, CREDIT_PACKS, dayOf, maskCard, toPaymentMethod } from './billing.rules';
import { openBillingKey } from './billing.renewals';
import {
  deletePaymentMethod,
  findMembership,
  findOrderByRef,
  findPaymentMethod,
  insertOrder,
  insertPaymentMethod,
  insertTransaction,
  listPaymentMethods,
  markOrderFailed,
  markOrderPaid,
  type MembershipRow,
  type OrderRow,
  type PaymentMethodRow,
  type PlanRow,
  updateMembership,
  updatePaymentMethod,
  upsertMembership,
} from './billing.repo';
import { changeOfPlan, entryById, planOr404, toMembership } from './billing.membership';
import type { BillingServiceDeps } from './billing.types';

/** Payments: orders, a saved card charged now, Payple's window, and the one settlement of a paid order. */

export type Settle =
  | { kind: 'subscription'; plan: PlanRow; paymentMethodId: number | null; start: string }
  | { kind: 'renewal'; plan: PlanRow; membership: MembershipRow }
  | { kind: 'credits'; units: bigint; start: string };

async function openOrder(deps: BillingServiceDeps, ctx: MemberContext, o: { kind: 'subscription' | 'credits'; plan?: PlanRow; credit?: number }, provider: PaymentProvider): Promise<OrderRow> {
  const price = o.plan ? o.plan.krwMonthPrice : Math.round((o.credit ?? 0) * deps.creditPriceKrw);
  const row = await insertOrder(deps.database.db, ctx.tenantId, {
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

const orderView = (deps: BillingServiceDeps, o: OrderRow, goods: string): PaymentOrder => ({
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
export async function settle(deps: BillingServiceDeps, tenantId: number, memberId: number, order: OrderRow, result: PaymentResult, what: Settle, saveCard?: (tx: Executor) => Promise<number | null>, approvedBy?: number) {
  const { db } = deps.database;
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
  const grant = await grantAfter(deps, tenantId, outcome.grant, order.orderRef);
  return { grantId: grant.id, membership: outcome.membership };
}

/**
 * The grant once the payment's transaction committed. It belongs inside that transaction (the
 * credits service takes a `tx`), but its grant reads the tenant through its own connection, which
 * on the embedded database waits for the open transaction forever; until it reads through `tx`
 * the grant follows the commit, and a grant that fails is logged with its order (decision 032).
 */
async function grantAfter(deps: BillingServiceDeps, tenantId: number, g: NewGrant, orderRef: string) {
  try {
    return await deps.credits.grant(tenantId, g);
  } catch (err) {
    deps.log(`payment ${orderRef} was recorded but its credits were not granted: ${(err as Error).message}`);
    throw err;
  }
}

/** A window's result: only its order id is taken from the page; everything else comes from the provider. */
async function verifiedOrder(deps: BillingServiceDeps, ctx: MemberContext, orderRef: string, expect: { kind: 'subscription'; planId: number } | { kind: 'credits' }) {
  if (deps.provider.name !== 'payple') throw new AppError('bad_request', 'Card payments are not configured');
  const order = await findOrderByRef(deps.database.db, ctx.tenantId, orderRef);
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
function cardSaver(deps: BillingServiceDeps, ctx: MemberContext, result: PaymentResult, methodId: number | undefined) {
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

async function ownMethod(deps: BillingServiceDeps, ctx: MemberContext, id: number | undefined): Promise<PaymentMethodRow | undefined> {
  if (id === undefined) return undefined;
  const m = await findPaymentMethod(deps.database.db, ctx.tenantId, ctx.member.id, id);
  if (!m) throw new AppError('not_found', 'The payment method does not exist');
  return m;
}

/**
 * Without a provider a member grants themselves nothing (decision 048): subscribing and buying
 * are requests to an administrator (`POST /billing-requests/`).
 */
function providerRequired(deps: BillingServiceDeps) {
  if (deps.provider.name === 'manual') throw new AppError('bad_request', 'No payment provider is configured: ask an administrator (POST /billing-requests/)');
}

/** Charges a saved card. */
async function chargeNow(deps: BillingServiceDeps, ctx: MemberContext, order: OrderRow, goods: string, method: PaymentMethodRow | undefined): Promise<PaymentResult> {
  if (!method) throw new AppError('validation_error', 'Choose a saved card');
  try {
    return await deps.provider.charge({ orderRef: order.orderRef, amount: order.price, goods, payerNo: String(ctx.member.id), billingKey: method?.billingKeyEncrypted ? openBillingKey(deps.box, method.billingKeyEncrypted) : null });
  } catch (err) {
    deps.log(`payment ${order.orderRef}: charge failed: ${(err as Error).message}`);
    await markOrderFailed(deps.database.db, ctx.tenantId, order.id, 'provider unreachable');
    throw new AppError('payment_failed');
  }
}

/** `POST /member-billing-plans/{id}/subscribe/`: a saved card charged now (without a provider: a request instead, decision 048). */
export async function subscribe(deps: BillingServiceDeps, ctx: MemberContext, planId: number, body: SubscribeBody, now = new Date()): Promise<Membership> {
  providerRequired(deps);
  const plan = await planOr404(deps, ctx.tenantId, planId);
  const changed = await changeOfPlan(deps, ctx, plan);
  if (changed) return changed;
  const method = await ownMethod(deps, ctx, body.payment_method_id);
  const order = await openOrder(deps, ctx, { kind: 'subscription', plan }, deps.provider);
  const result = await chargeNow(deps, ctx, order, plan.enName, method);
  const { membership } = await settle(deps, ctx.tenantId, ctx.member.id, order, result, { kind: 'subscription', plan, paymentMethodId: method?.id ?? null, start: dayOf(now) });
  return toMembership(deps, ctx.tenantId, membership!);
}

/** An order for Payple's window (the page passes `order_id` as PCD_PAY_OID and `price` as PCD_PAY_TOTAL). */
export async function planOrder(deps: BillingServiceDeps, ctx: MemberContext, planId: number): Promise<PaymentOrder> {
  const plan = await planOr404(deps, ctx.tenantId, planId);
  return orderView(deps, await openOrder(deps, ctx, { kind: 'subscription', plan }, deps.provider), plan.enName);
}

/** `POST /member-billing-plans/{id}/payple-subscribe/`: the window's result, verified with Payple. */
export async function paypleSubscribe(deps: BillingServiceDeps, ctx: MemberContext, planId: number, orderRef: string, paymentMethodId: number | undefined, now = new Date()): Promise<Membership> {
  const plan = await planOr404(deps, ctx.tenantId, planId);
  await ownMethod(deps, ctx, paymentMethodId);
  const { order, result } = await verifiedOrder(deps, ctx, orderRef, { kind: 'subscription', planId: plan.id });
  const { membership } = await settle(deps, ctx.tenantId, ctx.member.id, order, result, { kind: 'subscription', plan, paymentMethodId: paymentMethodId ?? null, start: dayOf(now) }, cardSaver(deps, ctx, result, paymentMethodId));
  return toMembership(deps, ctx.tenantId, membership!);
}

export async function paymentMethods(deps: BillingServiceDeps, ctx: MemberContext): Promise<PaymentMethodList> {
  return { items: (await listPaymentMethods(deps.database.db, ctx.tenantId, ctx.member.id)).map(toPaymentMethod) };
}

export async function removePaymentMethod(deps: BillingServiceDeps, ctx: MemberContext, id: number): Promise<void> {
  const { db } = deps.database;
  const m = await findMembership(db, ctx.tenantId, ctx.member.id);
  if (m && m.status === 'active' && m.nextPlanId !== null && m.paymentMethodId === id) throw new AppError('conflict', 'This card pays for your membership; cancel it or subscribe with another card first');
  if (!(await deletePaymentMethod(db, ctx.tenantId, ctx.member.id, id))) throw new AppError('not_found', 'The payment method does not exist');
}

export function purchaseOptions(deps: BillingServiceDeps): PurchaseOptions {
  return { provider: deps.provider.name, payment_window: deps.paymentWindow !== null, currency: 'KRW', krw_per_credit: deps.creditPriceKrw, packs: CREDIT_PACKS.map((credit) => ({ credit, price: Math.round(credit * deps.creditPriceKrw) })) };
}

export async function creditOrder(deps: BillingServiceDeps, ctx: MemberContext, credit: number): Promise<PaymentOrder> {
  return orderView(deps, await openOrder(deps, ctx, { kind: 'credits', credit }, deps.provider), `${credit} credits`);
}

/** The credit purchase modal without a window: a saved card (without a provider: a request instead, decision 048). */
export async function purchase(deps: BillingServiceDeps, ctx: MemberContext, body: CreditPurchaseBody, now = new Date()): Promise<CreditEntry> {
  providerRequired(deps);
  const method = await ownMethod(deps, ctx, body.payment_method_id);
  const order = await openOrder(deps, ctx, { kind: 'credits', credit: body.credit }, deps.provider);
  const result = await chargeNow(deps, ctx, order, `${body.credit} credits`, method);
  const { grantId } = await settle(deps, ctx.tenantId, ctx.member.id, order, result, { kind: 'credits', units: order.creditUnits!, start: dayOf(now) });
  return entryById(deps, ctx, grantId);
}

export async function payplePurchase(deps: BillingServiceDeps, ctx: MemberContext, orderRef: string, paymentMethodId: number | undefined, now = new Date()): Promise<CreditEntry> {
  await ownMethod(deps, ctx, paymentMethodId);
  const { order, result } = await verifiedOrder(deps, ctx, orderRef, { kind: 'credits' });
  const { grantId } = await settle(deps, ctx.tenantId, ctx.member.id, order, result, { kind: 'credits', units: order.creditUnits!, start: dayOf(now) }, cardSaver(deps, ctx, result, paymentMethodId));
  return entryById(deps, ctx, grantId);
}
