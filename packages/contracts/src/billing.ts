import { z } from 'zod';
import { idParam, okBody, pageQuery, paginated } from './common';
import { defineEndpoints } from './endpoint';

/**
 * Plans, membership, payment methods and credit purchases (spec §3 Plan, Payment method,
 * Membership, Credit entry; §4 cancel/resume; §7). Payments go through a provider: `manual` (the
 * embedded default: the tenant settles outside the app, an administrator may grant plans and
 * credits) or `payple` (card payments; the server verifies every result with Payple).
 */
export const paymentProviderSchema = z.enum(['manual', 'payple']);
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;

export const BILLING_LIMITS = { creditsPageSize: 10, purchaseCreditsMax: 1_000_000, grantMembersMax: 500 } as const;

export const planSchema = z.object({
  id: z.number().int(),
  ko_name: z.string(),
  en_name: z.string(),
  krw_month_price: z.number().int(),
  /** Credits a month of the plan gives. */
  credit: z.number(),
  is_low_llm_free: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;
export const planListResponse = z.object({
  items: z.array(planSchema),
  /** How this tenant takes payments: the web app opens Payple's window or subscribes directly. */
  provider: paymentProviderSchema,
  /** Whether a new card can be paid with in the provider's window (Payple with a client key). */
  payment_window: z.boolean(),
});
export type PlanList = z.infer<typeof planListResponse>;

export const paymentMethodSchema = z.object({
  id: z.number().int(),
  card_name: z.string(),
  /** Masked, e.g. `1234-****-****-5678`. */
  card_number: z.string(),
  type: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const paymentMethodListResponse = z.object({ items: z.array(paymentMethodSchema) });
export type PaymentMethodList = z.infer<typeof paymentMethodListResponse>;

export const membershipSchema = z.object({
  id: z.number().int(),
  plan: planSchema,
  /** The plan the next payment renews; null once cancelled (the membership ends at next_payment_date). */
  next_plan: planSchema.nullable(),
  payment_method: paymentMethodSchema.nullable(),
  price: z.number().int(),
  currency: z.string(),
  next_payment_date: z.string(),
});
export type Membership = z.infer<typeof membershipSchema>;
/** `GET /membership/`: the member's membership, or null when they have none. */
export const membershipResponse = membershipSchema.nullable();

export const creditTransactionSchema = z.object({
  id: z.number().int(),
  price: z.number().int(),
  currency: z.string(),
  receipt_url: z.string().nullable(),
  created_at: z.string(),
});
export const creditEntrySchema = z.object({
  id: z.number().int(),
  /** Credits the entry gives. */
  quota: z.number(),
  /** Credits of this entry used so far (rounded down). */
  usage: z.number().int(),
  created_at: z.string(),
  usage_start_date: z.string(),
  /** Exclusive: the entry is usable before this day. */
  usage_end_date: z.string(),
  ko_name: z.string(),
  en_name: z.string(),
  transaction: creditTransactionSchema.nullable(),
});
export type CreditEntry = z.infer<typeof creditEntrySchema>;
export const creditEntryPage = paginated(creditEntrySchema);
export type CreditEntryPage = z.infer<typeof creditEntryPage>;

/** `GET /credits/`: the one paging query (10 a page, `BILLING_LIMITS.creditsPageSize`). */
export const creditsPageQuery = pageQuery;

const positiveId = z.number().int().positive().max(2147483647);

/** `POST /member-billing-plans/{id}/subscribe/`: manual provider (no body needed) or a saved card. */
export const subscribeBody = z.object({ payment_method_id: positiveId.optional() }).strict();
export type SubscribeBody = z.infer<typeof subscribeBody>;

/** An order the server opened for the provider's payment window: the result must name it. */
export const paymentOrderSchema = z.object({
  order_id: z.string(),
  provider: paymentProviderSchema,
  kind: z.enum(['subscription', 'credits']),
  price: z.number().int(),
  currency: z.string(),
  goods: z.string(),
  /** The payer number the window sends back (the member's id). */
  payer_no: z.string(),
  credit: z.number().nullable(),
  /**
   * What the page needs to open Payple's window for this order (`PaypleCpayAuthCheck`): the
   * script to load and the partner's client key (public). null: no window (manual provider, or
   * Payple without a client key).
   */
  window: z.object({ script_url: z.string(), client_key: z.string() }).nullable(),
});
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;

/**
 * The payment window's result (Payple's callback fields). Only `PCD_PAY_OID` is trusted as a
 * pointer to our order: the rest is checked against Payple's own answer before anything is granted.
 */
export const paypleResultBody = z
  .object({
    PCD_PAY_RST: z.string().max(20),
    PCD_PAY_OID: z.string().min(1).max(100),
    PCD_PAY_MSG: z.string().max(500).optional(),
    PCD_PAY_TOTAL: z.union([z.string().max(20), z.number()]).optional(),
    PCD_PAYER_ID: z.string().max(200).optional(),
    PCD_PAYER_NO: z.union([z.string().max(20), z.number()]).optional(),
    PCD_AUTH_KEY: z.string().max(500).optional(),
    PCD_PAY_TYPE: z.string().max(20).optional(),
    PCD_PAY_CARDNAME: z.string().max(100).optional(),
    PCD_PAY_CARDNUM: z.string().max(40).optional(),
  })
  .passthrough();
export type PaypleResultBody = z.infer<typeof paypleResultBody>;
export const paymentMethodQuery = z.object({ payment_method_id: z.coerce.number().int().positive().max(2147483647).optional() });

/** Credits on sale: whole credits at the tenant's price per credit. */
export const purchaseOptionsSchema = z.object({
  provider: paymentProviderSchema,
  /** Whether a new card can be paid with in the provider's window. */
  payment_window: z.boolean(),
  currency: z.string(),
  krw_per_credit: z.number(),
  packs: z.array(z.object({ credit: z.number().int(), price: z.number().int() })),
});
export type PurchaseOptions = z.infer<typeof purchaseOptionsSchema>;
export const creditOrderBody = z.object({ credit: z.number().int().min(1).max(BILLING_LIMITS.purchaseCreditsMax) }).strict();
export const creditPurchaseBody = creditOrderBody.extend({ payment_method_id: positiveId.optional() }).strict();
export type CreditPurchaseBody = z.infer<typeof creditPurchaseBody>;

/** `GET /tenants/membership/`: the tenant's own plan. */
export const tenantMembershipSchema = z.object({
  /** free | team | enterprise */
  plan_kind: z.string(),
  /** The plan's member maximum; null = no limit. */
  max_members: z.number().int().nullable(),
  member_count: z.number().int(),
  /** The tenant's monthly credit pool; null = unlimited. */
  credit: z.number().nullable(),
  billing_day: z.number().int(),
});
export type TenantMembership = z.infer<typeof tenantMembershipSchema>;

/** The console: credits for members (the manual provider's way to sell, or a gift). */
export const adminCreditGrantBody = z
  .object({
    member_ids: z.array(positiveId).min(1).max(BILLING_LIMITS.grantMembersMax),
    credit: z.number().int().min(1).max(BILLING_LIMITS.purchaseCreditsMax),
    ko_name: z.string().trim().min(1).max(100).optional(),
    en_name: z.string().trim().min(1).max(100).optional(),
  })
  .strict();
export type AdminCreditGrantBody = z.infer<typeof adminCreditGrantBody>;
export const adminMembershipBody = z.object({ member_id: positiveId, plan_id: positiveId }).strict();
export type AdminMembershipBody = z.infer<typeof adminMembershipBody>;
export const adminGrantResponse = z.object({ granted: z.number().int() });

/**
 * Without a payment provider (the manual provider) a member cannot pay in the app, so nothing is
 * granted by the member alone: a subscription or a credit purchase is a request an administrator
 * approves (the plan or credits are granted, the member is mailed) or rejects with a reason (the
 * member is mailed it), like the spec's §4 member requests (decision 048).
 */
export const BILLING_REQUEST_STATUSES = ['requested', 'approved', 'rejected', 'withdrawn'] as const;
export const billingRequestStatusSchema = z.enum(BILLING_REQUEST_STATUSES);
export type BillingRequestStatus = z.infer<typeof billingRequestStatusSchema>;

export const billingRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['subscription', 'credits']),
  status: billingRequestStatusSchema,
  member: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  /** The plan asked for (kind subscription). */
  plan: planSchema.nullable(),
  /** The credits asked for (kind credits). */
  credit: z.number().nullable(),
  /** What the organisation invoices for it. */
  price: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
  processed_at: z.string().nullable(),
  /** Why an administrator rejected it. */
  reason: z.string().nullable(),
});
export type BillingRequest = z.infer<typeof billingRequestSchema>;

/** `POST /billing-requests/`: a plan or a number of credits (a pack or any whole number). */
export const createBillingRequestBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('subscription'), plan_id: positiveId }).strict(),
  z.object({ kind: z.literal('credits'), credit: z.number().int().min(1).max(BILLING_LIMITS.purchaseCreditsMax) }).strict(),
]);
export type CreateBillingRequestBody = z.infer<typeof createBillingRequestBody>;
/** `GET /billing-requests/`: the member's own requests, the newest 10 (open ones and recent decisions). */
export const billingRequestListResponse = z.object({ items: z.array(billingRequestSchema) });
export type BillingRequestList = z.infer<typeof billingRequestListResponse>;

/** `GET /admin/billing-requests/`: 10 a page, oldest open first when `status=requested`, else newest first. */
export const adminBillingRequestsQuery = z.object({ status: billingRequestStatusSchema.default('requested'), ...pageQuery.shape });
export type AdminBillingRequestsQuery = z.input<typeof adminBillingRequestsQuery>;
export const billingRequestPage = paginated(billingRequestSchema);
export type BillingRequestPage = z.infer<typeof billingRequestPage>;

/** Approve, or reject with a reason (required, mailed to the member). */
export const processBillingRequestBody = z
  .object({ approve: z.boolean(), reason: z.string().trim().max(2000).nullish() })
  .strict()
  .refine((b) => b.approve || !!b.reason, { message: 'reason_required', path: ['reason'] });
export type ProcessBillingRequestBody = z.input<typeof processBillingRequestBody>;

/** 424: `mail_failed` (a decision whose mail fails is undone, §8). */
const errors = [400, 401, 402, 403, 404, 409, 422, 424] as const;
const tags = ['billing'];
const admin = { auth: 'admin', tags: ['admin'] } as const;

/** Plans, membership, payment methods, credit purchases (spec §7) and the console's grants (decision 032). */
export const endpoints = defineEndpoints({
  listPlans: { method: 'GET', path: '/member-billing-plans/', tags, response: planListResponse, errors },
  subscribe: { method: 'POST', path: '/member-billing-plans/:id/subscribe/', tags, params: idParam, body: subscribeBody, response: membershipSchema, errors },
  planOrder: {
    method: 'POST',
    path: '/member-billing-plans/:id/orders/',
    tags,
    description: "Opens an order for Payple's payment window.",
    params: idParam,
    status: 201,
    response: paymentOrderSchema,
    errors,
  },
  paypleSubscribe: {
    method: 'POST',
    path: '/member-billing-plans/:id/payple-subscribe/',
    tags,
    description: "Payple window's result; verified with Payple before anything is granted.",
    params: idParam,
    query: paymentMethodQuery,
    body: paypleResultBody,
    response: membershipSchema,
    errors,
  },
  membership: { method: 'GET', path: '/membership/', tags, response: membershipResponse, errors },
  cancel: { method: 'POST', path: '/membership/cancel/', tags, response: membershipSchema, errors },
  resume: { method: 'POST', path: '/membership/resume/', tags, response: membershipSchema, errors },
  listPaymentMethods: { method: 'GET', path: '/payment-methods/', tags, response: paymentMethodListResponse, errors },
  removePaymentMethod: { method: 'DELETE', path: '/payment-methods/:id/', tags, params: idParam, response: okBody, errors },
  listCredits: { method: 'GET', path: '/credits/', tags, query: creditsPageQuery, response: creditEntryPage, errors },
  purchaseOptions: { method: 'GET', path: '/credits/purchase-options/', tags, response: purchaseOptionsSchema, errors },
  purchase: { method: 'POST', path: '/credits/purchase/', tags, body: creditPurchaseBody, status: 201, response: creditEntrySchema, errors },
  creditOrder: { method: 'POST', path: '/credits/orders/', tags, body: creditOrderBody, status: 201, response: paymentOrderSchema, errors },
  payplePurchase: { method: 'POST', path: '/credits/payple-purchase/', tags, query: paymentMethodQuery, body: paypleResultBody, status: 201, response: creditEntrySchema, errors },
  // Without a payment provider a purchase or subscription is a request an administrator decides (decision 048).
  listRequests: { method: 'GET', path: '/billing-requests/', tags, response: billingRequestListResponse, errors },
  createRequest: { method: 'POST', path: '/billing-requests/', tags, body: createBillingRequestBody, status: 201, response: billingRequestSchema, errors },
  withdrawRequest: { method: 'DELETE', path: '/billing-requests/:id/', tags, params: idParam, response: okBody, errors },
  tenantMembership: { method: 'GET', path: '/tenants/membership/', tags: ['tenants'], response: tenantMembershipSchema, errors },
  grantCredits: { method: 'POST', path: '/admin/credits/grants/', ...admin, body: adminCreditGrantBody, status: 201, response: adminGrantResponse, errors },
  adminListRequests: { method: 'GET', path: '/admin/billing-requests/', ...admin, query: adminBillingRequestsQuery, response: billingRequestPage, errors },
  processRequest: {
    method: 'POST',
    path: '/admin/billing-requests/:id/process/',
    ...admin,
    description: 'Approves (grants the plan or credits once) or rejects with a reason; the member is mailed.',
    params: idParam,
    body: processBillingRequestBody,
    response: billingRequestSchema,
    errors,
  },
  grantMembership: { method: 'POST', path: '/admin/memberships/', ...admin, body: adminMembershipBody, status: 201, response: membershipSchema, errors },
});
