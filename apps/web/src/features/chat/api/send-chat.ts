import type { ChatBody, ChatEvent, ChatMeta } from '@app/contracts/chat';
import type { ChatStreamParser } from '@app/contracts/chat-stream';
import { routes } from '@app/contracts/routes.gen';
import { api, apiFetch, toApiError } from '../../../lib/api-client';

async function* readEvents(body: ReadableStream<Uint8Array>, parser: ChatStreamParser): AsyncGenerator<ChatEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    yield* parser.push(decoder.decode(value, { stream: true }));
  }
}

/**
 * Who is asking: a member (`member`), a member trying their own chatbot in the studio (`test`: the
 * session stays out of My sessions), or a visitor on a public link (`public`: no token, charged to
 * the chatbot's creator).
 */
export type ChatMode = 'member' | 'test' | 'public';

/**
 * POST /chatbots/{id}/chat/ (a visitor's: /public/chatbots/{id}/chat/): resolves with the x-chat-meta header and the event stream once the
 * server has accepted the question; a refusal (402, 403, 413, 422, …) throws an ApiError.
 */
export async function sendChat(chatbotId: number, body: ChatBody, signal: AbortSignal, mode: ChatMode = 'member'): Promise<{ meta: ChatMeta; events: AsyncGenerator<ChatEvent> }> {
  const visitor = mode === 'public';
  // A visitor's question carries no token, even in a browser signed in elsewhere, so nothing is refreshed either.
  const send = visitor
    ? () => apiFetch(routes.chat.sendPublic, { params: { id: chatbotId }, body: { ...body, is_test: false }, signal, anonymous: true })
    : () => apiFetch(routes.chat.send, { params: { id: chatbotId }, body: { ...body, is_test: mode === 'test' }, signal });
  // The stream parser checks events with zod, which stays out of the initial bundle (decision
  // 007): it loads with the first question, while the request is under way.
  const [{ createChatStreamParser }, res] = await Promise.all([import('@app/contracts/chat-stream'), send()]);
  if (!res.ok || !res.body) throw await toApiError(res);
  const meta = JSON.parse(res.headers.get('x-chat-meta') ?? '{}') as ChatMeta;
  return { meta, events: readEvents(res.body, createChatStreamParser()) };
}

/**
 * GET /sessions/{hash}/stream/: the session's running answer, reattached after a reload or a
 * dropped connection — the answer so far (a `snapshot` event), then its events as they come.
 * null when no answer is running (204).
 */
export async function reattachChat(hash: string, signal: AbortSignal): Promise<{ meta: ChatMeta; events: AsyncGenerator<ChatEvent> } | null> {
  const [{ createChatStreamParser }, res] = await Promise.all([import('@app/contracts/chat-stream'), apiFetch(routes.chat.reattach, { params: { hash }, signal })]);
  if (res.status === 204) return null;
  if (!res.body) throw await toApiError(res);
  const meta = JSON.parse(res.headers.get('x-chat-meta') ?? '{}') as ChatMeta;
  return { meta, events: readEvents(res.body, createChatStreamParser()) };
}

/** POST /sessions/{hash}/stop/: the server aborts the answer and keeps it as `stopped`; its stream ends so. */
export function stopAnswer(hash: string) {
  return api(routes.chat.stop, { params: { hash } });
}
