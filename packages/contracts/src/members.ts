import { z } from 'zod';
import { customFieldValuesSchema, idParam, languageSchema, okBody } from './common';
import { defineEndpoints } from './endpoint';

export const memberStatusSchema = z.enum(['active', 'pending', 'rejected', 'deactivated']);
export type MemberStatus = z.infer<typeof memberStatusSchema>;

export const memberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  language: languageSchema,
  member_status: memberStatusSchema,
  default_member_group_id: z.number().int().nullable(),
  member_group_ids: z.array(z.number().int()),
  custom_fields: z.record(z.string(), z.unknown()),
  custom_credit_limit: z.number().nullable(),
  /** The member's id at their single sign-on platform (spec §3); null for a password member. */
  sso_id: z.string().nullable().optional(),
  created_at: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const patchMemberBody = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    language: languageSchema.optional(),
    /** Editable custom fields only; the others are kept. */
    custom_fields: customFieldValuesSchema.optional(),
  })
  .strict();
export type PatchMemberBody = z.infer<typeof patchMemberBody>;

/** `PATCH /members/{id}/group/`: the member asks to change groups (an administrator decides). */
export const changeGroupBody = z.object({
  default_member_group_id: z.number({ error: 'group_invalid' }).int().positive('group_invalid'),
  member_group_ids: z.array(z.number().int().positive()).max(50).default([]),
});
export type ChangeGroupBody = z.input<typeof changeGroupBody>;
export const groupChangeResponse = z.object({
  status: z.enum(['pending', 'none']),
  requested: z.object({ default_member_group_id: z.number().int(), member_group_ids: z.array(z.number().int()) }).nullable(),
  /** When the pending request was made. */
  requested_at: z.string().nullable(),
});
export type GroupChange = z.infer<typeof groupChangeResponse>;

const errors = [401, 403, 404, 422] as const;
export const endpoints = defineEndpoints({
  get: { method: 'GET', path: '/members/:id/', tags: ['members'], params: idParam, response: memberSchema, errors },
  update: { method: 'PATCH', path: '/members/:id/', tags: ['members'], params: idParam, body: patchMemberBody, response: memberSchema, errors: [...errors, 409] },
  getGroupChange: { method: 'GET', path: '/members/:id/group/', tags: ['members'], params: idParam, response: groupChangeResponse, errors },
  requestGroupChange: { method: 'PATCH', path: '/members/:id/group/', tags: ['members'], params: idParam, body: changeGroupBody, response: groupChangeResponse, errors: [...errors, 409] },
  withdrawGroupChange: { method: 'DELETE', path: '/members/:id/group-queues/', tags: ['members'], params: idParam, response: okBody, errors },
});
