import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { chatbots, creditLedger, creditUsageDaily, groupCreditUsage, llmModels, memberCreditUsage, tenantCreditUsage } from '../../db/schema/index';
import { buildTestApp, type TestApp, type TestTenant } from '../../test/test-app';
import { createChatbotsService } from '../chatbots/chatbots.service';
import { chargeUsage, type UsageCharge } from './credits.repo';
import { periodStart } from './credits.rules';
import { usageCharge } from '../../test/usage-charge';

// The credits' write path on the database the suite runs on (PGlite, or the server with
// TEST_DATABASE_URL): one charge, several in one statement, the group commit, tenant isolation.
let t: TestApp;
let db: Database;
const models = new Map<number, number>();
const period = periodStart();

beforeAll(async () => {
  t = await buildTestApp();
  db = t.database;
  for (const tenant of [t.a, t.b]) {
    const [row] = await db.db.select({ id: llmModels.id }).from(llmModels).where(eq(llmModels.tenantId, tenant.id)).limit(1);
    models.set(tenant.id, row!.id);
  }
});
afterAll(() => t.close());

const charge = (tenant: TestTenant, memberId: number, units: bigint): UsageCharge =>
  usageCharge({ memberId, memberGroupId: tenant.defaultGroupId, llmModelId: models.get(tenant.id)! }, units, {
    inputTokens: Number(units % 1000n),
    outputTokens: Number(units % 777n),
    inputUnits: units - units / 3n,
    outputUnits: units / 3n,
  });

/** Everything a charge moves, for one tenant. */
const state = async (tenant: TestTenant) => {
  const members = await db.db.select().from(memberCreditUsage).where(and(eq(memberCreditUsage.tenantId, tenant.id), eq(memberCreditUsage.periodStart, period)));
  const total = await db.db.select({ used: tenantCreditUsage.usedUnits }).from(tenantCreditUsage).where(and(eq(tenantCreditUsage.tenantId, tenant.id), eq(tenantCreditUsage.periodStart, period)));
  const ledger = await db.db.select({ amount: creditLedger.amountUnits, member: creditLedger.memberId, message: creditLedger.messageId }).from(creditLedger).where(eq(creditLedger.tenantId, tenant.id));
  const byMember = new Map(members.map((m) => [m.memberId, { used: m.usedUnits, count: m.messageCount, input: m.inputTokens, output: m.outputTokens }]));
  return { byMember, tenantUsed: total[0]?.used ?? 0n, ledger };
};
const delta = (before: Awaited<ReturnType<typeof state>>, after: Awaited<ReturnType<typeof state>>) => ({
  tenantUsed: after.tenantUsed - before.tenantUsed,
  members: [...after.byMember]
    .map(([id, m]) => {
      const b = before.byMember.get(id) ?? { used: 0n, count: 0, input: 0, output: 0 };
      return [id, { used: m.used - b.used, count: m.count - b.count, input: m.input - b.input, output: m.output - b.output }] as const;
    })
    .filter(([, d]) => d.count !== 0),
  ledger: after.ledger.length - before.ledger.length,
});

describe('charging usage', () => {
  it('several charges in one statement move the ledger and totals exactly as one statement each would', async () => {
    const units = [123_456_789n, 7n, 98_765_432_101n];
    const who = [t.a.member.id, t.a.other.id, t.a.member.id];
    const run = async (batched: boolean) => {
      const charges = units.map((u, i) => charge(t.a, who[i]!, u));
      const before = await state(t.a);
      const totals = batched
        ? await chargeUsage(db, t.a.id, period, charges)
        : await Promise.all(charges.map(async (c) => (await chargeUsage(db, t.a.id, period, [c]))[0]!));
      return { charges, totals, before, after: await state(t.a) };
    };
    const one = await run(false);
    const many = await run(true);
    expect(delta(many.before, many.after)).toEqual(delta(one.before, one.after));
    expect(delta(many.before, many.after)).toMatchObject({ tenantUsed: 98_888_888_897n, ledger: 3 });
    // Each charge reports its member's and the tenant's totals after the batch.
    expect(many.totals).toEqual(who.map((m) => ({ memberUsedUnits: many.after.byMember.get(m)!.used, tenantUsedUnits: many.after.tenantUsed, groupUsedUnits: expect.any(BigInt) })));
    // The group's total moved with them: all three charges are of the default group.
    expect(new Set(many.totals.map((x) => (x as { groupUsedUnits: bigint }).groupUsedUnits)).size).toBe(1);
    for (const [i, c] of many.charges.entries()) {
      expect(many.after.ledger.filter((l) => l.message === c.messageId)).toEqual([{ amount: -units[i]!, member: who[i], message: c.messageId }]);
    }
  });

  it('moves the group total and the day roll-up by the same amounts as the ledger', async () => {
    const sums = async () => {
      const [g] = await db.db.select().from(groupCreditUsage).where(and(eq(groupCreditUsage.tenantId, t.a.id), eq(groupCreditUsage.memberGroupId, t.a.defaultGroupId), eq(groupCreditUsage.periodStart, period)));
      const days = await db.db.select().from(creditUsageDaily).where(eq(creditUsageDaily.tenantId, t.a.id));
      const sum = (k: 'usedUnits' | 'inputUnits' | 'outputUnits') => days.reduce((a, d) => a + d[k], 0n);
      return { group: g?.usedUnits ?? 0n, groupCount: g?.messageCount ?? 0, used: sum('usedUnits'), input: sum('inputUnits'), output: sum('outputUnits'), messages: days.reduce((a, d) => a + d.messageCount, 0) };
    };
    const before = await sums();
    const charges = [charge(t.a, t.a.member.id, 300n), charge(t.a, t.a.other.id, 900n)];
    await chargeUsage(db, t.a.id, period, charges);
    const after = await sums();
    expect(after.group - before.group).toBe(1200n);
    expect(after.groupCount - before.groupCount).toBe(2);
    expect(after.used - before.used).toBe(1200n);
    expect(after.input - before.input).toBe(charges.reduce((a, c) => a + c.inputUnits, 0n));
    expect(after.output - before.output).toBe(charges.reduce((a, c) => a + c.outputUnits, 0n));
    expect(after.messages - before.messages).toBe(2);
  });

  it("never moves another tenant's totals", async () => {
    const b = await state(t.b);
    // Another tenant's member under this tenant's id: the composite foreign key refuses the row.
    await expect(chargeUsage(db, t.a.id, period, [charge(t.a, t.b.member.id, 5n)])).rejects.toThrow();
    expect(delta(b, await state(t.b))).toEqual({ tenantUsed: 0n, members: [], ledger: 0 });
  });
});

describe('chatbot counters', () => {
  it("count answers of a tenant's chatbots and never another tenant's", async () => {
    const [mine] = await db.db.select({ id: chatbots.id, count: chatbots.messageCount }).from(chatbots).where(eq(chatbots.tenantId, t.a.id)).limit(1);
    const [theirs] = await db.db.select({ id: chatbots.id, count: chatbots.messageCount }).from(chatbots).where(eq(chatbots.tenantId, t.b.id)).limit(1);
    const unused = () => Promise.reject(new Error('unused'));
    const service = createChatbotsService({ database: db, caches: t.built.caches, models: { profileOf: unused, list: unused }, images: { toSquare: unused } });
    const answer = (chatbotId: number) => ({ chatbotId, tokens: 10 });
    await db.rawMany([service.countAnswersPart(t.a.id, [answer(mine!.id), answer(mine!.id), answer(mine!.id), answer(theirs!.id)]).call]);
    const count = async (tenantId: number, id: number) =>
      (await db.db.select({ n: chatbots.messageCount }).from(chatbots).where(and(eq(chatbots.tenantId, tenantId), eq(chatbots.id, id))))[0]!.n;
    expect(await count(t.a.id, mine!.id)).toBe(mine!.count + 3);
    expect(await count(t.b.id, theirs!.id)).toBe(theirs!.count);
  });
});
