import { z } from 'zod';
import { okBody } from './common';
import { defineEndpoints } from './endpoint';

export const providerSchema = z.enum(['openai', 'anthropic', 'google', 'openai-compatible', 'offline']);
export type Provider = z.infer<typeof providerSchema>;

export const llmModelSchema = z.object({
  id: z.number().int(),
  provider: providerSchema,
  model_name: z.string(),
  display_name: z.string(),
  context_limit: z.number().int(),
  /** Credits per 10K input tokens. */
  input_cost_per_10k: z.number(),
  /** Credits per 10K output tokens. */
  output_cost_per_10k: z.number(),
  is_low_llm: z.boolean(),
  /** Whether the acting member's groups may use it. */
  is_available: z.boolean(),
  release_date: z.string().nullable(),
  supports_vision: z.boolean(),
  supports_thinking: z.boolean(),
  supports_web_search: z.boolean(),
  supports_image_generation: z.boolean(),
  /** Credits per generated image (image generation models; 0 for others). */
  image_cost: z.number(),
});
export type LlmModel = z.infer<typeof llmModelSchema>;

export const llmModelListResponse = z.object({ items: z.array(llmModelSchema) });
export type LlmModelList = z.infer<typeof llmModelListResponse>;

/** `GET /admin/llm-models/`: the tenant's models with their availability per member group. */
export const adminLlmModelSchema = llmModelSchema.omit({ is_available: true }).extend({
  is_enabled: z.boolean(),
  member_groups: z.array(z.object({ member_group_id: z.number().int(), ko_name: z.string(), en_name: z.string(), is_available: z.boolean() })),
});
export type AdminLlmModel = z.infer<typeof adminLlmModelSchema>;
export const adminLlmModelListResponse = z.object({ items: z.array(adminLlmModelSchema) });
export type AdminLlmModelList = z.infer<typeof adminLlmModelListResponse>;
export const modelGroupParams = z.object({ model: z.coerce.number().int().positive(), group: z.coerce.number().int().positive() });
export const patchModelGroupAccessBody = z.object({ is_available: z.boolean() });
export type PatchModelGroupAccessBody = z.infer<typeof patchModelGroupAccessBody>;

const adminErrors = [400, 401, 403, 404, 422] as const;

export const endpoints = defineEndpoints({
  list: { method: 'GET', path: '/llm-models/', tags: ['models'], response: llmModelListResponse, errors: [401] },
  listAdmin: { method: 'GET', path: '/admin/llm-models/', auth: 'admin', tags: ['admin'], response: adminLlmModelListResponse, errors: adminErrors },
  setGroupAccess: {
    method: 'PATCH',
    path: '/admin/llm-models/:model/member-groups/:group/',
    auth: 'admin',
    tags: ['admin'],
    params: modelGroupParams,
    body: patchModelGroupAccessBody,
    response: okBody,
    errors: adminErrors,
  },
});
