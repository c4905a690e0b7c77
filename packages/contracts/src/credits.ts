import { z } from 'zod';

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
