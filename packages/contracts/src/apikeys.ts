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
