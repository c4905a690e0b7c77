import { z } from 'zod';
import { customFieldValuesSchema, idParam, okBody, pageQuery, paginated } from './common';
import { defineEndpoints } from './endpoint';
import { memberSchema, memberStatusSchema } from './members';
import { taskSchema } from './tasks';

/** `GET /admin/members/`: the console's member lists (the pending requests tab among them). */
export const listAdminMembersQuery = pageQuery.extend({
  member_status: memberStatusSchema.optional(),
  /** Only members with a pending request (a registration or a group change): the console's "Pending requests" tab. */
  has_pending_request: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  /** Name, email or a searchable custom field's value. */
  search_term: z.string().trim().max(100).optional(),
  member_group_id: z.coerce.number().int().positive().optional(),
  is_admin: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  order_by: z.enum(['created_at.desc', 'created_at.asc', 'name.asc', 'email.asc']).default('created_at.desc'),
});
export type ListAdminMembersQuery = z.input<typeof listAdminMembersQuery>;
export const adminMemberSchema = memberSchema.extend({
  /** The pending request's kind, when the member has one. */
  pending_request: z.enum(['registration', 'group_change']).nullable(),
  /** The groups a pending group change asks for. */
  requested_groups: z.object({ default_member_group_id: z.number().int(), member_group_ids: z.array(z.number().int()) }).nullable(),
  requested_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;
export const adminMemberListResponse = paginated(adminMemberSchema);
export type AdminMemberList = z.infer<typeof adminMemberListResponse>;

const reason = z.string().trim().max(2000).nullish();
/** Approve, or reject with a reason (spec §5: required when rejecting); the member is emailed. */
export const processPendingBody = z
  .object({ approve: z.boolean(), reason })
  .refine((b) => b.approve || !!b.reason, { message: 'reason_required', path: ['reason'] });
export type ProcessPendingBody = z.input<typeof processPendingBody>;
export const bulkProcessPendingBody = z
  .object({ member_ids: z.array(z.number().int().positive()).min(1).max(500), approve: z.boolean(), reason })
  .refine((b) => b.approve || !!b.reason, { message: 'reason_required', path: ['reason'] });
export type BulkProcessPendingBody = z.input<typeof bulkProcessPendingBody>;
export const processPendingResponse = z.object({
  items: z.array(z.object({ member_id: z.number().int(), status: z.enum(['active', 'rejected', 'failed']), error_code: z.string().nullable() })),
});
export type ProcessPendingResponse = z.infer<typeof processPendingResponse>;

/** `PATCH /admin/members/{id}/`: what an administrator may change of a member. */
export const patchAdminMemberBody = z
  .object({
    name: z.string().trim().min(1, 'name_invalid').max(100, 'name_invalid'),
    default_member_group_id: z.number().int().positive(),
    member_group_ids: z.array(z.number().int().positive()).max(50),
    custom_fields: customFieldValuesSchema,
    /** Overrides the default group's member quota; null removes the override. */
    custom_credit_limit: z.number().int().min(0).max(1_000_000_000).nullable(),
    is_admin: z.boolean(),
    /** Deactivate (signs the member out everywhere) or reactivate. */
    member_status: z.enum(['active', 'deactivated']),
  })
  .partial()
  .strict();
export type PatchAdminMemberBody = z.input<typeof patchAdminMemberBody>;

export const bulkCreditQuotaBody = z.object({
  member_ids: z.array(z.number().int().positive()).min(1).max(1000),
  /** The members' custom monthly limit; null removes it (back to the group's). */
  credit_quota: z.number().int().min(0).max(1_000_000_000).nullable(),
});
export const bulkDeleteMembersBody = z.object({ member_ids: z.array(z.number().int().positive()).min(1).max(1000) });
export const bulkMembersResponse = z.object({
  items: z.array(z.object({ member_id: z.number().int(), ok: z.boolean(), error_code: z.string().nullable() })),
});
export type BulkMembersResponse = z.infer<typeof bulkMembersResponse>;

const errors = [401, 403, 404, 422] as const;
const admin = { auth: 'admin', tags: ['admin'] } as const;
export const endpoints = defineEndpoints({
  list: { ...admin, method: 'GET', path: '/admin/members/', query: listAdminMembersQuery, response: adminMemberListResponse, errors },
  startExport: {
    ...admin,
    method: 'GET',
    path: '/admin/members/export-task/',
    description: 'Starts an export of every member as CSV; poll GET /tasks/{id}/.',
    response: taskSchema,
    errors,
  },
  get: { ...admin, method: 'GET', path: '/admin/members/:id/', params: idParam, response: adminMemberSchema, errors },
  update: { ...admin, method: 'PATCH', path: '/admin/members/:id/', params: idParam, body: patchAdminMemberBody, response: adminMemberSchema, errors: [...errors, 400, 409] },
  remove: { ...admin, method: 'DELETE', path: '/admin/members/:id/', params: idParam, response: okBody, errors: [...errors, 400] },
  bulkCreditQuota: { ...admin, method: 'PATCH', path: '/admin/members/bulk/', body: bulkCreditQuotaBody, response: bulkMembersResponse, errors },
  bulkDelete: { ...admin, method: 'POST', path: '/admin/members/bulk/delete/', body: bulkDeleteMembersBody, response: bulkMembersResponse, errors },
  processPending: {
    ...admin,
    method: 'POST',
    path: '/admin/members/:id/process-pending-request/',
    params: idParam,
    body: processPendingBody,
    response: memberSchema,
    errors: [...errors, 402, 409, 424],
  },
  bulkProcessPending: { ...admin, method: 'POST', path: '/admin/members/bulk/process-pending-request/', body: bulkProcessPendingBody, response: processPendingResponse, errors },
});
