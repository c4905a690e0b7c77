import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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

/**
 * What admins changed (issue 26 §5): one row per changed row of an audited table, written by a
 * trigger in the same transaction as the change (migration 0015). The app's role may only read
 * and add rows; nobody edits or deletes them through the app.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    /** The admin who made the change (no foreign key: the entry outlives the member). */
    actorMemberId: integer(),
    /** The route, e.g. `PATCH /api/admin/members/:id/`. */
    action: text().notNull(),
    /** The table changed: members, member_groups, announcements, … */
    targetType: text().notNull(),
    /** insert, update or delete. */
    operation: text().notNull(),
    /** The changed row's key, as text (a composite key joined by ":"). */
    targetId: text().notNull(),
    /** The changed columns' values before (null for an insert) and after (null for a delete). */
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('audit_log_recent_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc())],
);
