import { bigint, boolean, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns';
import { members } from './members';
import { tenants } from './tenants';

/** A tenant's member plans (spec §3 Plan): monthly KRW price, the credits a month of it gives. */
export const memberBillingPlans = pgTable(
  'member_billing_plans',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    koName: text().notNull(),
    enName: text().notNull(),
    krwMonthPrice: integer().notNull(),
    /** Credits a month of the plan grants, in credit units. */
    creditUnits: bigint({ mode: 'bigint' }).notNull(),
    /** Low-cost (unlimited) models stay usable after depletion on this plan (spec §2 New chat target). */
    isLowLlmFree: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** A member's saved card (spec §3 Payment method): only the masked number; the provider's billing key is encrypted. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    memberId: integer().notNull(),
    provider: text().notNull(),
    cardName: text().notNull().default(''),
    maskedCardNumber: text().notNull(),
    /** The provider's key to charge the card again (Payple PCD_PAYER_ID), encrypted at rest. */
    billingKeyEncrypted: text(),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.memberId], foreignColumns: [members.tenantId, members.id] }).onDelete('cascade'),
  ],
);

/** A member's subscription (spec §3 Membership): one per member; cancel sets next_plan null and a scheduled end. */
export const memberships = pgTable(
  'memberships',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    memberId: integer().notNull(),
    planId: integer().notNull(),
    /** The plan the next renewal charges; null = cancelled, ends at next_payment_date. */
    nextPlanId: integer(),
    paymentMethodId: integer(),
    provider: text().notNull(),
    price: integer().notNull(),
    currency: text().notNull().default('KRW'),
    /** active | ended */
    status: text().notNull().default('active'),
    currentPeriodStart: date().notNull(),
    nextPaymentDate: date().notNull(),
    /** Renewal attempts that failed in a row (the renewal job retries, then ends the membership). */
    failedRenewals: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('memberships_member_uq').on(t.tenantId, t.memberId),
    foreignKey({ columns: [t.tenantId, t.memberId], foreignColumns: [members.tenantId, members.id] }).onDelete('cascade'),
    index('memberships_due_idx').on(t.status, t.nextPaymentDate),
  ],
);

/**
 * An order the server opened before the payment window (plan subscription or credit purchase):
 * the provider's result must name it, match its amount and be verified with the provider before
 * anything is granted; `pending → paid` happens once, so a replayed result grants nothing.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    /** The order id the provider sees (random, unguessable). */
    orderRef: text().notNull(),
    memberId: integer().notNull(),
    provider: text().notNull(),
    /** subscription | renewal | credits */
    kind: text().notNull(),
    planId: integer(),
    creditUnits: bigint({ mode: 'bigint' }),
    price: integer().notNull(),
    currency: text().notNull().default('KRW'),
    /**
     * pending | paid | failed for a payment; without a provider a member's order is a request
     * (decision 048): requested, then paid (an administrator approved it), rejected or withdrawn.
     */
    status: text().notNull().default('pending'),
    error: text(),
    /** Why an administrator rejected the request (mailed to the member). */
    reason: text(),
    /** The administrator who approved or rejected the request, and when. */
    processedBy: integer(),
    processedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('payment_orders_ref_uq').on(t.tenantId, t.orderRef),
    index('payment_orders_status_idx').on(t.tenantId, t.status, t.createdAt),
    // One open request of each kind per member (decision 048): a double click asks once.
    uniqueIndex('payment_orders_open_request_uq').on(t.tenantId, t.memberId, t.kind).where(sql`status = 'requested'`),
  ],
);

/** A payment that went through (spec §3 Credit entry's transaction): price, currency, receipt. */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    memberId: integer().notNull(),
    orderId: integer(),
    provider: text().notNull(),
    /** The provider's id of the payment; unique per provider, so one payment is recorded once. */
    providerRef: text().notNull(),
    price: integer().notNull(),
    currency: text().notNull().default('KRW'),
    receiptUrl: text(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('credit_transactions_ref_uq').on(t.tenantId, t.provider, t.providerRef)],
);
