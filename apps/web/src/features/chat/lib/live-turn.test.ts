import type { ChatEvent, ChatMeta } from '@app/contracts/chat';
import type { HistoryMessage } from '@app/contracts/sessions';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { chatMessages, createLiveTurns, type LiveTurn, type TurnCallbacks } from './live-turn';

const meta = (n: number): ChatMeta => ({
  session_hash_id: 'hash-1',
  session_title: 'Title',
  chatbot_id: 7,
  llm_model_id: 1,
  model: 'fake-model',
  user_message_id: n,
  assistant_message_id: n + 1,
});

const encoder = new TextEncoder();
type Reply = (init: RequestInit) => Promise<Response>;
let replies: Reply[];
let requests: RequestInit[];
let urls: string[];

/** The next request is the stop call: the server answers that it stopped the answer. */
function stopReply() {
  replies.push(async () => new Response(JSON.stringify({ stopped: true }), { status: 200, headers: { 'content-type': 'application/json' } }));
}

/** The next chat request answers 200 with this meta and a body the test writes frame by frame; an abort breaks the body as fetch does. */
function streamReply(m: ChatMeta) {
  let body!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (body = c) });
  replies.push(async (init) => {
    init.signal?.addEventListener('abort', () => body.error(new DOMException('The operation was aborted.', 'AbortError')));
    return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream', 'x-chat-meta': JSON.stringify(m) } });
  });
  return {
    send: (e: ChatEvent) => body.enqueue(encoder.encode(`data: ${JSON.stringify(e)}\n\n`)),
    ping: () => body.enqueue(encoder.encode(': ping\n\n')),
    close: () => body.close(),
    breakOff: () => body.error(new TypeError('network error')),
  };
}

/** The next chat request is answered with an error body before any stream. */
function refuseWith(status: number, code: string) {
  replies.push(async () => new Response(JSON.stringify({ error: { code, message: code } }), { status, headers: { 'content-type': 'application/json' } }));
}

function callbacks() {
  return { onMeta: vi.fn(), onRefused: vi.fn(), onStreamError: vi.fn(), onDone: vi.fn() } satisfies Required<TurnCallbacks>;
}

const row = (id: number, speaker: HistoryMessage['speaker_type'], text: string, status: HistoryMessage['status']): HistoryMessage => ({
  id,
  created_at: '2026-01-01T00:00:00Z',
  text,
  reasoning: null,
  speaker_type: speaker,
  status,
  llm_model_id: 1,
  credits: 0,
  input_tokens: 0,
  output_tokens: 0,
  files: [],
  sources: [],
  tool_calls: [],
  notice: null,
});

beforeEach(() => {
  replies = [];
  requests = [];
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      requests.push(init);
      urls.push(String(url));
      const reply = replies.shift();
      if (!reply) throw new Error('unexpected request');
      return reply(init);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('live turn', () => {
  it('goes sending → streaming → completed, with the streamed text and reasoning', async () => {
    const turns = createLiveTurns();
    const s = streamReply(meta(10));
    const cb = callbacks();
    const done = turns.send(7, { text: 'Hi', thinking: true }, cb);
    expect(turns.get()).toMatchObject([{ chatbotId: 7, question: 'Hi', status: 'sending', meta: null }]);
    await vi.waitFor(() => expect(turns.get()[0]?.status).toBe('streaming'));
    expect(cb.onMeta).toHaveBeenCalledWith(meta(10));
    s.send({ type: 'reasoning', text: 'Thinking…' });
    s.ping();
    s.send({ type: 'text', text: 'Hello' });
    s.send({ type: 'text', text: ' world' });
    s.send({ type: 'usage', input_tokens: 1, output_tokens: 2, credits: 1, remaining_credit: 9 });
    s.send({ type: 'end', status: 'completed' });
    s.close();
    await done;
    expect(turns.get()).toMatchObject([{ status: 'completed', text: 'Hello world', reasoning: 'Thinking…', meta: meta(10), credits: 1 }]);
    expect(cb.onDone).toHaveBeenCalledWith(turns.get()[0]);
    expect(cb.onRefused).not.toHaveBeenCalled();
    expect(cb.onStreamError).not.toHaveBeenCalled();
    expect(JSON.parse(String(requests[0]?.body))).toMatchObject({ text: 'Hi', thinking: true });
  });

  it('keeps the tool calls as they stream, the text before a call released first, and the notice', async () => {
    const turns = createLiveTurns();
    const s = streamReply(meta(10));
    const done = turns.send(7, { text: 'Time?' }, callbacks());
    await vi.waitFor(() => expect(turns.get()[0]?.status).toBe('streaming'));
    s.send({ type: 'text', text: 'Checking.' });
    s.send({ type: 'tool_call', id: 'c1', step: 1, name: 'current_time', text_offset: 9 });
    await vi.waitFor(() => expect(turns.get()[0]?.toolCalls).toHaveLength(1));
    expect(turns.get()[0]).toMatchObject({ text: 'Checking.', toolCalls: [{ id: 'c1', status: 'running', text_offset: 9 }] });
    s.send({ type: 'tool_input', id: 'c1', input: { timezone: 'UTC' } });
    s.send({ type: 'tool_result', id: 'c1', status: 'done', output: '10:00', duration_ms: 4, files: [] });
    s.send({ type: 'step_end', step: 1 });
    s.send({ type: 'text', text: ' Ten.' });
    s.send({ type: 'notice', code: 'tool_step_limit' });
    s.send({ type: 'end', status: 'completed' });
    s.close();
    await done;
    expect(turns.get()[0]).toMatchObject({
      text: 'Checking. Ten.',
      notice: 'tool_step_limit',
      toolCalls: [{ id: 'c1', input: { timezone: 'UTC' }, output: '10:00', status: 'done', duration_ms: 4 }],
    });
    expect(chatMessages([], turns.get()).at(-1)).toMatchObject({ notice: 'tool_step_limit', toolCalls: [{ id: 'c1' }] });
  });

  it('stop asks the server, which ends the stream as stopped; the text received so far stays', async () => {
    const turns = createLiveTurns();
    const s = streamReply(meta(10));
    const cb = callbacks();
    const done = turns.send(7, { text: 'Count' }, cb);
    await vi.waitFor(() => expect(turns.get()[0]?.status).toBe('streaming'));
    s.send({ type: 'text', text: 'one two' });
    await vi.waitFor(() => expect(turns.get()[0]?.text).toBe('one two'));
    stopReply();
    turns.stop();
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.method).toBe('POST');
    expect(urls[1]).toContain('/sessions/hash-1/stop/');
    s.send({ type: 'end', status: 'stopped' });
    s.close();
    await done;
    expect(requests[0]?.signal?.aborted).toBe(false);
    expect(turns.get()).toMatchObject([{ status: 'stopped', text: 'one two' }]);
    expect(cb.onDone).toHaveBeenCalledWith(expect.objectContaining({ status: 'stopped' }));
    expect(cb.onStreamError).not.toHaveBeenCalled();
  });

  it('a second send aborts the first stream; the first stays, stopped, until the history settles it', async () => {
    const turns = createLiveTurns();
    const first = streamReply(meta(10));
    const firstCb = callbacks();
    const firstDone = turns.send(7, { text: 'First' }, firstCb);
    await vi.waitFor(() => expect(turns.get()[0]?.status).toBe('streaming'));
    first.send({ type: 'text', text: 'partial' });
    await vi.waitFor(() => expect(turns.get()[0]?.text).toBe('partial'));

    const second = streamReply(meta(12));
    const secondDone = turns.send(7, { text: 'Second', session_hash_id: 'hash-1' }, callbacks());
    await firstDone;
    expect(requests[0]?.signal?.aborted).toBe(true);
    expect(turns.get().map((t) => [t.question, t.status])).toEqual([
      ['First', 'stopped'],
      ['Second', 'sending'],
    ]);
    expect(firstCb.onStreamError).not.toHaveBeenCalled();

    await vi.waitFor(() => expect(turns.get()[1]?.status).toBe('streaming'));
    second.send({ type: 'text', text: 'Second answer.' });
    second.send({ type: 'end', status: 'completed' });
    second.close();
    await secondDone;
    expect(requests[1]?.signal?.aborted).toBe(false);
    expect(turns.get().map((t) => [t.text, t.status])).toEqual([
      ['partial', 'stopped'],
      ['Second answer.', 'completed'],
    ]);
  });

  it('a refused request (non-2xx) calls onRefused with the ApiError and leaves no turn', async () => {
    const turns = createLiveTurns();
    refuseWith(402, 'credits_depleted');
    const cb = callbacks();
    await turns.send(7, { text: 'Hi' }, cb);
    expect(turns.get()).toEqual([]);
    expect(cb.onRefused).toHaveBeenCalledTimes(1);
    const err = cb.onRefused.mock.calls[0]?.[0] as unknown;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 402, code: 'credits_depleted' });
    expect(cb.onMeta).not.toHaveBeenCalled();
    expect(cb.onDone).not.toHaveBeenCalled();
  });

  it('a stop before the server answered stops the answer as soon as the server names its session', async () => {
    const turns = createLiveTurns();
    const s = streamReply(meta(10));
    const cb = callbacks();
    const done = turns.send(7, { text: 'Hi' }, cb);
    stopReply();
    turns.stop();
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(urls[1]).toContain('/sessions/hash-1/stop/');
    s.send({ type: 'end', status: 'stopped' });
    s.close();
    await done;
    expect(turns.get()).toMatchObject([{ status: 'stopped' }]);
    expect(cb.onRefused).not.toHaveBeenCalled();
  });

  it('reattaches to a running answer: the snapshot, then the rest; none running → false', async () => {
    const turns = createLiveTurns();
    const s = streamReply(meta(10));
    const cb = callbacks();
    const done = turns.reattach(7, 'hash-1', 'Tell me', cb);
    await vi.waitFor(() => expect(turns.get()).toHaveLength(1));
    expect(urls[0]).toContain('/sessions/hash-1/stream/');
    const step = { id: 'c1', step: 1, name: 'current_time', input: {}, output: '10:00', status: 'done' as const, duration_ms: 3, text_offset: 4, files: [] };
    s.send({ type: 'snapshot', text: 'one two ', reasoning: '', tool_calls: [step], notice: null });
    s.send({ type: 'text', text: 'three' });
    s.send({ type: 'end', status: 'completed' });
    s.close();
    expect(await done).toBe(true);
    expect(turns.get()).toMatchObject([{ question: 'Tell me', text: 'one two three', status: 'completed', meta: meta(10), toolCalls: [step] }]);
    expect(cb.onDone).toHaveBeenCalledTimes(1);

    replies.push(async () => new Response(null, { status: 204 }));
    expect(await turns.reattach(7, 'hash-2', 'Other', callbacks())).toBe(false);
    expect(turns.get()).toHaveLength(1);
  });

  it('an error event reports its code with the catalogue status; the turn ends failed', async () => {
    const turns = createLiveTurns();
    const s = streamReply(meta(10));
    const cb = callbacks();
    const done = turns.send(7, { text: 'Hi' }, cb);
    await vi.waitFor(() => expect(turns.get()[0]?.status).toBe('streaming'));
    s.send({ type: 'text', text: 'Half' });
    s.send({ type: 'error', code: 'model_failed', message: 'Chat processing failed; try again' });
    s.send({ type: 'end', status: 'failed' });
    s.close();
    await done;
    expect(cb.onStreamError).toHaveBeenCalledTimes(1);
    expect(cb.onStreamError.mock.calls[0]?.[0]).toMatchObject({ status: 502, code: 'model_failed' });
    expect(turns.get()).toMatchObject([{ status: 'failed', text: 'Half' }]);
  });

  it('a stream that breaks off ends the turn failed and reports the error', async () => {
    const turns = createLiveTurns();
    const s = streamReply(meta(10));
    const cb = callbacks();
    const done = turns.send(7, { text: 'Hi' }, cb);
    await vi.waitFor(() => expect(turns.get()[0]?.status).toBe('streaming'));
    s.breakOff();
    await done;
    expect(turns.get()).toMatchObject([{ status: 'failed' }]);
    expect(cb.onStreamError).toHaveBeenCalledWith(expect.any(TypeError));
    expect(cb.onDone).toHaveBeenCalledTimes(1);
  });
});

describe('chat messages: history with the turns over it', () => {
  const stopped: LiveTurn = { id: 1, chatbotId: 7, meta: meta(10), question: 'Count', text: 'one two', reasoning: '', status: 'stopped', credits: 0.25, sources: [], files: [], images: [], toolCalls: [], notice: null };
  const earlier = [row(8, 'member', 'Before', 'completed'), row(9, 'chatbot', 'Earlier answer', 'completed')];

  it('keeps the stopped answer’s own text while the history still has its row streaming', () => {
    const rows = [...earlier, row(10, 'member', 'Count', 'completed'), row(11, 'chatbot', 'one', 'streaming')];
    expect(chatMessages(rows, [stopped]).map((m) => [m.key, m.text, m.status])).toEqual([
      ['m8', 'Before', 'completed'],
      ['m9', 'Earlier answer', 'completed'],
      ['m10', 'Count', 'completed'],
      ['m11', 'one two', 'stopped'],
    ]);
  });

  it('shows the turn after the history when the history does not have its rows yet', () => {
    expect(chatMessages(earlier, [stopped]).map((m) => [m.key, m.text])).toEqual([
      ['m8', 'Before'],
      ['m9', 'Earlier answer'],
      ['m10', 'Count'],
      ['m11', 'one two'],
    ]);
    const sending: LiveTurn = { ...stopped, id: 2, meta: null, text: '', status: 'sending' };
    expect(chatMessages([], [sending]).map((m) => [m.key, m.role, m.status])).toEqual([
      ['t2q', 'member', 'completed'],
      ['t2a', 'chatbot', 'sending'],
    ]);
  });

  it('shows the history’s row once it is settled, and then lets go of the turn', () => {
    const rows = [...earlier, row(10, 'member', 'Count', 'completed'), row(11, 'chatbot', 'one two three', 'stopped')];
    expect(chatMessages(rows, [stopped]).at(-1)).toMatchObject({ key: 'm11', text: 'one two three', status: 'stopped' });
  });

  it('answers carry their model and credits: the history row’s, or the live turn’s meta and usage', () => {
    const rows = [...earlier, { ...row(10, 'member', 'Count', 'completed'), llm_model_id: null }, row(11, 'chatbot', 'one', 'streaming')];
    const shown = chatMessages(rows, [stopped]);
    expect(shown[1]).toMatchObject({ role: 'chatbot', modelId: 1, modelName: null, credits: 0 });
    expect(shown[2]).toMatchObject({ role: 'member', modelId: null, credits: null });
    expect(shown[3]).toMatchObject({ role: 'chatbot', modelId: 1, modelName: 'fake-model', credits: 0.25 });
    // A history row still streaming has no charge yet.
    expect(chatMessages(rows, []).at(-1)).toMatchObject({ key: 'm11', credits: null });
  });

  it('forgetSettled lets go only of turns whose answers the history shows settled', async () => {
    const turns = createLiveTurns();
    const s = streamReply(meta(10));
    const done = turns.send(7, { text: 'Count' }, callbacks());
    await vi.waitFor(() => expect(turns.get()[0]?.status).toBe('streaming'));
    s.send({ type: 'text', text: 'one' });
    await vi.waitFor(() => expect(turns.get()[0]?.text).toBe('one'));
    turns.stop();
    await done;
    turns.forgetSettled([row(10, 'member', 'Count', 'completed'), row(11, 'chatbot', '', 'streaming')]);
    expect(turns.get()).toHaveLength(1);
    turns.forgetSettled([row(10, 'member', 'Count', 'completed'), row(11, 'chatbot', 'one', 'stopped')]);
    expect(turns.get()).toEqual([]);
  });
});
