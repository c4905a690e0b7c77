import { z } from 'zod';
import { chatSourceSchema } from './chat';
import { answerNoticeSchema, toolCallRecordSchema } from './tools';
import { hashParam, okBody, pageQuery, pageSize, paginated } from './common';
import { defineEndpoints } from './endpoint';

export const sessionSchema = z.object({
  id: z.number().int(),
  hash_id: z.string(),
  title: z.string().nullable(),
  chatbot_id: z.number().int(),
  chatbot: z.object({ id: z.number().int() }),
  last_chat_at: z.string(),
  created_at: z.string(),
  /** Set while the session is shared as a read-only public page. */
  share_hash_id: z.string().nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

export const listSessionsQuery = z
  .object({ chatbot_id: z.coerce.number().int().positive().optional() })
  .merge(pageQuery)
  .extend({ size: pageSize(30, 100) });
export type ListSessionsQuery = Partial<z.output<typeof listSessionsQuery>>;
export const sessionListResponse = paginated(sessionSchema);
export type SessionList = z.infer<typeof sessionListResponse>;

/** `interrupted`: the process answering died (a crash) or shut down; the text is kept up to its last flush. */
export const messageStatusSchema = z.enum(['streaming', 'completed', 'stopped', 'failed', 'interrupted']);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

export const historyMessageSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  text: z.string(),
  reasoning: z.string().nullable(),
  speaker_type: z.enum(['member', 'chatbot']),
  status: messageStatusSchema,
  llm_model_id: z.number().int().nullable(),
  /** Exact credits this answer cost (may be fractional; screens round down, spec §9). */
  credits: z.number(),
  /**
   * An answer's tokens: the prompt it was given (history, attachments, retrieved text, search
   * results) and what it wrote; 0 for a question. The chat's context indicator starts from them.
   */
  input_tokens: z.number().int().default(0),
  output_tokens: z.number().int().default(0),
  files: z.array(z.object({ id: z.number().int(), url: z.string(), type: z.string(), name: z.string() })),
  /** An answer's sources, cited by their index (web results, knowledge excerpts). */
  sources: z.array(chatSourceSchema).default([]),
  /** An answer's tool calls (agent steps, decision 050), in order, each placed in the text by its `text_offset`. */
  tool_calls: z.array(toolCallRecordSchema).default([]),
  /** Why the answer ended early (the step limit), shown under it. */
  notice: answerNoticeSchema.nullable().default(null),
});
export type HistoryMessage = z.infer<typeof historyMessageSchema>;

export const historyQuery = z.object({
  size: pageSize(20, 100),
  /** Return messages older than this id. */
  first_id: z.coerce.number().int().positive().optional(),
});
export type HistoryQuery = Partial<z.output<typeof historyQuery>>;

/** Oldest first; `has_more` tells whether older messages exist before items[0]. */
export const historyResponse = z.object({ items: z.array(historyMessageSchema), has_more: z.boolean() });
export type History = z.infer<typeof historyResponse>;

export const patchSessionBody = z
  .object({
    title: z.string().trim().min(1).max(200).optional(),
    chatbot_id: z.number().int().positive().optional(),
  })
  .strict();
export type PatchSessionBody = z.infer<typeof patchSessionBody>;

/** Sharing a session: its read-only page is at `path` (/share/{share_hash_id}). */
export const shareSessionResponse = z.object({ share_hash_id: z.string(), path: z.string() });
export type ShareSession = z.infer<typeof shareSessionResponse>;

const tags = ['sessions'];

export const endpoints = defineEndpoints({
  list: { method: 'GET', path: '/sessions/', tags, query: listSessionsQuery, response: sessionListResponse, errors: [401, 403, 404, 422] },
  get: { method: 'GET', path: '/sessions/:hash/', tags, params: hashParam, response: sessionSchema, errors: [401, 403, 404, 422] },
  history: { method: 'GET', path: '/sessions/:hash/history/', tags, params: hashParam, query: historyQuery, response: historyResponse, errors: [401, 403, 404, 422] },
  update: { method: 'PATCH', path: '/sessions/:hash/', tags, params: hashParam, body: patchSessionBody, response: sessionSchema, errors: [401, 403, 404, 422] },
  generateTitle: { method: 'PATCH', path: '/sessions/:hash/generate-title/', tags, params: hashParam, response: sessionSchema, errors: [401, 403, 404, 422] },
  share: {
    method: 'POST',
    path: '/sessions/:hash/share/',
    tags,
    description: 'Shares the session as a read-only page at /share/{share_hash_id}.',
    params: hashParam,
    response: shareSessionResponse,
    errors: [401, 403, 404, 422],
  },
  unshare: { method: 'DELETE', path: '/sessions/:hash/share/', tags, params: hashParam, response: okBody, errors: [401, 403, 404, 422] },
  remove: { method: 'DELETE', path: '/sessions/:hash/', tags, params: hashParam, response: okBody, errors: [401, 403, 404, 422] },
});
