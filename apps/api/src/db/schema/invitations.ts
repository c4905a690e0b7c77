import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, foreignKey } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { members } from './members';
import { ssoPlatforms } from './sso';
import { tenants } from './tenants';

/** An invitation (spec §3): a person invited by email with a temporary password, until accepted or deleted. */
export const invitations = pgTable(
  'invitations',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    hashId: text().notNull(),
    email: text().notNull(),
    name: text().notNull(),
    defaultMemberGroupId: integer(),
    memberGroupIds: jsonb().$type<number[]>().notNull().default([]),
    /** Sign-up custom fields the administrator filled in (field id → value). */
    customFields: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** Null for an SSO invitation: the person signs in through the platform instead (decision 039). */
    tempPasswordHash: text(),
    /** An SSO invitation (spec §5 SSO id in a bulk member file): the platform and the person's id there. */
    ssoPlatformId: integer(),
    ssoId: text(),
    invitedBy: integer(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastSentAt: createdAt(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedMemberId: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('invitations_hash_uq').on(t.hashId),
    index('invitations_email_idx').on(t.tenantId, t.email),
    foreignKey({ columns: [t.tenantId, t.invitedBy], foreignColumns: [members.tenantId, members.id] }).onDelete('set null'),
    foreignKey({ columns: [t.tenantId, t.ssoPlatformId], foreignColumns: [ssoPlatforms.tenantId, ssoPlatforms.id] }).onDelete('cascade'),
    index('invitations_sso_idx').on(t.tenantId, t.ssoPlatformId, t.ssoId),
  ],
);
