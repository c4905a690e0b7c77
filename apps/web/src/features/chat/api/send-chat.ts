import type { ChatBody, ChatEvent, ChatMeta } from '@app/contracts/chat';
import { apiHeaders, buildUrl, refreshSession, toApiError } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';

/** Splits an SSE byte stream into the JSON events of its `data:` lines. */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ChatEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += decoder.decode(value, { stream: true });
    let i: number;
    while ((i = buf.indexOf('\n\n')) >= 0) {
      const frame = buf.slice(0, i);
      buf = buf.slice(i + 2);
      for (const line of frame.split('\n')) {
        if (!line.startsWith('data:')) continue;
        // The server writes each event through the ChatEvent contract; unknown kinds are skipped.
        const event = JSON.parse(line.slice(5).trim()) as ChatEvent;
        if (typeof event?.type === 'string') yield event;
      }
    }
  }
}

/**
 * POST /chatbots/{id}/chat/: resolves with the x-chat-meta header and the event stream once the
 * server has accepted the question; a refusal (402, 403, 413, 422, …) throws an ApiError.
 */
export async function sendChat(chatbotId: number, body: ChatBody, signal: AbortSignal): Promise<{ meta: ChatMeta; events: AsyncGenerator<ChatEvent> }> {
  const send = () => fetch(buildUrl(`/chatbots/${chatbotId}/chat/`), { method: 'POST', headers: apiHeaders(true), body: JSON.stringify(body), signal, credentials: 'same-origin' });
  let res = await send();
  if (res.status === 401 && authStore.get().accessToken) {
    await refreshSession();
    res = await send();
  }
  if (!res.ok || !res.body) throw await toApiError(res);
  const meta = JSON.parse(res.headers.get('x-chat-meta') ?? '{}') as ChatMeta;
  return { meta, events: readEvents(res.body) };
}
