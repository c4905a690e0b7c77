import { z } from 'zod';
import { languageSchema } from './common';

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
  created_at: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const patchMemberBody = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    language: languageSchema.optional(),
  })
  .strict();
export type PatchMemberBody = z.infer<typeof patchMemberBody>;

export const creditCheckSchema = z.object({
  /** Member's remaining credits this month, rounded down. */
  remaining_credit: z.number().int(),
  /** Monthly quota of the member (custom limit, else default group's). */
  quota: z.number().int(),
  /** Credits used this month, rounded down. */
  used_credit: z.number().int(),
  tenant: z.object({ remaining_credit: z.number().int().nullable() }),
});
export type CreditCheck = z.infer<typeof creditCheckSchema>;

export const usageSchema = z.object({
  period_start: z.string(),
  period_end: z.string(),
  quota: z.number().int(),
  used_credit: z.number().int(),
  remaining_credit: z.number().int(),
  message_count: z.number().int(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  by_model: z.array(
    z.object({
      llm_model_id: z.number().int(),
      display_name: z.string(),
      message_count: z.number().int(),
      input_tokens: z.number().int(),
      output_tokens: z.number().int(),
      used_credit: z.number().int(),
    }),
  ),
});
export type Usage = z.infer<typeof usageSchema>;
