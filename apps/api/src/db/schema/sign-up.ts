import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { members } from './members';
import { tenants } from './tenants';

export const policies = pgTable(
  'policies',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    koName: text().notNull(),
    enName: text().notNull(),
    kind: text().notNull().default('text'),
    content: text().notNull().default(''),
    url: text(),
    isMandatory: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** Which policies a member agreed to, and when. */
export const memberAgreements = pgTable(
  'member_agreements',
  {
    tenantId: integer().notNull(),
    memberId: integer().notNull(),
    policyId: integer().notNull(),
    agreedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.memberId, t.policyId] }),
    foreignKey({ columns: [t.tenantId, t.memberId], foreignColumns: [members.tenantId, members.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.policyId], foreignColumns: [policies.tenantId, policies.id] }).onDelete('cascade'),
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
