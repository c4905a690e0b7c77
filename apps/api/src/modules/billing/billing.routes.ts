import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contracts/billing';
import { implement } from '../../platform/endpoints';
import { memberCtx, tenantCtx } from '../../platform/request-context';
import type { BillingService } from './billing.service';

/** Plans, membership, payment methods, credit purchases (spec §7) and the console's grants (decision 032). */
export function registerBillingRoutes(app: FastifyInstance, deps: { billing: BillingService }) {
  const b = deps.billing;
  // Without a payment provider a purchase or subscription is a request an administrator decides (decision 048).
  const q = deps.billing.requests;
  implement(app, endpoints, {
    listPlans: (req) => b.listPlans(tenantCtx(req)),
    subscribe: (req) => b.subscribe(memberCtx(req), req.params.id, req.body),
    planOrder: (req) => b.planOrder(memberCtx(req), req.params.id),
    paypleSubscribe: (req) => b.paypleSubscribe(memberCtx(req), req.params.id, req.body.PCD_PAY_OID, req.query.payment_method_id),
    membership: (req) => b.membership(memberCtx(req)),
    cancel: (req) => b.cancel(memberCtx(req)),
    resume: (req) => b.resume(memberCtx(req)),
    listPaymentMethods: (req) => b.paymentMethods(memberCtx(req)),
    removePaymentMethod: async (req) => {
      await b.deletePaymentMethod(memberCtx(req), req.params.id);
      return { ok: true as const };
    },
    listCredits: (req) => b.credits(memberCtx(req), req.query),
    purchaseOptions: () => b.purchaseOptions(),
    purchase: (req) => b.purchase(memberCtx(req), req.body),
    creditOrder: (req) => b.creditOrder(memberCtx(req), req.body.credit),
    payplePurchase: (req) => b.payplePurchase(memberCtx(req), req.body.PCD_PAY_OID, req.query.payment_method_id),
    listRequests: (req) => q.mine(memberCtx(req)),
    createRequest: (req) => q.create(memberCtx(req), req.body),
    withdrawRequest: async (req) => {
      await q.withdraw(memberCtx(req), req.params.id);
      return { ok: true as const };
    },
    tenantMembership: (req) => b.tenantMembership(tenantCtx(req)),
    grantCredits: (req) => b.adminGrantCredits(memberCtx(req), req.body),
    adminListRequests: (req) => q.list(memberCtx(req), req.query),
    processRequest: (req) => q.process(memberCtx(req), req.params.id, req.body),
    grantMembership: (req) => b.adminGrantMembership(memberCtx(req), req.body),
  });
}
