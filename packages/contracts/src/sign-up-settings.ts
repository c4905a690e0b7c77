import { z } from 'zod';
import { sendCodeBody, sendCodeResponse, signUpBody, signUpResponse } from './auth';
import { idParam, okBody, pageQuery, pageSize, paginated } from './common';
import { defineEndpoints } from './endpoint';

/** Custom member fields (spec §3): the tenant decides which exist and how they behave. */
export const customFieldTypeSchema = z.enum(['text', 'number']);
export const customFieldSchema = z.object({
  id: z.number().int(),
  ko_name: z.string(),
  en_name: z.string(),
  field_type: customFieldTypeSchema,
  is_signup_field: z.boolean(),
  is_searchable: z.boolean(),
  is_required: z.boolean(),
  is_editable: z.boolean(),
  is_unique: z.boolean(),
  sort_order: z.number().int(),
});
export type CustomField = z.infer<typeof customFieldSchema>;
export const customFieldListResponse = z.object({ items: z.array(customFieldSchema) });
export type CustomFieldList = z.infer<typeof customFieldListResponse>;
export const listCustomFieldsQuery = z.object({
  is_signup_field: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  is_searchable: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  is_editable: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});
const fieldName = z.string().trim().min(1, 'name_invalid').max(100, 'name_invalid');
export const createCustomFieldBody = z.object({
  ko_name: fieldName,
  en_name: fieldName,
  field_type: customFieldTypeSchema.default('text'),
  is_signup_field: z.boolean().default(true),
  is_searchable: z.boolean().default(false),
  is_required: z.boolean().default(false),
  is_editable: z.boolean().default(true),
  is_unique: z.boolean().default(false),
  sort_order: z.number().int().min(0).max(10_000).default(0),
});
export type CreateCustomFieldBody = z.input<typeof createCustomFieldBody>;
export const patchCustomFieldBody = createCustomFieldBody.partial();
export type PatchCustomFieldBody = z.input<typeof patchCustomFieldBody>;

/** Policy agreements (spec §3): text read to the bottom, a video watched to the end, or a link. */
export const policyKindSchema = z.enum(['text', 'video', 'link']);
export const policySchema = z.object({
  id: z.number().int(),
  ko_name: z.string(),
  en_name: z.string(),
  kind: policyKindSchema,
  /** Markdown for `text`. */
  content: z.string(),
  /** The video or the document for `video` and `link`. */
  url: z.string().nullable(),
  is_mandatory: z.boolean(),
  sort_order: z.number().int(),
});
export type Policy = z.infer<typeof policySchema>;
export const policyListResponse = z.object({ items: z.array(policySchema) });
export type PolicyList = z.infer<typeof policyListResponse>;
const policyFields = z.object({
  ko_name: fieldName,
  en_name: fieldName,
  kind: policyKindSchema.default('text'),
  content: z.string().max(100_000).default(''),
  url: z.string().trim().url().max(2000).nullish(),
  is_mandatory: z.boolean().default(true),
  sort_order: z.number().int().min(0).max(10_000).default(0),
});
/** A text policy needs its text; a video or a link needs its URL. */
export const createPolicyBody = policyFields.refine((p) => (p.kind === 'text' ? p.content.trim().length > 0 : !!p.url), { message: 'validation_error', path: ['content'] });
export type CreatePolicyBody = z.input<typeof createPolicyBody>;
export const patchPolicyBody = z.object({
  ko_name: fieldName.optional(),
  en_name: fieldName.optional(),
  kind: policyKindSchema.optional(),
  content: z.string().max(100_000).optional(),
  url: z.string().trim().url().max(2000).nullish(),
  is_mandatory: z.boolean().optional(),
  sort_order: z.number().int().min(0).max(10_000).optional(),
});
export type PatchPolicyBody = z.input<typeof patchPolicyBody>;

/** The tenant's sign-up settings (console "Sign-up settings"). */
export const signUpSettingsSchema = z.object({
  auto_approve: z.boolean(),
  /** Member maximum of the tenant's plan (null = no limit); set by the operator. */
  max_members: z.number().int().nullable(),
  member_count: z.number().int(),
});
export type SignUpSettings = z.infer<typeof signUpSettingsSchema>;
export const patchSignUpSettingsBody = z.object({ auto_approve: z.boolean() });

/** `GET /tenants/member-count-check/`. */
export const memberCountCheckSchema = z.object({
  available: z.boolean(),
  member_count: z.number().int(),
  max_members: z.number().int().nullable(),
});
export type MemberCountCheck = z.infer<typeof memberCountCheckSchema>;

/** `GET /member-groups/`: what sign-up and the member's own pages need of groups. */
export const memberGroupSummarySchema = z.object({
  id: z.number().int(),
  ko_name: z.string(),
  en_name: z.string(),
  is_default: z.boolean(),
});
export type MemberGroupSummary = z.infer<typeof memberGroupSummarySchema>;
export const listMemberGroupsQuery = pageQuery.extend({
  size: pageSize(100, 100),
  is_default: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  search_term: z.string().trim().max(100).optional(),
  order_by: z.enum(['id.asc', 'id.desc', 'name.asc']).default('id.asc'),
});
export const memberGroupSummaryList = paginated(memberGroupSummarySchema);
export type MemberGroupSummaryList = z.infer<typeof memberGroupSummaryList>;

const errors = [401, 403, 404, 422] as const;
const admin = { auth: 'admin', tags: ['admin'] } as const;
/** Sign-up (served by the sign-up module) and what it reads before anyone is signed in (the members module's). */
export const endpoints = defineEndpoints({
  sendCode: {
    method: 'POST',
    path: '/auth/code/',
    auth: 'none',
    // Spec §8: a malformed email is a 400 here.
    malformedIsBadRequest: true,
    tags: ['auth'],
    body: sendCodeBody,
    response: sendCodeResponse,
    errors: [400, 409, 424, 429],
  },
  signUp: { method: 'POST', path: '/auth/sign-up/', auth: 'none', tags: ['auth'], body: signUpBody, status: 201, response: signUpResponse, errors: [400, 401, 402, 409, 422] },
  listPolicies: { method: 'GET', path: '/policies/', auth: 'none', tags: ['auth'], response: policyListResponse, errors: [] },
  listMemberGroups: { method: 'GET', path: '/member-groups/', auth: 'none', tags: ['members'], query: listMemberGroupsQuery, response: memberGroupSummaryList, errors: [422] },
  listCustomFields: { method: 'GET', path: '/custom-fields/', auth: 'none', tags: ['members'], query: listCustomFieldsQuery, response: customFieldListResponse, errors: [422] },
  memberCountCheck: { method: 'GET', path: '/tenants/member-count-check/', auth: 'none', tags: ['tenants'], response: memberCountCheckSchema, errors: [] },
  // Console.
  get: { ...admin, method: 'GET', path: '/admin/sign-up-settings/', response: signUpSettingsSchema, errors },
  update: { ...admin, method: 'PATCH', path: '/admin/sign-up-settings/', body: patchSignUpSettingsBody, response: signUpSettingsSchema, errors },
  listAdminPolicies: { ...admin, method: 'GET', path: '/admin/policies/', response: policyListResponse, errors },
  createPolicy: { ...admin, method: 'POST', path: '/admin/policies/', body: createPolicyBody, status: 201, response: policySchema, errors },
  updatePolicy: { ...admin, method: 'PATCH', path: '/admin/policies/:id/', params: idParam, body: patchPolicyBody, response: policySchema, errors },
  removePolicy: { ...admin, method: 'DELETE', path: '/admin/policies/:id/', params: idParam, response: okBody, errors },
  listAdminCustomFields: { ...admin, method: 'GET', path: '/admin/custom-fields/', response: customFieldListResponse, errors },
  createCustomField: { ...admin, method: 'POST', path: '/admin/custom-fields/', body: createCustomFieldBody, status: 201, response: customFieldSchema, errors },
  updateCustomField: { ...admin, method: 'PATCH', path: '/admin/custom-fields/:id/', params: idParam, body: patchCustomFieldBody, response: customFieldSchema, errors },
  removeCustomField: { ...admin, method: 'DELETE', path: '/admin/custom-fields/:id/', params: idParam, response: okBody, errors },
});
