import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../../tools/fake-llm/server';
import { chatSessions, memberGroupMemberships, memberGroups, members } from '../../db/schema/index';
import { streamChat, textOf } from '../../test/chat-client';
import { rateLimitsConfig } from '../../platform/rate-limits';
import { buildTestApp, type TestApp, type TestTenant } from '../../test/test-app';

// Studio, publishing, store, public chatbots and shared sessions (issue 23), through the real app.
let fake: FakeLlm;
let t: TestApp;
let author: string;
let other: string;
let admin: string;
let bMember: string;
let outsider: string;
let groupX: number;

const call = (who: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, tenant: TestTenant = t.a) =>
  t.call(tenant, who, { method, url: `/api${url}`, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

async function newBot(who = author, fields: Record<string, unknown> = {}) {
  const created = await call(who, 'POST', '/chatbots/');
  expect(created.statusCode).toBe(201);
  const id = created.json().id as number;
  const res = await call(who, 'PATCH', `/chatbots/${id}/`, { ko_name: '요약 도우미', en_name: 'Summary helper', ko_key_features: '요약', en_key_features: 'Summaries', system_instructions: 'Answer in haiku.', ...fields });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; hash_id: string };
}

async function publish(id: number, groups = [t.a.defaultGroupId]) {
  const asked = await call(author, 'PATCH', `/chatbots/${id}/access/`, { is_public: true, member_group_ids: groups });
  expect(asked.statusCode).toBe(200);
  const done = await call(admin, 'POST', `/admin/chatbots/${id}/process-publish-request/`, { approve: true });
  expect(done.statusCode).toBe(200);
}

function multipart(field: string, files: Array<{ name: string; type: string; bytes: Buffer }>) {
  const boundary = `----b${Date.now()}`;
  const parts = files.flatMap((f) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`),
    f.bytes,
    Buffer.from('\r\n'),
  ]);
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  fake = await startFakeLlm({ scenario: { reply: 'Quiet pond, a frog.', tokenDelayMs: 0 } });
  t = await buildTestApp({ providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-model', 'fake-other'] } } });
  [author, other, admin, bMember] = await Promise.all([t.signIn(t.a, t.a.member.email), t.signIn(t.a, t.a.other.email), t.signIn(t.a, t.a.admin.email), t.signIn(t.b, t.b.member.email)]);
  // A group of its own for `other`: the "outsider" test moves other out of the default group.
  const db = t.database.db;
  const [g] = await db.insert(memberGroups).values({ tenantId: t.a.id, koName: '엑스', enName: 'Group X', isDefault: false }).returning();
  groupX = g!.id;
  outsider = other;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => fake.reset());

describe('studio', () => {
  it('creates an empty private draft with spec §9 defaults on a usable model', async () => {
    const res = await call(author, 'POST', '/chatbots/');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ko_name: '', en_name: '', temperature: 1, top_p: 1, is_public: false, publish_status: 'private', creator_id: t.a.member.id, member_groups: [], documents: [] });
    expect(res.json().llm_model.is_available).toBe(true);
  });

  it('validates every field with 422 and keeps the draft as it was', async () => {
    const { id } = await newBot();
    for (const bad of [{ ko_name: '' }, { en_name: 'x'.repeat(101) }, { temperature: 2.5 }, { temperature: -0.1 }, { top_p: 1.5 }, { system_instructions: 'x'.repeat(20_001) }, { category_ids: [1, 2, 3, 4] }, { nope: 1 }, { llm_model_id: 'a' }]) {
      const res = await call(author, 'PATCH', `/chatbots/${id}/`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect((await call(author, 'PATCH', `/chatbots/${id}/`, { category_ids: [999_999] })).statusCode).toBe(422);
    expect((await call(author, 'GET', `/chatbots/${id}/`)).json()).toMatchObject({ en_name: 'Summary helper', temperature: 1 });
  });

  it('edits: names, features, instructions, model, temperature, top_p, categories', async () => {
    const { id } = await newBot();
    const models = (await call(author, 'GET', '/llm-models/')).json().items as Array<{ id: number; model_name: string }>;
    const cats = (await call(author, 'GET', '/categories/')).json().items as Array<{ id: number }>;
    const other = models.find((m) => m.model_name === 'fake-other')!;
    const res = await call(author, 'PATCH', `/chatbots/${id}/`, { llm_model_id: other.id, temperature: 0.3, top_p: 0.8, category_ids: [cats[1]!.id, cats[0]!.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ temperature: 0.3, top_p: 0.8, llm_model: { id: other.id } });
    expect(res.json().categories.map((c: { id: number }) => c.id)).toEqual([cats[0]!.id, cats[1]!.id]);
  });

  it('the instructions, temperature and top_p reach the provider; test chats stay out of My sessions', async () => {
    const { id } = await newBot(author, { temperature: 0.25, top_p: 0.5, system_instructions: 'You are a haiku poet.' });
    const r = await streamChat(t, t.a, author, id, { text: 'Write about frogs', is_test: true });
    expect(r.status).toBe(200);
    expect(textOf(r.events)).toBe('Quiet pond, a frog.');
    const body = fake.requests.at(-1)!;
    expect(body.temperature).toBe(0.25);
    expect(body.top_p).toBe(0.5);
    expect((body.messages as Array<{ role: string; content: unknown }>)[0]).toMatchObject({ role: 'system', content: 'You are a haiku poet.' });
    const sessions = (await call(author, 'GET', '/sessions/')).json().items as Array<{ hash_id: string }>;
    expect(sessions.some((s) => s.hash_id === r.meta!.session_hash_id)).toBe(false);
    // Charged and counted like any chat.
    const bot = (await call(author, 'GET', `/chatbots/${id}/`)).json();
    expect(bot.message_count).toBe(1);
    expect(bot.month_message_count).toBe(1);
    expect(bot.token_count).toBeGreaterThan(0);
    expect(bot.last_chat_at).not.toBeNull();
  });

  it('another member may not edit, publish or delete it (403); another tenant does not see it (404)', async () => {
    const { id } = await newBot();
    expect((await call(other, 'PATCH', `/chatbots/${id}/`, { en_name: 'Mine now' })).statusCode).toBe(403);
    expect((await call(other, 'GET', `/chatbots/${id}/`)).statusCode).toBe(404);
    // Once public, another member sees it, but still may not change it.
    await publish(id);
    expect((await call(other, 'PATCH', `/chatbots/${id}/`, { en_name: 'Mine now' })).statusCode).toBe(403);
    expect((await call(other, 'DELETE', `/chatbots/${id}/`)).statusCode).toBe(403);
    expect((await call(other, 'PATCH', `/chatbots/${id}/access/`, { is_public: false })).statusCode).toBe(403);
    expect((await call(other, 'POST', `/chatbots/${id}/documents/`)).statusCode).toBe(403);
    for (const [m, url] of [['GET', `/chatbots/${id}/`], ['PATCH', `/chatbots/${id}/`], ['DELETE', `/chatbots/${id}/`]] as const) {
      expect((await call(bMember, m, url, m === 'PATCH' ? { en_name: 'x' } : undefined, t.b)).statusCode).toBe(404);
    }
    expect((await call(author, 'GET', `/chatbots/${id}/`)).json().en_name).toBe('Summary helper');
  });

  it('hides a private chatbot from lists (not a public one) and deletes with its link', async () => {
    const { id, hash_id } = await newBot();
    expect((await call(author, 'PATCH', `/chatbots/${id}/`, { is_hidden: true })).statusCode).toBe(200);
    const ids = async (qs: string) => ((await call(author, 'GET', `/chatbots/${qs}`)).json().items as Array<{ id: number }>).map((c) => c.id);
    expect(await ids(`?creator_id=${t.a.member.id}&size=100`)).not.toContain(id);
    expect(await ids(`?creator_id=${t.a.member.id}&include_hidden=true&size=100`)).toContain(id);
    expect((await call(author, 'PATCH', `/chatbots/${id}/`, { is_hidden: false })).statusCode).toBe(200);
    await publish(id);
    expect((await call(author, 'PATCH', `/chatbots/${id}/`, { is_hidden: true })).statusCode).toBe(422);
    expect((await call(null, 'GET', `/public/chatbots/${hash_id}/`)).statusCode).toBe(200);
    expect((await call(author, 'DELETE', `/chatbots/${id}/`)).statusCode).toBe(200);
    expect((await call(author, 'GET', `/chatbots/${id}/`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/public/chatbots/${hash_id}/`)).statusCode).toBe(404);
    expect((await call(other, 'GET', '/chatbots/?is_public=true&size=100')).json().items.map((c: { id: number }) => c.id)).not.toContain(id);
  });

  it('profile image: re-encoded to a 512 px square WebP, served publicly; not an image → 415; too large → 413', async () => {
    const { id } = await newBot();
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#4c6ef5' } }).png().toBuffer();
    const up = await t.call(t.a, author, { method: 'POST', url: `/api/chatbots/${id}/profile-image/`, ...multipart('file', [{ name: 'me.png', type: 'image/png', bytes: png }]) });
    expect(up.statusCode).toBe(200);
    const url = up.json().profile_image_url as string;
    expect(url).toMatch(/^\/api\/public\/chatbot-images\/[\w-]+$/);
    const img = await t.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(await sharp(img.rawPayload).metadata()).toMatchObject({ width: 512, height: 512, format: 'webp' });
    const fakePng = await t.call(t.a, author, { method: 'POST', url: `/api/chatbots/${id}/profile-image/`, ...multipart('file', [{ name: 'x.png', type: 'image/png', bytes: Buffer.from('not an image') }]) });
    expect(fakePng.statusCode).toBe(415);
    const wrongType = await t.call(t.a, author, { method: 'POST', url: `/api/chatbots/${id}/profile-image/`, ...multipart('file', [{ name: 'x.svg', type: 'image/svg+xml', bytes: Buffer.from('<svg/>') }]) });
    expect(wrongType.statusCode).toBe(415);
    const big = await t.call(t.a, author, { method: 'POST', url: `/api/chatbots/${id}/profile-image/`, ...multipart('file', [{ name: 'big.png', type: 'image/png', bytes: Buffer.alloc(5 * 1024 * 1024 + 10) }]) });
    expect(big.statusCode).toBe(413);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/chatbot-images/nope' })).statusCode).toBe(404);
  });

  it('documents: upload several, list, delete; wrong type 415; more than ten 422', async () => {
    const { id } = await newBot();
    const doc = (name: string) => ({ name, type: 'text/plain', bytes: Buffer.from(`notes ${name}`) });
    const up = await t.call(t.a, author, { method: 'POST', url: `/api/chatbots/${id}/documents/`, ...multipart('files', [doc('a.txt'), doc('b.txt')]) });
    expect(up.statusCode).toBe(200);
    expect(up.json().items.map((d: { name: string }) => d.name)).toEqual(['a.txt', 'b.txt']);
    const first = up.json().items[0].id;
    expect((await call(author, 'GET', `/chatbots/${id}/`)).json().documents).toHaveLength(2);
    expect((await call(author, 'DELETE', `/chatbots/${id}/documents/${first}/`)).statusCode).toBe(200);
    expect((await call(author, 'DELETE', `/chatbots/${id}/documents/${first}/`)).statusCode).toBe(404);
    const exe = await t.call(t.a, author, { method: 'POST', url: `/api/chatbots/${id}/documents/`, ...multipart('files', [{ name: 'x.exe', type: 'application/x-msdownload', bytes: Buffer.from('MZ') }]) });
    expect(exe.statusCode).toBe(415);
    const many = await t.call(t.a, author, { method: 'POST', url: `/api/chatbots/${id}/documents/`, ...multipart('files', Array.from({ length: 10 }, (_, i) => doc(`${i}.txt`))) });
    expect(many.statusCode).toBe(422);
    expect((await call(author, 'GET', `/chatbots/${id}/`)).json().documents).toHaveLength(1);
  });
});

describe('publishing', () => {
  it('a request waits in the queue; the admin rejects with a reason (mailed, shown in the studio), then approves', async () => {
    const { id } = await newBot();
    expect((await call(author, 'PATCH', `/chatbots/${id}/access/`, { is_public: true, member_group_ids: [] })).statusCode).toBe(422);
    expect((await call(author, 'PATCH', `/chatbots/${id}/access/`, { is_public: true, member_group_ids: [999_999] })).statusCode).toBe(422);
    const asked = await call(author, 'PATCH', `/chatbots/${id}/access/`, { is_public: true, member_group_ids: [t.a.defaultGroupId] });
    expect(asked.json()).toMatchObject({ is_public: false, waiting_publish: true, publish_status: 'waiting' });
    // The studio shows the groups asked for while the request waits.
    expect(asked.json().member_groups.map((g: { id: number }) => g.id)).toEqual([t.a.defaultGroupId]);
    // Not public yet: another member does not see it.
    expect((await call(other, 'GET', `/chatbots/${id}/`)).statusCode).toBe(404);

    const queue = (await call(admin, 'GET', '/admin/chatbots/?status=pending&search_term=summary')).json();
    const row = queue.items.find((r: { chatbot_id: number }) => r.chatbot_id === id);
    expect(row).toMatchObject({ request_type: 'publish', status: 'pending', author: { email: t.a.member.email }, snapshot: { en_name: 'Summary helper', system_instructions: 'Answer in haiku.' } });
    expect(row.member_groups.map((g: { id: number }) => g.id)).toEqual([t.a.defaultGroupId]);
    expect((await call(author, 'GET', '/admin/chatbots/')).statusCode).toBe(403);

    const rejected = await call(admin, 'POST', `/admin/chatbots/${id}/process-publish-request/`, { approve: false, reason: 'Add Korean key features' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'Add Korean key features', reviewer: { id: t.a.admin.id } });
    // In the author's language (Korean here), with the reason.
    const mailWith = (text: string) => t.mail.messages.find((m) => m.to.includes(t.a.member.email) && m.text.includes(text));
    await expect.poll(() => mailWith('사유: Add Korean key features')?.subject).toContain('거절');
    expect((await call(author, 'GET', `/chatbots/${id}/`)).json()).toMatchObject({ publish_status: 'rejected', publish_feedback: 'Add Korean key features', is_public: false });
    expect((await call(admin, 'POST', `/admin/chatbots/${id}/process-publish-request/`, { approve: true })).statusCode).toBe(404);

    await call(author, 'PATCH', `/chatbots/${id}/access/`, { is_public: true, member_group_ids: [t.a.defaultGroupId] });
    const approved = await call(admin, 'POST', `/admin/chatbots/${id}/process-publish-request/`, { approve: true });
    expect(approved.json().status).toBe('approved');
    await expect.poll(() => t.mail.messages.filter((m) => m.to.includes(t.a.member.email) && m.subject.includes('승인')).length).toBeGreaterThan(0);
    expect((await call(author, 'GET', `/chatbots/${id}/`)).json()).toMatchObject({ publish_status: 'public', is_public: true, publish_feedback: null });
    expect((await call(other, 'GET', `/chatbots/${id}/`)).statusCode).toBe(200);
    const decided = (await call(admin, 'GET', '/admin/chatbots/?hide_pending=true&size=100')).json().items as Array<{ status: string }>;
    expect(decided.every((r) => r.status !== 'pending')).toBe(true);
  });

  it('a change to a public chatbot does not bypass review: others keep the approved version until approved', async () => {
    const { id } = await newBot();
    await publish(id);
    await call(author, 'PATCH', `/chatbots/${id}/`, { en_name: 'Shouting helper', system_instructions: 'ANSWER IN CAPITALS.', temperature: 1.7 });
    expect((await call(author, 'GET', `/chatbots/${id}/`)).json()).toMatchObject({ en_name: 'Shouting helper', has_unreleased_changes: true });
    expect((await call(other, 'GET', `/chatbots/${id}/`)).json()).toMatchObject({ en_name: 'Summary helper', temperature: 1, system_instructions: '' });
    await streamChat(t, t.a, other, id, { text: 'hi' });
    expect(fake.requests.at(-1)!.messages).toEqual(expect.arrayContaining([{ role: 'system', content: 'Answer in haiku.' }]));
    // The author's own chat uses the draft.
    await streamChat(t, t.a, author, id, { text: 'hi' });
    expect(fake.requests.at(-1)!.temperature).toBe(1.7);

    const asked = await call(author, 'PATCH', `/chatbots/${id}/access/`, { is_public: true, member_group_ids: [t.a.defaultGroupId] });
    expect(asked.json()).toMatchObject({ is_public: true, publish_status: 'waiting' });
    expect((await call(admin, 'GET', `/admin/chatbots/?status=pending&search_term=shouting`)).json().items[0]).toMatchObject({ request_type: 'update', is_public: true });
    await call(admin, 'POST', `/admin/chatbots/${id}/process-publish-request/`, { approve: true });
    await t.settle();
    expect((await call(other, 'GET', `/chatbots/${id}/`)).json().en_name).toBe('Shouting helper');
    await streamChat(t, t.a, other, id, { text: 'hi' });
    expect(fake.requests.at(-1)!.messages).toEqual(expect.arrayContaining([{ role: 'system', content: 'ANSWER IN CAPITALS.' }]));
  });

  it('bulk approve and reject report each chatbot; going private is immediate', async () => {
    const a = await newBot();
    const b = await newBot();
    for (const x of [a, b]) await call(author, 'PATCH', `/chatbots/${x.id}/access/`, { is_public: true, member_group_ids: [t.a.defaultGroupId] });
    const res = await call(admin, 'POST', '/admin/chatbots/bulk-process-publish-request/', { chatbot_ids: [a.id, b.id, 999_999], approve: true });
    expect(res.json()).toEqual({ processed: [a.id, b.id], failed: [{ chatbot_id: 999_999, code: 'publish_request_not_found' }] });
    expect((await call(admin, 'POST', '/admin/chatbots/bulk-process-publish-request/', { chatbot_ids: [], approve: true })).statusCode).toBe(422);
    const priv = await call(author, 'PATCH', `/chatbots/${a.id}/access/`, { is_public: false });
    expect(priv.json()).toMatchObject({ is_public: false, publish_status: 'private' });
    expect((await call(other, 'GET', `/chatbots/${a.id}/`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/public/chatbots/${a.hash_id}/`)).statusCode).toBe(404);
  });

  it("another tenant's admin cannot see or process the queue's requests", async () => {
    const { id } = await newBot();
    await call(author, 'PATCH', `/chatbots/${id}/access/`, { is_public: true, member_group_ids: [t.a.defaultGroupId] });
    const bAdmin = await t.signIn(t.b, t.b.admin.email);
    expect((await call(bAdmin, 'GET', '/admin/chatbots/?size=100', undefined, t.b)).json().items).toEqual([]);
    expect((await call(bAdmin, 'POST', `/admin/chatbots/${id}/process-publish-request/`, { approve: true }, t.b)).statusCode).toBe(404);
    expect((await call(author, 'GET', `/chatbots/${id}/`)).json().publish_status).toBe('waiting');
  });
});

describe('visibility (spec §6)', () => {
  it('public chatbots show only to members of their groups; default and own always', async () => {
    const { id } = await newBot();
    await publish(id, [groupX]);
    const db = t.database.db;
    expect((await call(other, 'GET', `/chatbots/${id}/`)).statusCode).toBe(404);
    expect((await streamChat(t, t.a, other, id, { text: 'hi' })).status).toBe(404);
    expect((await call(other, 'GET', '/chatbots/?is_public=true&size=100')).json().items.map((c: { id: number }) => c.id)).not.toContain(id);
    await db.insert(memberGroupMemberships).values({ tenantId: t.a.id, memberId: t.a.other.id, memberGroupId: groupX });
    await t.settle();
    expect((await call(outsider, 'GET', `/chatbots/${id}/`)).statusCode).toBe(200);
    expect((await streamChat(t, t.a, other, id, { text: 'hi' })).status).toBe(200);
    await db.delete(memberGroupMemberships).where(and(eq(memberGroupMemberships.tenantId, t.a.id), eq(memberGroupMemberships.memberId, t.a.other.id), eq(memberGroupMemberships.memberGroupId, groupX)));
    await t.settle();
    expect((await call(other, 'GET', `/chatbots/${id}/`)).statusCode).toBe(404);
    expect((await call(author, 'GET', `/chatbots/${id}/`)).statusCode).toBe(200);
  });
});

describe('store and recently used', () => {
  it('orders by messages this month or newest, filters by category, searches approved names', async () => {
    const cats = (await call(author, 'GET', '/categories/')).json().items as Array<{ id: number }>;
    const quiet = await newBot(author, { en_name: 'Quiet store bot', category_ids: [cats[2]!.id] });
    const busy = await newBot(author, { en_name: 'Busy store bot', category_ids: [cats[2]!.id] });
    await publish(quiet.id);
    await publish(busy.id);
    for (let i = 0; i < 2; i++) await streamChat(t, t.a, other, busy.id, { text: 'hi' });
    const names = async (qs: string) => ((await call(other, 'GET', `/chatbots/?is_public=true&include_default=false${qs}`)).json().items as Array<{ en_name: string }>).map((c) => c.en_name);
    const popular = await names(`&category_id=${cats[2]!.id}&order_by=month_message_count.desc`);
    expect(popular.slice(0, 2)).toEqual(['Busy store bot', 'Quiet store bot']);
    expect((await names(`&category_id=${cats[2]!.id}&order_by=created_at.desc`)).slice(0, 2)).toEqual(['Busy store bot', 'Quiet store bot']);
    expect(await names('&search_term=quiet%20store')).toEqual(['Quiet store bot']);
  });

  it('relations: POST marks recently used, newest first; DELETE removes; member_id must be the caller', async () => {
    const a = await newBot();
    const b = await newBot();
    await publish(a.id);
    await publish(b.id);
    expect((await call(other, 'POST', `/chatbots/${a.id}/relations/`)).statusCode).toBe(200);
    expect((await call(other, 'POST', `/chatbots/${b.id}/relations/`)).statusCode).toBe(200);
    const recent = async () => ((await call(other, 'GET', `/chatbots/?member_id=${t.a.other.id}&include_default=false&size=3`)).json().items as Array<{ id: number }>).map((c) => c.id);
    expect((await recent()).slice(0, 2)).toEqual([b.id, a.id]);
    await call(other, 'POST', `/chatbots/${a.id}/relations/`);
    expect((await recent()).slice(0, 2)).toEqual([a.id, b.id]);
    expect((await call(other, 'DELETE', `/chatbots/${a.id}/relations/`)).statusCode).toBe(200);
    expect(await recent()).not.toContain(a.id);
    expect((await call(other, 'GET', `/chatbots/?member_id=${t.a.member.id}`)).statusCode).toBe(403);
    const priv = await newBot();
    expect((await call(other, 'POST', `/chatbots/${priv.id}/relations/`)).statusCode).toBe(404);
  });
});

describe('public chatbots', () => {
  it('a visitor reads and chats without a token, charged to the creator, continuing the conversation', async () => {
    const { id, hash_id } = await newBot();
    expect((await call(null, 'GET', `/public/chatbots/${hash_id}/`)).statusCode).toBe(404);
    expect((await streamChat(t, t.a, null, id, { text: 'hi' }, { visitor: true })).status).toBe(404);
    await publish(id);
    const page = await call(null, 'GET', `/public/chatbots/${hash_id}/`);
    expect(page.json()).toMatchObject({ id, hash_id, en_name: 'Summary helper', llm_model: { display_name: 'fake-model' } });
    expect(JSON.stringify(page.json())).not.toContain('haiku');
    expect((await call(null, 'POST', `/chatbots/${id}/check-public-hash/`, { public_hash_id: hash_id })).json()).toEqual({ valid: true });
    expect((await call(null, 'POST', `/chatbots/${id}/check-public-hash/`, { public_hash_id: 'nope' })).json()).toEqual({ valid: false });

    const first = await streamChat(t, t.a, null, id, { text: 'Hello frog' }, { visitor: true });
    expect(first.status).toBe(200);
    const hash = first.meta!.session_hash_id;
    const second = await streamChat(t, t.a, null, id, { text: 'Again', session_hash_id: hash }, { visitor: true });
    expect(second.meta!.session_hash_id).toBe(hash);
    expect((fake.requests.at(-1)!.messages as unknown[]).length).toBe(4);
    // The visitor's session is nobody's listed session, and the creator paid.
    expect(((await call(author, 'GET', '/sessions/?size=100')).json().items as Array<{ hash_id: string }>).some((s) => s.hash_id === hash)).toBe(false);
    expect((await call(author, 'GET', `/sessions/${hash}/`)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(chatSessions).where(eq(chatSessions.hashId, hash));
    expect(row).toMatchObject({ memberId: t.a.member.id, origin: 'public' });
    // A member's session hash cannot be continued by a visitor.
    const own = await streamChat(t, t.a, author, id, { text: 'mine' });
    expect((await streamChat(t, t.a, null, id, { text: 'x', session_hash_id: own.meta!.session_hash_id }, { visitor: true })).status).toBe(404);
    // Another tenant's header: not found.
    expect((await streamChat(t, t.b, null, id, { text: 'hi' }, { visitor: true })).status).toBe(404);
  });

  it('restricted words and personal data are refused on the public path like any chat (428)', async () => {
    const { id } = await newBot();
    await publish(id);
    await call(admin, 'POST', '/admin/restricted-words/', { restricted_words: ['forbiddenword'], block_personal_info: true, mask_personal_info: false });
    try {
      const word = await streamChat(t, t.a, null, id, { text: 'say forbiddenword' }, { visitor: true });
      expect(word.status).toBe(428);
      const phone = await streamChat(t, t.a, null, id, { text: 'call 010-1234-5678' }, { visitor: true });
      expect(phone.status).toBe(428);
      expect((phone.body as { error: { code: string } }).error.code).toBe('personal_data_found');
      expect(fake.requests).toHaveLength(0);
    } finally {
      await call(admin, 'POST', '/admin/restricted-words/', { restricted_words: [], block_personal_info: false, mask_personal_info: false });
    }
  });

  it("402 with the creator-depleted code when the creator's credits run out", async () => {
    const { id } = await newBot();
    await publish(id);
    await t.database.db.update(members).set({ customCreditLimitUnits: 0n }).where(and(eq(members.tenantId, t.a.id), eq(members.id, t.a.member.id)));
    await t.settle();
    try {
      const res = await streamChat(t, t.a, null, id, { text: 'hi' }, { visitor: true });
      expect(res.status).toBe(402);
      expect((res.body as { error: { code: string } }).error.code).toBe('creator_credits_depleted');
    } finally {
      await t.database.db.update(members).set({ customCreditLimitUnits: null }).where(and(eq(members.tenantId, t.a.id), eq(members.id, t.a.member.id)));
      await t.settle();
    }
  });
});

describe('public chat rate limit', () => {
  it('a visitor past the per-address budget gets 429 before anything streams', async () => {
    const limited = await buildTestApp({
      providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-model'] } },
      config: { rateLimits: rateLimitsConfig({ publicChatPerAddress: { max: 2 } }) },
    });
    try {
      const [who, boss] = await Promise.all([limited.signIn(limited.a, limited.a.member.email), limited.signIn(limited.a, limited.a.admin.email)]);
      const id = (await limited.call(limited.a, who, { method: 'POST', url: '/api/chatbots/' })).json().id as number;
      await limited.call(limited.a, who, { method: 'PATCH', url: `/api/chatbots/${id}/`, payload: { ko_name: '공개', en_name: 'Open' } });
      await limited.call(limited.a, who, { method: 'PATCH', url: `/api/chatbots/${id}/access/`, payload: { is_public: true, member_group_ids: [limited.a.defaultGroupId] } });
      await limited.call(limited.a, boss, { method: 'POST', url: `/api/admin/chatbots/${id}/process-publish-request/`, payload: { approve: true } });
      expect((await streamChat(limited, limited.a, null, id, { text: 'one' }, { visitor: true })).status).toBe(200);
      expect((await streamChat(limited, limited.a, null, id, { text: 'two' }, { visitor: true })).status).toBe(200);
      const third = await streamChat(limited, limited.a, null, id, { text: 'three' }, { visitor: true });
      expect(third.status).toBe(429);
      expect((third.body as { error: { code: string } }).error.code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });
});

describe('shared sessions', () => {
  it('shares a session read-only without login, showing only the chatbot name; unsharing ends the link', async () => {
    const { id } = await newBot();
    const r = await streamChat(t, t.a, author, id, { text: 'Share me' });
    const hash = r.meta!.session_hash_id;
    expect((await call(other, 'POST', `/sessions/${hash}/share/`)).statusCode).toBe(403);
    const shared = await call(author, 'POST', `/sessions/${hash}/share/`);
    expect(shared.statusCode).toBe(200);
    const { share_hash_id, path } = shared.json();
    expect(path).toBe(`/share/${share_hash_id}`);
    expect(share_hash_id).not.toBe(hash);
    expect((await call(author, 'POST', `/sessions/${hash}/share/`)).json().share_hash_id).toBe(share_hash_id);
    expect((await call(author, 'GET', `/sessions/${hash}/`)).json().share_hash_id).toBe(share_hash_id);

    const page = await call(null, 'GET', `/public/sessions/${share_hash_id}/`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ title: 'Share me', chatbot: { id, en_name: 'Summary helper', public_hash_id: null } });
    const text = JSON.stringify(page.json());
    expect(text).not.toContain(t.a.member.email);
    expect(text).not.toContain('member_id');
    const history = (await call(null, 'GET', `/public/sessions/${share_hash_id}/history/`)).json();
    expect(history.items.map((m: { speaker_type: string }) => m.speaker_type)).toEqual(['member', 'chatbot']);
    // Its own hash is not a share link; another tenant's header does not find it.
    expect((await call(null, 'GET', `/public/sessions/${hash}/`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/public/sessions/${share_hash_id}/`, undefined, t.b)).statusCode).toBe(404);

    expect((await call(author, 'DELETE', `/sessions/${hash}/share/`)).statusCode).toBe(200);
    expect((await call(null, 'GET', `/public/sessions/${share_hash_id}/`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/public/sessions/${share_hash_id}/history/`)).statusCode).toBe(404);
  });
});

describe('categories (admin)', () => {
  it('admins add, rename and delete categories; members may not', async () => {
    const created = await call(admin, 'POST', '/admin/categories/', { ko_name: '여행', en_name: 'Travel' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect((await call(author, 'GET', '/categories/')).json().items.at(-1)).toMatchObject({ id, en_name: 'Travel' });
    expect((await call(admin, 'PATCH', `/admin/categories/${id}/`, { ko_name: '여행', en_name: 'Trips' })).json().en_name).toBe('Trips');
    expect((await call(admin, 'POST', '/admin/categories/', { ko_name: '', en_name: 'x' })).statusCode).toBe(422);
    expect((await call(author, 'POST', '/admin/categories/', { ko_name: 'a', en_name: 'b' })).statusCode).toBe(403);
    const bAdmin = await t.signIn(t.b, t.b.admin.email);
    expect((await call(bAdmin, 'DELETE', `/admin/categories/${id}/`, undefined, t.b)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/admin/categories/${id}/`)).statusCode).toBe(200);
    expect((await call(author, 'GET', '/categories/')).json().items.some((c: { id: number }) => c.id === id)).toBe(false);
  });
});

