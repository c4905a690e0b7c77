import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../../tools/fake-llm/server';
import { buildApp } from '../../app';
import { streamChat } from '../../test/chat-client';
import { buildTestApp, type TestApp, type TestTenant } from '../../test/test-app';

let fake: FakeLlm;
let t: TestApp;
let adminA: string;
let adminB: string;
let member: string;
let botId: number;

const URL = '/api/admin/chat-settings/';
const LONG = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');

beforeAll(async () => {
  fake = await startFakeLlm({ scenario: { reply: LONG, tokenDelayMs: 10 } });
  t = await buildTestApp({ providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-model'] } } });
  adminA = await t.signIn(t.a, t.a.admin.email);
  adminB = await t.signIn(t.b, t.b.admin.email);
  member = await t.signIn(t.a, t.a.member.email);
  botId = (await t.call(t.a, member, { method: 'GET', url: '/api/chatbots/?include_default=true' })).json().items[0].id;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(async () => {
  fake.reset();
  fake.set({ reply: LONG, tokenDelayMs: 10 });
  // Every case starts from the default.
  for (const [tenant, token] of [
    [t.a, adminA],
    [t.b, adminB],
  ] as const) {
    await t.call(tenant, token, { method: 'PATCH', url: URL, payload: { stop_answers_without_reader: false } });
  }
});

const read = (tenant: TestTenant, token: string | null) => t.call(tenant, token, { method: 'GET', url: URL });
const patch = (tenant: TestTenant, token: string | null, payload: unknown) => t.call(tenant, token, { method: 'PATCH', url: URL, payload: payload as object });

/** The last answer of the session, once the server has closed it. */
async function lastAnswer(hash: string) {
  let answer: { status: string; text: string } = { status: 'streaming', text: '' };
  await expect
    .poll(
      async () => {
        answer = (await t.call(t.a, member, { method: 'GET', url: `/api/sessions/${hash}/history/` })).json().items.at(-1);
        return answer.status;
      },
      { timeout: 6000, interval: 25 },
    )
    .not.toBe('streaming');
  return answer;
}

describe('chat settings (console)', () => {
  it('an admin reads the default (off), turns it on and reads it back; the change is in the audit log', async () => {
    const before = await read(t.a, adminA);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ stop_answers_without_reader: false });

    const on = await patch(t.a, adminA, { stop_answers_without_reader: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ stop_answers_without_reader: true });
    expect((await read(t.a, adminA)).json()).toEqual({ stop_answers_without_reader: true });

    const log = (await t.call(t.a, adminA, { method: 'GET', url: '/api/admin/audit-log/?target_type=tenants&size=5' })).json();
    expect(log.items[0]).toMatchObject({
      actor_id: t.a.admin.id,
      action: 'PATCH /api/admin/chat-settings/',
      operation: 'update',
      target_id: String(t.a.id),
      before: { stop_answers_without_reader: false },
      after: { stop_answers_without_reader: true },
    });
  });

  it('a member may neither read nor change it; without a token: 401', async () => {
    for (const res of [await read(t.a, member), await patch(t.a, member, { stop_answers_without_reader: true })]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('admin_required');
    }
    expect((await read(t.a, null)).statusCode).toBe(401);
    expect((await patch(t.a, null, { stop_answers_without_reader: true })).statusCode).toBe(401);
    expect((await read(t.a, adminA)).json()).toEqual({ stop_answers_without_reader: false });
  });

  it("another tenant's admin neither sees nor changes this tenant's value", async () => {
    expect((await patch(t.a, adminA, { stop_answers_without_reader: true })).statusCode).toBe(200);
    // Tenant B's admin sees and changes tenant B's own setting only.
    expect((await read(t.b, adminB)).json()).toEqual({ stop_answers_without_reader: false });
    expect((await patch(t.b, adminB, { stop_answers_without_reader: true })).json()).toEqual({ stop_answers_without_reader: true });
    expect((await patch(t.b, adminB, { stop_answers_without_reader: false })).json()).toEqual({ stop_answers_without_reader: false });
    expect((await read(t.a, adminA)).json()).toEqual({ stop_answers_without_reader: true });
    // Tenant B's token with tenant A's header is refused (tokens are bound to their tenant).
    expect((await read(t.a, adminB)).statusCode).toBe(401);
    expect((await patch(t.a, adminB, { stop_answers_without_reader: false })).statusCode).toBe(401);
    expect((await read(t.a, adminA)).json()).toEqual({ stop_answers_without_reader: true });
  });

  it('bad input is a 422 in the error shape and changes nothing', async () => {
    for (const payload of [{ stop_answers_without_reader: 'yes' }, { stop_answers_without_reader: 1 }, { stop_answers_without_reader: null }, { stop_answers_without_reader: true, colour: 'red' }, {}]) {
      const res = await patch(t.a, adminA, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['error']);
      expect(body.error).toMatchObject({ code: 'validation_error', message: expect.any(String) });
    }
    const notJson = await t.call(t.a, adminA, { method: 'PATCH', url: URL, headers: { 'content-type': 'application/json' }, payload: '{"stop_answers_without_reader":' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.code).toBe('bad_request');
    expect((await read(t.a, adminA)).json()).toEqual({ stop_answers_without_reader: false });
  });
});

describe('the setting in the chat', () => {
  it('set through the console, the very next answer whose reader leaves is stopped (upstream aborted); set back, answers outlive their reader again', async () => {
    // The tenant row is cached by now (every call above resolved it): the change must reach the cache.
    expect((await patch(t.a, adminA, { stop_answers_without_reader: true })).statusCode).toBe(200);
    const left = await streamChat(t, t.a, member, botId, { text: 'leave me' }, { abortAfterTextEvents: 5 });
    expect(left.status).toBe(200);
    await expect.poll(() => fake.aborted, { timeout: 2000, interval: 20 }).toBe(1);
    const stopped = await lastAnswer(left.meta!.session_hash_id);
    expect(stopped.status).toBe('stopped');
    expect(stopped.text.length).toBeGreaterThan(0);
    expect(LONG.startsWith(stopped.text)).toBe(true);
    expect(stopped.text.length).toBeLessThan(LONG.length);

    fake.reset();
    fake.set({ reply: LONG, tokenDelayMs: 5 });
    expect((await patch(t.a, adminA, { stop_answers_without_reader: false })).statusCode).toBe(200);
    const kept = await streamChat(t, t.a, member, botId, { text: 'keep going' }, { abortAfterTextEvents: 5 });
    const completed = await lastAnswer(kept.meta!.session_hash_id);
    expect(completed).toMatchObject({ status: 'completed', text: LONG });
    expect(fake.aborted).toBe(0);
  });

  it('another instance on the same database sees the change too (the tenants trigger reaches its cache)', async () => {
    const other = await buildApp(t.config, { database: t.built.database });
    try {
      const viaOther = { ...t, app: other.app, built: other };
      // The other instance has the tenant cached with the setting off.
      const warm = await other.app.inject({ method: 'GET', url: '/api/tenants/', headers: { 'x-tenant-subdomain': t.a.subdomain } });
      expect(warm.statusCode).toBe(200);

      expect((await patch(t.a, adminA, { stop_answers_without_reader: true })).statusCode).toBe(200);
      await other.caches.sync();
      const left = await streamChat(viaOther, t.a, member, botId, { text: 'leave the other instance' }, { abortAfterTextEvents: 5 });
      expect(left.status).toBe(200);
      await expect.poll(() => fake.aborted, { timeout: 2000, interval: 20 }).toBe(1);
      expect((await lastAnswer(left.meta!.session_hash_id)).status).toBe('stopped');
    } finally {
      await other.close();
    }
  });
});
