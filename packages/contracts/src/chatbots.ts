import { z } from 'zod';
import { paginated, queryBoolean } from './common';
import { categorySchema } from './categories';

export const chatbotModelSchema = z.object({
  id: z.number().int(),
  display_name: z.string(),
  provider: z.string(),
  is_available: z.boolean(),
  is_low_llm: z.boolean(),
  supports_thinking: z.boolean(),
  supports_web_search: z.boolean(),
  context_limit: z.number().int(),
});

export const chatbotSchema = z.object({
  id: z.number().int(),
  hash_id: z.string(),
  ko_name: z.string(),
  en_name: z.string(),
  profile_image_url: z.string().nullable(),
  ko_key_features: z.string(),
  en_key_features: z.string(),
  system_instructions: z.string(),
  temperature: z.number(),
  top_p: z.number(),
  is_public: z.boolean(),
  is_default: z.boolean(),
  waiting_publish: z.boolean(),
  creator_id: z.number().int().nullable(),
  llm_model: chatbotModelSchema,
  categories: z.array(categorySchema),
  message_count: z.number().int(),
  last_chat_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Chatbot = z.infer<typeof chatbotSchema>;

export const chatbotOrderBy = z.enum(['id.desc', 'id.asc', 'created_at.desc', 'last_chat_at.desc', 'message_count.desc', 'name.asc']);

export const listChatbotsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(30),
  include_default: queryBoolean.optional(),
  search_term: z.string().trim().max(100).optional(),
  category_id: z.coerce.number().int().positive().optional(),
  order_by: chatbotOrderBy.default('id.desc'),
  is_public: queryBoolean.optional(),
  creator_id: z.coerce.number().int().positive().optional(),
});
/** Query parameters as a client sends them. */
export type ListChatbotsQuery = Partial<z.output<typeof listChatbotsQuery>>;

export const chatbotListResponse = paginated(chatbotSchema);
export type ChatbotList = z.infer<typeof chatbotListResponse>;
