import { z } from 'zod';
import { idParam } from './common';
import { defineEndpoints } from './endpoint';

/**
 * Spec §8's credit-depleted texts (the public chatbot creator's is its own code,
 * `creator_credits_depleted`): the organisation's or the group's budget; on the member's own, a
 * free plan asks for an upgrade, a team plan promises the next recharge (only to a member it gives
 * credits: a quota above 0 this month), and any other member is told to ask the administrator.
 */
export const depletedNoticeSchema = z.enum(['tenant', 'group', 'member', 'free_plan', 'team_plan']);
export type DepletedNotice = z.infer<typeof depletedNoticeSchema>;

export const creditCheckSchema = z.object({
  /** Member's remaining credits this month, rounded down. */
  remaining_credit: z.number().int(),
  /** Monthly quota of the member (custom limit, else default group's). */
  quota: z.number().int(),
  /** Credits used this month, rounded down. */
  used_credit: z.number().int(),
  /** The default group's pool: what is left of it this month, null without a pool. */
  group: z.object({ remaining_credit: z.number().int().nullable() }),
  tenant: z.object({ remaining_credit: z.number().int().nullable() }),
  /** Which budget is spent (spec §4), the widest first; null while none is. */
  depleted: z.enum(['tenant', 'group', 'member']).nullable(),
  /** Which §8 text tells the member (null while nothing is spent). */
  depleted_notice: depletedNoticeSchema.nullable(),
  /** The tenant's plan: free | team | enterprise (spec §8's depleted messages differ). */
  plan_kind: z.string(),
  /** Low-cost models stay free to use after depletion on the member's plan (spec §2 New chat target). */
  is_low_llm_free: z.boolean(),
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
  /** The usage card of the last 30 days (spec §9). */
  last_30_days: z.object({ used_credit: z.number().int(), message_count: z.number().int() }),
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

/** The details of a `credits_depleted` (402) error: which budget refused, on which plan (spec §8 variants). */
export const creditsDepletedDetails = z.object({
  scope: z.enum(['member', 'group', 'tenant']),
  /** Which §8 text tells the member. */
  notice: depletedNoticeSchema,
  plan_kind: z.string(),
  member_remaining_credit: z.number().int(),
  tenant_remaining_credit: z.number().int().nullable(),
});
export type CreditsDepletedDetails = z.infer<typeof creditsDepletedDetails>;

const errors = [401, 403, 404, 422] as const;
export const endpoints = defineEndpoints({
  creditCheck: { method: 'GET', path: '/members/:id/credit-check/', tags: ['credits'], params: idParam, response: creditCheckSchema, errors },
  usage: { method: 'GET', path: '/members/:id/usage/', tags: ['credits'], params: idParam, response: usageSchema, errors },
});
