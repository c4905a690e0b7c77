import { z } from 'zod';
import { idParam, okBody, pageQuery, pageSize, paginated, queryBoolean } from './common';
import { defineEndpoints } from './endpoint';
import { categorySchema } from './categories';
import { builtinToolSchema, chatbotToolSettingsSchema } from './tools';

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

/** Limits of the studio's form (spec §9: new chatbots start at temperature 1 and top_p 1). */
export const CHATBOT_LIMITS = {
  nameMax: 100,
  keyFeaturesMax: 1000,
  instructionsMax: 20_000,
  temperatureMin: 0,
  temperatureMax: 2,
  topPMin: 0,
  topPMax: 1,
  categoriesMax: 3,
  documentsMax: 10,
  documentMaxBytes: 10 * 1024 * 1024,
  imageMaxBytes: 5 * 1024 * 1024,
  /** Profile images are stored as squares of this many pixels a side. */
  imageSide: 512,
} as const;
export const CHATBOT_DEFAULTS = { temperature: 1, top_p: 1 } as const;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const DOCUMENT_TYPES = [
  'application/pdf',
  'text/plain',
  'text/markdown',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;

/**
 * Where a chatbot stands with publishing (spec §4): private, waiting for review, public, or its
 * last request rejected (with the admin's reason in `publish_feedback`).
 */
export const publishStatusSchema = z.enum(['private', 'waiting', 'public', 'rejected']);
export type PublishStatus = z.infer<typeof publishStatusSchema>;

export const namedGroupSchema = z.object({ id: z.number().int(), ko_name: z.string(), en_name: z.string() });

export const chatbotDocumentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  created_at: z.string(),
  /** Parsing and indexing for retrieval (files' statuses); null for a document stored before it existed. */
  status: z.enum(['queued', 'parsing', 'parsed', 'partial', 'no_text', 'failed']).nullable(),
  page_count: z.number().int().nullable(),
  /** Why it is partial, has no text or failed. */
  note: z.string().nullable(),
});
export type ChatbotDocument = z.infer<typeof chatbotDocumentSchema>;

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
  /** The member's own chatbot, hidden from their lists (private chatbots only). */
  is_hidden: z.boolean(),
  publish_status: publishStatusSchema,
  /** The admin's reason when the last request was rejected. */
  publish_feedback: z.string().nullable(),
  /** A public chatbot whose draft differs from the approved version (the creator's view only). */
  has_unreleased_changes: z.boolean(),
  creator_id: z.number().int().nullable(),
  llm_model: chatbotModelSchema,
  categories: z.array(categorySchema),
  /**
   * The creator's view (empty for others): the groups that may use it when public; otherwise the
   * groups its latest publish request asked for.
   */
  member_groups: z.array(namedGroupSchema),
  /** Knowledge documents (the creator's view; empty for others). */
  documents: z.array(chatbotDocumentSchema),
  /** Built-in tools switched on (decision 050); a member whose groups may not use one chats without it. */
  tools: z.array(builtinToolSchema),
  /** Model requests one answer may make (agent steps). */
  max_tool_steps: z.number().int(),
  message_count: z.number().int(),
  token_count: z.number().int(),
  month_message_count: z.number().int(),
  month_token_count: z.number().int(),
  last_chat_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Chatbot = z.infer<typeof chatbotSchema>;

export const chatbotOrderBy = z.enum([
  'id.desc',
  'id.asc',
  'created_at.desc',
  'last_chat_at.desc',
  'message_count.desc',
  /** Popular: messages this month. */
  'month_message_count.desc',
  'name.asc',
]);

export const listChatbotsQuery = pageQuery.extend({
  size: pageSize(30, 100),
  include_default: queryBoolean.optional(),
  /** The studio's "show hidden" switch: hidden chatbots are left out otherwise. */
  include_hidden: queryBoolean.optional(),
  search_term: z.string().trim().max(100).optional(),
  category_id: z.coerce.number().int().positive().max(2147483647).optional(),
  order_by: chatbotOrderBy.default('id.desc'),
  is_public: queryBoolean.optional(),
  waiting_publish: queryBoolean.optional(),
  creator_id: z.coerce.number().int().positive().max(2147483647).optional(),
  /** The caller's own id: their recently used chatbots, most recent first (spec §9). */
  member_id: z.coerce.number().int().positive().max(2147483647).optional(),
});
/** Query parameters as a client sends them. */
export type ListChatbotsQuery = Partial<z.output<typeof listChatbotsQuery>>;

export const chatbotListResponse = paginated(chatbotSchema);
export type ChatbotList = z.infer<typeof chatbotListResponse>;

const id = z.number().int().positive().max(2147483647);

/** The studio's form: every field optional, each validated (spec §8: 422). */
export const updateChatbotBody = z
  .object({
    ko_name: z.string().trim().min(1).max(CHATBOT_LIMITS.nameMax),
    en_name: z.string().trim().min(1).max(CHATBOT_LIMITS.nameMax),
    ko_key_features: z.string().trim().max(CHATBOT_LIMITS.keyFeaturesMax),
    en_key_features: z.string().trim().max(CHATBOT_LIMITS.keyFeaturesMax),
    system_instructions: z.string().max(CHATBOT_LIMITS.instructionsMax),
    llm_model_id: id,
    temperature: z.number().min(CHATBOT_LIMITS.temperatureMin).max(CHATBOT_LIMITS.temperatureMax),
    top_p: z.number().min(CHATBOT_LIMITS.topPMin).max(CHATBOT_LIMITS.topPMax),
    category_ids: z.array(id).max(CHATBOT_LIMITS.categoriesMax),
    is_hidden: z.boolean(),
    tools: chatbotToolSettingsSchema.shape.tools,
    max_tool_steps: chatbotToolSettingsSchema.shape.max_tool_steps,
  })
  .partial()
  .strict();
export type UpdateChatbotBody = z.infer<typeof updateChatbotBody>;

/**
 * `PATCH /chatbots/{id}/access/`: going public puts a request in the admins' queue (it needs at
 * least one group); going private takes effect at once.
 */
export const chatbotAccessBody = z
  .object({
    is_public: z.boolean(),
    member_group_ids: z.array(id).max(200).default([]),
    category_id: id.nullish(),
  })
  .strict()
  .refine((b) => !b.is_public || b.member_group_ids.length > 0, { message: 'Choose at least one group', path: ['member_group_ids'] });
export type ChatbotAccessBody = z.input<typeof chatbotAccessBody>;

export const documentParams = z.object({ id: z.coerce.number().int().positive().max(2147483647), document_id: z.coerce.number().int().positive().max(2147483647) });
export const chatbotDocumentsResponse = z.object({ items: z.array(chatbotDocumentSchema) });
export type ChatbotDocuments = z.infer<typeof chatbotDocumentsResponse>;

export const checkPublicHashBody = z.object({ public_hash_id: z.string().min(1).max(64) }).strict();
export const checkPublicHashResponse = z.object({ valid: z.boolean() });
export type CheckPublicHash = z.infer<typeof checkPublicHashResponse>;

const tags = ['chatbots'];

export const endpoints = defineEndpoints({
  list: { method: 'GET', path: '/chatbots/', tags, query: listChatbotsQuery, response: chatbotListResponse, errors: [401, 403, 404, 422] },
  create: { method: 'POST', path: '/chatbots/', tags, description: 'Creates an empty private draft.', status: 201, response: chatbotSchema, errors: [401, 403, 404, 422] },
  get: { method: 'GET', path: '/chatbots/:id/', tags, params: idParam, response: chatbotSchema, errors: [401, 403, 404, 422] },
  update: { method: 'PATCH', path: '/chatbots/:id/', tags, params: idParam, body: updateChatbotBody, response: chatbotSchema, errors: [401, 403, 404, 422] },
  remove: { method: 'DELETE', path: '/chatbots/:id/', tags, params: idParam, response: okBody, errors: [401, 403, 404, 422] },
  setAccess: {
    method: 'PATCH',
    path: '/chatbots/:id/access/',
    tags,
    description: 'Public: a request for the admins to review. Private: at once.',
    params: idParam,
    body: chatbotAccessBody,
    response: chatbotSchema,
    errors: [401, 403, 404, 422],
  },
  markUsed: { method: 'POST', path: '/chatbots/:id/relations/', tags, params: idParam, response: okBody, errors: [401, 403, 404, 422] },
  forgetUsed: { method: 'DELETE', path: '/chatbots/:id/relations/', tags, params: idParam, response: okBody, errors: [401, 403, 404, 422] },
  checkPublicHash: { method: 'POST', path: '/chatbots/:id/check-public-hash/', auth: 'none', tags, params: idParam, body: checkPublicHashBody, response: checkPublicHashResponse, errors: [404, 422] },
  removeDocument: { method: 'DELETE', path: '/chatbots/:id/documents/:document_id/', tags, params: documentParams, response: okBody, errors: [401, 403, 404, 422] },
  uploadImage: {
    method: 'POST',
    path: '/chatbots/:id/profile-image/',
    tags,
    description: 'multipart/form-data with one `file`: PNG, JPEG, WebP or GIF; stored as a 512×512 WebP.',
    params: idParam,
    multipart: true,
    response: chatbotSchema,
    errors: [400, 401, 403, 404, 413, 415, 422, 429],
  },
  uploadDocuments: {
    method: 'POST',
    path: '/chatbots/:id/documents/',
    tags,
    description:
      "multipart/form-data with one or more `files`, checked by their bytes (PDF, DOCX, XLSX, PPTX, CSV, HTML, Markdown, text); parsed and indexed for retrieval afterwards (each document's `status`).",
    params: idParam,
    multipart: true,
    response: chatbotDocumentsResponse,
    errors: [400, 401, 403, 404, 413, 415, 422, 429],
  },
});
