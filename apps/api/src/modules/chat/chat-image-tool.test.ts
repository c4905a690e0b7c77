import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChatEvent } from '@app/contracts/chat';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../../tools/fake-llm/server';
import { queryRows } from '../../db/client';
import { members } from '../../db/schema/index';
import { baseUrlOf, streamChat, textOf } from '../../test/chat-client';
import { buildTestApp, type TestApp } from '../../test/test-app';

// Image generation as a tool (decision 050): the model calls `generate_image`, the tenant's image
// model (decision 038, the fake upstream's images API) makes the image, the call's card and the
// history carry it as a file of the session, and the answer's one ledger row includes its cost.
let fake: FakeLlm;
let t: TestApp;
let token: string;
let otherToken: string;
let adminToken: string;
let bot: number;
let imageModelId: number;

type Body = { model?: string; prompt?: string; messages?: Array<{ role: string; content: unknown }>; tools?: Array<{ function: { name: string } }> };
const requests = () => fake.requests as Body[];
const chatRequests = () => requests().filter((b) => b.messages);
const imageRequests = () => requests().filter((b) => b.prompt !== undefined);
const ofType = <T extends ChatEvent['type']>(events: ChatEvent[], type: T) => events.filter((e): e is Extract<ChatEvent, { type: T }> => e.type === type);
const draw = (prompt: string) => fake.set({ script: [{ toolCalls: [{ name: 'generate_image', arguments: { prompt } }] }, { text: 'Here it is.' }], promptTokens: 100 });
const words = (list: string[]) =>
  t.call(t.a, adminToken, { method: 'POST', url: '/api/admin/restricted-words/', payload: { restricted_words: list, block_personal_info: false, mask_personal_info: false } });
const modelAccess = (on: boolean) =>
  t.call(t.a, adminToken, { method: 'PATCH', url: `/api/admin/llm-models/${imageModelId}/member-groups/${t.a.defaultGroupId}/`, payload: { is_available: on } });

beforeAll(async () => {
  fake = await startFakeLlm({ scenario: { reply: 'Plain answer.', tokenDelayMs: 1, imageDelayMs: 0 } });
  t = await buildTestApp({
    providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-chat'], imageModels: ['fake-image'] } },
    config: { storage: { kind: 'local', dir: mkdtempSync(path.join(tmpdir(), 'image-tool-')) } },
  });
  token = await t.signIn(t.a, t.a.member.email);
  otherToken = await t.signIn(t.a, t.a.other.email);
  adminToken = await t.signIn(t.a, t.a.admin.email);
  const models = (await t.call(t.a, token, { method: 'GET', url: '/api/llm-models/' })).json().items as Array<{ id: number; model_name: string }>;
  imageModelId = models.find((m) => m.model_name === 'fake-image')!.id;
  const chatModelId = models.find((m) => m.model_name === 'fake-chat')!.id;
  bot = (await t.call(t.a, token, { method: 'POST', url: '/api/chatbots/' })).json().id as number;
  const res = await t.call(t.a, token, { method: 'PATCH', url: `/api/chatbots/${bot}/`, payload: { llm_model_id: chatModelId, tools: ['generate_image'] } });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => fake.reset());

describe('the generate_image tool', () => {
  it('generates with the image model, shows the image on the call card and in the history, tells the model, charges the image in the answer’s row', async () => {
    expect((await t.call(t.a, token, { method: 'GET', url: '/api/tools/' })).json().items).toContainEqual({ tool: 'generate_image', is_available: true, reason: null });
    draw('A red kite over the sea');
    const r = await streamChat(t, t.a, token, bot, { text: 'Draw me a kite' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(chatRequests()[0]!.tools!.map((x) => x.function.name)).toEqual(['generate_image']);
    expect(imageRequests()).toEqual([expect.objectContaining({ model: 'fake-image', prompt: 'A red kite over the sea', n: 1, size: '1024x1024' })]);

    const result = ofType(r.events, 'tool_result')[0]!;
    expect(result.status).toBe('done');
    expect(result.files).toEqual([expect.objectContaining({ type: 'image/png', name: expect.stringMatching(/\.png$/), url: expect.stringContaining('/api/public/files/') })]);
    const file = result.files[0]!;
    const png = await fetch(`${await baseUrlOf(t)}${file.url}`);
    expect(png.status).toBe(200);
    expect(Buffer.from(await png.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
    // The model is told the image was made, not given its bytes.
    const toolMessage = String(chatRequests()[1]!.messages!.find((m) => m.role === 'tool')!.content);
    expect(toolMessage).toContain('generated');
    expect(toolMessage.length).toBeLessThan(500);
    expect(textOf(r.events)).toBe('Here it is.');

    // The history keeps the card's file, with a fresh link; the file is the member's, of the session.
    const hash = r.meta!.session_hash_id;
    const h = (await t.call(t.a, token, { method: 'GET', url: `/api/sessions/${hash}/history/` })).json();
    expect(h.items[1].tool_calls[0]).toMatchObject({ name: 'generate_image', status: 'done', files: [expect.objectContaining({ id: file.id, type: 'image/png' })] });
    expect((await t.call(t.a, token, { method: 'GET', url: `/api/files/${file.id}/` })).json()).toMatchObject({ access_level: 'private', session_id: hash });

    // One ledger row: both requests' tokens (fake-chat's catalogue costs) plus one image at 4 credits.
    const [row] = await queryRows<{ count: number; image_units: string; input: number; units: string }>(
      t.database.db,
      sql`select image_count as count, image_units::text as image_units, input_tokens as input, (-amount_units)::text as units from credit_ledger where tenant_id = ${t.a.id} and message_id = ${r.meta!.assistant_message_id} and kind = 'usage'`,
    );
    expect(row).toMatchObject({ count: 1, image_units: '400000000', input: 200 });
    expect(BigInt(row!.units)).toBeGreaterThan(400_000_000n);
    expect(r.events.find((e) => e.type === 'usage')).toMatchObject({ credits: expect.any(Number) });
    expect((r.events.find((e) => e.type === 'usage') as { credits: number }).credits).toBeGreaterThanOrEqual(4);

    // Another member of the tenant cannot fetch the image; another tenant does not see it.
    expect((await t.call(t.a, otherToken, { method: 'GET', url: `/api/files/${file.id}/` })).statusCode).toBe(403);
    expect((await t.call(t.b, await t.signIn(t.b, t.b.member.email), { method: 'GET', url: `/api/files/${file.id}/` })).statusCode).toBe(404);
  });

  it('a restricted word in the prompt is not sent out: the model gets an error, nothing is charged for images', async () => {
    expect((await words(['forbidden'])).statusCode).toBe(200);
    draw('A forbidden castle');
    const r = await streamChat(t, t.a, token, bot, { text: 'Draw the castle' });
    await words([]);
    expect(r.status).toBe(200);
    expect(ofType(r.events, 'tool_result')[0]).toMatchObject({ status: 'error', files: [] });
    expect(imageRequests()).toHaveLength(0);
    expect(String(chatRequests()[1]!.messages!.find((m) => m.role === 'tool')!.content)).toContain('blocked');
    const [row] = await queryRows<{ count: number }>(t.database.db, sql`select image_count as count from credit_ledger where tenant_id = ${t.a.id} and message_id = ${r.meta!.assistant_message_id}`);
    expect(row).toEqual({ count: 0 });
  });

  it('a member without credits left for an image gets none: the call fails before the upstream, no image is charged', async () => {
    const db = t.database.db;
    const limit = (units: bigint | null) => db.update(members).set({ customCreditLimitUnits: units }).where(and(eq(members.tenantId, t.a.id), eq(members.id, t.a.member.id)));
    const [used] = await queryRows<{ sum: string }>(db, sql`select coalesce(-sum(amount_units), 0)::text as sum from credit_ledger where tenant_id = ${t.a.id} and member_id = ${t.a.member.id}`);
    // Almost nothing left: the answer is admitted (something is left) and its hold takes the rest, so
    // the image — admitted like an image answer, while anything is left (decision 031) — is refused.
    await limit(BigInt(used!.sum) + 1n);
    try {
      draw('A red kite');
      const r = await streamChat(t, t.a, token, bot, { text: 'Draw me a kite' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(ofType(r.events, 'tool_result')[0]).toMatchObject({ status: 'error', files: [] });
      expect(ofType(r.events, 'tool_result')[0]!.output).toMatch(/credit/i);
      expect(imageRequests()).toHaveLength(0);
      // Nothing left for a further request either: the answer ends with the notice, uncharged for images.
      expect(ofType(r.events, 'notice')).toEqual([{ type: 'notice', code: 'tool_credits_depleted' }]);
      const [row] = await queryRows<{ count: number }>(db, sql`select image_count as count from credit_ledger where tenant_id = ${t.a.id} and message_id = ${r.meta!.assistant_message_id}`);
      expect(row).toEqual({ count: 0 });
    } finally {
      await limit(null);
    }
  });

  it('a member whose groups may not use the image model is not offered the tool, and the tool list says why', async () => {
    expect((await modelAccess(false)).statusCode).toBe(200);
    try {
      expect((await t.call(t.a, token, { method: 'GET', url: '/api/tools/' })).json().items).toContainEqual({ tool: 'generate_image', is_available: false, reason: 'group' });
      const r = await streamChat(t, t.a, token, bot, { text: 'Draw me a kite' });
      expect(r.status).toBe(200);
      expect(chatRequests()[0]!.tools).toBeUndefined();
      expect(imageRequests()).toHaveLength(0);
    } finally {
      await modelAccess(true);
    }
    // The console's table: image generation can run on this tenant (an image model exists).
    const admin = (await t.call(t.a, adminToken, { method: 'GET', url: '/api/admin/tools/' })).json();
    expect(admin.items.find((x: { tool: string }) => x.tool === 'generate_image')).toMatchObject({ is_configured: true });
  });
});
