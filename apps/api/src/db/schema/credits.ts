import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { memberGroups, members } from './members';
import { tenants } from './tenants';
import { createdAt } from './columns';

/** Append-only. amount_units is signed, in 1e-8 credits: usage is negative. Rows outlive sessions. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    kind: text().notNull(),
    memberId: integer(),
    memberGroupId: integer(),
    llmModelId: integer(),
    sessionId: integer(),
    messageId: integer(),
    inputTokens: integer().notNull().default(0),
    outputTokens: integer().notNull().default(0),
    amountUnits: bigint({ mode: 'bigint' }).notNull(),
    /** A usage row's parts (amount = −their sum): tokens in and out, web searches, images, masking. */
    inputUnits: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    outputUnits: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    webSearchCount: integer().notNull().default(0),
    webSearchUnits: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    imageCount: integer().notNull().default(0),
    imageUnits: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    maskingUnits: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    /** A grant's row (plan, purchase, admin): the credit grant it made. */
    creditGrantId: integer(),
    periodStart: date().notNull(),
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('credit_ledger_member_idx').on(t.tenantId, t.memberId, t.periodStart),
    // An answer is charged once, whoever charges it: its close, or a crash's recovery (decision 046).
    uniqueIndex('credit_ledger_usage_message_uq').on(t.tenantId, t.messageId).where(sql`kind = 'usage'`),
  ],
);

/** Running monthly totals per member, updated in the ledger's transaction under a row lock. */
export const memberCreditUsage = pgTable(
  'member_credit_usage',
  {
    tenantId: integer().notNull(),
    memberId: integer().notNull(),
    periodStart: date().notNull(),
    usedUnits: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    messageCount: integer().notNull().default(0),
    inputTokens: bigint({ mode: 'number' }).notNull().default(0),
    outputTokens: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.memberId, t.periodStart] }),
    foreignKey({ columns: [t.tenantId, t.memberId], foreignColumns: [members.tenantId, members.id] }).onDelete('cascade'),
  ],
);

export const tenantCreditUsage = pgTable(
  'tenant_credit_usage',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    periodStart: date().notNull(),
    usedUnits: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.periodStart] })],
);

/** Running monthly totals per group (the group each answer was charged under): the group pool's figure. */
export const groupCreditUsage = pgTable(
  'group_credit_usage',
  {
    tenantId: integer().notNull(),
    memberGroupId: integer().notNull(),
    periodStart: date().notNull(),
    usedUnits: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    messageCount: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.memberGroupId, t.periodStart] }),
    foreignKey({ columns: [t.tenantId, t.memberGroupId], foreignColumns: [memberGroups.tenantId, memberGroups.id] }).onDelete('cascade'),
  ],
);

/**
 * Credits held by answers that are streaming (decision 031): taken atomically at admission against
 * the member's, group's and tenant's remaining credit, deleted by the answer's charge (or release).
 * A row older than the longest answer is ignored and swept: a crash never holds credits for long.
 */
export const creditReservations = pgTable(
  'credit_reservations',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    memberId: integer().notNull(),
    memberGroupId: integer(),
    periodStart: date().notNull(),
    units: bigint({ mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('credit_reservations_member_idx').on(t.tenantId, t.memberId)],
);

/**
 * Daily roll-up of usage per model, moved by the same statement that appends the ledger's usage
 * rows: the dashboards sum days, never the ledger (issue 24: 1,000,000 rows answer in ≤ 200 ms).
 * llm_model_id 0 = usage without a model (masking alone).
 */
export const creditUsageDaily = pgTable(
  'credit_usage_daily',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    day: date().notNull(),
    llmModelId: integer().notNull().default(0),
    messageCount: integer().notNull().default(0),
    inputTokens: bigint({ mode: 'number' }).notNull().default(0),
    outputTokens: bigint({ mode: 'number' }).notNull().default(0),
    usedUnits: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    inputUnits: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    outputUnits: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    webSearchCount: integer().notNull().default(0),
    webSearchUnits: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    imageCount: integer().notNull().default(0),
    imageUnits: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.llmModelId] })],
);

/**
 * Credits given to a member on top of their monthly quota for a window (a plan's month, a
 * purchase, an admin's grant): the member's budget is their quota plus the grants whose window
 * holds the day. Each grant also writes a ledger row of kind `grant`.
 */
export const creditGrants = pgTable(
  'credit_grants',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    memberId: integer().notNull(),
    /** plan | purchase | manual */
    kind: text().notNull(),
    units: bigint({ mode: 'bigint' }).notNull(),
    koName: text().notNull(),
    enName: text().notNull(),
    usageStartDate: date().notNull(),
    /** Exclusive. */
    usageEndDate: date().notNull(),
    /** The payment that bought it (billing's transaction), if any. */
    transactionId: integer(),
    createdBy: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.memberId], foreignColumns: [members.tenantId, members.id] }).onDelete('cascade'),
    index('credit_grants_member_idx').on(t.tenantId, t.memberId, t.usageEndDate),
  ],
);
