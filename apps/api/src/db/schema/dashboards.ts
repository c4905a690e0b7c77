import { date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/**
 * Members who chatted in a billing period, per tenant (decision 033): moved by triggers on
 * member_credit_usage when a member's period row first counts a message, so the dashboards read a
 * row a month instead of counting the members' rows. A deleted member stays counted (history).
 */
export const tenantChatUsers = pgTable(
  'tenant_chat_users',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    periodStart: date().notNull(),
    members: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.periodStart] })],
);
