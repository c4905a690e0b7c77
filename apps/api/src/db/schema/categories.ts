import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

export const categories = pgTable(
  'categories',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    koName: text().notNull(),
    enName: text().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
