import { z } from 'zod';
import { defineEndpoints } from './endpoint';

/**
 * The OpenAI-compatible developer API (issue 28) under `/v1`, called with a developer key
 * (`apikeys.ts`) as `Authorization: Bearer <key>`. Its paths are relative to `/v1`, not `/api`,
 * and its errors go out in OpenAI's shape (`openAiErrorBody`): a developer's OpenAI client calls
 * these, never the web app.
 */

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

export const openAiModelParams = z.object({ id: z.string().min(1).max(64) });

/** Every error is documented in both shapes: the platform's, re-shaped as OpenAI's before it goes out. */
const openAiErrors = [400, 401, 402, 403, 404, 413, 428, 429] as const;

export const endpoints = defineEndpoints({
  listModels: {
    method: 'GET',
    path: '/models',
    auth: 'none',
    tenantless: true,
    tags: ['developer API'],
    description: 'The chatbots the key may use; `id` is the model to ask for.',
    response: openAiModelList,
    errors: openAiErrors,
  },
  getModel: {
    method: 'GET',
    path: '/models/:id',
    auth: 'none',
    tenantless: true,
    tags: ['developer API'],
    description: 'One chatbot the key may use, as `GET /v1/models` lists it.',
    params: openAiModelParams,
    response: openAiModel,
    errors: openAiErrors,
  },
  /** `stream: true` answers an event stream (no JSON schema); otherwise one completion. */
  complete: {
    method: 'POST',
    path: '/chat/completions',
    auth: 'none',
    tenantless: true,
    tags: ['developer API'],
    description: 'OpenAI chat completions; `model` is a chatbot id from `/v1/models`. `stream: true` answers server-sent chunks ending in `data: [DONE]`.',
    body: chatCompletionBody,
    response: null,
    alsoAnswers: { 200: chatCompletionResponse },
    errors: openAiErrors,
  },
}, { base: '/v1' });
