import { z } from 'zod';
import { emailSchema, newPasswordSchema, signUpNameSchema } from './auth';
import { customFieldValuesSchema, paginated } from './common';

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
});
export type Invitation = z.infer<typeof invitationSchema>;

export const listInvitationsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  search_term: z.string().trim().max(100).optional(),
  order_by: z.enum(['created_at', 'email', 'name']).default('created_at'),
  order_type: z.enum(['asc', 'desc']).default('desc'),
  status: invitationStatusSchema.optional(),
});
export type ListInvitationsQuery = z.input<typeof listInvitationsQuery>;
export const invitationListResponse = paginated(invitationSchema);
export type InvitationList = z.infer<typeof invitationListResponse>;

/** One row of a bulk invite (spec §5: name 1 to 100 characters, email under 255). */
export const inviteRowSchema = z.object({
  name: z.string().trim().min(1, 'name_invalid').max(100, 'name_invalid'),
  email: emailSchema,
  default_member_group_id: z.number().int().positive().nullish(),
  member_group_ids: z.array(z.number().int().positive()).max(50).default([]),
});
export const bulkInviteBody = z.object({ members: z.array(inviteRowSchema).min(1).max(500) });
export type BulkInviteBody = z.input<typeof bulkInviteBody>;
/** Per row: invited, or why not (spec §8 upload row errors). */
export const bulkInviteResponse = z.object({
  items: z.array(
    z.object({
      email: z.string(),
      status: z.enum(['invited', 'failed']),
      /** already_registered, invitation_exists, group_invalid, mail_failed, member_limit_reached */
      error_code: z.string().nullable(),
      invitation_id: z.number().int().nullable(),
    }),
  ),
});
export type BulkInviteResponse = z.infer<typeof bulkInviteResponse>;

export const bulkDeleteInvitationsBody = z.object({ invitation_ids: z.array(z.number().int().positive()).min(1).max(500) });
export const bulkDeleteResponse = z.object({ deleted: z.number().int() });

/** `GET /invitations/{hash}/verify/`: what the accept form shows. */
export const invitationVerifyResponse = z.object({
  email: z.string(),
  name: z.string(),
  expires_at: z.string(),
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
