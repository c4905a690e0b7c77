import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../../tools/fake-llm/server';
import { streamChat } from '../../test/chat-client';
import { buildTestApp, type TestApp } from '../../test/test-app';

let fake: FakeLlm;
let t: TestApp;
let token: string;
let otherToken: string;
let bToken: string;
let botId: number;

beforeAll(async () => {
  fake = await startFakeLlm({ scenario: { tokenDelayMs: 0, reply: 'ok' } });
  t = await buildTestApp({ providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-model', 'fake-2'] } } });
  [token, otherToken, bToken] = await Promise.all([t.signIn(t.a, t.a.member.email), t.signIn(t.a, t.a.other.email), t.signIn(t.b, t.b.member.email)]);
  const list = (await t.call(t.a, token, { method: 'GET', url: '/api/chatbots/?include_default=true' })).json();
  botId = list.items[0].id;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function newSession(text: string, who = token) {
  const r = await streamChat(t, t.a, who, botId, { text });
  return r.meta!.session_hash_id;
}
const get = (url: string, who: string | null = token, tenant = () => t.a) => t.call(tenant(), who, { method: 'GET', url });

describe('sessions', () => {
  it('lists own sessions, latest activity first, paged with defaults page 1 size 30', async () => {
    const h1 = await newSession('first');
    const h2 = await newSession('second');
    await newSession('not mine', otherToken);
    let list = (await get('/api/sessions/')).json();
    expect(list.pagination).toMatchObject({ page: 1, page_size: 30, total_items: 2, total_pages: 1 });
    expect(list.items.map((s: { hash_id: string }) => s.hash_id)).toEqual([h2, h1]);
    // New activity in the older session moves it to the top.
    await streamChat(t, t.a, token, botId, { text: 'again', session_hash_id: h1 });
    list = (await get('/api/sessions/')).json();
    expect(list.items.map((s: { hash_id: string }) => s.hash_id)).toEqual([h1, h2]);
    const page2 = (await get('/api/sessions/?page=2&size=1')).json();
    expect(page2.items.map((s: { hash_id: string }) => s.hash_id)).toEqual([h2]);
    expect(page2.pagination).toMatchObject({ page: 2, page_size: 1, total_pages: 2 });
    expect((await get(`/api/sessions/?chatbot_id=${botId}`)).json().items).toHaveLength(2);
    expect((await get('/api/sessions/?chatbot_id=999999')).json().items).toHaveLength(0);
    expect((await get('/api/sessions/?size=abc')).statusCode).toBe(422);
  });

  it('GET one session; hash ids are unguessable', async () => {
    const h = await newSession('hello world');
    const s = (await get(`/api/sessions/${h}/`)).json();
    expect(s).toMatchObject({ hash_id: h, title: 'hello world', chatbot_id: botId, chatbot: { id: botId } });
    expect(h.length).toBeGreaterThanOrEqual(20);
  });

  it('history pages by first_id (size default 20), oldest first within a page', async () => {
    const h = await newSession('m0');
    for (let i = 1; i < 12; i += 1) await streamChat(t, t.a, token, botId, { text: `m${i}`, session_hash_id: h });
    const page1 = (await get(`/api/sessions/${h}/history/`)).json();
    expect(page1.items).toHaveLength(20);
    expect(page1.has_more).toBe(true);
    expect(page1.items.at(-1).speaker_type).toBe('chatbot');
    const ids = page1.items.map((m: { id: number }) => m.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const page2 = (await get(`/api/sessions/${h}/history/?first_id=${ids[0]}`)).json();
    expect(page2.items).toHaveLength(4);
    expect(page2.has_more).toBe(false);
    expect(page2.items[0].text).toBe('m0');
    expect(Math.max(...page2.items.map((m: { id: number }) => m.id))).toBeLessThan(ids[0]);
  });

  it('PATCH renames and moves to another visible chatbot; 404, 403 and 422 as specified', async () => {
    const h = await newSession('rename me');
    const renamed = await t.call(t.a, token, { method: 'PATCH', url: `/api/sessions/${h}/`, payload: { title: 'New title' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().title).toBe('New title');
    const bots = (await get('/api/chatbots/?include_default=true')).json().items;
    const moved = await t.call(t.a, token, { method: 'PATCH', url: `/api/sessions/${h}/`, payload: { chatbot_id: bots[1].id } });
    expect(moved.json().chatbot_id).toBe(bots[1].id);
    expect((await t.call(t.a, token, { method: 'PATCH', url: `/api/sessions/${h}/`, payload: { chatbot_id: 999999 } })).statusCode).toBe(404);
    expect((await t.call(t.a, token, { method: 'PATCH', url: '/api/sessions/unknown-hash/', payload: { title: 'x' } })).statusCode).toBe(404);
    expect((await t.call(t.a, otherToken, { method: 'PATCH', url: `/api/sessions/${h}/`, payload: { title: 'x' } })).statusCode).toBe(403);
    expect((await t.call(t.a, token, { method: 'PATCH', url: `/api/sessions/${h}/`, payload: { title: '   ' } })).statusCode).toBe(422);
    expect((await t.call(t.a, token, { method: 'PATCH', url: `/api/sessions/${h}/`, payload: { member_id: 1 } })).statusCode).toBe(422);
  });

  it("generate-title asks the session's model for a short title of the first turn, in the member's language", async () => {
    const h = await newSession('Explain the difference between processes and threads in operating systems please');
    const answerModel = fake.requests.at(-1)!.model;
    await t.call(t.a, token, { method: 'PATCH', url: `/api/sessions/${h}/`, payload: { title: 'temp' } });
    const titleCall = () => t.call(t.a, token, { method: 'PATCH', url: `/api/sessions/${h}/generate-title/` });
    const lastPrompt = () => JSON.stringify(fake.requests.at(-1)!.messages);
    try {
      fake.set({ reply: '"프로세스와 스레드의 차이"' });
      let res = await titleCall();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ hash_id: h, title: '프로세스와 스레드의 차이' });
      // One plain (not streamed) request to the session's model through the provider adapter, naming the member's language.
      const sent = fake.requests.at(-1)!;
      expect(sent.model).toBe(answerModel);
      expect(sent.stream).not.toBe(true);
      expect(lastPrompt()).toContain('in Korean');
      expect(lastPrompt()).toContain('Explain the difference between processes and threads');
      expect(lastPrompt()).toContain('ok'); // the first answer
      expect((await get(`/api/sessions/${h}/`)).json().title).toBe('프로세스와 스레드의 차이');

      const lang = await t.call(t.a, token, { method: 'PATCH', url: `/api/members/${t.a.member.id}/`, payload: { language: 'en' } });
      expect(lang.statusCode).toBe(200);
      fake.set({ reply: 'Title: Processes versus threads, explained in detail for operating systems students.' });
      res = await titleCall();
      expect(lastPrompt()).toContain('in English');
      const title = res.json().title as string;
      expect([...title].length).toBeLessThanOrEqual(50);
      expect(title.startsWith('Processes versus threads')).toBe(true);

      // The upstream fails: the title falls back to the question's first line, never a 5xx.
      fake.set({ failStatus: 500 });
      res = await titleCall();
      expect(res.statusCode).toBe(200);
      expect(res.json().title).toBe('Explain the difference between…');
    } finally {
      fake.reset();
      await t.call(t.a, token, { method: 'PATCH', url: `/api/members/${t.a.member.id}/`, payload: { language: 'ko' } });
    }
  });

  it('DELETE removes the session and its messages; another member gets 403', async () => {
    const h = await newSession('delete me');
    expect((await t.call(t.a, otherToken, { method: 'DELETE', url: `/api/sessions/${h}/` })).statusCode).toBe(403);
    expect((await t.call(t.a, token, { method: 'DELETE', url: `/api/sessions/${h}/` })).statusCode).toBe(200);
    expect((await get(`/api/sessions/${h}/`)).statusCode).toBe(404);
    expect((await t.call(t.a, token, { method: 'DELETE', url: `/api/sessions/${h}/` })).statusCode).toBe(404);
  });

  it("another member's session is 403 and another tenant's is 404 on every route", async () => {
    const h = await newSession('private');
    for (const url of [`/api/sessions/${h}/`, `/api/sessions/${h}/history/`]) {
      expect((await get(url, otherToken)).statusCode).toBe(403);
      expect((await get(url, bToken, () => t.b)).statusCode).toBe(404);
    }
    expect((await t.call(t.b, bToken, { method: 'PATCH', url: `/api/sessions/${h}/`, payload: { title: 'x' } })).statusCode).toBe(404);
    expect((await t.call(t.b, bToken, { method: 'PATCH', url: `/api/sessions/${h}/generate-title/` })).statusCode).toBe(404);
    expect((await t.call(t.b, bToken, { method: 'DELETE', url: `/api/sessions/${h}/` })).statusCode).toBe(404);
    expect((await t.call(t.a, otherToken, { method: 'PATCH', url: `/api/sessions/${h}/generate-title/` })).statusCode).toBe(403);
    expect((await get('/api/sessions/', bToken, () => t.b)).json().items).toHaveLength(0);
    expect((await get(`/api/sessions/${h}/`)).statusCode).toBe(200);
  });

  it('401 without a token', async () => {
    expect((await get('/api/sessions/', null)).statusCode).toBe(401);
  });
});
