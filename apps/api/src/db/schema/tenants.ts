import { bigint, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const tenants = pgTable('tenants', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  subdomain: text().notNull().unique(),
  koName: text().notNull(),
  enName: text().notNull(),
  logoUrl: text(),
  /** Tenant-wide monthly credit pool in credit units (1e-8 credit); null = no tenant limit. */
  creditQuotaUnits: bigint({ mode: 'bigint' }),
  /** Sign-ups become members at once (true) or wait for an administrator's approval. */
  autoApprove: boolean().notNull().default(false),
  /** The plan's member maximum (members, pending requests and open invitations); null = no limit. */
  maxMembers: integer(),
  /** Day of the month (1–28) the monthly billing window starts on. */
  billingDay: integer().notNull().default(1),
  /** The tenant's plan: free | team | enterprise (spec §8: depletion messages differ). */
  planKind: text().notNull().default('team'),
  /** Stop an answer once nobody reads it (its client left and none came back); default: it finishes and is charged. */
  stopAnswersWithoutReader: boolean().notNull().default(false),
  /** Set by the operator API when the tenant is disabled: its members get 423 until it is cleared. */
  disabledAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});

export type TenantRow = typeof tenants.$inferSelect;
