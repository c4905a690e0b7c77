import type { AdminCreditGrantBody, AdminMembershipBody, CreditPurchaseBody, SubscribeBody } from '@app/contracts/billing';
import type { Db } from '../../db/client';
import type { MemberContext, TenantContext } from '../../platform/context';
import { creditsToUnits } from '../credits/credits.rules';
import { createRenewals } from './billing.renewals';
import { countPlans, insertPlans } from './billing.repo';
import type { PaymentsConfig } from '../../config';
import { createPaymentProviders } from '../../integrations/payments/index';
import { createSecretBox } from '../../integrations/secret-box';
import { createBillingRequests } from './billing.requests';
import { adminGrantCredits, adminGrantMembership, cancelMembership, creditEntries, listPlansOf, membershipOf, resumeMembership, tenantMembership } from './billing.membership';
import { creditOrder, paymentMethods, paypleSubscribe, payplePurchase, planOrder, purchase, purchaseOptions, removePaymentMethod, settle, subscribe } from './billing.payments';

export type { BillingServiceDeps, MemberDirectory } from './billing.types';
import type { BillingServiceDeps } from './billing.types';

/**
 * Plans, membership and payments (spec §3, §4 cancel/resume, §7; decision 032). Every payment is an
 * order the server opened first; a provider's result grants only when it names a pending order of
 * the caller, the provider confirms it was paid, and the amount is the order's. The order goes
 * `pending → paid` once in the same transaction as the grant, so a replayed result grants nothing.
 * The operations live in billing.membership.ts and billing.payments.ts.
 */
export function createBillingService(deps: BillingServiceDeps) {
  const renewals = createRenewals(deps.database, {
    providers: deps.providers,
    box: deps.box,
    log: deps.log,
    settleRenewal: (tenantId, memberId, order, result, plan, membership) => settle(deps, tenantId, memberId, order, result, { kind: 'renewal', plan, membership }),
  });

  const requests = createBillingRequests(deps.database, {
    provider: deps.provider,
    creditPriceKrw: deps.creditPriceKrw,
    members: deps.members,
    mailer: deps.mailer,
    log: deps.log,
    settleApproved: (tenantId, order, result, what, approvedBy) =>
      settle(deps, tenantId, order.memberId, order, result, what.kind === 'credits' ? what : { kind: 'subscription', plan: what.plan, paymentMethodId: null, start: what.start }, undefined, approvedBy),
  });

  return {
    requests,
    listPlans: (ctx: TenantContext) => listPlansOf(deps, ctx),
    membership: (ctx: MemberContext) => membershipOf(deps, ctx),
    subscribe: (ctx: MemberContext, planId: number, body: SubscribeBody, now?: Date) => subscribe(deps, ctx, planId, body, now),
    planOrder: (ctx: MemberContext, planId: number) => planOrder(deps, ctx, planId),
    paypleSubscribe: (ctx: MemberContext, planId: number, orderRef: string, paymentMethodId: number | undefined, now?: Date) => paypleSubscribe(deps, ctx, planId, orderRef, paymentMethodId, now),
    cancel: (ctx: MemberContext) => cancelMembership(deps, ctx),
    resume: (ctx: MemberContext) => resumeMembership(deps, ctx),
    paymentMethods: (ctx: MemberContext) => paymentMethods(deps, ctx),
    deletePaymentMethod: (ctx: MemberContext, id: number) => removePaymentMethod(deps, ctx, id),
    credits: (ctx: MemberContext, q: { page: number; size: number }) => creditEntries(deps, ctx, q),
    purchaseOptions: () => purchaseOptions(deps),
    creditOrder: (ctx: MemberContext, credit: number) => creditOrder(deps, ctx, credit),
    purchase: (ctx: MemberContext, body: CreditPurchaseBody, now?: Date) => purchase(deps, ctx, body, now),
    payplePurchase: (ctx: MemberContext, orderRef: string, paymentMethodId: number | undefined, now?: Date) => payplePurchase(deps, ctx, orderRef, paymentMethodId, now),
    tenantMembership: (ctx: TenantContext) => tenantMembership(deps, ctx),
    adminGrantCredits: (ctx: MemberContext, body: AdminCreditGrantBody, now?: Date) => adminGrantCredits(deps, ctx, body, now),
    /** The renewal job: one pass at `now` (tests drive it with their own clock), and its timer. */
    runRenewals: (now?: Date) => renewals.run(now),
    start: (intervalMs: number) => renewals.start(intervalMs),
    stop: () => renewals.stop(),
    adminGrantMembership: (ctx: MemberContext, body: AdminMembershipBody, now?: Date) => adminGrantMembership(deps, ctx, body, now),
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
export function paymentsFromConfig(payments: PaymentsConfig | undefined, fallbackSecret: string): Pick<BillingServiceDeps, 'provider' | 'providers' | 'box' | 'creditPriceKrw' | 'paymentWindow'> {
  const { current, all } = createPaymentProviders(payments);
  return {
    provider: current,
    providers: all,
    box: createSecretBox(payments?.secret ?? fallbackSecret, 'payment-methods'),
    creditPriceKrw: payments?.creditPriceKrw ?? 10,
    paymentWindow: payments?.payple?.clientKey ? { script_url: payments.payple.scriptUrl, client_key: payments.payple.clientKey } : null,
  };
}
