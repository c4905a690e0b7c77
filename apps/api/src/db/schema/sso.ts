import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { tenants } from './tenants';

/**
 * A tenant's single sign-on platforms (issue 29, decision 039): an OpenID Connect provider
 * (`oidc`) or an LDAP directory (`directory`) whose sign-in is followed by a code sent by email or
 * SMS. Secrets (the client secret) are sealed (AES-256-GCM) and never returned.
 */
export const ssoPlatforms = pgTable(
  'sso_platforms',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    /** `oidc` | `directory` */
    kind: text().notNull(),
    isEnabled: boolean().notNull().default(true),
    /** Only emails on the tenant's SSO whitelist may sign in or sign up through this platform. */
    requiresWhitelist: boolean().notNull().default(false),
    issuerUrl: text(),
    clientId: text(),
    clientSecretSealed: text(),
    scopes: text().notNull().default('openid email profile'),
    /** The claim (oidc) or attribute (directory) holding the person's id at the platform. */
    idClaim: text().notNull().default('sub'),
    directoryUrl: text(),
    /** The DN a person binds as, with `{user_id}` for the id they typed (escaped). */
    bindDnTemplate: text(),
    baseDn: text(),
    /** Directory attributes: `{ email, name, phone }` → attribute names. */
    attributes: jsonb().notNull().default({}),
    /** Directory platforms: the second step's channel, `email` | `sms`. */
    verificationMethod: text().notNull().default('email'),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
export type SsoPlatformRow = typeof ssoPlatforms.$inferSelect;

/** The tenant's SSO whitelist (spec §3: an entry is an email). */
export const ssoMemberWhitelist = pgTable(
  'sso_member_whitelist',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('sso_member_whitelist_email_uq').on(t.tenantId, t.email)],
);

/**
 * One sign-in attempt through a platform, short-lived and single use: for OIDC the state, nonce
 * and PKCE verifier between the redirect and the callback; for a directory the person found by the
 * bind, the token that proves it and the code sent to them.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    tenantId: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: integer().notNull().generatedAlwaysAsIdentity(),
    platformId: integer().notNull(),
    /** OIDC: SHA-256 of the state; directory: SHA-256 of the verification id. */
    handleHash: text().notNull(),
    nonce: text(),
    codeVerifier: text(),
    redirectUrl: text(),
    /** Directory: SHA-256 of the auth token the bind answered with. */
    authTokenHash: text(),
    ssoId: text(),
    email: text(),
    name: text(),
    phone: text(),
    codeHash: text(),
    codeAttempts: integer().notNull().default(0),
    codeExpiresAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sso_logins_handle_uq').on(t.tenantId, t.handleHash),
    index('sso_logins_expires_idx').on(t.expiresAt),
    foreignKey({ columns: [t.tenantId, t.platformId], foreignColumns: [ssoPlatforms.tenantId, ssoPlatforms.id] }).onDelete('cascade'),
  ],
);
