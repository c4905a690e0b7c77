import { boolean, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/** A tenant's restricted words and privacy mode (spec §3 Restricted words settings); no row = none, off. */
export const governanceSettings = pgTable('governance_settings', {
  tenantId: integer()
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  restrictedWords: jsonb().$type<string[]>().notNull().default([]),
  blockPersonalInfo: boolean().notNull().default(false),
  maskPersonalInfo: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
