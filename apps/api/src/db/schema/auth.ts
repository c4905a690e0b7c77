import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './members';
import { createdAt } from './columns';

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tenantId: integer().notNull(),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    memberId: integer().notNull(),
    familyId: text().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.tenantId, t.familyId),
    // The sessions ended lately (sign-out, reuse, deactivation): their access tokens are refused (decision 047).
    index('refresh_tokens_revoked_idx').on(t.tenantId, t.revokedAt).where(sql`${t.revokedAt} is not null`),
    foreignKey({ columns: [t.tenantId, t.memberId], foreignColumns: [members.tenantId, members.id] }).onDelete('cascade'),
  ],
);

/** Forgot-password mails sent, for their rate limit (the temporary password lives on the member). */
export const passwordResets = pgTable(
  'password_resets',
  {
    tenantId: integer().notNull(),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('password_resets_email_idx').on(t.tenantId, t.email, t.createdAt)],
);
