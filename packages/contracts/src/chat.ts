import { z } from 'zod';
import { hashParam, idParam } from './common';
import { defineEndpoints } from './endpoint';
import { answerNoticeSchema, toolCallRecordSchema, toolEventSchemas, toolFileSchema } from './tools';

import { CHAT_TEXT_MAX_CHARS } from './chat-limits';

export { CHAT_TEXT_MAX_CHARS };

export const chatBody = z.object({
  // No `.max` at the limit: zod would answer 422; the chat's prepare phase answers 413 (and the body limit caps the rest).
  text: z.string().max(1_000_000).default(''),
  file_ids: z.array(z.number().int().positive()).max(20).default([]),
  session_hash_id: z.string().max(64).nullish(),
  session_title: z.string().trim().max(200).nullish(),
  is_test: z.boolean().default(false),
  task_mode_id: z.number().int().positive().nullish(),
  web_search: z.boolean().default(false),
  thinking: z.boolean().default(false),
  /** Default chatbots only: the model picked in the model picker. */
  llm_model_id: z.number().int().positive().nullish(),
});
export type ChatBody = z.input<typeof chatBody>;

/** JSON carried in the `x-chat-meta` response header. */
export const chatMetaSchema = z.object({
  session_hash_id: z.string(),
  session_title: z.string().nullable(),
  chatbot_id: z.number().int(),
  llm_model_id: z.number().int(),
  model: z.string(),
  user_message_id: z.number().int(),
  assistant_message_id: z.number().int(),
  /** Personal data masked out of the question before it was stored or sent (mask mode, spec §4); each masked message costs extra credits. */
  masked: z.array(z.string()).optional(),
  /** With `masked`: the question as it was stored and sent, its personal data masked (the screen shows this, not what was typed). */
  masked_text: z.string().optional(),
});
export type ChatMeta = z.infer<typeof chatMetaSchema>;

/**
 * A source an answer draws on (issue 25 item 5, issue 27 item 1), shown as a numbered citation:
 * a web search result (`web`: title, URL, snippet) or an excerpt of the chatbot's knowledge
 * documents (`document`: the document's name as title, the excerpt as snippet, its score).
 */
export const chatSourceSchema = z.object({
  /** The number the answer cites it by: [1], [2], … */
  index: z.number().int(),
  kind: z.enum(['web', 'document']),
  title: z.string().nullable(),
  url: z.string().nullable(),
  snippet: z.string().nullable(),
  score: z.number().nullable(),
});
export type ChatSource = z.infer<typeof chatSourceSchema>;

/** A file of a message as the history and the stream show it (spec §3: id, url, type, name); `url` is a signed link. */
export const chatFileSchema = toolFileSchema;
export type ChatFile = z.infer<typeof chatFileSchema>;

/** One SSE `data:` line. */
export const chatEventSchema = z.discriminatedUnion('type', [
  /** First event of a reattached stream (`GET /sessions/{hash}/stream/`): the answer so far; deltas follow. */
  z.object({
    type: z.literal('snapshot'),
    text: z.string(),
    reasoning: z.string(),
    /** The answer's tool calls so far (agent steps), with their results where they ended. */
    tool_calls: z.array(toolCallRecordSchema).default([]),
    notice: answerNoticeSchema.nullable().default(null),
  }),
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('reasoning'), text: z.string() }),
  z.object({ type: z.literal('source') }).extend(chatSourceSchema.shape),
  /** A generated image (image models, issue 27 item 2): a file of the session, as the history lists it. */
  z.object({ type: z.literal('image'), file: chatFileSchema }),
  z.object({
    type: z.literal('usage'),
    input_tokens: z.number().int(),
    output_tokens: z.number().int(),
    /** Exact credits charged for this answer (may be fractional). */
    credits: z.number(),
    /** Member's remaining credits, rounded down. */
    remaining_credit: z.number().int(),
  }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
  // Agent steps (decision 050): a tool call's start, arguments and result, a step's end, a notice.
  ...toolEventSchemas,
  // `interrupted`: the server shut down before the answer finished (its grace ran out, decision 040).
  z.object({ type: z.literal('end'), status: z.enum(['completed', 'stopped', 'failed', 'interrupted']) }),
]);
export type ChatEvent = z.infer<typeof chatEventSchema>;

/** `POST /sessions/{hash}/stop/`: whether a running answer of the session was stopped. */
export const stopAnswerResponse = z.object({ stopped: z.boolean() });
export type StopAnswerResponse = z.infer<typeof stopAnswerResponse>;

const streamDescription = 'Answers `text/event-stream`: `data:` lines each holding a JSON chat event; the `x-chat-meta` header holds the session and message ids.';
const streamErrors = [400, 401, 402, 403, 404, 413, 422, 428, 429] as const;

/** The chat's event streams (`response: null`: the handlers write `text/event-stream` themselves). */
export const endpoints = defineEndpoints({
  send: { method: 'POST', path: '/chatbots/:id/chat/', tags: ['chat'], description: streamDescription, params: idParam, body: chatBody, response: null, errors: streamErrors },
  /** A returning reader (a reload, another tab): the running answer so far, then the rest as it comes; 204 when none runs here. */
  reattach: {
    method: 'GET',
    path: '/sessions/:hash/stream/',
    tags: ['chat'],
    description: "Reattaches to the session's running answer: `text/event-stream` starting with a `snapshot` event (the answer so far), then the chat events; 204 when no answer is running.",
    params: hashParam,
    response: null,
    alsoAnswers: { 204: z.null() },
    errors: [401, 403, 404],
  },
  stop: { method: 'POST', path: '/sessions/:hash/stop/', tags: ['chat'], params: hashParam, response: stopAnswerResponse, errors: [401, 403, 404] },
  /** A visitor on a public link (spec §6): no token, the creator's credits, limited per address. */
  sendPublic: { method: 'POST', path: '/public/chatbots/:id/chat/', auth: 'none', tags: ['public'], description: streamDescription, params: idParam, body: chatBody, response: null, errors: streamErrors },
});
