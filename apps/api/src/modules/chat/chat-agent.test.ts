import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChatEvent } from '@app/contracts/chat';
import { TOOL_LIMITS } from '@app/contracts/tools';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../../tools/fake-llm/server';
import { startFakeSearch, type FakeSearch } from '../../../../../tools/fake-search/server';
import { queryRows } from '../../db/client';
import { chatMessages, creditLedger, llmModels } from '../../db/schema/index';
import { reattach, streamChat, textOf } from '../../test/chat-client';
import { buildTestApp, type TestApp } from '../../test/test-app';
import type { CodeRunner } from '../tools/tools.service';

// The agent loop (decision 050) through the real app on PGlite, the model scripted by the fake
// upstream: tool calls, their results in the next request, sources, limits, stop, reattach, crash.
let fake: FakeLlm;
let search: FakeSearch;
let t: TestApp;
let token: string;
let otherToken: string;
let adminToken: string;
let bot: number;

/** The code interpreter's sandbox, scripted per test: `run` is replaced, each call's signal kept. */
const runner = {
  signals: [] as AbortSignal[],
  impl: null as CodeRunner['run'] | null,
  run(input: Parameters<CodeRunner['run']>[0]) {
    this.signals.push(input.signal);
    return this.impl!(input);
  },
};
/** The read-a-page tool's fetch, scripted: the addresses asked for and the page to answer with. */
const pages = {
  urls: [] as string[],
  contentType: 'text/html',
  body: '',
  fetch(url: string) {
    pages.urls.push(url);
    return Promise.resolve({ url, contentType: pages.contentType, body: Buffer.from(pages.body) });
  },
};
/** A sandbox that runs until it is stopped. */
const hangs: CodeRunner['run'] = ({ signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));

type Upload = { name: string; bytes: Buffer };
function multipart(list: Upload[]) {
  const boundary = `----b${Date.now()}`;
  const parts = list.flatMap((f) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    f.bytes,
    Buffer.from('\r\n'),
  ]);
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function newBot(who: string, doc?: Upload): Promise<number> {
  const id = (await t.call(t.a, who, { method: 'POST', url: '/api/chatbots/' })).json().id as number;
  if (doc) {
    const res = await t.call(t.a, who, { method: 'POST', url: `/api/chatbots/${id}/documents/`, ...multipart([doc]) });
    expect(res.statusCode, res.body).toBe(200);
    await t.built.jobs.filesParsed();
  }
  return id;
}
const setTools = (id: number, body: Record<string, unknown>, who = token) => t.call(t.a, who, { method: 'PATCH', url: `/api/chatbots/${id}/`, payload: body });
const body = (n: number) => fake.requests[n] as { messages: Array<{ role: string; content: unknown; tool_call_id?: string; tool_calls?: unknown[] }>; tools?: Array<{ function: { name: string } }> };
const ofType = <T extends ChatEvent['type']>(events: ChatEvent[], type: T) => events.filter((e): e is Extract<ChatEvent, { type: T }> => e.type === type);
const history = async (hash: string) => (await t.call(t.a, token, { method: 'GET', url: `/api/sessions/${hash}/history/` })).json();
const usageRows = (messageId: number) =>
  t.database.db.select().from(creditLedger).where(and(eq(creditLedger.tenantId, t.a.id), eq(creditLedger.messageId, messageId), eq(creditLedger.kind, 'usage')));
const stop = (hash: string) => t.call(t.a, token, { method: 'POST', url: `/api/sessions/${hash}/stop/` });
const waitFor = async (ok: () => boolean, ms = 5000) => {
  for (const end = Date.now() + ms; !ok(); ) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** The session of the answer streaming now (a stream's meta comes with its end). */
async function streamingHash(): Promise<string> {
  const [row] = await queryRows<{ hash_id: string }>(
    t.database.db,
    sql`select s.hash_id from chat_sessions s join chat_messages m on m.session_id = s.id and m.tenant_id = s.tenant_id where m.status = 'streaming' and s.tenant_id = ${t.a.id} order by m.id desc limit 1`,
  );
  return row!.hash_id;
}

beforeAll(async () => {
  fake = await startFakeLlm({ scenario: { reply: 'Plain answer.', tokenDelayMs: 1 } });
  search = await startFakeSearch({ recordRequests: true });
  t = await buildTestApp({
    providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-model'] } },
    config: {
      storage: { kind: 'local', dir: mkdtempSync(path.join(tmpdir(), 'agent-files-')) },
      webSearch: { provider: { kind: 'searxng', url: search.url, apiKey: null }, maxResults: 3, fetchPages: 0 },
    },
    tools: { codeRunner: runner, fetchPage: pages.fetch },
  });
  token = await t.signIn(t.a, t.a.member.email);
  otherToken = await t.signIn(t.a, t.a.other.email);
  adminToken = await t.signIn(t.a, t.a.admin.email);
  bot = await newBot(token, { name: 'guide.md', bytes: Buffer.from('# Parking\n\nVisitors park on level B2 for free for two hours.') });
  expect((await setTools(bot, { tools: ['knowledge_search', 'current_time', 'code_interpreter'], max_tool_steps: 4 })).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await fake.close();
  await search.close();
});
afterEach(() => {
  fake.reset();
  runner.impl = null;
  runner.signals = [];
});

describe('the agent loop', () => {
  it('searches the knowledge, sends the excerpts back and answers with a citation; one ledger row with both steps', async () => {
    fake.set({ script: [{ toolCalls: [{ name: 'knowledge_search', arguments: { query: 'visitor parking' } }] }, { text: 'Visitors park on B2 [1].' }], promptTokens: 100 });
    const r = await streamChat(t, t.a, token, bot, { text: 'Where do visitors park?' });
    expect(r.status).toBe(200);
    expect(ofType(r.events, 'tool_call')[0]).toMatchObject({ name: 'knowledge_search', step: 1, text_offset: 0 });
    expect(ofType(r.events, 'tool_input')[0]!.input).toEqual({ query: 'visitor parking' });
    const result = ofType(r.events, 'tool_result')[0]!;
    expect(result).toMatchObject({ status: 'done' });
    expect(result.output).toContain('level B2');
    expect(ofType(r.events, 'source')[0]).toMatchObject({ index: 1, kind: 'document', snippet: expect.stringContaining('level B2') });
    expect(ofType(r.events, 'step_end')).toEqual([{ type: 'step_end', step: 1 }]);
    expect(textOf(r.events)).toBe('Visitors park on B2 [1].');
    expect(r.events.at(-1)).toEqual({ type: 'end', status: 'completed' });

    // The model decides what to search: no excerpts in the first prompt; the tool is offered; its result comes back.
    expect(fake.requests).toHaveLength(2);
    expect(JSON.stringify(body(0).messages)).not.toContain('level B2');
    expect(body(0).tools!.map((x) => x.function.name)).toEqual(['knowledge_search', 'current_time', 'code_interpreter']);
    const toolMessage = body(1).messages.find((m) => m.role === 'tool')!;
    expect(String(toolMessage.content)).toContain('level B2');
    expect(body(1).messages.find((m) => m.role === 'assistant')!.tool_calls).toHaveLength(1);

    const h = await history(r.meta!.session_hash_id);
    expect(h.items[1].tool_calls).toEqual([
      expect.objectContaining({ name: 'knowledge_search', step: 1, status: 'done', input: { query: 'visitor parking' }, text_offset: 0, files: [] }),
    ]);
    expect(h.items[1].notice).toBeNull();
    expect(h.items[1].sources[0]).toMatchObject({ index: 1, kind: 'document' });
    // Charged once, the two requests' tokens together (the fake reports 100 prompt tokens each).
    const rows = await usageRows(r.meta!.assistant_message_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.inputTokens).toBe(200);
    const usage = ofType(r.events, 'usage')[0]!;
    expect(usage.input_tokens).toBe(200);
  });

  it('runs two parallel calls and sends both results back', async () => {
    fake.set({
      script: [
        { toolCalls: [{ name: 'current_time', arguments: {} }, { name: 'knowledge_search', arguments: { query: 'parking' } }], interleave: true },
        { text: 'Done.' },
      ],
    });
    const r = await streamChat(t, t.a, token, bot, { text: 'What time is it, and where to park?' });
    const results = ofType(r.events, 'tool_result');
    expect(results.map((x) => x.status)).toEqual(['done', 'done']);
    const tools = body(1).messages.filter((m) => m.role === 'tool');
    expect(tools).toHaveLength(2);
    expect(tools.map((m) => String(m.content)).join(' ')).toMatch(/"time_zone":"UTC"/);
    expect(textOf(r.events)).toBe('Done.');
  });

  it('a tool that fails gives the model its error, and the model answers', async () => {
    runner.impl = () => Promise.reject(new Error('sandbox exploded'));
    fake.set({ script: [{ toolCalls: [{ name: 'code_interpreter', arguments: { code: 'print(1)' } }] }, { text: 'The code could not run.' }] });
    const r = await streamChat(t, t.a, token, bot, { text: 'Run it' });
    expect(ofType(r.events, 'tool_result')[0]).toMatchObject({ status: 'error', output: 'sandbox exploded' });
    expect(String(body(1).messages.find((m) => m.role === 'tool')!.content)).toContain('sandbox exploded');
    expect(r.events.at(-1)).toEqual({ type: 'end', status: 'completed' });
    expect((await history(r.meta!.session_hash_id)).items[1].tool_calls[0]).toMatchObject({ status: 'error' });
  });

  it('stops at the step limit with a notice', async () => {
    const call = { toolCalls: [{ name: 'current_time', arguments: {} }] };
    fake.set({ script: [call, call, call, call, call] });
    const r = await streamChat(t, t.a, token, bot, { text: 'Loop forever' });
    // max_tool_steps 4: four model requests, the fourth's call not run.
    expect(fake.requests).toHaveLength(4);
    expect(ofType(r.events, 'notice')).toEqual([{ type: 'notice', code: 'tool_step_limit' }]);
    expect(ofType(r.events, 'tool_result').at(-1)).toMatchObject({ status: 'stopped' });
    expect(r.events.at(-1)).toEqual({ type: 'end', status: 'completed' });
    const h = await history(r.meta!.session_hash_id);
    expect(h.items[1].notice).toBe('tool_step_limit');
    expect(h.items[1].tool_calls).toHaveLength(4);
  });

  it('Stop during a slow tool ends the tool and the loop within a second; a reattach meanwhile gets the calls in its snapshot', async () => {
    runner.impl = hangs;
    fake.set({ script: [{ text: 'Let me compute.', toolCalls: [{ name: 'code_interpreter', arguments: { code: 'while True: pass' } }] }, { text: 'never' }] });
    const events: ChatEvent[] = [];
    const pending = streamChat(t, t.a, token, bot, { text: 'Compute' }, { onEvent: (e) => events.push(e) });
    await waitFor(() => runner.signals.length === 1);
    const hash = await streamingHash();
    // A returning reader: its first event is the snapshot (it reads on until the answer closes).
    const seen: ChatEvent[] = [];
    const again = reattach(t, t.a, token, hash, { onEvent: (e) => seen.push(e) });
    await waitFor(() => seen.length > 0);
    const snapshot = seen[0]!;
    expect(snapshot).toMatchObject({ type: 'snapshot', text: 'Let me compute.', notice: null });
    expect(snapshot.type === 'snapshot' && snapshot.tool_calls).toEqual([expect.objectContaining({ name: 'code_interpreter', status: 'running', text_offset: 15 })]);

    const started = Date.now();
    const res = await stop(hash);
    expect(res.json()).toEqual({ stopped: true });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(runner.signals[0]!.aborted).toBe(true);
    const r = await pending;
    expect(ofType(r.events, 'tool_result')[0]).toMatchObject({ status: 'stopped' });
    expect((await again).events.at(-1)).toEqual({ type: 'end', status: 'stopped' });
    // No further model request after the stop.
    expect(fake.requests).toHaveLength(1);
    const h = await history(hash);
    expect(h.items[1]).toMatchObject({ status: 'stopped', text: 'Let me compute.' });
    expect(h.items[1].tool_calls[0]).toMatchObject({ status: 'stopped' });
    expect(await usageRows(h.items[1].id)).toHaveLength(1);
  });

  it('Stop while the second request streams cancels the upstream within a second', async () => {
    fake.set({ tokenDelayMs: 200, script: [{ toolCalls: [{ name: 'current_time', arguments: {} }] }, { text: 'one two three four five six seven eight nine ten' }] });
    const events: ChatEvent[] = [];
    const pending = streamChat(t, t.a, token, bot, { text: 'Slow answer' }, { onEvent: (e) => events.push(e) });
    await waitFor(() => events.some((e) => e.type === 'text'));
    const started = Date.now();
    expect((await stop(await streamingHash())).json()).toEqual({ stopped: true });
    await waitFor(() => fake.aborted === 1, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    const r = await pending;
    expect(r.events.at(-1)).toEqual({ type: 'end', status: 'stopped' });
    expect(fake.requests).toHaveLength(2);
  });

  it('a crash mid-step leaves the answer interrupted with its steps so far, charged once', async () => {
    runner.impl = hangs;
    fake.set({ script: [{ text: 'Working on it.', toolCalls: [{ name: 'code_interpreter', arguments: { code: 'sleep()' } }] }], promptTokens: 50 });
    const pending = streamChat(t, t.a, token, bot, { text: 'Crash me' });
    await waitFor(() => runner.signals.length === 1);
    // The flusher writes the step's text and call within a second.
    await new Promise((r) => setTimeout(r, 1600));
    const [row] = await t.database.db.select().from(chatMessages).where(and(eq(chatMessages.tenantId, t.a.id), eq(chatMessages.status, 'streaming')));
    expect(row!.toolCalls).toEqual([expect.objectContaining({ name: 'code_interpreter', status: 'running' })]);
    // What a restart's recovery does: the answer left streaming becomes interrupted and is charged its flushed steps.
    expect(await t.built.jobs.recoverInterrupted()).toBe(1);
    const [after] = await t.database.db.select().from(chatMessages).where(and(eq(chatMessages.tenantId, t.a.id), eq(chatMessages.id, row!.id)));
    expect(after).toMatchObject({ status: 'interrupted', text: 'Working on it.', inputTokens: 50 });
    expect(after!.toolCalls).toHaveLength(1);
    expect(await usageRows(row!.id)).toHaveLength(1);
    // The answer, still running in this process, closes later: nothing is charged twice.
    const [session] = await queryRows<{ hash_id: string }>(t.database.db, sql`select hash_id from chat_sessions where tenant_id = ${t.a.id} and id = ${row!.sessionId}`);
    await stop(session!.hash_id);
    await pending;
    expect(await usageRows(row!.id)).toHaveLength(1);
  });

  it("never searches another member's chatbot documents", async () => {
    await newBot(otherToken, { name: 'secret.md', bytes: Buffer.from('# Vault\n\nThe vault code is 7781 and parking is on level Z9.') });
    fake.set({ script: [{ toolCalls: [{ name: 'knowledge_search', arguments: { query: 'vault code parking' } }] }, { text: 'ok' }] });
    const r = await streamChat(t, t.a, token, bot, { text: 'What is the vault code?' });
    const output = ofType(r.events, 'tool_result')[0]!.output;
    expect(output).not.toContain('7781');
    expect(JSON.stringify(body(1).messages)).not.toContain('7781');
    // Another member's file cannot be handed to the code interpreter either: refused before anything runs.
    const up = await t.call(t.a, otherToken, { method: 'POST', url: '/api/files/', ...multipart([{ name: 'theirs.txt', bytes: Buffer.from('private') }]) });
    const theirs = up.json().items[0].id as number;
    const refused = await streamChat(t, t.a, token, bot, { text: 'Use this file', file_ids: [theirs] });
    expect(refused.status).toBe(404);
    expect(runner.signals).toHaveLength(0);
  });

  it('hands the attached files to the code interpreter and keeps the files it makes as files of the session', async () => {
    const up = await t.call(t.a, token, { method: 'POST', url: '/api/files/', ...multipart([{ name: 'data.csv', bytes: Buffer.from('a,b\n1,2\n') }]) });
    await t.built.jobs.filesParsed();
    const fileId = up.json().items[0].id as number;
    let seen: string[] = [];
    runner.impl = async ({ files }) => {
      seen = files.map((f) => `${f.name}:${Buffer.from(f.data).toString()}`);
      return { stdout: 'ok', stderr: '', error: null, files: [{ name: 'out.csv', mediaType: 'text/csv', data: Buffer.from('x\n3\n') }, { name: 'evil.exe', mediaType: 'application/octet-stream', data: Buffer.from([0, 1, 2]) }] };
    };
    fake.set({ script: [{ toolCalls: [{ name: 'code_interpreter', arguments: { code: 'sum()' } }] }, { text: 'Made a file.' }] });
    const r = await streamChat(t, t.a, token, bot, { text: 'Sum it', file_ids: [fileId] });
    expect(seen).toEqual(['data.csv:a,b\n1,2\n']);
    const result = ofType(r.events, 'tool_result')[0]!;
    expect(result.files).toEqual([expect.objectContaining({ name: 'out.csv', type: 'text/csv' })]);
    expect(result.output).toContain('files_not_kept');
    const h = await history(r.meta!.session_hash_id);
    expect(h.items[1].tool_calls[0].files).toEqual([expect.objectContaining({ id: result.files[0]!.id, name: 'out.csv', url: expect.any(String) })]);
    // Another member cannot read it.
    expect((await t.call(t.a, otherToken, { method: 'GET', url: `/api/files/${result.files[0]!.id}/` })).statusCode).toBe(403);
  });
});

describe('web search', () => {
  it('searches with the model\'s query, cites the results and charges the search with the answer', async () => {
    await t.database.db.update(llmModels).set({ webSearchCostE4: 50_000n }).where(and(eq(llmModels.tenantId, t.a.id), eq(llmModels.modelName, 'fake-model')));
    await setTools(bot, { tools: ['web_search'] });
    search.reset();
    fake.set({ script: [{ toolCalls: [{ name: 'web_search', arguments: { query: 'platform release notes' } }] }, { text: 'See [1].' }] });
    const r = await streamChat(t, t.a, token, bot, { text: 'What is new?' });
    expect(search.requests.at(-1)!.query).toBe('platform release notes');
    expect(ofType(r.events, 'tool_result')[0]).toMatchObject({ status: 'done' });
    expect(ofType(r.events, 'source')[0]).toMatchObject({ index: 1, kind: 'web', url: expect.stringMatching(/^https:\/\//) });
    const [row] = await usageRows(r.meta!.assistant_message_id);
    expect(row!.webSearchCount).toBe(1);
    expect(row!.webSearchUnits).toBeGreaterThan(0n);
    const h = await history(r.meta!.session_hash_id);
    expect(h.items[1].sources[0]).toMatchObject({ index: 1, kind: 'web' });
    await setTools(bot, { tools: ['knowledge_search', 'current_time', 'code_interpreter'], max_tool_steps: 4 });
  });

  it('Stop during a slow search aborts the provider request within a second; the search is not charged', async () => {
    await setTools(bot, { tools: ['web_search'] });
    search.reset();
    search.set({ delayMs: 8000 });
    fake.set({ script: [{ toolCalls: [{ name: 'web_search', arguments: { query: 'slow engines' } }] }, { text: 'never' }] });
    const pending = streamChat(t, t.a, token, bot, { text: 'Search slowly' });
    try {
      await waitFor(() => search.requests.length === 1);
      const started = Date.now();
      expect((await stop(await streamingHash())).json()).toEqual({ stopped: true });
      // The provider sees its client hang up: the request did not run on to its own timeout.
      await waitFor(() => search.cancelled.length === 1, 1000);
      expect(search.cancelled[0]!.at - started).toBeLessThan(1000);
      const r = await pending;
      expect(r.events.at(-1)).toEqual({ type: 'end', status: 'stopped' });
      expect(ofType(r.events, 'tool_result')[0]).toMatchObject({ status: 'stopped' });
      const [row] = await usageRows(r.meta!.assistant_message_id);
      expect(row!.webSearchCount).toBe(0);
    } finally {
      search.reset();
      await setTools(bot, { tools: ['knowledge_search', 'current_time', 'code_interpreter'], max_tool_steps: 4 });
    }
  });
});

describe('reading a web page', () => {
  const words = (list: string[]) =>
    t.call(t.a, adminToken, { method: 'POST', url: '/api/admin/restricted-words/', payload: { restricted_words: list, block_personal_info: false, mask_personal_info: false } });
  const readPage = (url: string) => fake.set({ script: [{ toolCalls: [{ name: 'read_web_page', arguments: { url } }] }, { text: 'Read.' }] });

  it("reads the page's text, screens the address, refuses what is not http(s), and cuts the result for the model", async () => {
    await setTools(bot, { tools: ['read_web_page'] });
    pages.urls = [];
    pages.contentType = 'text/html';
    pages.body = '<html><body><nav>Menu Home About</nav><article><p>The launch is on Friday.</p></article></body></html>';
    readPage('https://example.com/news');
    let r = await streamChat(t, t.a, token, bot, { text: 'When is the launch?' });
    const result = ofType(r.events, 'tool_result')[0]!;
    expect(result.status).toBe('done');
    expect(result.output).toContain('The launch is on Friday.');
    expect(result.output).not.toContain('Menu Home');
    expect(ofType(r.events, 'source')[0]).toMatchObject({ kind: 'web', url: 'https://example.com/news' });
    expect(pages.urls).toEqual(['https://example.com/news']);

    // A restricted word in the address: the platform does not send it out; the model is told.
    expect((await words(['classified'])).statusCode).toBe(200);
    readPage('https://example.com/classified-report');
    r = await streamChat(t, t.a, token, bot, { text: 'Read the report' });
    expect(ofType(r.events, 'tool_result')[0]).toMatchObject({ status: 'error' });
    expect(pages.urls).toHaveLength(1);
    await words([]);

    readPage('file:///etc/passwd');
    r = await streamChat(t, t.a, token, bot, { text: 'Read the file' });
    expect(ofType(r.events, 'tool_result')[0]).toMatchObject({ status: 'error' });
    expect(pages.urls).toHaveLength(1);

    // A long page: the model gets at most TOOL_LIMITS.resultMaxChars of it, the card a preview.
    pages.contentType = 'text/plain';
    pages.body = 'word '.repeat(10_000);
    fake.reset();
    readPage('https://example.com/long');
    r = await streamChat(t, t.a, token, bot, { text: 'Read the long page' });
    const sent = String(body(1).messages.find((m) => m.role === 'tool')!.content);
    expect(sent.length).toBeLessThanOrEqual(TOOL_LIMITS.resultMaxChars + 10);
    expect(sent).toContain('[cut]');
    expect(ofType(r.events, 'tool_result')[0]!.output.length).toBe(TOOL_LIMITS.outputPreviewChars);
    await setTools(bot, { tools: ['knowledge_search', 'current_time', 'code_interpreter'], max_tool_steps: 4 });
  });
});

describe('group access to tools', () => {
  const patch = (tool: string, group: number, on: boolean, who = adminToken) =>
    t.call(t.a, who, { method: 'PATCH', url: `/api/admin/tools/${tool}/member-groups/${group}/`, payload: { is_available: on } });

  it('a tool switched off for the member group is not offered; the member list says so', async () => {
    expect((await patch('knowledge_search', t.a.defaultGroupId, false)).statusCode).toBe(200);
    const mine = (await t.call(t.a, token, { method: 'GET', url: '/api/tools/' })).json();
    expect(mine.items).toContainEqual({ tool: 'knowledge_search', is_available: false, reason: 'group' });
    expect(mine.items).toContainEqual({ tool: 'current_time', is_available: true, reason: null });
    // No image model on this tenant: image generation cannot run here, whatever the groups.
    expect(mine.items).toContainEqual({ tool: 'generate_image', is_available: false, reason: 'not_configured' });
    const admin = (await t.call(t.a, adminToken, { method: 'GET', url: '/api/admin/tools/' })).json();
    expect(admin.items.find((x: { tool: string }) => x.tool === 'knowledge_search').member_groups).toContainEqual(
      expect.objectContaining({ member_group_id: t.a.defaultGroupId, is_available: false }),
    );
    fake.set({ reply: 'Plain.' });
    await streamChat(t, t.a, token, bot, { text: 'Where do visitors park?' });
    expect(body(0).tools!.map((x) => x.function.name)).toEqual(['current_time', 'code_interpreter']);
    // Without the tool the chatbot's knowledge goes to the prompt as before.
    expect(JSON.stringify(body(0).messages)).toContain('level B2');
    // Every tool off: the plain text path, no tools at all in the request.
    await patch('current_time', t.a.defaultGroupId, false);
    await patch('code_interpreter', t.a.defaultGroupId, false);
    fake.reset();
    await streamChat(t, t.a, token, bot, { text: 'Hello' });
    expect(body(0).tools).toBeUndefined();
    for (const tool of ['knowledge_search', 'current_time', 'code_interpreter']) await patch(tool, t.a.defaultGroupId, true);
    // The audit log keeps the admin's switches.
    const [audit] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_log where tenant_id = ${t.a.id} and target_type = 'tool_group_access'`);
    expect(audit!.n).toBeGreaterThanOrEqual(6);
  });

  it('admin routes: 401 without a token, 403 for a member, 404 for a group of another tenant, 422 for an unknown tool', async () => {
    expect((await t.call(t.a, null, { method: 'GET', url: '/api/admin/tools/' })).statusCode).toBe(401);
    expect((await t.call(t.a, token, { method: 'GET', url: '/api/admin/tools/' })).statusCode).toBe(403);
    expect((await patch('web_search', t.a.defaultGroupId, false, token)).statusCode).toBe(403);
    expect((await patch('web_search', t.b.defaultGroupId, false)).statusCode).toBe(404);
    expect((await patch('telepathy', t.a.defaultGroupId, false)).statusCode).toBe(422);
    expect((await t.call(t.a, null, { method: 'GET', url: '/api/tools/' })).statusCode).toBe(401);
  });

  it('the console counts tool calls per month and tool', async () => {
    expect((await t.call(t.a, token, { method: 'GET', url: '/api/admin/dashboards/tools/' })).statusCode).toBe(403);
    const res = await t.call(t.a, adminToken, { method: 'GET', url: '/api/admin/dashboards/tools/' });
    expect(res.statusCode).toBe(200);
    const month = new Date().toISOString().slice(0, 7);
    expect(res.json().items).toContainEqual({ month, tool: 'knowledge_search', calls: expect.any(Number) });
    const other = (await t.call(t.b, await t.signIn(t.b, t.b.admin.email), { method: 'GET', url: '/api/admin/dashboards/tools/' })).json();
    expect(other.items).toEqual([]);
  });
});

describe('chatbot tool settings', () => {
  it('validates tools and the step limit; a release keeps the approved settings', async () => {
    for (const bad of [{ tools: ['telepathy'] }, { tools: ['current_time', 'current_time'] }, { max_tool_steps: 0 }, { max_tool_steps: 26 }]) {
      const res = await setTools(bot, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
    }
    const ok = (await setTools(bot, { tools: ['current_time'], max_tool_steps: 3 })).json();
    expect(ok).toMatchObject({ tools: ['current_time'], max_tool_steps: 3 });
    // Another member cannot change them.
    expect((await setTools(bot, { tools: [] }, otherToken)).statusCode).toBe(403);
    await setTools(bot, { tools: ['knowledge_search', 'current_time', 'code_interpreter'], max_tool_steps: 4 });
  });

  it("another member's chat uses the approved release's tools, not the draft's", async () => {
    const id = await newBot(token);
    const named = { ko_name: '도구', en_name: 'Tools', ko_key_features: '시간', en_key_features: 'Time', tools: ['current_time'], max_tool_steps: 2 };
    expect((await setTools(id, named)).statusCode).toBe(200);
    expect((await t.call(t.a, token, { method: 'PATCH', url: `/api/chatbots/${id}/access/`, payload: { is_public: true, member_group_ids: [t.a.defaultGroupId] } })).statusCode).toBe(200);
    expect((await t.call(t.a, adminToken, { method: 'POST', url: `/api/admin/chatbots/${id}/process-publish-request/`, payload: { approve: true } })).statusCode).toBe(200);
    // The draft changes; the release keeps what the admin approved, and says a change is pending.
    const draft = (await setTools(id, { tools: [] })).json();
    expect(draft).toMatchObject({ tools: [], has_unreleased_changes: true });
    const seen = (await t.call(t.a, otherToken, { method: 'GET', url: `/api/chatbots/${id}/` })).json();
    expect(seen).toMatchObject({ tools: ['current_time'], max_tool_steps: 2 });
    fake.set({ reply: 'ok' });
    await streamChat(t, t.a, otherToken, id, { text: 'What time is it?' });
    expect(body(0).tools!.map((x) => x.function.name)).toEqual(['current_time']);
    fake.reset();
    await streamChat(t, t.a, token, id, { text: 'What time is it?' });
    expect(body(0).tools).toBeUndefined();
  });
});
