import { and, eq } from 'drizzle-orm';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../../tools/fake-llm/server';
import { apiKeys, chatSessions, creditLedger, members } from '../../db/schema/index';
import { rateLimitsConfig } from '../../platform/rate-limits';
import { baseUrlOf } from '../../test/chat-client';
import { buildTestApp, type TestApp, type TestTenant } from '../../test/test-app';

// Developer API keys and the OpenAI-compatible API (issue 28), through the official `openai` client.
let fake: FakeLlm;
let t: TestApp;
let member: string;
let other: string;
let base: string;

const REPLY = 'Quiet pond, a frog jumps in.';
const call = (who: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, tenant: TestTenant = t.a) =>
  t.call(tenant, who, { method, url: `/api${url}`, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const client = (apiKey: string) => new OpenAI({ apiKey, baseURL: `${base}/v1`, maxRetries: 0 });

async function newKey(who = member, body: Record<string, unknown> = {}) {
  const res = await call(who, 'POST', '/apikeys/', { name: 'CI key', ...body });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; secret: string; prefix: string };
}
async function ownChatbot(who = member) {
  const created = (await call(who, 'POST', '/chatbots/')).json();
  await call(who, 'PATCH', `/chatbots/${created.id}/`, { ko_name: '시인', en_name: 'Poet', system_instructions: 'You write haiku.', temperature: 0.4 });
  return created as { id: number; hash_id: string };
}

beforeAll(async () => {
  fake = await startFakeLlm({ scenario: { reply: REPLY, tokenDelayMs: 0 } });
  t = await buildTestApp({ providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-model'] } }, config: { rateLimits: rateLimitsConfig({ apiPerKey: { max: 1000 } }) } });
  [member, other] = await Promise.all([t.signIn(t.a, t.a.member.email), t.signIn(t.a, t.a.other.email)]);
  base = await baseUrlOf(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => fake.reset());

describe('API keys', () => {
  it('creates a key whose secret is shown once and stored only as a hash; lists, renames, revokes', async () => {
    const key = await newKey();
    expect(key.secret).toMatch(/^sk-cb-[\w-]{43}$/);
    expect(key.secret.startsWith(key.prefix.replace('…', ''))).toBe(true);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(JSON.stringify(row)).not.toContain(key.secret.slice(10));
    const listed = (await call(member, 'GET', '/apikeys/')).json().items;
    expect(listed[0]).toMatchObject({ id: key.id, name: 'CI key', last_used_at: null, request_count: 0 });
    expect(JSON.stringify(listed)).not.toContain(key.secret);
    expect((await call(member, 'PATCH', `/apikeys/${key.id}/`, { name: 'Renamed' })).json().name).toBe('Renamed');
    expect((await call(member, 'DELETE', `/apikeys/${key.id}/`)).statusCode).toBe(200);
    await expect(client(key.secret).models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it('names only chatbots the member may use: another member’s private chatbot or another tenant’s is 404 and no key is kept (issue 38 item 6)', async () => {
    const theirs = await ownChatbot(other);
    const bMember = await t.signIn(t.b, t.b.member.email);
    const foreign = (await call(bMember, 'POST', '/chatbots/', undefined, t.b)).json() as { id: number };
    const mine = await ownChatbot();
    const before = (await call(member, 'GET', '/apikeys/')).json().items.length;
    for (const ids of [[theirs.id], [foreign.id], [mine.id, theirs.id], [2147483000]]) {
      const res = await call(member, 'POST', '/apikeys/', { name: 'sneaky', chatbot_ids: ids });
      expect(res.statusCode, JSON.stringify(ids)).toBe(404);
    }
    expect((await call(member, 'GET', '/apikeys/')).json().items.length).toBe(before);
    const key = await newKey(member, { chatbot_ids: [mine.id] });
    expect((await call(member, 'PATCH', `/apikeys/${key.id}/`, { chatbot_ids: [foreign.id] })).statusCode).toBe(404);
    expect((await call(member, 'PATCH', `/apikeys/${key.id}/`, { chatbot_ids: [theirs.id] })).statusCode).toBe(404);
    expect((await call(member, 'GET', '/apikeys/')).json().items.find((k: { id: number }) => k.id === key.id).chatbot_ids).toEqual([mine.id]);
    await call(member, 'DELETE', `/apikeys/${key.id}/`);
  });

  it('validates: name, past expiry, unknown fields (422); another member or tenant cannot see or change a key (404)', async () => {
    expect((await call(member, 'POST', '/apikeys/', { name: '' })).statusCode).toBe(422);
    expect((await call(member, 'POST', '/apikeys/', { name: 'x', expires_at: '2020-01-01T00:00:00Z' })).statusCode).toBe(422);
    expect((await call(member, 'POST', '/apikeys/', { name: 'x', scope: 'all' })).statusCode).toBe(422);
    const key = await newKey();
    expect((await call(other, 'GET', '/apikeys/')).json().items.some((k: { id: number }) => k.id === key.id)).toBe(false);
    expect((await call(other, 'PATCH', `/apikeys/${key.id}/`, { name: 'mine' })).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/apikeys/${key.id}/`)).statusCode).toBe(404);
    const bMember = await t.signIn(t.b, t.b.member.email);
    expect((await call(bMember, 'DELETE', `/apikeys/${key.id}/`, undefined, t.b)).statusCode).toBe(404);
    expect((await call(member, 'GET', '/apikeys/')).json().items.find((k: { id: number }) => k.id === key.id).name).toBe('CI key');
  });

  it('an expired key and a deactivated member are refused on the next request', async () => {
    const key = await newKey(member, { expires_at: new Date(Date.now() + 60_000).toISOString() });
    await client(key.secret).models.list();
    await t.database.db.update(apiKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiKeys.id, key.id));
    await expect(client(key.secret).models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    const live = await newKey(other);
    await client(live.secret).models.list();
    await t.database.db.update(members).set({ memberStatus: 'deactivated' }).where(and(eq(members.tenantId, t.a.id), eq(members.id, t.a.other.id)));
    try {
      await expect(client(live.secret).models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    } finally {
      await t.database.db.update(members).set({ memberStatus: 'active' }).where(and(eq(members.tenantId, t.a.id), eq(members.id, t.a.other.id)));
    }
    await expect(client('sk-cb-not-a-real-key').models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
  });
});

describe('the OpenAI-compatible API with the official client', () => {
  it('lists the chatbots the member may use; a key limited to chatbots lists only those', async () => {
    const mine = await ownChatbot();
    const theirs = await ownChatbot(other);
    const all = await client((await newKey()).secret).models.list();
    const ids = all.data.map((m) => m.id);
    expect(ids).toContain(mine.hash_id);
    expect(ids).not.toContain(theirs.hash_id);
    expect(all.data.find((m) => m.id === mine.hash_id)).toMatchObject({ object: 'model', owned_by: 'you' });
    const limited = await client((await newKey(member, { chatbot_ids: [mine.id] })).secret).models.list();
    expect(limited.data.map((m) => m.id)).toEqual([mine.hash_id]);
  });

  it('leaves out a chatbot with neither a Korean nor an English name (a draft nobody named)', async () => {
    const named = await ownChatbot();
    const nameless = (await call(member, 'POST', '/chatbots/')).json() as { id: number; hash_id: string };
    const blank = (await call(member, 'POST', '/chatbots/')).json() as { id: number; hash_id: string };
    await call(member, 'PATCH', `/chatbots/${blank.id}/`, { ko_name: ' ', en_name: '  ' });
    const list = await client((await newKey()).secret).models.list();
    const ids = list.data.map((m) => m.id);
    expect(ids).toContain(named.hash_id);
    expect(ids).not.toContain(nameless.hash_id);
    expect(ids).not.toContain(blank.hash_id);
    expect(list.data.every((m) => (m as unknown as { name: string }).name.trim() !== '')).toBe(true);
  });

  it('completes without streaming: the chatbot runs (instructions, parameters), usage is read, charged and counted on the key', async () => {
    const bot = await ownChatbot();
    const key = await newKey();
    const before = (await t.database.db.select().from(creditLedger).where(eq(creditLedger.tenantId, t.a.id))).length;
    const res = await client(key.secret).chat.completions.create({ model: bot.hash_id, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'A frog?' }] });
    expect(res.choices[0]!.message.content).toBe(REPLY);
    expect(res.usage!.total_tokens).toBe(res.usage!.prompt_tokens + res.usage!.completion_tokens);
    expect(res.usage!.completion_tokens).toBeGreaterThan(0);
    const sent = fake.requests.at(-1)!;
    expect(sent.temperature).toBe(0.4);
    expect(sent.messages).toEqual([
      { role: 'system', content: 'You write haiku.\n\nBe brief.' },
      { role: 'user', content: 'A frog?' },
    ]);
    expect((await t.database.db.select().from(creditLedger).where(eq(creditLedger.tenantId, t.a.id))).length).toBe(before + 1);
    const listed = (await call(member, 'GET', '/apikeys/')).json().items.find((k: { id: number }) => k.id === key.id);
    expect(listed).toMatchObject({ request_count: 1, token_count: res.usage!.total_tokens });
    expect(listed.last_used_at).not.toBeNull();
    // The turn is kept as a session of its own, in no list.
    const sessions = (await call(member, 'GET', '/sessions/?size=100')).json().items as Array<{ chatbot_id: number }>;
    expect(sessions.some((s) => s.chatbot_id === bot.id)).toBe(false);
    const rows = await t.database.db.select().from(chatSessions).where(and(eq(chatSessions.tenantId, t.a.id), eq(chatSessions.chatbotId, bot.id)));
    expect(rows.map((r) => r.origin)).toEqual(['api']);
  });

  it('streams chunks in order, ends with [DONE], and reports usage when asked', async () => {
    const bot = await ownChatbot();
    const stream = await client((await newKey()).secret).chat.completions.create({
      model: bot.hash_id,
      messages: [
        { role: 'user', content: 'Earlier question' },
        { role: 'assistant', content: 'Earlier answer' },
        { role: 'user', content: 'And now?' },
      ],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: OpenAI.CompletionUsage | null | undefined;
    const finishes: string[] = [];
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe(REPLY);
    expect(finishes).toEqual(['stop']);
    expect(usage!.completion_tokens).toBeGreaterThan(0);
    expect((fake.requests.at(-1)!.messages as unknown[]).length).toBe(4);
  });

  it('typed errors: unknown or unreachable model 404, bad request 400, rate limit 429, credits 402', async () => {
    const key = (await newKey()).secret;
    await expect(client(key).chat.completions.create({ model: 'nope', messages: [{ role: 'user', content: 'hi' }] })).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    // Another member's private chatbot, and another tenant's, are unknown models.
    const theirs = await ownChatbot(other);
    await expect(client(key).chat.completions.create({ model: theirs.hash_id, messages: [{ role: 'user', content: 'hi' }] })).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    const bMember = await t.signIn(t.b, t.b.member.email);
    const bKey = (await call(bMember, 'POST', '/apikeys/', { name: 'b' }, t.b)).json().secret as string;
    const mine = await ownChatbot();
    await expect(client(bKey).chat.completions.create({ model: mine.hash_id, messages: [{ role: 'user', content: 'hi' }] })).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    // A key limited to other chatbots.
    const second = await ownChatbot();
    const limited = (await newKey(member, { chatbot_ids: [second.id] })).secret;
    await expect(client(limited).chat.completions.create({ model: mine.hash_id, messages: [{ role: 'user', content: 'hi' }] })).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    const bad = client(key).chat.completions.create({ model: mine.hash_id, messages: [{ role: 'assistant', content: 'no question' }] });
    await expect(bad).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    await expect(client(key).chat.completions.create({ model: mine.hash_id, messages: [] })).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    // Credits: the member's are used (402 with OpenAI's shape).
    await t.database.db.update(members).set({ customCreditLimitUnits: 0n }).where(and(eq(members.tenantId, t.a.id), eq(members.id, t.a.member.id)));
    await t.settle();
    try {
      const err = await client(key).chat.completions.create({ model: mine.hash_id, messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenAI.APIError);
      expect((err as InstanceType<typeof OpenAI.APIError>).status).toBe(402);
      expect((err as InstanceType<typeof OpenAI.APIError>).code).toBe('insufficient_quota');
    } finally {
      await t.database.db.update(members).set({ customCreditLimitUnits: null }).where(and(eq(members.tenantId, t.a.id), eq(members.id, t.a.member.id)));
      await t.settle();
    }
  });

  it('restricted words apply to the API as to the web chat (428)', async () => {
    const admin = await t.signIn(t.a, t.a.admin.email);
    await call(admin, 'POST', '/admin/restricted-words/', { restricted_words: ['forbiddenword'], block_personal_info: false, mask_personal_info: false });
    try {
      const bot = await ownChatbot();
      const err = await client((await newKey()).secret).chat.completions.create({ model: bot.hash_id, messages: [{ role: 'user', content: 'say forbiddenword' }] }).catch((e: unknown) => e);
      expect((err as InstanceType<typeof OpenAI.APIError>).status).toBe(428);
    } finally {
      await call(admin, 'POST', '/admin/restricted-words/', { restricted_words: [], block_personal_info: false, mask_personal_info: false });
    }
  });

  it('a client that disconnects aborts the upstream and the answer is kept as stopped', async () => {
    fake.set({ tokenDelayMs: 50 });
    const bot = await ownChatbot();
    const controller = new AbortController();
    const stream = await client((await newKey()).secret).chat.completions.create({ model: bot.hash_id, messages: [{ role: 'user', content: 'long' }], stream: true }, { signal: controller.signal });
    let n = 0;
    try {
      for await (const _ of stream) if (++n === 2) controller.abort();
    } catch {
      // The SDK may end the iteration or throw on abort: either way the client is gone.
    }
    expect(n).toBe(2);
    await expect.poll(() => fake.aborted, { timeout: 5000 }).toBe(1);
    const [session] = await t.database.db.select().from(chatSessions).where(and(eq(chatSessions.tenantId, t.a.id), eq(chatSessions.chatbotId, bot.id)));
    await expect
      .poll(async () => (await call(member, 'GET', `/chatbots/${bot.id}/`)).json().message_count, { timeout: 5000 })
      .toBe(1);
    expect(session!.origin).toBe('api');
  });
});

describe('bad input with a valid key', () => {
  it('answers 400 in OpenAI’s error shape, never a 5xx', async () => {
    const { secret } = await newKey();
    const bot = await ownChatbot();
    const bodies: unknown[] = [
      {},
      { model: bot.hash_id },
      { model: 1, messages: [{ role: 'user', content: 'x' }] },
      { model: bot.hash_id, messages: 'hello' },
      { model: bot.hash_id, messages: [{ role: 'wizard', content: 'x' }] },
      { model: bot.hash_id, messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'http://x' } }] }] },
      { model: bot.hash_id, messages: [{ role: 'user', content: 'x'.repeat(10) }], stream: 'yes' },
      { model: 'x'.repeat(65), messages: [{ role: 'user', content: 'x' }] },
      { model: bot.hash_id, messages: [{ role: 'user', content: 'a\u0000b' }] },
    ];
    for (const body of bodies) {
      const res = await fetch(`${base}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
      const json = (await res.json()) as { error: Record<string, unknown> };
      expect(Object.keys(json.error).sort()).toEqual(['code', 'message', 'param', 'type']);
    }
    const broken = await fetch(`${base}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' }, body: '{"model":' });
    expect(broken.status).toBe(400);
  });
});

describe('rate limit per key', () => {
  it('answers 429 (RateLimitError) past the key’s budget', async () => {
    const limited = await buildTestApp({ providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-model'] } }, config: { rateLimits: rateLimitsConfig({ apiPerKey: { max: 2 } }) } });
    try {
      const who = await limited.signIn(limited.a, limited.a.member.email);
      const secret = (await limited.call(limited.a, who, { method: 'POST', url: '/api/apikeys/', payload: { name: 'k' } })).json().secret as string;
      const c = new OpenAI({ apiKey: secret, baseURL: `${await baseUrlOf(limited)}/v1`, maxRetries: 0 });
      await c.models.list();
      await c.models.list();
      await expect(c.models.list()).rejects.toBeInstanceOf(OpenAI.RateLimitError);
    } finally {
      await limited.close();
    }
  });
});
