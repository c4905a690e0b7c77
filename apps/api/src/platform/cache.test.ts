import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app';
import { chatbots, members, tenants } from '../db/schema/index';
import { buildTestApp, type TestApp } from '../test/test-app';

// Two instances on one database (as when scaled out): a change made anywhere — here straight in
// the database — reaches both instances' caches through the NOTIFY triggers.
let t: TestApp;
let second: BuiltApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  second = await buildApp(t.config, { database: t.database });
  token = await t.signIn(t.a, t.a.other.email);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const onSecond = (url: string) =>
  second.app.inject({ method: 'GET', url, headers: { 'x-tenant-subdomain': t.a.subdomain, 'x-access-token': token } });

describe('invalidated caches', () => {
  it('a deactivation reaches a warm cache of another instance on its next request', async () => {
    expect((await onSecond(`/api/members/${t.a.other.id}/`)).statusCode).toBe(200);
    await t.database.db.update(members).set({ memberStatus: 'deactivated' }).where(eq(members.id, t.a.other.id));
    await second.caches.sync();
    expect((await onSecond(`/api/members/${t.a.other.id}/`)).statusCode).toBe(403);
    await t.database.db.update(members).set({ memberStatus: 'active' }).where(eq(members.id, t.a.other.id));
    await second.caches.sync();
    expect((await onSecond(`/api/members/${t.a.other.id}/`)).statusCode).toBe(200);
  });
  it("a tenant's change reaches another instance's warm cache", async () => {
    const before = (await onSecond('/api/tenants/')).json();
    await t.database.db.update(tenants).set({ enName: 'Renamed' }).where(eq(tenants.id, t.a.id));
    await second.caches.sync();
    expect((await onSecond('/api/tenants/')).json()).toMatchObject({ ...before, en_name: 'Renamed' });
  });
  it('chat counters do not invalidate; a chatbot edit does', async () => {
    const payloads: string[] = [];
    const listener = await t.database.listen('cache_invalidation', (p) => payloads.push(p), () => undefined);
    const settle = async () => {
      await second.caches.sync();
      await new Promise((r) => setTimeout(r, 200)); // this test's own listening connection
    };
    await t.database.db.update(chatbots).set({ messageCount: 5 }).where(eq(chatbots.tenantId, t.a.id));
    await settle();
    expect(payloads.filter((p) => p.startsWith('chatbots:'))).toEqual([]);
    await t.database.db.update(chatbots).set({ systemInstructions: 'Be kind.' }).where(eq(chatbots.tenantId, t.a.id));
    await settle();
    expect(payloads).toContain(`chatbots:${t.a.id}`);
    await listener.stop();
  });
});
