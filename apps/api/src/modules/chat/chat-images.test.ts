import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../../tools/fake-llm/server';
import { queryRows } from '../../db/client';
import { llmModels, members } from '../../db/schema/index';
import { baseUrlOf, streamChat } from '../../test/chat-client';
import { buildTestApp, type TestApp } from '../../test/test-app';

// Image generation in the chat (issue 27 item 2, decision 038): what the fake images API receives,
// the `image` event and the history, who may fetch the image, the charge per image, the upstream
// failing, and the admission's hold of an image's cost.
let fake: FakeLlm;
let t: TestApp;
let token: string;
let otherToken: string;
let adminToken: string;
let imageBot: number;
let imageModelId: number;

const imageOf = (events: Array<{ type: string }>) => events.filter((e): e is { type: 'image'; file: { id: number; url: string; type: string; name: string } } => e.type === 'image');

beforeAll(async () => {
  fake = await startFakeLlm({ scenario: { imageDelayMs: 0, tokenDelayMs: 1 } });
  t = await buildTestApp({
    providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-chat'], imageModels: ['fake-image'] } },
    config: { storage: { kind: 'local', dir: mkdtempSync(path.join(tmpdir(), 'chat-images-')) } },
  });
  token = await t.signIn(t.a, t.a.member.email);
  otherToken = await t.signIn(t.a, t.a.other.email);
  adminToken = await t.signIn(t.a, t.a.admin.email);
  const list = (await t.call(t.a, token, { method: 'GET', url: '/api/chatbots/?include_default=true' })).json();
  const bot = list.items.find((c: { llm_model: { display_name: string } }) => c.llm_model.display_name === 'fake-image');
  imageBot = bot.id;
  imageModelId = bot.llm_model.id;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('image generation', () => {
  it('the model list marks the image model; its catalogue row costs 4 credits an image', async () => {
    const models = (await t.call(t.a, token, { method: 'GET', url: '/api/llm-models/' })).json().items as Array<{ model_name: string; supports_image_generation: boolean }>;
    expect(models.find((m) => m.model_name === 'fake-image')?.supports_image_generation).toBe(true);
    expect(models.find((m) => m.model_name === 'fake-chat')?.supports_image_generation).toBe(false);
    const [row] = await t.database.db.select({ cost: llmModels.imageCostE4 }).from(llmModels).where(and(eq(llmModels.tenantId, t.a.id), eq(llmModels.id, imageModelId)));
    expect(row!.cost).toBe(40_000n);
  });

  it('sends the question as the prompt; streams the image as a file of the session; the history keeps it; one image charged', async () => {
    fake.reset();
    const r = await streamChat(t, t.a, token, imageBot, { text: 'A sun over a green hill' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // What the platform sent the images API.
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ model: 'fake-image', prompt: 'A sun over a green hill', n: 1, size: '1024x1024', response_format: 'b64_json' });
    const images = imageOf(r.events);
    expect(images).toHaveLength(1);
    const file = images[0]!.file;
    expect(file).toMatchObject({ type: 'image/png', name: expect.stringMatching(/\.png$/), url: expect.stringContaining('/api/public/files/') });
    expect(r.events.at(-1)).toEqual({ type: 'end', status: 'completed' });
    expect(r.events.find((e) => e.type === 'usage')).toMatchObject({ credits: 4 });

    // The signed link serves the PNG.
    const bytes = await fetch(`${await baseUrlOf(t)}${file.url}`);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await bytes.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');

    // After a reload: the answer lists its image.
    const h = (await t.call(t.a, token, { method: 'GET', url: `/api/sessions/${r.meta!.session_hash_id}/history/` })).json();
    expect(h.items[1]).toMatchObject({ speaker_type: 'chatbot', status: 'completed', files: [expect.objectContaining({ id: file.id, type: 'image/png', name: file.name })] });
    // The member's own file, private to the session.
    const own = (await t.call(t.a, token, { method: 'GET', url: `/api/files/${file.id}/` })).json();
    expect(own).toMatchObject({ id: file.id, access_level: 'private', should_expire: false, session_id: r.meta!.session_hash_id });

    // One ledger row for the turn with its image count and credits (4 credits = 4 × 10^8 units).
    const [charge] = await queryRows<{ count: number; units: string; amount: string }>(
      t.database.db,
      sql`select image_count as count, image_units::text as units, amount_units::text as amount from credit_ledger where tenant_id = ${t.a.id} and message_id = ${r.meta!.assistant_message_id}`,
    );
    expect(charge).toEqual({ count: 1, units: '400000000', amount: '-400000000' });
    // The console's credits area: the image table.
    const credits = (await t.call(t.a, adminToken, { method: 'GET', url: '/api/admin/credits/' })).json();
    expect(credits.images).toEqual([expect.objectContaining({ llm_model_id: imageModelId, display_name: 'fake-image', image_count: 1, image_credit: 4 })]);
    // …and not a row of the language-model table (no tokens); the month's total still counts it.
    expect(credits.llm.filter((r: { llm_model_id: number }) => r.llm_model_id === imageModelId)).toEqual([]);
    expect(credits.totals.used_credit).toBeGreaterThanOrEqual(4);
  });

  it('another member (403) and another tenant (404) cannot fetch the image file', async () => {
    const r = await streamChat(t, t.a, token, imageBot, { text: 'A lighthouse' });
    const file = imageOf(r.events)[0]!.file;
    expect((await t.call(t.a, otherToken, { method: 'GET', url: `/api/files/${file.id}/` })).statusCode).toBe(403);
    expect((await t.call(t.a, otherToken, { method: 'DELETE', url: `/api/files/${file.id}/` })).statusCode).toBe(403);
    const stranger = await t.signIn(t.b, t.b.member.email);
    expect((await t.call(t.b, stranger, { method: 'GET', url: `/api/files/${file.id}/` })).statusCode).toBe(404);
    // Nor the session's history.
    expect((await t.call(t.a, otherToken, { method: 'GET', url: `/api/sessions/${r.meta!.session_hash_id}/history/` })).statusCode).toBe(403);
  });

  it('the upstream failing gives the image generation error, a failed answer and no charge', async () => {
    fake.set({ failStatus: 500 });
    const r = await streamChat(t, t.a, token, imageBot, { text: 'A storm' });
    fake.reset();
    expect(r.status).toBe(200);
    expect(r.events.find((e) => e.type === 'error')).toEqual({ type: 'error', code: 'image_generation_failed', message: 'Image generation failed; try again' });
    expect(imageOf(r.events)).toHaveLength(0);
    expect(r.events.at(-1)).toEqual({ type: 'end', status: 'failed' });
    const [charge] = await queryRows<{ count: number; amount: string }>(
      t.database.db,
      sql`select image_count as count, amount_units::text as amount from credit_ledger where tenant_id = ${t.a.id} and message_id = ${r.meta!.assistant_message_id}`,
    );
    expect(charge).toEqual({ count: 0, amount: '0' });
    const h = (await t.call(t.a, token, { method: 'GET', url: `/api/sessions/${r.meta!.session_hash_id}/history/` })).json();
    expect(h.items[1]).toMatchObject({ status: 'failed', files: [] });
  });

  it("admission holds an image's cost: against 10 credits left, three of five concurrent image chats start; none left gives 402 before the upstream", async () => {
    const db = t.database.db;
    const [used] = await queryRows<{ sum: string }>(db, sql`select coalesce(-sum(amount_units), 0)::text as sum from credit_ledger where tenant_id = ${t.a.id} and member_id = ${t.a.other.id}`);
    await db.update(members).set({ customCreditLimitUnits: BigInt(used!.sum) + 1_000_000_000n }).where(and(eq(members.tenantId, t.a.id), eq(members.id, t.a.other.id)));
    fake.reset();
    fake.set({ imageDelayMs: 300 });
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => streamChat(t, t.a, otherToken, imageBot, { text: `Picture ${i}` })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 402)).toHaveLength(2);

    fake.reset();
    await db.update(members).set({ customCreditLimitUnits: 0n }).where(and(eq(members.tenantId, t.a.id), eq(members.id, t.a.other.id)));
    const refused = await streamChat(t, t.a, otherToken, imageBot, { text: 'One more' });
    expect(refused.status).toBe(402);
    expect((refused.body as { error: { code: string } }).error.code).toBe('credits_depleted');
    expect(fake.requests).toHaveLength(0);
    await db.update(members).set({ customCreditLimitUnits: null }).where(and(eq(members.tenantId, t.a.id), eq(members.id, t.a.other.id)));
  });
});
