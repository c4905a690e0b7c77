import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, tokenize, type FakeLlm } from '../../../../../tools/fake-llm/server';
import { creditLedger, llmModelGroupAccess, llmModels, memberGroups, members, tenants } from '../../db/schema/index';
import { reattach, streamChat, textOf } from '../../test/chat-client';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { CHAT_TEXT_MAX_CHARS } from '@app/contracts/chat';

let fake: FakeLlm;
let t: TestApp;
let token: string;
let otherToken: string;
let botId: number;
let cheapBotId: number;
let cheapModelId: number;

const REPLY = 'One two three four five six seven eight nine ten eleven twelve.';

beforeAll(async () => {
  fake = await startFakeLlm({ scenario: { reply: REPLY, tokenDelayMs: 15 } });
  t = await buildTestApp({ providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-model', 'fake-cheap'] } } });
  token = await t.signIn(t.a, t.a.member.email);
  otherToken = await t.signIn(t.a, t.a.other.email);
  const db = t.database.db;
  await db.update(llmModels).set({ isLowLlm: true }).where(and(eq(llmModels.tenantId, t.a.id), eq(llmModels.modelName, 'fake-cheap')));
  const list = (await t.call(t.a, token, { method: 'GET', url: '/api/chatbots/?include_default=true' })).json();
  botId = list.items.find((c: { llm_model: { display_name: string } }) => c.llm_model.display_name === 'fake-model').id;
  const cheap = list.items.find((c: { llm_model: { display_name: string } }) => c.llm_model.display_name === 'fake-cheap');
  cheapBotId = cheap.id;
  cheapModelId = cheap.llm_model.id;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => fake.reset());

const chat = (payload: Record<string, unknown>, who = token, id = botId, opts: Parameters<typeof streamChat>[5] = {}) => streamChat(t, t.a, who, id, payload, opts);

describe('streamed chat', () => {
  it('streams text deltas incrementally, then usage and end; both messages are rows', async () => {
    fake.set({ tokenDelayMs: 25 });
    const r = await chat({ text: 'Hello there' });
    expect(r.status).toBe(200);
    expect(r.meta).toMatchObject({ chatbot_id: botId, session_title: 'Hello there' });
    const texts = r.events.filter((e) => e.type === 'text');
    expect(textOf(r.events)).toBe(REPLY);
    expect(texts.length).toBe(tokenize(REPLY).length);
    // Not buffered: the first and last chunks arrive well apart (12 tokens × 25 ms).
    const textTimes = r.events.map((e, i) => (e.type === 'text' ? r.times[i]! : null)).filter((x): x is number => x !== null);
    expect(textTimes.at(-1)! - textTimes[0]!).toBeGreaterThan(150);
    expect(r.events.at(-2)?.type).toBe('usage');
    expect(r.events.at(-1)).toEqual({ type: 'end', status: 'completed' });

    const history = (await t.call(t.a, token, { method: 'GET', url: `/api/sessions/${r.meta!.session_hash_id}/history/` })).json();
    expect(history.items.map((m: { speaker_type: string; text: string; status: string }) => [m.speaker_type, m.text, m.status])).toEqual([
      ['member', 'Hello there', 'completed'],
      ['chatbot', REPLY, 'completed'],
    ]);
    expect(history.items[0].id).toBe(r.meta!.user_message_id);
    expect(history.items[1].id).toBe(r.meta!.assistant_message_id);
    // The answer carries its tokens as the usage event counted them (the chat's context indicator).
    const usage = r.events.at(-2) as { input_tokens: number; output_tokens: number };
    expect(history.items[1]).toMatchObject({ input_tokens: usage.input_tokens, output_tokens: usage.output_tokens });
    expect(usage.input_tokens).toBeGreaterThan(0);
    expect(history.items[0]).toMatchObject({ input_tokens: 0, output_tokens: 0 });
  });

  it('carries a non-ASCII session title safely in the x-chat-meta header', async () => {
    const r = await chat({ text: '안녕하세요', session_title: '한국어 제목 ✓' });
    expect(r.meta!.session_title).toBe('한국어 제목 ✓');
    const s = (await t.call(t.a, token, { method: 'GET', url: `/api/sessions/${r.meta!.session_hash_id}/` })).json();
    expect(s.title).toBe('한국어 제목 ✓');
  });

  it('continues a session with its history sent upstream', async () => {
    const first = await chat({ text: 'First question' });
    await chat({ text: 'Second question', session_hash_id: first.meta!.session_hash_id });
    const sent = fake.requests.at(-1)!.messages as Array<{ role: string; content: string }>;
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(sent.at(-1)!.content).toBe('Second question');
  });

  it('debits credits exactly: tokens × cost per 10K, no fraction lost', async () => {
    const db = t.database.db;
    await db.update(llmModels).set({ inputCostE4: 35_000n, outputCostE4: 72_500n }).where(and(eq(llmModels.tenantId, t.a.id), eq(llmModels.modelName, 'fake-model')));
    fake.set({ promptTokens: 1234 });
    const before = (await t.call(t.a, otherToken, { method: 'GET', url: `/api/members/${t.a.other.id}/credit-check/` })).json();
    const r = await chat({ text: 'price me' }, otherToken);
    const usage = r.events.find((e) => e.type === 'usage');
    const out = tokenize(REPLY).length;
    // 1234 × 3.5/10K + 12 × 7.25/10K credits
    const expectedUnits = 1234n * 35_000n + BigInt(out) * 72_500n;
    expect(usage).toMatchObject({ type: 'usage', input_tokens: 1234, output_tokens: out, credits: Number(expectedUnits) / 1e8 });
    const [row] = await db
      .select({ sum: sql<string>`sum(${creditLedger.amountUnits})::text` })
      .from(creditLedger)
      .where(and(eq(creditLedger.tenantId, t.a.id), eq(creditLedger.memberId, t.a.other.id)));
    expect(BigInt(row!.sum)).toBe(-expectedUnits);
    const after = (await t.call(t.a, otherToken, { method: 'GET', url: `/api/members/${t.a.other.id}/credit-check/` })).json();
    expect(before.remaining_credit).toBe(1000);
    // 1000 - 0.4406 credits shown rounded down
    expect(after.remaining_credit).toBe(999);
    expect(after.used_credit).toBe(0);
    // The answer's row in history carries the same exact amount.
    const history = (await t.call(t.a, otherToken, { method: 'GET', url: `/api/sessions/${r.meta!.session_hash_id}/history/` })).json();
    expect(history.items.at(-1).credits).toBe(Number(expectedUnits) / 1e8);
    const usageRes = (await t.call(t.a, otherToken, { method: 'GET', url: `/api/members/${t.a.other.id}/usage/` })).json();
    expect(usageRes).toMatchObject({ message_count: 1, input_tokens: 1234, output_tokens: out });
    await db.update(llmModels).set({ inputCostE4: 10_000n, outputCostE4: 10_000n }).where(and(eq(llmModels.tenantId, t.a.id), eq(llmModels.modelName, 'fake-model')));
  });

  it('a client that leaves does not stop the answer: a returning reader gets the text so far, then the rest; it completes and is charged', async () => {
    const long = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
    fake.set({ reply: long, tokenDelayMs: 10 });
    const gone = await chat({ text: 'tell me a long story' }, token, botId, { abortAfterTextEvents: 5 });
    const hash = gone.meta!.session_hash_id;
    const back = await reattach(t, t.a, token, hash);
    expect(back.status).toBe(200);
    expect(back.meta).toMatchObject({ session_hash_id: hash, assistant_message_id: gone.meta!.assistant_message_id });
    const [first, ...rest] = back.events;
    expect(first!.type).toBe('snapshot');
    const snapshot = (first as { text: string }).text;
    expect(snapshot.length).toBeGreaterThanOrEqual(textOf(gone.events).length);
    expect(snapshot + textOf(rest)).toBe(long);
    expect(back.events.at(-2)?.type).toBe('usage');
    expect(back.events.at(-1)).toEqual({ type: 'end', status: 'completed' });
    expect(fake.aborted).toBe(0);
    const h = (await t.call(t.a, token, { method: 'GET', url: `/api/sessions/${hash}/history/` })).json();
    expect(h.items.at(-1)).toMatchObject({ status: 'completed', text: long });
    expect(h.items.at(-1).credits).toBeGreaterThan(0);
    // Nothing runs any more: 204; the stop finds nothing to stop.
    expect((await reattach(t, t.a, token, hash)).status).toBe(204);
    expect((await t.call(t.a, token, { method: 'POST', url: `/api/sessions/${hash}/stop/` })).json()).toEqual({ stopped: false });
  });

  it('an explicit stop aborts upstream within 1 s, keeps the partial answer as stopped and tells every reader', async () => {
    const long = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');
    fake.set({ reply: long, tokenDelayMs: 20 });
    let hash = '';
    let resolveStarted!: () => void;
    const started = new Promise<void>((r) => (resolveStarted = r));
    let texts = 0;
    const reading = chat({ text: 'a story to stop' }, token, botId, {
      onEvent: (e) => {
        if (e.type === 'text' && (texts += 1) === 5) resolveStarted();
      },
    });
    await started;
    const sessions = (await t.call(t.a, token, { method: 'GET', url: '/api/sessions/?size=1' })).json();
    hash = sessions.items[0].hash_id;
    // A second reader (another tab) on the same answer.
    const other = reattach(t, t.a, token, hash);
    await new Promise((r) => setTimeout(r, 50));
    const before = Date.now();
    const stop = await t.call(t.a, token, { method: 'POST', url: `/api/sessions/${hash}/stop/` });
    expect(stop.json()).toEqual({ stopped: true });
    await expect.poll(() => fake.aborted, { timeout: 1000, interval: 10 }).toBe(1);
    expect(Date.now() - before).toBeLessThan(1000);
    const [asker, tab] = await Promise.all([reading, other]);
    expect(asker.events.at(-1)).toEqual({ type: 'end', status: 'stopped' });
    expect(tab.events.at(-1)).toEqual({ type: 'end', status: 'stopped' });
    const h = (await t.call(t.a, token, { method: 'GET', url: `/api/sessions/${hash}/history/` })).json();
    const last = h.items.at(-1);
    expect(last.status).toBe('stopped');
    expect(last.text.length).toBeGreaterThan(0);
    expect(long.startsWith(last.text)).toBe(true);
    expect(last.text.length).toBeLessThan(long.length);
  });

  it('a new question in the same session stops the running answer first (spec §4)', async () => {
    const long = Array.from({ length: 300 }, (_, i) => `w${i}`).join(' ');
    fake.set({ reply: long, tokenDelayMs: 20 });
    const gone = await chat({ text: 'first question' }, token, botId, { abortAfterTextEvents: 3 });
    const hash = gone.meta!.session_hash_id;
    fake.set({ reply: REPLY, tokenDelayMs: 1 });
    const second = await chat({ text: 'second question', session_hash_id: hash });
    expect(second.status).toBe(200);
    const h = (await t.call(t.a, token, { method: 'GET', url: `/api/sessions/${hash}/history/` })).json();
    expect(h.items.map((m: { speaker_type: string; status: string }) => [m.speaker_type, m.status])).toEqual([
      ['member', 'completed'],
      ['chatbot', 'stopped'],
      ['member', 'completed'],
      ['chatbot', 'completed'],
    ]);
    // The second question's history holds the stopped answer as it was when stopped.
    const sent = fake.requests.at(-1)!.messages as Array<{ role: string; content: string }>;
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  });

  it("another member's or another tenant's session: no stop, no reattach", async () => {
    const long = Array.from({ length: 200 }, (_, i) => `x${i}`).join(' ');
    fake.set({ reply: long, tokenDelayMs: 10 });
    const gone = await chat({ text: 'mine' }, token, botId, { abortAfterTextEvents: 2 });
    const hash = gone.meta!.session_hash_id;
    for (const res of [
      await t.call(t.a, otherToken, { method: 'POST', url: `/api/sessions/${hash}/stop/` }),
      await t.call(t.a, otherToken, { method: 'GET', url: `/api/sessions/${hash}/stream/` }),
    ]) {
      expect([403, 404]).toContain(res.statusCode);
    }
    const outsider = await t.signIn(t.b, t.b.member.email);
    expect((await t.call(t.b, outsider, { method: 'POST', url: `/api/sessions/${hash}/stop/` })).statusCode).toBe(404);
    // Still running, untouched: its owner stops it.
    expect((await t.call(t.a, token, { method: 'POST', url: `/api/sessions/${hash}/stop/` })).json()).toEqual({ stopped: true });
  });

  it("the tenant's choice: an answer whose last reader left is stopped", async () => {
    const db = t.database.db;
    await db.update(tenants).set({ stopAnswersWithoutReader: true }).where(eq(tenants.id, t.a.id));
    const { buildApp } = await import('../../app');
    const fresh = await buildApp(t.config, { database: t.built.database });
    try {
      const long = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
      fake.set({ reply: long, tokenDelayMs: 20 });
      const r = await streamChat({ ...t, app: fresh.app, built: fresh }, t.a, token, botId, { text: 'leave me' }, { abortAfterTextEvents: 5 });
      const hash = r.meta!.session_hash_id;
      await expect.poll(() => fake.aborted, { timeout: 2000, interval: 20 }).toBe(1);
      await expect
        .poll(async () => (await t.call(t.a, token, { method: 'GET', url: `/api/sessions/${hash}/history/` })).json().items.at(-1).status, { timeout: 3000, interval: 20 })
        .toBe('stopped');
    } finally {
      await fresh.close();
      await db.update(tenants).set({ stopAnswersWithoutReader: false }).where(eq(tenants.id, t.a.id));
    }
  });

  it('flushes the partial answer to its row while streaming (a crash keeps the text so far)', async () => {
    const long = Array.from({ length: 150 }, (_, i) => `w${i}`).join(' ');
    fake.set({ reply: long, tokenDelayMs: 20 });
    const done = chat({ text: 'stream slowly' });
    await new Promise((r) => setTimeout(r, 2600));
    const sessions = (await t.call(t.a, token, { method: 'GET', url: '/api/sessions/?size=1' })).json();
    const h = (await t.call(t.a, token, { method: 'GET', url: `/api/sessions/${sessions.items[0].hash_id}/history/` })).json();
    const answer = h.items.at(-1);
    expect(answer.status).toBe('streaming');
    expect(answer.text.length).toBeGreaterThan(0);
    expect(long.startsWith(answer.text)).toBe(true);
    expect(answer.text.length).toBeLessThan(long.length);
    expect((await done).events.at(-1)).toEqual({ type: 'end', status: 'completed' });
  });

  it('streams reasoning only when thinking is on', async () => {
    fake.set({ reasoning: 'Let me think about it.' });
    const on = await chat({ text: 'think', thinking: true });
    expect(on.events.filter((e) => e.type === 'reasoning').map((e) => (e as { text: string }).text).join('')).toBe('Let me think about it.');
    const off = await chat({ text: 'do not think' });
    expect(off.events.some((e) => e.type === 'reasoning')).toBe(false);
    expect(textOf(off.events)).toBe(REPLY);
  });

  it('an upstream failure ends the stream with an error event and a failed message', async () => {
    fake.set({ failStatus: 500 });
    const r = await chat({ text: 'fail please' });
    expect(r.status).toBe(200);
    expect(r.events.find((e) => e.type === 'error')).toMatchObject({ code: 'model_failed' });
    expect(r.events.at(-1)).toEqual({ type: 'end', status: 'failed' });
    const h = (await t.call(t.a, token, { method: 'GET', url: `/api/sessions/${r.meta!.session_hash_id}/history/` })).json();
    expect(h.items.at(-1).status).toBe('failed');
  });

  it('an upstream that breaks off mid-answer: one error event, the partial text kept as failed and charged as estimated', async () => {
    fake.set({ cutAfterTokens: 4 });
    const r = await chat({ text: 'break off please' });
    expect(r.status).toBe(200);
    const partial = tokenize(REPLY).slice(0, 4).join('');
    expect(textOf(r.events)).toBe(partial);
    expect(r.events.filter((e) => e.type === 'error')).toEqual([{ type: 'error', code: 'model_failed', message: expect.any(String) }]);
    // No usage report came: the output is estimated from the text that arrived (≈ 4 characters a token).
    expect(r.events.at(-2)).toMatchObject({ type: 'usage', output_tokens: Math.ceil(partial.length / 4) });
    expect(r.events.at(-1)).toEqual({ type: 'end', status: 'failed' });
    const h = (await t.call(t.a, token, { method: 'GET', url: `/api/sessions/${r.meta!.session_hash_id}/history/` })).json();
    expect(h.items.at(-1)).toMatchObject({ status: 'failed', text: partial });
  });

  it('answers chats sent at the same moment each in its own session, each question followed by its own answer within a shared one', async () => {
    fake.set({ tokenDelayMs: 1 });
    const shared = await chat({ text: 'Shared start' });
    const hash = shared.meta!.session_hash_id;
    // Sent together, these turns are written together (group commit): every answer must still land
    // in its own turn.
    const results = await Promise.all([
      chat({ text: 'Alone 1' }),
      chat({ text: 'Shared 1', session_hash_id: hash }),
      chat({ text: 'Alone 2' }, otherToken),
      chat({ text: 'Shared 2', session_hash_id: hash }),
      chat({ text: 'Alone 3' }),
    ]);
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(r.events.at(-1)).toEqual({ type: 'end', status: 'completed' });
    }
    const [a1, s1, a2, s2, a3] = results;
    for (const [r, who, text] of [[a1, token, 'Alone 1'], [a2, otherToken, 'Alone 2'], [a3, token, 'Alone 3']] as const) {
      const h = (await t.call(t.a, who, { method: 'GET', url: `/api/sessions/${r!.meta!.session_hash_id}/history/` })).json();
      expect(h.items.map((m: { id: number; text: string }) => [m.id, m.text])).toEqual([[r!.meta!.user_message_id, text], [r!.meta!.assistant_message_id, REPLY]]);
    }
    expect(new Set([a1, a2, a3, shared].map((r) => r!.meta!.session_hash_id)).size).toBe(4);
    expect(s1!.meta!.session_hash_id).toBe(hash);
    expect(s2!.meta!.session_hash_id).toBe(hash);
    const h = (await t.call(t.a, token, { method: 'GET', url: `/api/sessions/${hash}/history/` })).json();
    const rows = h.items.map((m: { id: number; speaker_type: string; text: string }) => [m.id, m.speaker_type, m.text]);
    // Two requests in flight at once have no order between them (each checks its session on its
    // own connection first); whichever opened first, each question is followed by its own answer.
    const turn = (r: typeof s1, text: string) => [[r!.meta!.user_message_id, 'member', text], [r!.meta!.assistant_message_id, 'chatbot', REPLY]];
    const [first, second] = s1!.meta!.user_message_id < s2!.meta!.user_message_id ? [turn(s1, 'Shared 1'), turn(s2, 'Shared 2')] : [turn(s2, 'Shared 2'), turn(s1, 'Shared 1')];
    expect(rows).toEqual([[shared.meta!.user_message_id, 'member', 'Shared start'], [shared.meta!.assistant_message_id, 'chatbot', REPLY], ...first, ...second]);
  });

  it('a default chatbot answers with the model picked in the model picker', async () => {
    const r = await chat({ text: 'with the cheap one', llm_model_id: cheapModelId });
    expect(r.meta!.llm_model_id).toBe(cheapModelId);
    expect(fake.requests.at(-1)!.model).toBe('fake-cheap');
  });
});

describe('refused before streaming', () => {
  it('400 without text', async () => {
    const r = await chat({ text: '   ' });
    expect(r.status).toBe(400);
  });
  it('404 for an attached file that does not exist', async () => {
    expect((await chat({ text: 'see file', file_ids: [123] })).status).toBe(404);
  });
  it('422 for an invalid payload', async () => {
    expect((await chat({ text: 42 })).status).toBe(422);
    expect((await chat({ text: 'x', thinking: 'yes' })).status).toBe(422);
  });
  it("404 for an unknown chatbot and for another tenant's chatbot", async () => {
    expect((await chat({ text: 'x' }, token, 999_999)).status).toBe(404);
    const bToken = await t.signIn(t.b, t.b.member.email);
    const bBots = (await t.call(t.b, bToken, { method: 'GET', url: '/api/chatbots/?include_default=true' })).json();
    expect((await chat({ text: 'x' }, token, bBots.items[0].id)).status).toBe(404);
  });
  it("403 for another member's session, 404 for an unknown one", async () => {
    const mine = await chat({ text: 'mine' });
    expect((await chat({ text: 'x', session_hash_id: mine.meta!.session_hash_id }, otherToken)).status).toBe(403);
    expect((await chat({ text: 'x', session_hash_id: 'nope' })).status).toBe(404);
  });
  it("403 when the member's groups may not use the model", async () => {
    const db = t.database.db;
    const [model] = await db.select().from(llmModels).where(and(eq(llmModels.tenantId, t.a.id), eq(llmModels.modelName, 'fake-model')));
    await db.insert(llmModelGroupAccess).values({ tenantId: t.a.id, llmModelId: model!.id, memberGroupId: t.a.defaultGroupId, isAvailable: false });
    const r = await chat({ text: 'x' });
    expect(r.status).toBe(403);
    expect((r.body as { error: { code: string } }).error.code).toBe('model_not_allowed');
    const models = (await t.call(t.a, token, { method: 'GET', url: '/api/llm-models/' })).json();
    expect(models.items.find((m: { id: number }) => m.id === model!.id).is_available).toBe(false);
    await db.delete(llmModelGroupAccess).where(eq(llmModelGroupAccess.tenantId, t.a.id));
  });
  it('413 when the input exceeds the context limit', async () => {
    const db = t.database.db;
    await db.update(llmModels).set({ contextLimit: 50 }).where(and(eq(llmModels.tenantId, t.a.id), eq(llmModels.modelName, 'fake-model')));
    const r = await chat({ text: 'x'.repeat(400) });
    expect(r.status).toBe(413);
    await db.update(llmModels).set({ contextLimit: 32_768 }).where(and(eq(llmModels.tenantId, t.a.id), eq(llmModels.modelName, 'fake-model')));
  });
  it('413 input_too_long (not a 422) for a question over the message limit; a body over the hard cap is 413 too', async () => {
    // 216K characters: a model with room for them still refuses the message (spec §8 "split the question").
    const db = t.database.db;
    await db.update(llmModels).set({ contextLimit: 1_000_000 }).where(and(eq(llmModels.tenantId, t.a.id), eq(llmModels.modelName, 'fake-model')));
    try {
      const long = await chat({ text: 'x'.repeat(216_000) });
      expect(long.status).toBe(413);
      expect(long.body).toMatchObject({ error: { code: 'input_too_long', details: { max_chars: CHAT_TEXT_MAX_CHARS } } });
      expect((await chat({ text: 'x'.repeat(CHAT_TEXT_MAX_CHARS + 1) })).status).toBe(413);
      // 2 MB of text: the body limit refuses it before it is parsed.
      const huge = await chat({ text: 'x'.repeat(2_000_000) });
      expect(huge.status).toBe(413);
      expect((huge.body as { error: { code: string } }).error.code).toBe('payload_too_large');
    } finally {
      await db.update(llmModels).set({ contextLimit: 32_768 }).where(and(eq(llmModels.tenantId, t.a.id), eq(llmModels.modelName, 'fake-model')));
    }
  });
  it('402 once credits are depleted, while a low-cost model still answers', async () => {
    const db = t.database.db;
    // A quota 0.00001 credits above what is used: the next answer uses it up.
    const [used] = await db
      .select({ sum: sql<string>`coalesce(-sum(${creditLedger.amountUnits}), 0)::text` })
      .from(creditLedger)
      .where(and(eq(creditLedger.tenantId, t.a.id), eq(creditLedger.memberId, t.a.other.id)));
    await db.update(members).set({ customCreditLimitUnits: BigInt(used!.sum) + 1000n }).where(eq(members.id, t.a.other.id));
    const first = await chat({ text: 'spend' }, otherToken);
    expect(first.status).toBe(200);
    const check = (await t.call(t.a, otherToken, { method: 'GET', url: `/api/members/${t.a.other.id}/credit-check/` })).json();
    expect(check.remaining_credit).toBeLessThan(0);
    const refused = await chat({ text: 'more' }, otherToken);
    expect(refused.status).toBe(402);
    expect((refused.body as { error: { code: string } }).error.code).toBe('credits_depleted');
    const cheap = await chat({ text: 'cheap still works' }, otherToken, cheapBotId);
    expect(cheap.status).toBe(200);
    expect(textOf(cheap.events)).toBe(REPLY);
    await db.update(members).set({ customCreditLimitUnits: null }).where(eq(members.id, t.a.other.id));
  });
  it('402 when the tenant pool is depleted', async () => {
    const db = t.database.db;
    await db.update(tenants).set({ creditQuotaUnits: 0n }).where(eq(tenants.id, t.a.id));
    // The tenant row is cached for a few seconds per process: use a fresh app on the same database.
    const { buildApp } = await import('../../app');
    const fresh = await buildApp(t.config, { database: t.database });
    const res = await fresh.app.inject({
      method: 'POST',
      url: `/api/chatbots/${botId}/chat/`,
      headers: { 'x-tenant-subdomain': 'acme', 'x-access-token': token },
      payload: { text: 'x' },
    });
    expect(res.statusCode).toBe(402);
    const check = await fresh.app.inject({ method: 'GET', url: `/api/members/${t.a.member.id}/credit-check/`, headers: { 'x-tenant-subdomain': 'acme', 'x-access-token': token } });
    expect(check.json().tenant.remaining_credit).toBeLessThanOrEqual(0);
    await fresh.close();
    await db.update(tenants).set({ creditQuotaUnits: null }).where(eq(tenants.id, t.a.id));
  });
  it("an admin's change of a group's or a member's quota, or of the tenant pool, is seen by the very next chat", async () => {
    const db = t.database.db;
    // Warm every cache of the chat path first: the change must reach them, not a cold read.
    expect((await chat({ text: 'warm' })).status).toBe(200);
    const refusedNow = async () => {
      const r = await chat({ text: 'next' });
      return r.status === 402 && (r.body as { error: { code: string } }).error.code === 'credits_depleted';
    };
    await db.update(memberGroups).set({ memberCreditQuotaUnits: 0n }).where(and(eq(memberGroups.tenantId, t.a.id), eq(memberGroups.id, t.a.defaultGroupId)));
    expect(await refusedNow()).toBe(true);
    await db.update(memberGroups).set({ memberCreditQuotaUnits: 1_000_000n * 100_000_000n }).where(and(eq(memberGroups.tenantId, t.a.id), eq(memberGroups.id, t.a.defaultGroupId)));
    expect(await refusedNow()).toBe(false);
    await db.update(members).set({ customCreditLimitUnits: 0n }).where(and(eq(members.tenantId, t.a.id), eq(members.id, t.a.member.id)));
    expect(await refusedNow()).toBe(true);
    await db.update(members).set({ customCreditLimitUnits: null }).where(and(eq(members.tenantId, t.a.id), eq(members.id, t.a.member.id)));
    expect(await refusedNow()).toBe(false);
    await db.update(tenants).set({ creditQuotaUnits: 0n }).where(eq(tenants.id, t.a.id));
    expect(await refusedNow()).toBe(true);
    await db.update(tenants).set({ creditQuotaUnits: null }).where(eq(tenants.id, t.a.id));
    expect(await refusedNow()).toBe(false);
  });
  it('401 without a token', async () => {
    const res = await t.call(t.a, null, { method: 'POST', url: `/api/chatbots/${botId}/chat/`, payload: { text: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});
