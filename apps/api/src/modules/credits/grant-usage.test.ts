import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../../tools/fake-llm/server';
import { withTenant } from '../../db/tenant-scope';
import { llmModels, members } from '../../db/schema/index';
import { streamChat } from '../../test/chat-client';
import { buildTestApp, type TestApp, type TestTenant } from '../../test/test-app';
import { chargeUsage } from './credits.repo';
import { creditsToUnits, dayOf, periodEnd, periodStart, previousPeriodStart } from './credits.rules';
import { createCreditsService, type CreditsService } from './credits.service';
import { usageCharge } from '../../test/usage-charge';

// `usage` of credit entries and grants carried across a billing window's turn (issue 24,
// decision 043), through the real app on the suite's database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL). Spending is charged with the chat's own charge statement, in exact units and
// into the window a test names; chats go through the fake upstream to meet admission.
let fake: FakeLlm;
let t: TestApp;
/** A second credits service on the app's database and caches: grants with chosen dates, figures at a chosen time. */
let credits: CreditsService;
const tokens = new Map<number, string>();
const models = new Map<number, number>();
let botId: number;
/** Tenant a's billing day (the default, 1): the windows below are its. */
let billingDay: number;

const c = (n: number) => creditsToUnits(n);
const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

beforeAll(async () => {
  fake = await startFakeLlm({ scenario: { reply: 'One two three four five.', tokenDelayMs: 1 } });
  t = await buildTestApp({ providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-model'] } } });
  credits = createCreditsService({ database: t.built.database, caches: t.built.caches, members: { ownRecord: () => Promise.reject(new Error('unused')) }, groups: { all: async () => [] } });
  for (const tenant of [t.a, t.b]) {
    for (const m of [tenant.member, tenant.other]) tokens.set(m.id, await t.signIn(tenant, m.email));
    const [row] = await t.database.db.select({ id: llmModels.id }).from(llmModels).where(eq(llmModels.tenantId, tenant.id)).limit(1);
    models.set(tenant.id, row!.id);
  }
  const list = (await t.call(t.a, tokens.get(t.a.other.id)!, { method: 'GET', url: '/api/chatbots/?include_default=true' })).json();
  botId = list.items.find((x: { llm_model: { display_name: string } }) => x.llm_model.display_name === 'fake-model').id;
  billingDay = (await t.memberContext(t.a, t.a.member.id)).tenant.billingDay;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const tenantOf = (memberId: number) => ([t.a, t.b].find((x) => x.member.id === memberId || x.other.id === memberId || x.admin.id === memberId) ?? t.a);

async function setBaseQuota(tenant: TestTenant, memberId: number, credit: number) {
  await t.database.db.update(members).set({ customCreditLimitUnits: c(credit) }).where(and(eq(members.tenantId, tenant.id), eq(members.id, memberId)));
  await t.settle();
}

async function grant(tenant: TestTenant, memberId: number, credit: number, start: string, end: string, name: string): Promise<number> {
  const row = await withTenant(tenant.id, () => credits.grant(tenant.id, { memberId, kind: 'manual', units: c(credit), koName: name, enName: name, usageStartDate: start, usageEndDate: end }));
  await t.settle();
  return row.id;
}

/** Charges a member `units` in the window starting `period`, as an answer's charge does; the app reads its figures anew. */
async function charge(tenant: TestTenant, memberId: number, units: bigint, period: string) {
  const row = usageCharge({ memberId, memberGroupId: tenant.defaultGroupId, llmModelId: models.get(tenant.id)! }, units);
  const [totals] = await chargeUsage(t.database, tenant.id, period, [row]);
  expect(totals).not.toBeInstanceOf(Error);
  t.built.caches.invalidate(tenant.id);
}

const entries = async (memberId: number): Promise<Array<{ id: number; quota: number; usage: number; en_name: string }>> => {
  const tenant = tenantOf(memberId);
  const res = await t.call(tenant, tokens.get(memberId)!, { method: 'GET', url: '/api/credits/?size=100' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
};
const usageOf = async (memberId: number) => Object.fromEntries((await entries(memberId)).map((e) => [e.en_name, e.usage]));
const creditCheck = async (memberId: number) => {
  const tenant = tenantOf(memberId);
  return (await t.call(tenant, tokens.get(memberId)!, { method: 'GET', url: `/api/members/${memberId}/credit-check/` })).json();
};

describe('usage of credit entries', () => {
  it('spending beyond the base quota shows on the grant ending first, then the next in end order', async () => {
    const who = t.a.member.id;
    const now = new Date();
    const today = dayOf(now);
    const period = periodStart(now, billingDay);
    await setBaseQuota(t.a, who, 10);
    // Listed (newest first) before the one ending first: the order comes from the ends, not the list.
    await grant(t.a, who, 20, today, addDays(today, 40), 'Ends second');
    await grant(t.a, who, 10, today, addDays(today, 20), 'Ends first');
    expect(await usageOf(who)).toEqual({ 'Ends second': 0, 'Ends first': 0 });

    // Within the base quota: nobody's grant.
    await charge(t.a, who, c(10), period);
    expect(await usageOf(who)).toEqual({ 'Ends second': 0, 'Ends first': 0 });
    // Q + 4.5: the first-ending grant shows 4 (rounded down).
    await charge(t.a, who, c(4) + c(1) / 2n, period);
    expect(await usageOf(who)).toEqual({ 'Ends second': 0, 'Ends first': 4 });
    // Q + 17: the first is full, the second covers 7.
    await charge(t.a, who, c(12) + c(1) / 2n, period);
    expect(await usageOf(who)).toEqual({ 'Ends second': 7, 'Ends first': 10 });
    // The budget left is what the entries show left: 10 + 30 − 27.
    expect(await creditCheck(who)).toMatchObject({ quota: 40, used_credit: 27, remaining_credit: 13, depleted: null });
    // Past the base and every grant: each grant full, the rest is nobody's.
    await charge(t.a, who, c(20), period);
    expect(await usageOf(who)).toEqual({ 'Ends second': 20, 'Ends first': 10 });
    expect((await creditCheck(who)).remaining_credit).toBe(-7);
  });

  it("another member's and another tenant's grants and spending are neither visible nor counted", async () => {
    const period = periodStart(new Date(), billingDay);
    const today = dayOf(new Date());
    const mine = await usageOf(t.a.member.id);
    // The other members spend a lot with grants of their own.
    await setBaseQuota(t.b, t.b.member.id, 10);
    await grant(t.b, t.b.member.id, 50, today, addDays(today, 30), 'Tenant B grant');
    await charge(t.b, t.b.member.id, c(35), period);
    await charge(t.a, t.a.admin.id, c(5000), period);
    expect(await usageOf(t.a.member.id)).toEqual(mine);
    expect(await usageOf(t.b.member.id)).toEqual({ 'Tenant B grant': 25 });
    // A member sees only their own entries; another tenant's member only theirs.
    expect((await entries(t.b.other.id))).toEqual([]);
    expect((await entries(t.b.member.id)).map((e) => e.en_name)).toEqual(['Tenant B grant']);
    // Another member of the same tenant spends; their entries (none yet) show nothing of the member's.
    expect((await entries(t.a.other.id)).some((e) => e.en_name.startsWith('Ends'))).toBe(false);
    // The member's grant ids asked for by another member's context are not theirs: 0, and nothing read of them.
    const ids = (await entries(t.a.member.id)).map((e) => ({ id: e.id, usageStartDate: today, usageEndDate: addDays(today, 20) }));
    const asOther = await t.memberContext(t.a, t.a.other.id);
    const seen = await withTenant(t.a.id, () => credits.grantUsage(asOther, ids));
    expect([...seen.values()].every((u) => u === 0)).toBe(true);
    const asB = await t.memberContext(t.b, t.b.member.id);
    const seenB = await withTenant(t.b.id, () => credits.grantUsage(asB, ids));
    expect([...seenB.values()].every((u) => u === 0)).toBe(true);
  });
});

describe('a grant that ends within a window', () => {
  it('covers only the spending before its end: the rest goes to the grants still valid (the ledger read up to its end day)', async () => {
    expect(billingDay).toBe(1);
    const who = t.b.other.id;
    await setBaseQuota(t.b, who, 10);
    const ending = await grant(t.b, who, 20, '2032-03-01', '2032-03-15', 'Ends mid-March');
    const whole = await grant(t.b, who, 30, '2032-03-01', '2032-04-01', 'Whole March');
    // 15 spent before the 15th (the base's 10 and 5 of the ending grant), 25 after it.
    await charge(t.b, who, c(15), '2032-03-01');
    await withTenant(t.b.id, () => t.database.db.execute(sql`update credit_ledger set created_at = '2032-03-10T12:00:00Z' where tenant_id = ${t.b.id} and member_id = ${who} and period_start = '2032-03-01'`));
    await charge(t.b, who, c(25), '2032-03-01');
    await withTenant(t.b.id, () => t.database.db.execute(sql`update credit_ledger set created_at = '2032-03-20T12:00:00Z' where tenant_id = ${t.b.id} and member_id = ${who} and period_start = '2032-03-01' and created_at < '2032-01-01'`));
    const ctx = await t.memberContext(t.b, who);
    const rows = [
      { id: ending, usageStartDate: '2032-03-01', usageEndDate: '2032-03-15' },
      { id: whole, usageStartDate: '2032-03-01', usageEndDate: '2032-04-01' },
    ];
    const at = (iso: string) => withTenant(t.b.id, () => credits.grantUsage(ctx, rows, new Date(iso)));
    // Without its end day it would have taken 20 (it ends first); it covered 5, the whole-March grant 25.
    expect(Object.fromEntries(await at('2032-03-25T12:00:00Z'))).toEqual({ [ending]: 5, [whole]: 25 });
    // Before its end, the window's spending so far is what counts.
    expect(Object.fromEntries(await at('2032-03-12T12:00:00Z'))).toEqual({ [ending]: 20, [whole]: 10 });
  });
});

describe('a grant valid across a billing window’s turn', () => {
  it('offers the new window only what the previous window left of it: credit check and admission', async () => {
    const who = t.a.other.id;
    const token = tokens.get(who)!;
    const now = new Date();
    const period = periodStart(now, billingDay);
    const previous = previousPeriodStart(period, billingDay);
    await setBaseQuota(t.a, who, 10);
    // Bought on the previous window's last day, valid into this one.
    await charge(t.a, who, c(22), previous);
    await grant(t.a, who, 30, addDays(period, -1), periodEnd(now, billingDay), 'Carried');
    // The previous window spent the base and 12 of it: 18 are left for this one, not 30.
    expect(await usageOf(who)).toEqual({ Carried: 12 });
    expect(await creditCheck(who)).toMatchObject({ quota: 28, used_credit: 0, remaining_credit: 28 });

    await charge(t.a, who, c(27), period);
    expect(await usageOf(who)).toEqual({ Carried: 29 });
    expect(await creditCheck(who)).toMatchObject({ quota: 28, remaining_credit: 1, depleted: null });
    const chat = () => streamChat(t, t.a, token, botId, { text: 'One more question, please.' });
    expect((await chat()).status).toBe(200);

    // Spent to the remainder: refused, although the grant's full 30 would have left 12.
    await charge(t.a, who, c(1), period);
    const check = await creditCheck(who);
    expect(check.remaining_credit).toBeLessThanOrEqual(0);
    expect(check.depleted).toBe('member');
    expect((await usageOf(who)).Carried).toBe(30);
    const refused = await chat();
    expect(refused.status).toBe(402);
    expect((refused.body as { error: { code: string; details: { scope: string } } }).error).toMatchObject({ code: 'credits_depleted', details: { scope: 'member' } });
    // Another member of the tenant is not affected.
    expect((await creditCheck(t.a.member.id)).quota).toBe(40);
  }, 30_000);

  it('figures at a chosen time: an expired grant keeps what it covered, a future one shows 0, a later look keeps the same figures', async () => {
    // Far from today, billing day 1, the tenant admin with a base quota of 10.
    expect(billingDay).toBe(1);
    const who = t.a.admin.id;
    await setBaseQuota(t.a, who, 10);
    const expired = await grant(t.a, who, 20, '2031-02-10', '2031-03-05', 'Expired in March');
    const carried = await grant(t.a, who, 30, '2031-02-20', '2031-03-20', 'Carried into March');
    const later = await grant(t.a, who, 10, '2031-03-25', '2031-04-25', 'Starts later');
    // February: base + 25 — the grant ending first covers 20, the other 5. March so far: base + 10.
    await charge(t.a, who, c(35), '2031-02-01');
    await charge(t.a, who, c(20), '2031-03-01');
    const ctx = await t.memberContext(t.a, who);
    const rows = [
      { id: expired, usageStartDate: '2031-02-10', usageEndDate: '2031-03-05' },
      { id: carried, usageStartDate: '2031-02-20', usageEndDate: '2031-03-20' },
      { id: later, usageStartDate: '2031-03-25', usageEndDate: '2031-04-25' },
    ];
    const at = (iso: string) => withTenant(t.a.id, () => credits.grantUsage(ctx, rows, new Date(iso)));
    expect(Object.fromEntries(await at('2031-03-10T12:00:00Z'))).toEqual({ [expired]: 20, [carried]: 15, [later]: 0 });
    // Before anything started: 0 throughout.
    expect(Object.fromEntries(await at('2031-01-15T12:00:00Z'))).toEqual({ [expired]: 0, [carried]: 0, [later]: 0 });
    // In February: that window's figures only.
    expect(Object.fromEntries(await at('2031-02-25T12:00:00Z'))).toEqual({ [expired]: 20, [carried]: 5, [later]: 0 });
    // Months later the ended grants keep what they covered in their windows.
    expect(Object.fromEntries(await at('2031-06-10T12:00:00Z'))).toEqual({ [expired]: 20, [carried]: 15, [later]: 0 });
  });
});
