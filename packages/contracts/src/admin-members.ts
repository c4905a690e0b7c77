import { z } from 'zod';
import { paginated } from './common';
import { memberSchema, memberStatusSchema } from './members';

/** `GET /admin/members/`: the console's member lists (the pending requests tab among them). */
export const listAdminMembersQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  member_status: memberStatusSchema.optional(),
  search_term: z.string().trim().max(100).optional(),
});
export type ListAdminMembersQuery = z.input<typeof listAdminMembersQuery>;
export const adminMemberSchema = memberSchema.extend({
  /** The pending request's kind, when the member has one. */
  pending_request: z.enum(['registration']).nullable(),
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
