import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';
import { createdAt } from './columns';
import { ssoPlatforms } from './sso';

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
    /** The whole group's monthly pool, in credit units; null = no group pool. */
    creditQuotaUnits: bigint({ mode: 'bigint' }),
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
    /**
     * Every group of the member (default plus additional), kept by triggers from
     * `default_member_group_id` and `member_group_memberships` (migration 0009): the console's
     * group filter is one GIN lookup instead of an OR over two tables.
     */
    groupIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    /**
     * What the console's search looks in: name, email and the values of the tenant's searchable
     * custom fields, lower-cased, kept by triggers (migration 0010) and indexed by trigrams.
     */
    searchText: text().notNull().default(''),
    /** Overrides the default group's member quota, in credit units. */
    customCreditLimitUnits: bigint({ mode: 'bigint' }),
    customFields: jsonb().notNull().default({}),
    /** Bumped on password change, deactivation or demotion: older access tokens stop working. */
    tokenVersion: integer().notNull().default(0),
    /** A mailed temporary password (forgot password): valid until `tempPasswordExpiresAt`, single use. */
    tempPasswordHash: text(),
    tempPasswordExpiresAt: timestamp({ withTimezone: true }),
    /** Signed in with a temporary password: a new one must be set first. */
    mustChangePassword: boolean().notNull().default(false),
    /** The last release whose notes ("What's new", spec §2) this admin has seen; null = none yet. */
    releaseNotesSeenVersion: text(),
    /** Signed up through single sign-on (issue 29): the platform and the person's id there; such a member has no password. */
    ssoPlatformId: integer(),
    ssoId: text(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('members_email_uq').on(t.tenantId, t.email),
    // The console's member list at 100,000 members (bench/members-list.ts): each order it offers,
    // and the default-group filter, walk an index instead of sorting the tenant.
    index('members_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('members_name_idx').on(t.tenantId, t.name, t.id),
    index('members_group_idx').on(t.tenantId, t.defaultMemberGroupId, t.name),
    index('members_group_ids_idx').using('gin', t.groupIds),
    // The status filter (and its count) with newest first: an index walk, counted from the index.
    index('members_status_idx').on(t.tenantId, t.memberStatus, t.createdAt, t.id),
    index('members_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    foreignKey({ columns: [t.tenantId, t.defaultMemberGroupId], foreignColumns: [memberGroups.tenantId, memberGroups.id] }),
    // An SSO id is unique per platform and tenant (issue 29 §5); a platform with members cannot be deleted.
    uniqueIndex('members_sso_id_uq').on(t.tenantId, t.ssoPlatformId, t.ssoId),
    foreignKey({ columns: [t.tenantId, t.ssoPlatformId], foreignColumns: [ssoPlatforms.tenantId, ssoPlatforms.id] }),
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
    index('member_group_memberships_group_idx').on(t.tenantId, t.memberGroupId, t.memberId),
    foreignKey({ columns: [t.tenantId, t.memberId], foreignColumns: [members.tenantId, members.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.memberGroupId], foreignColumns: [memberGroups.tenantId, memberGroups.id] }).onDelete('cascade'),
  ],
);

/** A member's request an administrator decides on (spec §4): a new registration, later a group change. */
export const memberRequests = pgTable(
  'member_requests',
  {
    tenantId: integer().notNull(),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    memberId: integer().notNull(),
    kind: text().notNull().default('registration'),
    status: text().notNull().default('pending'),
    /** What a group change asks for: `{ default_member_group_id, member_group_ids }`. */
    payload: jsonb().$type<{ default_member_group_id: number; member_group_ids: number[] }>(),
    reason: text(),
    processedBy: integer(),
    processedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('member_requests_member_idx').on(t.tenantId, t.memberId),
    foreignKey({ columns: [t.tenantId, t.memberId], foreignColumns: [members.tenantId, members.id] }).onDelete('cascade'),
  ],
);

export const customFields = pgTable(
  'custom_fields',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    koName: text().notNull(),
    enName: text().notNull(),
    fieldType: text().notNull().default('text'),
    isSignupField: boolean().notNull().default(true),
    isSearchable: boolean().notNull().default(false),
    isRequired: boolean().notNull().default(false),
    isEditable: boolean().notNull().default(true),
    isUnique: boolean().notNull().default(false),
    sortOrder: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
