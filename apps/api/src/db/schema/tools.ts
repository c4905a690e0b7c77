import { boolean, foreignKey, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { memberGroups } from './members';

/**
 * Built-in tools a member group may NOT use (decision 050): like model access, every tool is
 * allowed to every group unless a row switches it off; a row with `is_available` true is kept
 * when an admin switches it back on (the admin screen reads both).
 */
export const toolGroupAccess = pgTable(
  'tool_group_access',
  {
    tenantId: integer().notNull(),
    tool: text().notNull(),
    memberGroupId: integer().notNull(),
    isAvailable: boolean().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.tool, t.memberGroupId] }),
    foreignKey({ columns: [t.tenantId, t.memberGroupId], foreignColumns: [memberGroups.tenantId, memberGroups.id] }).onDelete('cascade'),
  ],
);
