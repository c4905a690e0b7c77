import { z } from 'zod';
import { idParam, okBody, pageQuery, paginated } from './common';
import { defineEndpoints } from './endpoint';

/** A member group as the console manages it (spec §3). Credits are whole credits, rounded down. */
export const memberGroupSchema = z.object({
  id: z.number().int(),
  ko_name: z.string(),
  en_name: z.string(),
  is_default: z.boolean(),
  /** The whole group's monthly pool; null = no group pool. */
  credit_quota: z.number().int().nullable(),
  /** What each member of the group gets a month (a member's custom limit overrides it). */
  member_credit_quota: z.number().int(),
  member_count: z.number().int(),
  created_at: z.string(),
});
export type MemberGroup = z.infer<typeof memberGroupSchema>;

export const listAdminMemberGroupsQuery = pageQuery.extend({
  search_term: z.string().trim().max(100).optional(),
  order_by: z.enum(['id.asc', 'id.desc', 'name.asc', 'member_count.desc']).default('id.asc'),
});
export type ListAdminMemberGroupsQuery = z.input<typeof listAdminMemberGroupsQuery>;
export const memberGroupListResponse = paginated(memberGroupSchema);
export type MemberGroupList = z.infer<typeof memberGroupListResponse>;

const groupName = z.string().trim().min(1, 'name_invalid').max(100, 'name_invalid');
const credits = z.number().int().min(0).max(1_000_000_000);
export const createMemberGroupBody = z.object({
  ko_name: groupName,
  en_name: groupName,
  /** A default group is one a member belongs to first (their affiliation); others are additional groups. */
  is_default: z.boolean().default(false),
  credit_quota: credits.nullish(),
  member_credit_quota: credits.default(0),
});
export type CreateMemberGroupBody = z.input<typeof createMemberGroupBody>;
export const patchMemberGroupBody = z.object({
  ko_name: groupName.optional(),
  en_name: groupName.optional(),
  credit_quota: credits.nullish(),
  member_credit_quota: credits.optional(),
});
export type PatchMemberGroupBody = z.input<typeof patchMemberGroupBody>;

/** `GET /admin/member-groups/usage/`: this month's credits used per group. */
export const memberGroupUsageResponse = z.object({
  period_start: z.string(),
  period_end: z.string(),
  items: z.array(
    z.object({
      member_group_id: z.number().int(),
      ko_name: z.string(),
      en_name: z.string(),
      credit_quota: z.number().int().nullable(),
      used_credit: z.number().int(),
      message_count: z.number().int(),
    }),
  ),
});
export type MemberGroupUsage = z.infer<typeof memberGroupUsageResponse>;

export const groupMemberParams = z.object({ id: z.coerce.number().int().positive(), member_id: z.coerce.number().int().positive() });

const errors = [400, 401, 403, 404, 409, 422] as const;
const admin = { auth: 'admin', tags: ['admin'] } as const;
export const endpoints = defineEndpoints({
  list: { ...admin, method: 'GET', path: '/admin/member-groups/', query: listAdminMemberGroupsQuery, response: memberGroupListResponse, errors },
  create: { ...admin, method: 'POST', path: '/admin/member-groups/', body: createMemberGroupBody, status: 201, response: memberGroupSchema, errors },
  get: { ...admin, method: 'GET', path: '/admin/member-groups/:id/', params: idParam, response: memberGroupSchema, errors },
  update: { ...admin, method: 'PATCH', path: '/admin/member-groups/:id/', params: idParam, body: patchMemberGroupBody, response: memberGroupSchema, errors },
  remove: { ...admin, method: 'DELETE', path: '/admin/member-groups/:id/', params: idParam, response: okBody, errors },
  removeMember: { ...admin, method: 'DELETE', path: '/admin/member-groups/:id/members/:member_id/', params: groupMemberParams, response: okBody, errors },
  /** Served by the credits module. */
  usage: { ...admin, method: 'GET', path: '/admin/member-groups/usage/', response: memberGroupUsageResponse, errors: [401, 403, 404, 422] },
});
