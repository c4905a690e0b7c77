import type { AddressInfo } from 'node:net';
import type { ChatEvent, ChatMeta } from '@app/contracts/chat';
import { createChatStreamParser } from '@app/contracts/chat-stream';
import type { TestApp, TestTenant } from './test-app';

/** Listens on an ephemeral port once, so streams go over real HTTP (inject buffers the body). */
export async function baseUrlOf(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

export interface StreamResult {
  status: number;
  meta: ChatMeta | null;
  events: ChatEvent[];
  /** ms since the request for each event: shows chunks arrive incrementally. */
  times: number[];
  body: unknown;
}

export interface ReadOptions {
  /** Leave (close the connection) after this many text events. */
  abortAfterTextEvents?: number;
  /** Called with each event as it arrives. */
  onEvent?: (e: ChatEvent) => void;
}

/** Reads a chat response: JSON for a refusal (or 204), else the event stream until it ends or the reader leaves. */
async function readChatResponse(res: Response, controller: AbortController, started: number, opts: ReadOptions): Promise<StreamResult> {
  if (res.status === 204) return { status: 204, meta: null, events: [], times: [], body: null };
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    return { status: res.status, meta: null, events: [], times: [], body: await res.json() };
  }
  const meta = JSON.parse(res.headers.get('x-chat-meta') ?? 'null') as ChatMeta;
  const events: ChatEvent[] = [];
  const times: number[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const parser = createChatStreamParser();
  let texts = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const e of parser.push(decoder.decode(value, { stream: true }))) {
        events.push(e);
        times.push(Date.now() - started);
        opts.onEvent?.(e);
        if (e.type === 'text') texts += 1;
        if (opts.abortAfterTextEvents && texts >= opts.abortAfterTextEvents) {
          controller.abort();
          return { status: res.status, meta, events, times, body: null };
        }
      }
    }
  } catch (err) {
    if ((err as Error).name !== 'AbortError') throw err;
  }
  return { status: res.status, meta, events, times, body: null };
}

export async function streamChat(
  t: TestApp,
  tenant: TestTenant,
  token: string | null,
  chatbotId: number,
  payload: Record<string, unknown>,
  /** `visitor`: the public chat path, without a token. */
  opts: ReadOptions & { visitor?: boolean } = {},
): Promise<StreamResult> {
  const base = await baseUrlOf(t);
  await t.settle();
  const controller = new AbortController();
  const started = Date.now();
  const res = await fetch(`${base}/api${opts.visitor ? '/public' : ''}/chatbots/${chatbotId}/chat/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tenant-subdomain': tenant.subdomain, ...(token ? { 'x-access-token': token } : {}) },
    body: JSON.stringify(payload),
    signal: controller.signal,
  });
  return readChatResponse(res, controller, started, opts);
}

/** `GET /sessions/{hash}/stream/`: a returning reader of the session's running answer (204 when none runs). */
export async function reattach(t: TestApp, tenant: TestTenant, token: string, hash: string, opts: ReadOptions = {}): Promise<StreamResult> {
  const base = await baseUrlOf(t);
  const controller = new AbortController();
  const started = Date.now();
  const res = await fetch(`${base}/api/sessions/${hash}/stream/`, {
    headers: { 'x-tenant-subdomain': tenant.subdomain, 'x-access-token': token },
    signal: controller.signal,
  });
  return readChatResponse(res, controller, started, opts);
}

export const textOf = (events: ChatEvent[]) => events.map((e) => (e.type === 'text' ? e.text : '')).join('');
