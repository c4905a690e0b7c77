import { z } from 'zod';
import { authResponse, emailSchema, signUpNameSchema, signUpResponse } from './auth';
import { customFieldValuesSchema, idParam, languageSchema, listOf, okBody, pageQuery, paginated } from './common';
import { defineEndpoints } from './endpoint';
import { taskSchema } from './tasks';

/**
 * Single sign-on (spec §7 SSO, Auth, Admin SSO whitelist; issue 29, decision 039). A platform is
 * an OpenID Connect provider (`oidc`) or an LDAP directory (`directory`) whose bind is followed by
 * a code sent by email or SMS. Secrets are write-only: the API says whether one is set, never what.
 */
export const ssoPlatformKindSchema = z.enum(['oidc', 'directory']);
export type SsoPlatformKind = z.infer<typeof ssoPlatformKindSchema>;
export const verificationMethodSchema = z.enum(['email', 'sms']);
export type VerificationMethod = z.infer<typeof verificationMethodSchema>;

/** `GET /sso-platforms/`: a tenant's enabled platforms, names and kinds only, for the sign-in page. */
export const publicSsoPlatformSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: ssoPlatformKindSchema,
  verification_method: verificationMethodSchema,
});
export type PublicSsoPlatform = z.infer<typeof publicSsoPlatformSchema>;
export const ssoPlatformListResponse = listOf(publicSsoPlatformSchema);

export const directoryAttributesSchema = z.object({
  email: z.string().trim().min(1).max(100).default('mail'),
  name: z.string().trim().min(1).max(100).default('cn'),
  phone: z.string().trim().min(1).max(100).default('mobile'),
});

/** The console's view of a platform: every setting except the secret. */
export const adminSsoPlatformSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: ssoPlatformKindSchema,
  is_enabled: z.boolean(),
  requires_whitelist: z.boolean(),
  issuer_url: z.string().nullable(),
  client_id: z.string().nullable(),
  client_secret_set: z.boolean(),
  scopes: z.string(),
  id_claim: z.string(),
  directory_url: z.string().nullable(),
  bind_dn_template: z.string().nullable(),
  base_dn: z.string().nullable(),
  attributes: z.object({ email: z.string(), name: z.string(), phone: z.string() }),
  verification_method: verificationMethodSchema,
  created_at: z.string(),
});
export type AdminSsoPlatform = z.infer<typeof adminSsoPlatformSchema>;
export const adminSsoPlatformListResponse = listOf(adminSsoPlatformSchema);

const url = z.string().trim().max(500).url();
const platformFields = {
  name: z.string().trim().min(1).max(100),
  is_enabled: z.boolean(),
  requires_whitelist: z.boolean(),
  issuer_url: url.nullable(),
  client_id: z.string().trim().max(500).nullable(),
  /** Write-only; `null` clears it, absent keeps it. */
  client_secret: z.string().max(2000).nullable(),
  scopes: z.string().trim().min(1).max(500),
  id_claim: z.string().trim().min(1).max(100),
  directory_url: z.string().trim().max(500).regex(/^ldaps?:\/\//, 'ldap:// or ldaps://').nullable(),
  /** The DN a person binds as; `{user_id}` stands for the id they type. */
  bind_dn_template: z.string().trim().max(500).includes('{user_id}').meta({ examples: ['uid={user_id},ou=people,dc=example,dc=com'] }).nullable(),
  base_dn: z.string().trim().max(500).nullable(),
  attributes: directoryAttributesSchema,
  verification_method: verificationMethodSchema,
};
export const createSsoPlatformBody = z.object({ kind: ssoPlatformKindSchema, ...platformFields }).partial().required({ kind: true, name: true });
export type CreateSsoPlatformBody = z.input<typeof createSsoPlatformBody>;
export const patchSsoPlatformBody = z.object(platformFields).partial();
export type PatchSsoPlatformBody = z.input<typeof patchSsoPlatformBody>;

/** Where the sign-in page sends the browser: the platform's authorization URL with state, nonce and PKCE. */
export const ssoAuthorizeBody = z.object({ redirect_url: z.string().trim().max(2000).url() });
export const ssoAuthorizeResponse = z.object({ authorization_url: z.string() });

/** `POST /auth/sso-sign-in/`: the callback's code and state (spec §7), and `iss` when the provider sends it. */
export const ssoSignInBody = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(200),
  iss: z.string().max(500).optional(),
  sso_platform_id: z.number().int().positive(),
  redirect_url: z.string().trim().max(2000).url(),
});
export type SsoSignInBody = z.input<typeof ssoSignInBody>;

/**
 * A proven identity ends in one of two ways: a known SSO id is signed in; an unknown one gets a
 * short-lived `sso_access_token` to sign up with (`POST /auth/sso-sign-up/`).
 */
export const ssoSignedInSchema = authResponse.extend({ sso_status: z.literal('signed_in') });
export const ssoSignUpRequiredSchema = z.object({
  sso_status: z.literal('sign_up_required'),
  sso_access_token: z.string(),
  sso_platform_id: z.number().int(),
  email: z.string(),
  name: z.string(),
  /** Seconds the token stays valid. */
  expires_in: z.number().int(),
});
export const ssoIdentityResponse = z.discriminatedUnion('sso_status', [ssoSignedInSchema, ssoSignUpRequiredSchema]);
export type SsoIdentityResponse = z.infer<typeof ssoIdentityResponse>;

export const ssoSignUpBody = z.object({
  email: emailSchema,
  name: signUpNameSchema,
  language: languageSchema.default('ko'),
  /** Not used: the platform proved the address (the sso_access_token carries it). */
  auth_code: z.string().max(20).optional(),
  default_member_group_id: z.number({ error: 'group_invalid' }).int().positive('group_invalid'),
  member_group_ids: z.array(z.number().int().positive()).max(50).default([]),
  custom_fields: customFieldValuesSchema.default({}),
  sso_access_token: z.string().min(1).max(4000),
  sso_platform_id: z.number().int().positive(),
  redirect_url: z.string().max(2000).optional(),
  agreements: z.array(z.number().int().positive()).max(50).default([]),
});
export type SsoSignUpBody = z.input<typeof ssoSignUpBody>;
/** An auto-approved SSO sign-up is signed in at once (it has no password to sign in with later). */
export const ssoSignUpResponse = signUpResponse.extend({ session: authResponse.nullable() });
export type SsoSignUpResponse = z.infer<typeof ssoSignUpResponse>;

/** Directory platforms: `verify` binds with the id and password, then completes with the code. */
export const directoryVerifyBody = z.union([
  z.object({ user_id: z.string().trim().min(1).max(200), user_pw: z.string().min(1).max(500), method: verificationMethodSchema.optional() }),
  z.object({ code: z.string().trim().regex(/^\d{6}$/, 'code_incorrect'), verification_id: z.string().min(1).max(200), auth_token: z.string().min(1).max(200) }),
]);
export type DirectoryVerifyBody = z.input<typeof directoryVerifyBody>;
export const directoryCodeRequiredSchema = z.object({
  sso_status: z.literal('code_required'),
  verification_id: z.string(),
  auth_token: z.string(),
  method: verificationMethodSchema,
  /** Where the code goes, masked (`k***@example.com`, `***-****-5678`). */
  destination: z.string(),
});
export const directoryVerifyResponse = z.discriminatedUnion('sso_status', [directoryCodeRequiredSchema, ssoSignedInSchema, ssoSignUpRequiredSchema]);
export type DirectoryVerifyResponse = z.infer<typeof directoryVerifyResponse>;
export const directorySendCodeBody = z.object({ method: verificationMethodSchema, user_id: z.string().trim().min(1).max(200), verification_id: z.string().min(1).max(200) });
export const directorySendCodeResponse = z.object({ expires_in: z.number().int(), resend_after: z.number().int(), destination: z.string() });

/** Admin SSO whitelist (spec §7; 10 per page, §9). */
export const whitelistEntrySchema = z.object({ id: z.number().int(), email: z.string(), created_at: z.string() });
export type WhitelistEntry = z.infer<typeof whitelistEntrySchema>;
export const listWhitelistQuery = pageQuery.extend({
  search_term: z.string().trim().max(100).optional(),
  order_by: z.enum(['id.desc', 'id.asc', 'email.asc', 'email.desc']).default('id.desc'),
});
export type ListWhitelistQuery = z.input<typeof listWhitelistQuery>;
export const whitelistListResponse = paginated(whitelistEntrySchema);
export type WhitelistList = z.infer<typeof whitelistListResponse>;
export const bulkUpsertWhitelistBody = z.object({ sso_member_whitelist: z.array(z.object({ email: emailSchema })).min(1).max(1000) });
export const bulkUpsertWhitelistResponse = z.object({ created: z.number().int(), existing: z.number().int() });
export type BulkUpsertWhitelistResponse = z.infer<typeof bulkUpsertWhitelistResponse>;
export const bulkDeleteWhitelistBody = z.object({ sso_member_whitelist_ids: z.array(z.number().int().positive()).min(1).max(1000) });
export const bulkDeleteWhitelistResponse = z.object({ deleted: z.number().int() });
export const whitelistSettingsResponse = z.object({ batch_size: z.number().int() });

/** The statuses a sign-in step may answer (spec §8 "Sign in"; 424: the platform failed or left out a claim). */
const signInErrors = [400, 401, 403, 404, 422, 423, 424, 429] as const;
const adminErrors = [401, 403, 404, 422] as const;

export const endpoints = defineEndpoints({
  list: { method: 'GET', path: '/sso-platforms/', auth: 'none', tags: ['sso'], response: ssoPlatformListResponse, errors: [] },
  authorize: {
    method: 'POST',
    path: '/sso-platforms/:id/authorize/',
    auth: 'none',
    tags: ['sso'],
    description: "The platform's authorization URL (OIDC: code + PKCE + state + nonce).",
    params: idParam,
    body: ssoAuthorizeBody,
    response: ssoAuthorizeResponse,
    errors: signInErrors,
  },
  sendCode: { method: 'POST', path: '/sso-platforms/:id/send-code/', auth: 'none', tags: ['sso'], params: idParam, body: directorySendCodeBody, response: directorySendCodeResponse, errors: signInErrors },
  /** The directory's last step signs in too (it sets the refresh cookie, as `signIn` does). */
  verify: { method: 'POST', path: '/sso-platforms/:id/verify/', auth: 'none', tags: ['sso'], params: idParam, body: directoryVerifyBody, response: directoryVerifyResponse, errors: signInErrors },
  signIn: { method: 'POST', path: '/auth/sso-sign-in/', auth: 'none', malformedIsBadRequest: true, tags: ['auth'], body: ssoSignInBody, response: ssoIdentityResponse, errors: signInErrors },
  signUp: { method: 'POST', path: '/auth/sso-sign-up/', auth: 'none', tags: ['auth'], body: ssoSignUpBody, status: 201, response: ssoSignUpResponse, errors: [400, 401, 402, 403, 409, 422] },

  adminList: { method: 'GET', path: '/admin/sso-platforms/', auth: 'admin', tags: ['admin'], response: adminSsoPlatformListResponse, errors: adminErrors },
  create: { method: 'POST', path: '/admin/sso-platforms/', auth: 'admin', tags: ['admin'], body: createSsoPlatformBody, status: 201, response: adminSsoPlatformSchema, errors: adminErrors },
  update: { method: 'PATCH', path: '/admin/sso-platforms/:id/', auth: 'admin', tags: ['admin'], params: idParam, body: patchSsoPlatformBody, response: adminSsoPlatformSchema, errors: adminErrors },
  remove: { method: 'DELETE', path: '/admin/sso-platforms/:id/', auth: 'admin', tags: ['admin'], params: idParam, response: okBody, errors: [401, 403, 404, 409, 422] },

  listWhitelist: { method: 'GET', path: '/admin/sso-member-whitelist/', auth: 'admin', tags: ['admin'], query: listWhitelistQuery, response: whitelistListResponse, errors: adminErrors },
  whitelistSettings: {
    method: 'GET',
    path: '/admin/sso-member-whitelist/settings/',
    auth: 'admin',
    tags: ['admin'],
    description: 'Rows the console sends per upload request.',
    response: whitelistSettingsResponse,
    errors: adminErrors,
  },
  upsertWhitelist: { method: 'POST', path: '/admin/sso-member-whitelist/bulk-upsert/', auth: 'admin', tags: ['admin'], body: bulkUpsertWhitelistBody, response: bulkUpsertWhitelistResponse, errors: adminErrors },
  deleteWhitelist: { method: 'POST', path: '/admin/sso-member-whitelist/bulk-delete/', auth: 'admin', tags: ['admin'], body: bulkDeleteWhitelistBody, response: bulkDeleteWhitelistResponse, errors: adminErrors },
  exportWhitelist: {
    method: 'GET',
    path: '/admin/sso-member-whitelist/export-task/',
    auth: 'admin',
    tags: ['admin'],
    description: 'Starts an export of the whitelist as CSV; poll GET /tasks/{id}/.',
    response: taskSchema,
    errors: adminErrors,
  },
});
