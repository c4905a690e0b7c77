import { z } from 'zod';
import { emailSchema, newPasswordSchema, signUpNameSchema, signUpResponse } from './auth';
import { customFieldValuesSchema, hashParam, idParam, pageQuery, paginated } from './common';
import { defineEndpoints } from './endpoint';

export const invitationStatusSchema = z.enum(['pending', 'accepted', 'expired']);

export const invitationSchema = z.object({
  id: z.number().int(),
  invitation_hash_id: z.string(),
  email: z.string(),
  name: z.string(),
  default_member_group_id: z.number().int().nullable(),
  member_group_ids: z.array(z.number().int()),
  status: invitationStatusSchema,
  created_at: z.string(),
  last_sent_at: z.string(),
  expires_at: z.string(),
  accepted_at: z.string().nullable(),
  /** An SSO invitation (no temporary password): the person signs in through this platform with `sso_id`. */
  sso_platform_id: z.number().int().nullable(),
  sso_id: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const listInvitationsQuery = pageQuery.extend({
  search_term: z.string().trim().max(100).optional(),
  order_by: z.enum(['created_at', 'email', 'name']).default('created_at'),
  order_type: z.enum(['asc', 'desc']).default('desc'),
  status: invitationStatusSchema.optional(),
});
export type ListInvitationsQuery = z.input<typeof listInvitationsQuery>;
export const invitationListResponse = paginated(invitationSchema);
export type InvitationList = z.infer<typeof invitationListResponse>;

/**
 * One row of an invitation, from the console's form or a bulk file (spec §5 bulk member file).
 * Name and email are checked per row by the server, so that one bad row of a file fails alone with
 * its §8 upload row error instead of the whole batch: name 1 to 100 characters, email valid and
 * under 255. A group is given by id (the form) or by its Korean or English name (a file).
 */
export const inviteRowSchema = z.object({
  /** The row's line in the uploaded file, echoed back with its result. */
  row: z.number().int().positive().max(1_000_000).optional(),
  name: z.string().max(1000),
  email: z.string().max(1000),
  default_member_group_id: z.number().int().positive().nullish(),
  /** The default group by name (used when no id is given). */
  group: z.string().trim().max(200).nullish(),
  member_group_ids: z.array(z.number().int().positive()).max(50).default([]),
  /** Additional groups by name. */
  additional_groups: z.array(z.string().trim().max(200)).max(50).default([]),
  /** Sign-up custom fields by field id; the invitee finds them filled in. */
  custom_fields: customFieldValuesSchema.default({}),
  /**
   * The SSO platform the person will sign in through (spec §5 "SSO id required and valid"), by
   * its name or id as the console shows it (a file); with it, `sso_id` is required and the
   * invitation carries no temporary password.
   */
  sso_platform: z.string().trim().max(200).nullish(),
  sso_platform_id: z.number().int().positive().nullish(),
  /** The person's id at the platform (the claim or directory id it signs in with). */
  sso_id: z.string().max(1000).nullish(),
});
export type InviteRow = z.input<typeof inviteRowSchema>;
/** Rows per request; the console sends a file in batches of `GET /admin/invitations/bulk-settings/`'s size. */
export const BULK_INVITE_MAX_ROWS = 500;
export const bulkInviteBody = z.object({
  members: z.array(inviteRowSchema).min(1).max(BULK_INVITE_MAX_ROWS),
  /**
   * Every required sign-up custom field needs a value in each row (a bulk file, spec §5); without
   * it the invitee fills in what is missing when accepting (the single-invite form).
   */
  require_custom_fields: z.boolean().default(false),
});
export type BulkInviteBody = z.input<typeof bulkInviteBody>;

/** Why a row was not invited (spec §8 upload row errors). */
export const inviteRowErrorSchema = z.enum([
  'email_too_long',
  'email_invalid',
  'name_invalid',
  'already_registered',
  'invitation_exists',
  'approval_requested',
  'group_not_found',
  'default_group_as_additional',
  'custom_field_invalid',
  'custom_field_required',
  'custom_field_duplicated',
  'sso_platform_missing',
  'sso_id_invalid',
  'sso_id_exists',
  'member_limit_reached',
  'mail_failed',
  'unknown',
]);
export type InviteRowError = z.infer<typeof inviteRowErrorSchema>;
/** Per row: invited, or why not. */
export const bulkInviteResponse = z.object({
  items: z.array(
    z.object({
      row: z.number().int().nullable(),
      email: z.string(),
      status: z.enum(['invited', 'failed']),
      error_code: inviteRowErrorSchema.nullable(),
      /** The custom field (id) a custom-field error is about. */
      error_field: z.string().nullable(),
      invitation_id: z.number().int().nullable(),
    }),
  ),
});
export type BulkInviteResponse = z.infer<typeof bulkInviteResponse>;

/** `GET /admin/invitations/bulk-settings/`: how the console sends a file. */
export const bulkInviteSettingsResponse = z.object({ batch_size: z.number().int(), max_rows_per_request: z.number().int() });
export type BulkInviteSettings = z.infer<typeof bulkInviteSettingsResponse>;

export const bulkDeleteInvitationsBody = z.object({ invitation_ids: z.array(z.number().int().positive()).min(1).max(500) });
export const bulkDeleteResponse = z.object({ deleted: z.number().int() });

/** `GET /invitations/{hash}/verify/`: what the accept form shows. */
export const invitationVerifyResponse = z.object({
  email: z.string(),
  name: z.string(),
  /** Sign-up custom fields the administrator filled in (the form starts from them). */
  custom_fields: z.record(z.string(), z.union([z.string(), z.number()])),
  expires_at: z.string(),
  /** An SSO invitation: accepted by signing in through this platform, not with a password. */
  sso_platform_id: z.number().int().nullable(),
});
export type InvitationVerify = z.infer<typeof invitationVerifyResponse>;

export const acceptInvitationBody = z.object({
  email: emailSchema,
  name: signUpNameSchema,
  password: newPasswordSchema,
  temporary_password: z.string({ error: 'temporary_password_required' }).min(1, 'temporary_password_required').max(200),
  language: z.enum(['ko', 'en', 'zh', 'ja', 'es']).default('ko'),
  custom_fields: customFieldValuesSchema.default({}),
  agreements: z.array(z.number().int().positive()).max(50).default([]),
});
export type AcceptInvitationBody = z.input<typeof acceptInvitationBody>;

const errors = [401, 403, 404, 422] as const;
const admin = { auth: 'admin', tags: ['admin'] } as const;
export const endpoints = defineEndpoints({
  list: { ...admin, method: 'GET', path: '/admin/invitations/', query: listInvitationsQuery, response: invitationListResponse, errors },
  bulkInvite: { ...admin, method: 'POST', path: '/admin/invitations/bulk/', body: bulkInviteBody, response: bulkInviteResponse, errors },
  bulkSettings: {
    ...admin,
    method: 'GET',
    path: '/admin/invitations/bulk-settings/',
    description: 'How the console sends a bulk-invite file: rows per request.',
    response: bulkInviteSettingsResponse,
    errors,
  },
  bulkDelete: { ...admin, method: 'POST', path: '/admin/invitations/bulk/delete/', body: bulkDeleteInvitationsBody, response: bulkDeleteResponse, errors },
  resend: {
    ...admin,
    method: 'POST',
    path: '/admin/invitations/:id/resend/',
    params: idParam,
    response: invitationSchema,
    errors: [...errors, 402, 409, 424],
  },
  verify: { method: 'GET', path: '/invitations/:hash/verify/', auth: 'none', tags: ['auth'], params: hashParam, response: invitationVerifyResponse, errors: [404, 409] },
  accept: {
    method: 'POST',
    path: '/invitations/:hash/accept/',
    auth: 'none',
    tags: ['auth'],
    params: hashParam,
    body: acceptInvitationBody,
    status: 201,
    response: signUpResponse,
    errors: [401, 404, 409, 422],
  },
});
