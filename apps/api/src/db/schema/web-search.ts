import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/**
 * A tenant's web search settings (issue 27 §1, decision 035); no row = the server's (`WEB_SEARCH_*`).
 * A null provider also means the server's. The API key is sealed (AES-256-GCM) and never returned.
 */
export const webSearchSettings = pgTable('web_search_settings', {
  tenantId: integer()
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  isEnabled: boolean().notNull().default(true),
  provider: text(),
  url: text(),
  apiKeySealed: text(),
  maxResults: integer(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
