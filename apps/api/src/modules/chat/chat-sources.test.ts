import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../../tools/fake-llm/server';
import { startFakeSearch, type FakeSearch } from '../../../../../tools/fake-search/server';
import { queryRows } from '../../db/client';
import { llmModels } from '../../db/schema/index';
import { streamChat, textOf } from '../../test/chat-client';
import { buildTestApp, type TestApp } from '../../test/test-app';
import sharp from 'sharp';

const makePng = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } }).png().toBuffer();

// What a chat draws on besides the question (issue 25 items 4–5, issue 27 item 1): attached
// documents and images, a chatbot's knowledge documents, web search — what the fake upstream
// receives, the source events, the history and the charge.
let fake: FakeLlm;
let search: FakeSearch;
let t: TestApp;
let token: string;
let otherToken: string;
let visionBot: number;
let plainBot: number;

type Upload = { name: string; bytes: Buffer; type?: string };
function multipart(list: Upload[]) {
  const boundary = `----b${Date.now()}${Math.random().toString(16).slice(2)}`;
  const parts = list.flatMap((f) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`),
    f.bytes,
    Buffer.from('\r\n'),
  ]);
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
async function upload(who: string, list: Upload[]): Promise<number[]> {
  const res = await t.call(t.a, who, { method: 'POST', url: '/api/files/', ...multipart(list) });
  expect(res.statusCode, res.body).toBe(200);
  await t.built.jobs.filesParsed();
  return (res.json().items as Array<{ id: number }>).map((f) => f.id);
}
const userContent = () => (fake.requests.at(-1)!.messages as Array<{ role: string; content: unknown }>).at(-1)!.content;
const systemPrompt = () => String((fake.requests.at(-1)!.messages as Array<{ role: string; content: unknown }>).find((m) => m.role === 'system')?.content ?? '');

beforeAll(async () => {
  fake = await startFakeLlm({ scenario: { reply: 'Answer with a citation [1].', tokenDelayMs: 1 } });
  search = await startFakeSearch({ recordRequests: true });
  t = await buildTestApp({
    providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-vision', 'fake-plain'] } },
    config: {
      storage: { kind: 'local', dir: mkdtempSync(path.join(tmpdir(), 'chat-files-')) },
      webSearch: { provider: { kind: 'searxng', url: search.url, apiKey: null }, maxResults: 3, fetchPages: 0 },
    },
  });
  token = await t.signIn(t.a, t.a.member.email);
  otherToken = await t.signIn(t.a, t.a.other.email);
  const db = t.database.db;
  await db
    .update(llmModels)
    .set({ supportsVision: true, supportsWebSearch: true, webSearchCostE4: 50_000n })
    .where(and(eq(llmModels.tenantId, t.a.id), eq(llmModels.modelName, 'fake-vision')));
  // Every catalogue model may search (the platform searches); this one is set not to.
  await db.update(llmModels).set({ supportsWebSearch: false }).where(and(eq(llmModels.tenantId, t.a.id), eq(llmModels.modelName, 'fake-plain')));
  const list = (await t.call(t.a, token, { method: 'GET', url: '/api/chatbots/?include_default=true' })).json();
  const byModel = (name: string) => list.items.find((c: { llm_model: { display_name: string } }) => c.llm_model.display_name === name).id as number;
  visionBot = byModel('fake-vision');
  plainBot = byModel('fake-plain');
});
afterAll(async () => {
  await t.close();
  await fake.close();
  await search.close();
});

describe('attachments', () => {
  it("a document's text goes before the question; the history lists the file with a link", async () => {
    const [id] = await upload(token, [{ name: 'menu.txt', bytes: Buffer.from('Tuesday special: kimchi stew with tofu.') }]);
    const r = await streamChat(t, t.a, token, plainBot, { text: "What is Tuesday's special?", file_ids: [id] });
    expect(r.status).toBe(200);
    const sent = String(userContent());
    expect(sent).toContain('--- menu.txt ---');
    expect(sent).toContain('kimchi stew');
    expect(sent.endsWith("What is Tuesday's special?")).toBe(true);
    const h = (await t.call(t.a, token, { method: 'GET', url: `/api/sessions/${r.meta!.session_hash_id}/history/` })).json();
    expect(h.items[0].text).toBe("What is Tuesday's special?");
    expect(h.items[0].files).toEqual([expect.objectContaining({ id, name: 'menu.txt', type: 'text/plain', url: expect.stringContaining('/api/public/files/') })]);
  });

  it('an image reaches a vision model as an image part; a model without vision refuses before streaming (415)', async () => {
    const [id] = await upload(token, [{ name: 'dot.png', bytes: await makePng(), type: 'image/png' }]);
    const refused = await streamChat(t, t.a, token, plainBot, { text: 'What colour?', file_ids: [id] });
    expect(refused.status).toBe(415);
    expect((refused.body as { error: { code: string } }).error.code).toBe('vision_not_supported');
    const r = await streamChat(t, t.a, token, visionBot, { text: 'What colour?', file_ids: [id] });
    expect(r.status).toBe(200);
    const parts = userContent() as Array<{ type: string; text?: string; image_url?: { url: string } }>;
    expect(parts[0]).toEqual({ type: 'text', text: 'What colour?' });
    expect(parts[1]!.type).toBe('image_url');
    expect(parts[1]!.image_url!.url.startsWith('data:image/png;base64,')).toBe(true);
  });

  it("another member's file cannot be attached (404); a document too big for the context is 413", async () => {
    const [mine] = await upload(token, [{ name: 'private.txt', bytes: Buffer.from('mine alone') }]);
    const r = await streamChat(t, t.a, otherToken, plainBot, { text: 'read it', file_ids: [mine] });
    expect(r.status).toBe(404);
    const [big] = await upload(token, [{ name: 'big.txt', bytes: Buffer.from('lorem ipsum dolor sit amet '.repeat(6000)) }]);
    const tooBig = await streamChat(t, t.a, token, plainBot, { text: 'summarise', file_ids: [big] });
    expect(tooBig.status).toBe(413);
    expect((tooBig.body as { error: { code: string } }).error.code).toBe('input_too_long');
  });
});

describe('knowledge documents', () => {
  it("the chatbot's best excerpts go to the prompt and come back as numbered sources, kept with the answer", async () => {
    const bot = (await t.call(t.a, token, { method: 'POST', url: '/api/chatbots/' })).json().id as number;
    const res = await t.call(t.a, token, {
      method: 'POST',
      url: `/api/chatbots/${bot}/documents/`,
      ...multipart([{ name: 'guide.md', bytes: Buffer.from('# Parking\n\nVisitors park on level B2 for free for two hours.\n\n# 식당\n\n구내식당은 12시부터 1시까지 운영합니다.') }]),
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.built.jobs.filesParsed();
    const r = await streamChat(t, t.a, token, bot, { text: 'Where do visitors park?' });
    expect(r.status).toBe(200);
    const sources = r.events.filter((e) => e.type === 'source');
    expect(sources[0]).toMatchObject({ type: 'source', index: 1, kind: 'document', url: null });
    expect(sources[0]!.type === 'source' && sources[0]!.title).toContain('guide.md');
    expect(sources[0]!.type === 'source' && sources[0]!.snippet).toContain('level B2');
    // Sources come before the answer's text.
    expect(r.events.findIndex((e) => e.type === 'source')).toBeLessThan(r.events.findIndex((e) => e.type === 'text'));
    expect(systemPrompt()).toContain('[1] guide.md');
    expect(systemPrompt()).toContain('level B2');
    const ko = await streamChat(t, t.a, token, bot, { text: '구내식당은 몇 시에 운영하나요?' });
    expect(ko.events.find((e) => e.type === 'source')).toMatchObject({ kind: 'document', snippet: expect.stringContaining('12시') });
    const h = (await t.call(t.a, token, { method: 'GET', url: `/api/sessions/${r.meta!.session_hash_id}/history/` })).json();
    expect(h.items[1].sources[0]).toMatchObject({ index: 1, kind: 'document', snippet: expect.stringContaining('level B2') });
  });
});

describe('web search', () => {
  it('searches with the question, numbers the results as sources, and charges the search', async () => {
    search.reset();
    const r = await streamChat(t, t.a, token, visionBot, { text: 'latest release of the platform', web_search: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(search.requests.at(-1)!.query).toBe('latest release of the platform');
    const sources = r.events.filter((e) => e.type === 'source');
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.length).toBeLessThanOrEqual(3);
    expect(sources[0]).toMatchObject({ index: 1, kind: 'web', url: expect.stringMatching(/^https:\/\//) });
    expect(textOf(r.events)).toBe('Answer with a citation [1].');
    expect(systemPrompt()).toContain('[1]');
    const [row] = await queryRows<{ count: number; units: string }>(
      t.database.db,
      sql`select web_search_count as count, web_search_units::text as units from credit_ledger where tenant_id = ${t.a.id} and message_id = ${r.meta!.assistant_message_id}`,
    );
    // 5 credits a search (web_search_cost_e4 50,000).
    expect(row).toEqual({ count: 1, units: '500000000' });
    const h = (await t.call(t.a, token, { method: 'GET', url: `/api/sessions/${r.meta!.session_hash_id}/history/` })).json();
    expect(h.items[1].sources).toHaveLength(sources.length);
  });

  it('a model without web search refuses the switch (422) before anything is searched', async () => {
    search.reset();
    const r = await streamChat(t, t.a, token, plainBot, { text: 'search this', web_search: true });
    expect(r.status).toBe(422);
    expect((r.body as { error: { code: string; details: unknown } }).error).toMatchObject({ code: 'web_search_unavailable', details: { reason: 'model' } });
    expect(search.requests).toHaveLength(0);
  });

  it("members read whether the tenant searches (GET /web-search/); with it off a send is refused naming the tenant, not the model", async () => {
    const status = async () => (await t.call(t.a, token, { method: 'GET', url: '/api/web-search/' })).json() as { is_enabled: boolean };
    expect(await status()).toEqual({ is_enabled: true });
    const admin = await t.signIn(t.a, t.a.admin.email);
    const save = (is_enabled: boolean) => t.call(t.a, admin, { method: 'PUT', url: '/api/admin/web-search-settings/', payload: { is_enabled, provider: null } });
    expect((await save(false)).statusCode).toBe(200);
    try {
      expect(await status()).toEqual({ is_enabled: false });
      search.reset();
      const r = await streamChat(t, t.a, token, visionBot, { text: 'search this', web_search: true });
      expect(r.status).toBe(422);
      expect((r.body as { error: { code: string; details: unknown } }).error).toMatchObject({ code: 'web_search_unavailable', details: { reason: 'tenant' } });
      expect(search.requests).toHaveLength(0);
    } finally {
      expect((await save(true)).statusCode).toBe(200);
    }
    expect(await status()).toEqual({ is_enabled: true });
  });
});
