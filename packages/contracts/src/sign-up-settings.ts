import { z } from 'zod';
import { paginated } from './common';

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
export const listMemberGroupsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(100),
  is_default: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  search_term: z.string().trim().max(100).optional(),
  order_by: z.enum(['id.asc', 'id.desc', 'name.asc']).default('id.asc'),
});
export const memberGroupSummaryList = paginated(memberGroupSummarySchema);
export type MemberGroupSummaryList = z.infer<typeof memberGroupSummaryList>;
