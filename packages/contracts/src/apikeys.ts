import { z } from 'zod';
import { idParam, listOf, okBody } from './common';
import { defineEndpoints } from './endpoint';

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
export const apiKeyListResponse = listOf(apiKeySchema);
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

const keyErrors = [401, 403, 404, 422] as const;

/** `/apikeys/` (spec §7): the member's own developer keys. The `/v1` API they open is `openai.ts`'s. */
export const endpoints = defineEndpoints({
  list: { method: 'GET', path: '/apikeys/', tags: ['developers'], response: apiKeyListResponse, errors: keyErrors },
  create: {
    method: 'POST',
    path: '/apikeys/',
    tags: ['developers'],
    description: 'The answer holds the secret, shown this once.',
    body: createApiKeyBody,
    status: 201,
    response: createdApiKeySchema,
    errors: keyErrors,
  },
  update: { method: 'PATCH', path: '/apikeys/:id/', tags: ['developers'], params: idParam, body: updateApiKeyBody, response: apiKeySchema, errors: keyErrors },
  remove: { method: 'DELETE', path: '/apikeys/:id/', tags: ['developers'], description: 'Revokes the key at once.', params: idParam, response: okBody, errors: keyErrors },
});

/**
 * OpenAI's chat completion request, as much of it as the platform reads (decision 053): the client's
 * tools and their calls, the sampling parameters, `response_format`. Fields the model would need
 * and the platform cannot honour are refused by the route with a 400 naming them; the rest of
 * OpenAI's fields (`metadata`, `store`, …) are accepted and ignored.
 */
const textPart = z.object({ type: z.literal('text'), text: z.string() }).passthrough();
const toolCallSchema = z
  .object({
    id: z.string().min(1).max(200),
    type: z.literal('function').default('function'),
    function: z.object({ name: z.string().min(1).max(64), arguments: z.string().max(1_000_000) }).passthrough(),
  })
  .passthrough();
export const openAiMessageSchema = z
  .object({
    role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
    content: z.union([z.string(), z.array(z.union([textPart, z.object({ type: z.string() }).passthrough()])), z.null()]).optional(),
    name: z.string().optional(),
    /** An assistant's calls of the client's tools, as an earlier answer gave them. */
    tool_calls: z.array(toolCallSchema).max(128).nullish(),
    /** A `tool` message: the call it answers. */
    tool_call_id: z.string().min(1).max(200).optional(),
  })
  .passthrough()
  .superRefine((m, ctx) => {
    if (m.role === 'tool' && !m.tool_call_id) ctx.addIssue({ code: 'custom', path: ['tool_call_id'], message: 'A tool message needs the `tool_call_id` it answers' });
  });
/** A function the client offers the model; the client runs it (the platform never does). */
const functionToolSchema = z
  .object({
    type: z.literal('function'),
    function: z
      .object({
        name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, 'A function name is 1 to 64 letters, digits, _ or -'),
        description: z.string().max(10_000).optional(),
        parameters: z.record(z.string(), z.unknown()).optional(),
        strict: z.boolean().nullish(),
      })
      .passthrough(),
  })
  .passthrough();
const toolChoiceSchema = z.union([
  z.enum(['auto', 'none', 'required']),
  z.object({ type: z.literal('function'), function: z.object({ name: z.string().min(1).max(64) }).passthrough() }).passthrough(),
]);
const responseFormatSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text') }).passthrough(),
  z.object({ type: z.literal('json_object') }).passthrough(),
  z
    .object({
      type: z.literal('json_schema'),
      json_schema: z
        .object({ name: z.string().min(1).max(64), description: z.string().max(10_000).optional(), schema: z.record(z.string(), z.unknown()).optional(), strict: z.boolean().nullish() })
        .passthrough(),
    })
    .passthrough(),
]);
const tokens = z.number().int().positive().max(1_000_000);
const penalty = z.number().min(-2).max(2);
export const chatCompletionBody = z
  .object({
    /** The chatbot: its `hash_id` as `GET /v1/models` lists it. */
    model: z.string().min(1).max(64),
    messages: z.array(openAiMessageSchema).min(1).max(500),
    stream: z.boolean().nullish(),
    stream_options: z.object({ include_usage: z.boolean().optional() }).passthrough().nullish(),
    tools: z.array(functionToolSchema).max(128).nullish(),
    tool_choice: toolChoiceSchema.nullish(),
    parallel_tool_calls: z.boolean().nullish(),
    response_format: responseFormatSchema.nullish(),
    max_tokens: tokens.nullish(),
    max_completion_tokens: tokens.nullish(),
    stop: z.union([z.string().min(1).max(500), z.array(z.string().min(1).max(500)).max(4)]).nullish(),
    seed: z.number().int().nullish(),
    temperature: z.number().min(0).max(2).nullish(),
    top_p: z.number().min(0).max(1).nullish(),
    presence_penalty: penalty.nullish(),
    frequency_penalty: penalty.nullish(),
    logit_bias: z.record(z.string().regex(/^\d+$/, 'logit_bias keys are token ids'), z.number().min(-100).max(100)).nullish(),
    user: z.string().max(256).nullish(),
    /** A reasoning model's effort; set (not `none`), its reasoning streams as `reasoning_content`. */
    reasoning_effort: z.enum(['none', 'minimal', 'low', 'medium', 'high', 'xhigh']).nullish(),
    /** One choice only: `n` > 1 is refused with a 400 naming it (decision 053). */
    n: z.number().int().min(1).max(128).nullish(),
    logprobs: z.boolean().nullish(),
    top_logprobs: z.number().int().min(0).max(20).nullish(),
  })
  .passthrough();
export type ChatCompletionBody = z.input<typeof chatCompletionBody>;

export const openAiErrorBody = z.object({
  error: z.object({ message: z.string(), type: z.string(), param: z.string().nullable(), code: z.string().nullable() }),
});
/** `GET /v1/models/{id}`: one chatbot the key may use. */
export const openAiModel = z.object({ id: z.string(), object: z.literal('model'), created: z.number().int(), owned_by: z.string(), name: z.string() });
export const openAiModelList = z.object({ object: z.literal('list'), data: z.array(openAiModel) });

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
      message: z.object({
        role: z.literal('assistant'),
        /** Null when the model answered with tool calls only. */
        content: z.string().nullable(),
        /** A reasoning model's reasoning, when the request set `reasoning_effort`. */
        reasoning_content: z.string().optional(),
        refusal: z.null(),
        tool_calls: z.array(z.object({ id: z.string(), type: z.literal('function'), function: z.object({ name: z.string(), arguments: z.string() }) })).optional(),
      }),
      finish_reason: z.string(),
      logprobs: z.null(),
    }),
  ),
  usage: completionUsageSchema,
});
