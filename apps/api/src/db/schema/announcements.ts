import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

export const announcements = pgTable(
  'announcements',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    title: text().notNull(),
    content: text().notNull(),
    location: text().notNull(),
    isActive: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('announcements_list_idx').on(t.tenantId, t.createdAt),
    // The database itself guarantees one active announcement per location.
    uniqueIndex('announcements_one_active_uq').on(t.tenantId, t.location).where(sql`${t.isActive}`),
  ],
);
