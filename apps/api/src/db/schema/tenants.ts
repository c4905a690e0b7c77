import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const tenants = pgTable('tenants', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  subdomain: text().notNull().unique(),
  koName: text().notNull(),
  enName: text().notNull(),
  logoUrl: text(),
  /** Tenant-wide monthly credit pool in credit units (1e-8 credit); null = no tenant limit. */
  creditQuotaUnits: bigint({ mode: 'bigint' }),
  createdAt: createdAt(),
});

export type TenantRow = typeof tenants.$inferSelect;
