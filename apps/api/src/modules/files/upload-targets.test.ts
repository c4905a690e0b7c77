import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index';
import { streamChat } from '../../test/chat-client';
import { buildTestApp, type TestApp, type TestTenant } from '../../test/test-app';

// Foreign ids are refused (issue 38 item 6): an upload's chatbot, session and attached files are
// ones the member may use; anything else is 404 and nothing of the upload is kept.
let t: TestApp;
let member: string;
let other: string;
let bMember: string;

function upload(who: string, query: string, tenant: TestTenant = t.a) {
  const boundary = `----b${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="n.txt"\r\nContent-Type: text/plain\r\n\r\nnote\r\n--${boundary}--\r\n`);
  return t.call(tenant, who, { method: 'POST', url: `/api/files/${query}`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
}
const newChatbot = async (who: string, tenant: TestTenant = t.a) => (await t.call(tenant, who, { method: 'POST', url: '/api/chatbots/' })).json() as { id: number };

beforeAll(async () => {
  t = await buildTestApp();
  [member, other, bMember] = await Promise.all([t.signIn(t.a, t.a.member.email), t.signIn(t.a, t.a.other.email), t.signIn(t.b, t.b.member.email)]);
});
afterAll(() => t.close());

describe('an upload names only what the member may use', () => {
  it('their own chatbot, session and files are taken', async () => {
    const bot = await newChatbot(member);
    const chat = await streamChat(t, t.a, member, bot.id, { text: 'hello' });
    expect(chat.status).toBe(200);
    const session = chat.meta!.session_hash_id;
    const first = (await upload(member, '')).json().items[0] as { id: number };
    const res = await upload(member, `?chatbot_id=${bot.id}&session_id=${session}&attached_file_ids=${first.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items[0]).toMatchObject({ chatbot_id: bot.id, session_id: session, attached_file_ids: [first.id] });
  });

  it('another member’s private chatbot, session or file, or another tenant’s, is 404 and nothing is stored', async () => {
    const theirBot = await newChatbot(other);
    const theirChat = await streamChat(t, t.a, other, theirBot.id, { text: 'mine' });
    const theirSession = theirChat.meta!.session_hash_id;
    const theirFile = (await upload(other, '')).json().items[0] as { id: number };
    const foreignBot = await newChatbot(bMember, t.b);
    const foreignFile = (await upload(bMember, '', t.b)).json().items[0] as { id: number };
    const mine = await newChatbot(member);
    const before = (await t.database.db.select().from(files).where(eq(files.tenantId, t.a.id))).length;
    for (const query of [
      `?chatbot_id=${theirBot.id}`,
      `?chatbot_id=${foreignBot.id}`,
      `?chatbot_id=${mine.id}&session_id=${theirSession}`,
      '?session_id=no-such-session',
      `?attached_file_ids=${theirFile.id}`,
      `?attached_file_ids=${foreignFile.id}`,
      `?chatbot_id=${mine.id}&session_id=${theirSession}&attached_file_ids=${theirFile.id}`,
    ]) {
      const res = await upload(member, query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(404);
    }
    expect((await t.database.db.select().from(files).where(eq(files.tenantId, t.a.id))).length).toBe(before);
  });
});
