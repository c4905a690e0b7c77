import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { members } from './members';
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
    periodStart: date().notNull(),
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('credit_ledger_member_idx').on(t.tenantId, t.memberId, t.periodStart)],
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
