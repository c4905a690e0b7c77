import { z } from 'zod';

/**
 * Developer API keys (spec §1, §7 `/apikeys/`): a member's named keys for the OpenAI-compatible
 * API under `/v1`. The secret is shown once, when the key is made; the server keeps its hash.
 */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, to tell keys apart (`sk-cb-AbCd…`). */
  prefix: z.string(),
  /** Chatbots the key may use (ids); null = every chatbot its member may use. */
  chatbot_ids: z.array(z.number().int()).nullable(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  request_count: z.number().int(),
  token_count: z.number().int(),
  created_at: z.string(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListResponse = z.object({ items: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListResponse>;

export const API_KEY_LIMITS = { nameMax: 100, keysPerMember: 20, chatbotsMax: 100 } as const;

const id = z.number().int().positive().max(2147483647);
export const createApiKeyBody = z
  .object({
    name: z.string().trim().min(1).max(API_KEY_LIMITS.nameMax),
    /** ISO date-time in the future, or null for a key that does not expire. */
    expires_at: z.iso.datetime({ offset: true }).nullish(),
    chatbot_ids: z.array(id).min(1).max(API_KEY_LIMITS.chatbotsMax).nullish(),
  })
  .strict();
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;
/** The one answer that holds the secret. */
export const createdApiKeySchema = apiKeySchema.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const updateApiKeyBody = z
  .object({
    name: z.string().trim().min(1).max(API_KEY_LIMITS.nameMax),
    chatbot_ids: z.array(id).min(1).max(API_KEY_LIMITS.chatbotsMax).nullable(),
  })
  .partial()
  .strict();
export type UpdateApiKeyBody = z.input<typeof updateApiKeyBody>;

/** OpenAI's chat completion request, as much of it as the platform reads; the rest is accepted and ignored. */
const textPart = z.object({ type: z.literal('text'), text: z.string() }).passthrough();
export const openAiMessageSchema = z
  .object({
    role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
    content: z.union([z.string(), z.array(z.union([textPart, z.object({ type: z.string() }).passthrough()])), z.null()]).optional(),
    name: z.string().optional(),
  })
  .passthrough();
export const chatCompletionBody = z
  .object({
    /** The chatbot: its `hash_id` as `GET /v1/models` lists it. */
    model: z.string().min(1).max(64),
    messages: z.array(openAiMessageSchema).min(1).max(500),
    stream: z.boolean().nullish(),
    stream_options: z.object({ include_usage: z.boolean().optional() }).passthrough().nullish(),
  })
  .passthrough();
export type ChatCompletionBody = z.input<typeof chatCompletionBody>;

export const openAiErrorBody = z.object({
  error: z.object({ message: z.string(), type: z.string(), param: z.string().nullable(), code: z.string().nullable() }),
});
export const openAiModelList = z.object({
  object: z.literal('list'),
  data: z.array(z.object({ id: z.string(), object: z.literal('model'), created: z.number().int(), owned_by: z.string(), name: z.string() })),
});

export const completionUsageSchema = z.object({ prompt_tokens: z.number().int(), completion_tokens: z.number().int(), total_tokens: z.number().int() });
/** `POST /v1/chat/completions` without streaming. */
export const chatCompletionResponse = z.object({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      message: z.object({ role: z.literal('assistant'), content: z.string(), refusal: z.null() }),
      finish_reason: z.string(),
      logprobs: z.null(),
    }),
  ),
  usage: completionUsageSchema,
});
