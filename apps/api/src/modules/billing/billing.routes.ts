import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminBillingRequestsQuery,
  adminCreditGrantBody,
  adminGrantResponse,
  adminMembershipBody,
  billingRequestListResponse,
  billingRequestPage,
  billingRequestSchema,
  createBillingRequestBody,
  processBillingRequestBody,
  creditEntryPage,
  creditEntrySchema,
  creditOrderBody,
  creditPurchaseBody,
  creditsPageQuery,
  membershipResponse,
  membershipSchema,
  paymentMethodListResponse,
  paymentMethodQuery,
  paymentOrderSchema,
  paypleResultBody,
  planListResponse,
  purchaseOptionsSchema,
  subscribeBody,
  tenantMembershipSchema,
} from '@app/contracts/billing';
import { errorBody, idParam, okBody } from '@app/contracts/common';
import { memberCtx, tenantCtx } from '../../platform/request-context';
import type { BillingService } from './billing.service';

const errors = { 400: errorBody, 401: errorBody, 402: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody, 424: errorBody };

/** Plans, membership, payment methods, credit purchases (spec §7) and the console's grants (decision 032). */
export function registerBillingRoutes(app: FastifyInstance, deps: { billing: BillingService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const b = deps.billing;
  const tags = ['billing'];
  r.get('/member-billing-plans/', { schema: { tags, response: { 200: planListResponse, ...errors } } }, (req) => b.listPlans(tenantCtx(req)));
  r.post('/member-billing-plans/:id/subscribe/', { schema: { tags, params: idParam, body: subscribeBody, response: { 200: membershipSchema, ...errors } } }, (req) =>
    b.subscribe(memberCtx(req), req.params.id, req.body),
  );
  r.post(
    '/member-billing-plans/:id/orders/',
    { schema: { tags, description: "Opens an order for Payple's payment window.", params: idParam, response: { 201: paymentOrderSchema, ...errors } } },
    async (req, reply) => reply.code(201).send(await b.planOrder(memberCtx(req), req.params.id)),
  );
  r.post(
    '/member-billing-plans/:id/payple-subscribe/',
    { schema: { tags, description: "Payple window's result; verified with Payple before anything is granted.", params: idParam, querystring: paymentMethodQuery, body: paypleResultBody, response: { 200: membershipSchema, ...errors } } },
    (req) => b.paypleSubscribe(memberCtx(req), req.params.id, req.body.PCD_PAY_OID, req.query.payment_method_id),
  );
  r.get('/membership/', { schema: { tags, response: { 200: membershipResponse, ...errors } } }, (req) => b.membership(memberCtx(req)));
  r.post('/membership/cancel/', { schema: { tags, response: { 200: membershipSchema, ...errors } } }, (req) => b.cancel(memberCtx(req)));
  r.post('/membership/resume/', { schema: { tags, response: { 200: membershipSchema, ...errors } } }, (req) => b.resume(memberCtx(req)));
  r.get('/payment-methods/', { schema: { tags, response: { 200: paymentMethodListResponse, ...errors } } }, (req) => b.paymentMethods(memberCtx(req)));
  r.delete('/payment-methods/:id/', { schema: { tags, params: idParam, response: { 200: okBody, ...errors } } }, async (req) => {
    await b.deletePaymentMethod(memberCtx(req), req.params.id);
    return { ok: true as const };
  });
  r.get('/credits/', { schema: { tags, querystring: creditsPageQuery, response: { 200: creditEntryPage, ...errors } } }, (req) => b.credits(memberCtx(req), req.query));
  r.get('/credits/purchase-options/', { schema: { tags, response: { 200: purchaseOptionsSchema, ...errors } } }, () => b.purchaseOptions());
  r.post('/credits/purchase/', { schema: { tags, body: creditPurchaseBody, response: { 201: creditEntrySchema, ...errors } } }, async (req, reply) =>
    reply.code(201).send(await b.purchase(memberCtx(req), req.body)),
  );
  r.post('/credits/orders/', { schema: { tags, body: creditOrderBody, response: { 201: paymentOrderSchema, ...errors } } }, async (req, reply) =>
    reply.code(201).send(await b.creditOrder(memberCtx(req), req.body.credit)),
  );
  r.post(
    '/credits/payple-purchase/',
    { schema: { tags, querystring: paymentMethodQuery, body: paypleResultBody, response: { 201: creditEntrySchema, ...errors } } },
    async (req, reply) => reply.code(201).send(await b.payplePurchase(memberCtx(req), req.body.PCD_PAY_OID, req.query.payment_method_id)),
  );
  // Without a payment provider a purchase or subscription is a request an administrator decides (decision 048).
  const q = deps.billing.requests;
  r.get('/billing-requests/', { schema: { tags, response: { 200: billingRequestListResponse, ...errors } } }, (req) => q.mine(memberCtx(req)));
  r.post('/billing-requests/', { schema: { tags, body: createBillingRequestBody, response: { 201: billingRequestSchema, ...errors } } }, async (req, reply) =>
    reply.code(201).send(await q.create(memberCtx(req), req.body)),
  );
  r.delete('/billing-requests/:id/', { schema: { tags, params: idParam, response: { 200: okBody, ...errors } } }, async (req) => {
    await q.withdraw(memberCtx(req), req.params.id);
    return { ok: true as const };
  });
  r.get('/tenants/membership/', { schema: { tags: ['tenants'], response: { 200: tenantMembershipSchema, ...errors } } }, (req) => b.tenantMembership(tenantCtx(req)));

  const admin = { config: { auth: 'admin' as const } };
  r.post('/admin/credits/grants/', { ...admin, schema: { tags: ['admin'], body: adminCreditGrantBody, response: { 201: adminGrantResponse, ...errors } } }, async (req, reply) =>
    reply.code(201).send(await b.adminGrantCredits(memberCtx(req), req.body)),
  );
  r.get('/admin/billing-requests/', { ...admin, schema: { tags: ['admin'], querystring: adminBillingRequestsQuery, response: { 200: billingRequestPage, ...errors } } }, (req) =>
    q.list(memberCtx(req), req.query),
  );
  r.post(
    '/admin/billing-requests/:id/process/',
    { ...admin, schema: { tags: ['admin'], description: 'Approves (grants the plan or credits once) or rejects with a reason; the member is mailed.', params: idParam, body: processBillingRequestBody, response: { 200: billingRequestSchema, ...errors } } },
    (req) => q.process(memberCtx(req), req.params.id, req.body),
  );
  r.post('/admin/memberships/', { ...admin, schema: { tags: ['admin'], body: adminMembershipBody, response: { 201: membershipSchema, ...errors } } }, async (req, reply) =>
    reply.code(201).send(await b.adminGrantMembership(memberCtx(req), req.body)),
  );
}
