import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../../tools/fake-llm/server';
import { queryRows } from '../../db/client';
import { apiKeys, chatbots, chatSessions, creditGrants, creditLedger, files, invitations, memberRequests, members } from '../../db/schema/index';
import { streamChat } from '../../test/chat-client';
import { buildTestApp, type TestApp, type TestTenant } from '../../test/test-app';

// Deleting a member never fails (issue 38 item 2): a member who owns one of every kind of object is
// deleted; what others rely on survives without them, what was only theirs goes with them.
let fake: FakeLlm;
let t: TestApp;
let admin: string;

const call = (who: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, tenant: TestTenant = t.a) =>
  t.call(tenant, who, { method, url: `/api${url}`, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

function multipart(name: string, bytes: Buffer) {
  const boundary = `----b${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A new member of tenant a (made admin when `isAdmin`) who owns one of every kind of object. */
async function memberWithEverything(email: string, isAdmin: boolean): Promise<{ id: number; chatbotId: number; publicChatbotId: number }> {
  const [{ passwordHash }] = (await t.database.db.select({ passwordHash: members.passwordHash }).from(members).where(eq(members.id, t.a.member.id))) as [{ passwordHash: string }];
  const [created] = await t.database.db
    .insert(members)
    .values({ tenantId: t.a.id, email, name: 'Owner', passwordHash, isAdmin, memberStatus: 'active', defaultMemberGroupId: t.a.defaultGroupId, language: 'en' })
    .returning({ id: members.id });
  const id = created!.id;
  await t.settle();
  const token = await t.signIn(t.a, email);

  // A chatbot with a knowledge document, and a second one published to the store.
  const chatbot = (await call(token, 'POST', '/chatbots/')).json() as { id: number };
  await call(token, 'PATCH', `/chatbots/${chatbot.id}/`, { ko_name: '봇', en_name: 'Bot' });
  const doc = await t.call(t.a, token, { method: 'POST', url: `/api/chatbots/${chatbot.id}/documents/`, ...multipart('notes.txt', Buffer.from('Knowledge line')) });
  expect(doc.statusCode, doc.body).toBeLessThan(300);
  const shared = (await call(token, 'POST', '/chatbots/')).json() as { id: number };
  await call(token, 'PATCH', `/chatbots/${shared.id}/`, { ko_name: '공유', en_name: 'Shared' });
  expect((await call(token, 'PATCH', `/chatbots/${shared.id}/access/`, { is_public: true, member_group_ids: [t.a.defaultGroupId] })).statusCode).toBeLessThan(300);
  expect((await call(admin, 'POST', `/admin/chatbots/${shared.id}/process-publish-request/`, { approve: true })).statusCode).toBeLessThan(300);

  // A session with an answer (ledger rows), a file, an API key, a grant, a pending group change.
  const answer = await streamChat(t, t.a, token, chatbot.id, { text: 'hello' });
  expect(answer.status).toBe(200);
  const file = await t.call(t.a, token, { method: 'POST', url: `/api/files/?chatbot_id=${chatbot.id}`, ...multipart('a.txt', Buffer.from('a file')) });
  expect(file.statusCode, file.body).toBeLessThan(300);
  expect((await call(token, 'POST', '/apikeys/', { name: 'key' })).statusCode).toBe(201);
  expect((await call(admin, 'POST', '/admin/credits/grants/', { member_ids: [id], credit: 5 })).statusCode).toBeLessThan(300);
  const group = (await call(admin, 'POST', '/admin/member-groups/', { ko_name: `그룹${id}`, en_name: `Group ${id}`, credit_quota: 100, member_credit_quota: 10 })).json() as { id: number };
  const change = await call(token, 'PATCH', `/members/${id}/group/`, { default_member_group_id: t.a.defaultGroupId, member_group_ids: [group.id] });
  expect(change.statusCode, change.body).toBeLessThan(300);
  if (isAdmin) {
    const sent = await call(token, 'POST', '/admin/invitations/bulk/', { members: [{ name: 'Guest', email: `guest-${id}@acme.test`, default_member_group_id: t.a.defaultGroupId }] });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
  }
  // Another member chats with the published chatbot: their session must outlive its author.
  const other = await t.signIn(t.a, t.a.other.email);
  expect((await streamChat(t, t.a, other, shared.id, { text: 'hi' })).status).toBe(200);
  return { id, chatbotId: chatbot.id, publicChatbotId: shared.id };
}

async function countOf(table: string, column: string, id: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.database.db, sql.raw(`select count(*)::int as n from ${table} where tenant_id = ${t.a.id} and ${column} = ${id}`));
  return row!.n;
}

beforeAll(async () => {
  fake = await startFakeLlm({ scenario: { reply: 'Fine.', tokenDelayMs: 0 } });
  t = await buildTestApp({ providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-model'] } } });
  admin = await t.signIn(t.a, t.a.admin.email);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('deleting a member', () => {
  it('who owns chatbots, documents, sessions, files, keys, invitations, grants and requests succeeds; the chatbots and invitations stay without them', async () => {
    const owner = await memberWithEverything('owner-admin@acme.test', true);
    const ledgerBefore = await countOf('credit_ledger', 'member_id', owner.id);
    expect(ledgerBefore).toBeGreaterThan(0);
    for (const [table, column] of [['chat_sessions', 'member_id'], ['files', 'member_id'], ['api_keys', 'member_id'], ['credit_grants', 'member_id'], ['member_requests', 'member_id'], ['invitations', 'invited_by']] as const) {
      expect(await countOf(table, column, owner.id), table).toBeGreaterThan(0);
    }

    const res = await call(admin, 'DELETE', `/admin/members/${owner.id}/`);
    expect(res.statusCode, res.body).toBe(200);

    // What was only theirs goes.
    expect(await t.database.db.select().from(members).where(eq(members.id, owner.id))).toHaveLength(0);
    expect(await t.database.db.select().from(chatSessions).where(and(eq(chatSessions.tenantId, t.a.id), eq(chatSessions.memberId, owner.id)))).toHaveLength(0);
    expect(await t.database.db.select().from(files).where(and(eq(files.tenantId, t.a.id), eq(files.memberId, owner.id)))).toHaveLength(0);
    expect(await t.database.db.select().from(apiKeys).where(and(eq(apiKeys.tenantId, t.a.id), eq(apiKeys.memberId, owner.id)))).toHaveLength(0);
    expect(await t.database.db.select().from(creditGrants).where(and(eq(creditGrants.tenantId, t.a.id), eq(creditGrants.memberId, owner.id)))).toHaveLength(0);
    expect(await t.database.db.select().from(memberRequests).where(and(eq(memberRequests.tenantId, t.a.id), eq(memberRequests.memberId, owner.id)))).toHaveLength(0);
    // What others rely on stays, in its tenant, without its author: the chatbots (and the store's
    // one keeps answering the other member), the invitation they sent, the credit ledger.
    const kept = await t.database.db.select().from(chatbots).where(and(eq(chatbots.tenantId, t.a.id)));
    for (const id of [owner.chatbotId, owner.publicChatbotId]) {
      const bot = kept.find((c) => c.id === id);
      expect(bot, `chatbot ${id}`).toBeDefined();
      expect(bot!.creatorId).toBeNull();
      expect(bot!.tenantId).toBe(t.a.id);
    }
    const [sent] = await t.database.db.select().from(invitations).where(and(eq(invitations.tenantId, t.a.id), eq(invitations.email, `guest-${owner.id}@acme.test`)));
    expect(sent).toMatchObject({ tenantId: t.a.id, invitedBy: null });
    expect(await countOf('credit_ledger', 'member_id', owner.id)).toBe(ledgerBefore);
    const ledger = await t.database.db.select().from(creditLedger).where(eq(creditLedger.tenantId, t.a.id));
    expect(ledger.length).toBeGreaterThan(0);
    const other = await t.signIn(t.a, t.a.other.email);
    expect((await call(other, 'GET', `/chatbots/${owner.publicChatbotId}/`)).statusCode).toBe(200);
    expect((await streamChat(t, t.a, other, owner.publicChatbotId, { text: 'still there?' })).status).toBe(200);
  });

  it('in bulk: members who created chatbots are deleted together; another tenant’s admin cannot delete them', async () => {
    const first = await memberWithEverything('bulk-1@acme.test', false);
    const second = await memberWithEverything('bulk-2@acme.test', true);
    const bAdmin = await t.signIn(t.b, t.b.admin.email);
    const foreign = await call(bAdmin, 'POST', '/admin/members/bulk/delete/', { member_ids: [first.id] }, t.b);
    expect(foreign.json().items).toEqual([{ member_id: first.id, ok: false, error_code: 'not_found' }]);
    expect(await t.database.db.select().from(members).where(eq(members.id, first.id))).toHaveLength(1);
    const res = await call(admin, 'POST', '/admin/members/bulk/delete/', { member_ids: [first.id, second.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.every((i: { ok: boolean }) => i.ok)).toBe(true);
    expect(await t.database.db.select().from(members).where(and(eq(members.tenantId, t.a.id), eq(members.id, first.id)))).toHaveLength(0);
    expect(await t.database.db.select().from(members).where(and(eq(members.tenantId, t.a.id), eq(members.id, second.id)))).toHaveLength(0);
    const bots = await t.database.db.select().from(chatbots).where(eq(chatbots.tenantId, t.a.id));
    expect(bots.find((c) => c.id === first.chatbotId)?.creatorId).toBeNull();
    expect(bots.find((c) => c.id === second.publicChatbotId)?.creatorId).toBeNull();
  });
});
