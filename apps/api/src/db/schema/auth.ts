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

/** Sign-up verification codes: hashed, short-lived, single use; rows stay for the send rate limit. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    tenantId: integer().notNull(),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    codeHash: text().notNull(),
    /** Wrong guesses against this code; at the limit it stops working. */
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('verification_codes_email_idx').on(t.tenantId, t.email, t.createdAt)],
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
