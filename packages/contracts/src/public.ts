import { z } from 'zod';
import { chatbotModelSchema, chatbotSchema } from './chatbots';
import { hashParam } from './common';
import { defineEndpoints } from './endpoint';
import { historyMessageSchema, historyQuery } from './sessions';

/**
 * Paths under `/public/` need no token (spec §6): a public chatbot's approved version, a visitor's
 * chat with it (charged to the creator), and sessions their members chose to share.
 */
export const publicChatbotSchema = chatbotSchema
  .pick({ id: true, hash_id: true, ko_name: true, en_name: true, profile_image_url: true, ko_key_features: true, en_key_features: true, categories: true })
  .extend({ llm_model: chatbotModelSchema.pick({ display_name: true, supports_thinking: true, supports_web_search: true }) });
export type PublicChatbot = z.infer<typeof publicChatbotSchema>;

export const sharedSessionSchema = z.object({
  share_hash_id: z.string(),
  title: z.string().nullable(),
  created_at: z.string(),
  last_chat_at: z.string(),
  /** Only the chatbot's name and image; `public_hash_id` when it has a public link. */
  chatbot: z.object({
    id: z.number().int(),
    ko_name: z.string(),
    en_name: z.string(),
    profile_image_url: z.string().nullable(),
    public_hash_id: z.string().nullable(),
  }),
});
export type SharedSession = z.infer<typeof sharedSessionSchema>;

export const sharedHistoryResponse = z.object({ items: z.array(historyMessageSchema), has_more: z.boolean() });

/** A chatbot's stored profile image, by the hash in its URL. */
export const chatbotImageParams = z.object({ hash: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

export const endpoints = defineEndpoints({
  chatbot: { method: 'GET', path: '/public/chatbots/:hash/', auth: 'none', tags: ['public'], params: hashParam, response: publicChatbotSchema, errors: [404] },
  chatbotImage: {
    method: 'GET',
    path: '/public/chatbot-images/:hash',
    auth: 'none',
    tenantless: true,
    tags: ['public'],
    description: 'The image bytes (image/webp).',
    params: chatbotImageParams,
    response: null,
    errors: [],
  },
  session: { method: 'GET', path: '/public/sessions/:hash/', auth: 'none', tags: ['public'], params: hashParam, response: sharedSessionSchema, errors: [404] },
  sessionHistory: {
    method: 'GET',
    path: '/public/sessions/:hash/history/',
    auth: 'none',
    tags: ['public'],
    params: hashParam,
    query: historyQuery,
    response: sharedHistoryResponse,
    errors: [404, 422],
  },
});
