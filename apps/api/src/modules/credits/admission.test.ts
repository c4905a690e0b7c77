import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../../tools/fake-llm/server';
import { queryRows } from '../../db/client';
import { withTenant } from '../../db/tenant-scope';
import { llmModels, memberGroups, members, tenants } from '../../db/schema/index';
import { streamChat } from '../../test/chat-client';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { periodStart } from './credits.rules';

// Admission reserves (issue 24 item 1, decision 031): chats sent at once against a budget of about
// five answers admit about five — never more than the budget plus one answer's estimate — and every
// figure the app shows equals the ledger's sum. On PGlite (holds in the process) and on a
// PostgreSQL server (TEST_DATABASE_URL: the database's credit_reserve).
let fake: FakeLlm;
let t: TestApp;
let token: string;
let botId: number;
const REPLY = 'One two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen.';
const QUESTION = 'How many answers fit in my budget today?';

beforeAll(async () => {
  fake = await startFakeLlm({ scenario: { reply: REPLY, tokenDelayMs: 2 } });
  t = await buildTestApp({ providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-model'] } } });
  token = await t.signIn(t.a, t.a.member.email);
  // 2 credits per 10K tokens in, 6 out: one answer costs a fraction of a credit, exactly.
  await t.database.db.update(llmModels).set({ inputCostE4: 20_000n, outputCostE4: 60_000n }).where(eq(llmModels.tenantId, t.a.id));
  const list = (await t.call(t.a, token, { method: 'GET', url: '/api/chatbots/?include_default=true' })).json();
  botId = list.items.find((c: { llm_model: { display_name: string } }) => c.llm_model.display_name === 'fake-model').id;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const chat = (text = QUESTION, who = token) => streamChat(t, t.a, who, botId, { text });
const memberId = () => t.a.member.id;

/** The member's usage rows of the period, summed from the ledger. */
async function ledgerSum(filter = sql`member_id = ${memberId()}`): Promise<{ units: bigint; count: number }> {
  const [r] = await queryRows<{ units: string; count: number }>(
    t.database.db,
    sql`select coalesce(-sum(amount_units), 0)::text as units, count(*)::int as count from credit_ledger
      where tenant_id = ${t.a.id} and kind = 'usage' and period_start = ${periodStart()} and ${filter}`,
  );
  return { units: BigInt(r!.units), count: r!.count };
}

async function setBudget(units: bigint | null) {
  await t.database.db.update(members).set({ customCreditLimitUnits: units }).where(and(eq(members.tenantId, t.a.id), eq(members.id, memberId())));
  await t.settle();
}

/** One answer's real cost, from a chat of the same shape (it also teaches the estimate the model's output). */
async function oneAnswerCost(): Promise<bigint> {
  const before = await ledgerSum();
  expect((await chat()).status).toBe(200);
  const after = await ledgerSum();
  return after.units - before.units;
}

async function burst(n: number, answers: number) {
  const cost = await oneAnswerCost();
  const start = await ledgerSum();
  const budget = start.units + BigInt(answers) * cost;
  await setBudget(budget);
  const results = await Promise.all(Array.from({ length: n }, () => chat()));
  const admitted = results.filter((r) => r.status === 200).length;
  const refused = results.filter((r) => r.status === 402);
  const end = await ledgerSum();
  return { cost, budget, admitted, refused, results, charged: end.units, start: start.units };
}

describe('admission reserves', () => {
  for (const n of [20, 200]) {
    it(`${n} concurrent chats against a budget of 5 answers admit about 5, never more than the budget plus one estimate`, async () => {
      await setBudget(null);
      const r = await burst(n, 5);
      expect(r.admitted).toBeGreaterThanOrEqual(4);
      expect(r.admitted).toBeLessThanOrEqual(6);
      expect(r.admitted + r.refused.length).toBe(n);
      for (const x of r.refused) expect((x.body as { error: { code: string; details: { scope: string } } }).error).toMatchObject({ code: 'credits_depleted', details: { scope: 'member' } });
      // Every admitted answer completed and was charged; the total stays within one estimate of the budget.
      for (const x of r.results.filter((y) => y.status === 200)) expect(x.events.at(-1)).toEqual({ type: 'end', status: 'completed' });
      expect(r.charged - r.start).toBe(BigInt(r.admitted) * r.cost);
      expect(r.charged).toBeLessThanOrEqual(r.budget + r.cost + r.cost / 10n);
      // Nothing stays held: one more answer's worth admits exactly one more chat.
      await setBudget(r.charged + r.cost / 2n);
      const next = await Promise.all([chat(), chat(), chat()]);
      expect(next.filter((x) => x.status === 200).length).toBe(1);
      if (t.database.kind === 'postgres') {
        const [left] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from credit_reservations where tenant_id = ${t.a.id}`);
        expect(left!.n).toBe(0);
      }
      await setBudget(null);
    }, 120_000);
  }

  // Two instances on one server: each has its own caches and holds, so only the database's
  // credit_reserve keeps them from admitting the same credits twice.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('two instances on one PostgreSQL server admit about 5 between them', async () => {
    const { buildApp } = await import('../../app');
    const second = await buildApp(t.config, { database: t.built.database });
    try {
      const other = { ...t, app: second.app, built: second, settle: () => second.caches.sync() };
      const cost = await oneAnswerCost();
      // The second instance learns the model's answer length from an answer of its own (before
      // one, its estimate is the default, larger: it would admit fewer, never more).
      expect((await streamChat(other, t.a, token, botId, { text: QUESTION })).status).toBe(200);
      const start = await ledgerSum();
      await setBudget(start.units + 5n * cost);
      await second.caches.sync();
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? chat() : streamChat(other, t.a, token, botId, { text: QUESTION }))));
      const admitted = results.filter((r) => r.status === 200).length;
      expect(admitted).toBeGreaterThanOrEqual(4);
      expect(admitted).toBeLessThanOrEqual(6);
      const end = await ledgerSum();
      expect(end.units - start.units).toBe(BigInt(admitted) * cost);
      const [left] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from credit_reservations where tenant_id = ${t.a.id}`);
      expect(left!.n).toBe(0);
    } finally {
      await second.close();
      await setBudget(null);
    }
  }, 60_000);

  it('every figure equals the ledger: member, group, tenant totals, the daily roll-up, the usage views (0 drift)', async () => {
    const period = periodStart();
    const db = t.database.db;
    const [m] = await queryRows<{ used: string; count: number }>(db, sql`select used_units::text as used, message_count as count from member_credit_usage where tenant_id = ${t.a.id} and member_id = ${memberId()} and period_start = ${period}`);
    const mine = await ledgerSum();
    expect(BigInt(m!.used)).toBe(mine.units);
    expect(m!.count).toBe(mine.count);
    const [tt] = await queryRows<{ used: string }>(db, sql`select used_units::text as used from tenant_credit_usage where tenant_id = ${t.a.id} and period_start = ${period}`);
    expect(BigInt(tt!.used)).toBe((await ledgerSum(sql`true`)).units);
    const [g] = await queryRows<{ used: string }>(db, sql`select used_units::text as used from group_credit_usage where tenant_id = ${t.a.id} and member_group_id = ${t.a.defaultGroupId} and period_start = ${period}`);
    expect(BigInt(g!.used)).toBe((await ledgerSum(sql`member_group_id = ${t.a.defaultGroupId}`)).units);
    const [d] = await queryRows<{ used: string; count: number }>(db, sql`select coalesce(sum(used_units), 0)::text as used, coalesce(sum(message_count), 0)::int as count from credit_usage_daily where tenant_id = ${t.a.id}`);
    const [all] = await queryRows<{ used: string; count: number }>(db, sql`select coalesce(-sum(amount_units), 0)::text as used, count(*)::int as count from credit_ledger where tenant_id = ${t.a.id} and kind = 'usage'`);
    expect(d).toEqual(all);
    // The member's own views, rounded down.
    const usage = (await t.call(t.a, token, { method: 'GET', url: `/api/members/${memberId()}/usage/` })).json();
    expect(usage.used_credit).toBe(Number(mine.units / 100_000_000n));
    expect(usage.message_count).toBe(mine.count);
    expect(usage.last_30_days).toEqual({ used_credit: Number(mine.units / 100_000_000n), message_count: mine.count });
    const check = (await t.call(t.a, token, { method: 'GET', url: `/api/members/${memberId()}/credit-check/` })).json();
    expect(check.used_credit).toBe(Number(mine.units / 100_000_000n));
  });
});

describe('depletion variants (spec §8)', () => {
  const refusal = async () => {
    const r = await chat('one more');
    expect(r.status).toBe(402);
    return (r.body as { error: { code: string; details: Record<string, unknown> } }).error;
  };

  it("names the group's pool when it is spent, the tenant's when the tenant's is, with the tenant's plan", async () => {
    const db = t.database.db;
    const group = and(eq(memberGroups.tenantId, t.a.id), eq(memberGroups.id, t.a.defaultGroupId));
    await db.update(memberGroups).set({ creditQuotaUnits: 1n }).where(group);
    await t.settle();
    expect(await refusal()).toMatchObject({ code: 'credits_depleted', details: { scope: 'group', plan_kind: 'team' } });
    const check = (await t.call(t.a, token, { method: 'GET', url: `/api/members/${memberId()}/credit-check/` })).json();
    expect(check).toMatchObject({ depleted: 'group', plan_kind: 'team', is_low_llm_free: true });
    expect(check.group.remaining_credit).toBeLessThanOrEqual(0);
    await db.update(memberGroups).set({ creditQuotaUnits: null }).where(group);

    await db.update(tenants).set({ creditQuotaUnits: 1n, planKind: 'free' }).where(eq(tenants.id, t.a.id));
    await t.settle();
    // The tenant row is cached by the request context for a few seconds: wait for the change.
    await expect.poll(async () => (await chat('one more')).status, { timeout: 10_000, interval: 200 }).toBe(402);
    expect(await refusal()).toMatchObject({ code: 'credits_depleted', details: { scope: 'tenant', plan_kind: 'free' } });
    const free = (await t.call(t.a, token, { method: 'GET', url: `/api/members/${memberId()}/credit-check/` })).json();
    expect(free).toMatchObject({ depleted: 'tenant', plan_kind: 'free', is_low_llm_free: false });
    await db.update(tenants).set({ creditQuotaUnits: null, planKind: 'team' }).where(eq(tenants.id, t.a.id));
    await t.settle();
  });

  it("tells each case its own words: the team plan's recharge only to a member with a quota, the member's text to one with a limit of 0, the free plan's on a free plan", async () => {
    const db = t.database.db;
    const check = async () => (await t.call(t.a, token, { method: 'GET', url: `/api/members/${memberId()}/credit-check/` })).json();
    await setBudget(null);
    expect((await chat('something to spend')).status).toBe(200);
    const used = await ledgerSum();
    // A monthly quota, all of it used, on the tenant's team plan: the team plan's words.
    await setBudget(used.units);
    expect((await refusal()).details).toMatchObject({ scope: 'member', plan_kind: 'team', notice: 'team_plan' });
    expect(await check()).toMatchObject({ depleted: 'member', depleted_notice: 'team_plan' });
    // No plan of their own and a custom limit of 0: nothing recharges, so no team plan is promised.
    await setBudget(0n);
    expect((await refusal()).details).toMatchObject({ scope: 'member', notice: 'member' });
    expect(await check()).toMatchObject({ depleted: 'member', depleted_notice: 'member', quota: 0 });
    // The tenant on a free plan: the free plan's words, with or without a quota.
    await db.update(tenants).set({ planKind: 'free' }).where(eq(tenants.id, t.a.id));
    await t.settle();
    await expect.poll(async () => ((await refusal()).details as { notice: string }).notice, { timeout: 10_000, interval: 200 }).toBe('free_plan');
    expect(await check()).toMatchObject({ depleted_notice: 'free_plan' });
    // An enterprise tenant's member: the member's words.
    await db.update(tenants).set({ planKind: 'enterprise' }).where(eq(tenants.id, t.a.id));
    await setBudget(used.units);
    await expect.poll(async () => ((await refusal()).details as { notice: string }).notice, { timeout: 10_000, interval: 200 }).toBe('member');
    await db.update(tenants).set({ planKind: 'team' }).where(eq(tenants.id, t.a.id));
    await setBudget(null);
    expect(await check()).toMatchObject({ depleted: null, depleted_notice: null });
  });

  it('a grant raises the budget at once; another member is not affected', async () => {
    const used = await ledgerSum();
    await setBudget(used.units);
    expect((await refusal()).details).toMatchObject({ scope: 'member' });
    const other = await t.signIn(t.a, t.a.other.email);
    expect((await chat('mine', other)).status).toBe(200);
    const { createCreditsService } = await import('./credits.service');
    const credits = createCreditsService({ database: t.built.database, caches: t.built.caches, members: { ownRecord: () => Promise.reject(new Error('unused')) }, groups: { all: async () => [] } });
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await withTenant(t.a.id, () => credits.grant(t.a.id, { memberId: memberId(), kind: 'manual', units: 100_000_000n, koName: '보너스', enName: 'Bonus', usageStartDate: today, usageEndDate: tomorrow }));
    await t.settle();
    await expect.poll(async () => (await chat('after the grant')).status, { timeout: 10_000, interval: 200 }).toBe(200);
    await setBudget(null);
  });
});
