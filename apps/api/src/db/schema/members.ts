import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';
import { createdAt } from './columns';

export const memberGroups = pgTable(
  'member_groups',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    koName: text().notNull(),
    enName: text().notNull(),
    isDefault: boolean().notNull().default(false),
    /** Monthly quota each member of this group gets, in credit units. */
    memberCreditQuotaUnits: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('member_groups_ko_name_uq').on(t.tenantId, t.koName),
    uniqueIndex('member_groups_en_name_uq').on(t.tenantId, t.enName),
  ],
);

export const members = pgTable(
  'members',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    name: text().notNull(),
    passwordHash: text(),
    isAdmin: boolean().notNull().default(false),
    language: text().notNull().default('ko'),
    memberStatus: text().notNull().default('active'),
    defaultMemberGroupId: integer(),
    /** Overrides the default group's member quota, in credit units. */
    customCreditLimitUnits: bigint({ mode: 'bigint' }),
    customFields: jsonb().notNull().default({}),
    /** Bumped on password change, deactivation or demotion: older access tokens stop working. */
    tokenVersion: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('members_email_uq').on(t.tenantId, t.email),
    foreignKey({ columns: [t.tenantId, t.defaultMemberGroupId], foreignColumns: [memberGroups.tenantId, memberGroups.id] }),
  ],
);

export type MemberRow = typeof members.$inferSelect;

export const memberGroupMemberships = pgTable(
  'member_group_memberships',
  {
    tenantId: integer().notNull(),
    memberId: integer().notNull(),
    memberGroupId: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.memberId, t.memberGroupId] }),
    foreignKey({ columns: [t.tenantId, t.memberId], foreignColumns: [members.tenantId, members.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.memberGroupId], foreignColumns: [memberGroups.tenantId, memberGroups.id] }).onDelete('cascade'),
  ],
);
