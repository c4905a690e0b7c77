import { and, count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbots, chatMessages, chatSessions, creditLedger, creditUsageDaily, memberCreditUsage, memberGroups, members, tenantCreditUsage, tenants } from './db/schema/index';
import { SAMPLE_EMAIL_DOMAIN } from './sample-data';
import { DEMO_SUBDOMAIN, seed } from './seed';
import { buildTestApp, type TestApp } from './test/test-app';

const ADMIN = { email: 'admin@demo.local', password: 'Sample-passw0rd!' };
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ providers: { openaiCompatible: { baseUrl: 'http://127.0.0.1:9/v1', models: ['fake-model'] } } });
});
afterAll(() => t.close());

async function counts(tenantId: number) {
  const db = t.database.db;
  const n = async (q: Promise<Array<{ n: number }>>) => (await q)[0]!.n;
  return {
    members: await n(db.select({ n: count() }).from(members).where(eq(members.tenantId, tenantId))),
    groups: await n(db.select({ n: count() }).from(memberGroups).where(eq(memberGroups.tenantId, tenantId))),
    chatbots: await n(db.select({ n: count() }).from(chatbots).where(eq(chatbots.tenantId, tenantId))),
    sessions: await n(db.select({ n: count() }).from(chatSessions).where(eq(chatSessions.tenantId, tenantId))),
    messages: await n(db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.tenantId, tenantId))),
    ledger: await n(db.select({ n: count() }).from(creditLedger).where(eq(creditLedger.tenantId, tenantId))),
  };
}

describe('SAMPLE_DATA=1', () => {
  it('seeds the demo tenant once (a second start adds nothing), with roll-ups equal to the ledger and non-zero dashboard cards', async () => {
    const config = { ...t.config, sampleData: true, seed: { adminEmail: ADMIN.email, adminPassword: ADMIN.password, memberPassword: 'Member-passw0rd!' } };
    const lines: string[] = [];
    await seed(t.database.db, config, (l) => lines.push(l));
    const [demo] = await t.database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subdomain, DEMO_SUBDOMAIN));
    const first = await counts(demo!.id);
    expect(first.members).toBeGreaterThanOrEqual(10);
    expect(first.sessions).toBeGreaterThan(20);
    expect(first.ledger).toBeGreaterThan(20);
    expect(lines.some((l) => l.startsWith('Sample data added'))).toBe(true);

    await seed(t.database.db, config, () => undefined);
    expect(await counts(demo!.id)).toEqual(first);

    // Roll-ups from the same rows: member, tenant and daily totals equal the ledger's usage.
    const db = t.database.db;
    const ledgerUsed = (await db.select({ v: sql<string>`(-sum(${creditLedger.amountUnits}))::text` }).from(creditLedger).where(and(eq(creditLedger.tenantId, demo!.id), eq(creditLedger.kind, 'usage'))))[0]!.v;
    const memberUsed = (await db.select({ v: sql<string>`sum(${memberCreditUsage.usedUnits})::text` }).from(memberCreditUsage).where(eq(memberCreditUsage.tenantId, demo!.id)))[0]!.v;
    const tenantUsed = (await db.select({ v: sql<string>`sum(${tenantCreditUsage.usedUnits})::text` }).from(tenantCreditUsage).where(eq(tenantCreditUsage.tenantId, demo!.id)))[0]!.v;
    const dailyUsed = (await db.select({ v: sql<string>`sum(${creditUsageDaily.usedUnits})::text`, days: sql<number>`count(distinct ${creditUsageDaily.day})::int` }).from(creditUsageDaily).where(eq(creditUsageDaily.tenantId, demo!.id)))[0]!;
    expect(BigInt(ledgerUsed)).toBeGreaterThan(0n);
    expect([memberUsed, tenantUsed, dailyUsed.v]).toEqual([ledgerUsed, ledgerUsed, ledgerUsed]);
    expect(dailyUsed.days).toBeGreaterThan(10); // spread over a month
    const sample = await db.select({ name: members.name, language: members.language }).from(members).where(like(members.email, `%@${SAMPLE_EMAIL_DOMAIN}`));
    expect(new Set(sample.map((m) => m.language))).toEqual(new Set(['ko', 'en']));
    // Their default groups are default groups: the ones the console's Edit member dialog offers.
    const defaults = await db
      .select({ isDefault: memberGroups.isDefault })
      .from(members)
      .innerJoin(memberGroups, and(eq(memberGroups.tenantId, members.tenantId), eq(memberGroups.id, members.defaultMemberGroupId)))
      .where(like(members.email, `%@${SAMPLE_EMAIL_DOMAIN}`));
    expect(defaults.length).toBe(sample.length);
    expect(defaults.every((g) => g.isDefault)).toBe(true);

    // The console's dashboard, as the demo admin sees it.
    const headers = { 'x-tenant-subdomain': DEMO_SUBDOMAIN };
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/', headers, payload: ADMIN });
    expect(signIn.statusCode).toBe(200);
    const token = signIn.json().access_token as string;
    const cards = await t.app.inject({ method: 'GET', url: '/api/admin/dashboards/', headers: { ...headers, 'x-access-token': token } });
    expect(cards.statusCode).toBe(200);
    const c = cards.json();
    expect(c.members.active).toBeGreaterThanOrEqual(10);
    expect(c.monthly_chat_users).toBeGreaterThan(0);
    expect(c.monthly_messages).toBeGreaterThan(0);
    expect(c.chatbots.public).toBeGreaterThan(0);
    expect(c.totals.messages).toBeGreaterThan(0);
    expect(c.totals.tokens).toBeGreaterThan(0);
    // The store lists the public sample chatbots with their categories.
    const store = await t.app.inject({ method: 'GET', url: '/api/chatbots/?is_public=true', headers: { ...headers, 'x-access-token': token } });
    expect(store.json().items.length).toBeGreaterThanOrEqual(3);
    // A fresh install: the seeded admin has nothing new to see.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/release-notes/', headers: { ...headers, 'x-access-token': token } })).json().seen).toBe(true);
  });
});
