import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberCreditUsage } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { periodStart } from './credits.rules';
import { createUsageCache } from './usage-cache';

// When the depletion check's figures go stale, and how they come back: the usage cache on the
// database the suite runs on.
let t: TestApp;
const period = periodStart();

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** What another instance (or an operator) writes: the member's monthly total, straight in the table. */
async function setUsed(memberId: number, units: bigint) {
  await t.database.db
    .insert(memberCreditUsage)
    .values({ tenantId: t.a.id, memberId, periodStart: period, usedUnits: units, messageCount: 1, inputTokens: 0, outputTokens: 0 })
    .onConflictDoUpdate({ target: [memberCreditUsage.tenantId, memberCreditUsage.memberId, memberCreditUsage.periodStart], set: { usedUnits: sql`excluded.used_units` } });
}
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await check()); i += 1) await new Promise((r) => setTimeout(r, 10));
};

describe('usage cache', () => {
  it('serves its figure until invalidated when it owns the database (embedded), then reads anew', async () => {
    const cache = createUsageCache(t.database, { maxAgeMs: Number.POSITIVE_INFINITY });
    const m = t.a.member.id;
    await setUsed(m, 100n);
    expect((await cache.figures(t.a.id, m, t.a.defaultGroupId, period)).usedUnits).toBe(100n);
    await setUsed(m, 250n);
    // Nothing tells the cache: it keeps its figure (this process's own charges keep it exact).
    expect((await cache.figures(t.a.id, m, t.a.defaultGroupId, period)).usedUnits).toBe(100n);
    // Another tenant's invalidation leaves it alone; its own tenant's drops it.
    cache.invalidate(t.b.id);
    expect((await cache.figures(t.a.id, m, t.a.defaultGroupId, period)).usedUnits).toBe(100n);
    cache.invalidate(t.a.id);
    expect((await cache.figures(t.a.id, m, t.a.defaultGroupId, period)).usedUnits).toBe(250n);
    await setUsed(m, 300n);
    cache.invalidate(null);
    expect((await cache.figures(t.a.id, m, t.a.defaultGroupId, period)).usedUnits).toBe(300n);
  });

  it('answers a figure older than maxAge at once and refreshes it behind (several instances on a server)', async () => {
    const cache = createUsageCache(t.database, { maxAgeMs: 0 });
    const m = t.a.other.id;
    await setUsed(m, 10n);
    expect((await cache.figures(t.a.id, m, t.a.defaultGroupId, period)).usedUnits).toBe(10n);
    await setUsed(m, 40n);
    await new Promise((r) => setTimeout(r, 5));
    // The stale figure answers this check; the refresh it started serves the next one.
    expect((await cache.figures(t.a.id, m, t.a.defaultGroupId, period)).usedUnits).toBe(10n);
    await until(async () => (await cache.figures(t.a.id, m, t.a.defaultGroupId, period)).usedUnits === 40n);
    expect((await cache.figures(t.a.id, m, t.a.defaultGroupId, period)).usedUnits).toBe(40n);
  });

  it("keeps the larger of two charges' totals that resolve out of order, and the tenant's and group's totals with them", async () => {
    const cache = createUsageCache(t.database, { maxAgeMs: Number.POSITIVE_INFINITY });
    const m = t.a.admin.id;
    await cache.figures(t.a.id, m, t.a.defaultGroupId, period);
    const g = t.a.defaultGroupId;
    cache.record(t.a.id, m, g, period, { memberUsedUnits: 500n, tenantUsedUnits: 9_000n, groupUsedUnits: 3_000n });
    cache.record(t.a.id, m, g, period, { memberUsedUnits: 400n, tenantUsedUnits: 8_000n, groupUsedUnits: 2_000n });
    expect(await cache.figures(t.a.id, m, g, period)).toEqual({ usedUnits: 500n, tenantUsedUnits: 9_000n, groupUsedUnits: 3_000n });
  });

  it('does not keep a figure whose read started before an invalidation', async () => {
    const cache = createUsageCache(t.database, { maxAgeMs: Number.POSITIVE_INFINITY });
    const m = t.a.member.id;
    await setUsed(m, 600n);
    // A read in flight when the tenant is invalidated: its figure answers this check, but is not kept.
    const reading = cache.figures(t.a.id, m, t.a.defaultGroupId, period);
    cache.invalidate(t.a.id);
    expect((await reading).usedUnits).toBe(600n);
    await setUsed(m, 700n);
    expect((await cache.figures(t.a.id, m, t.a.defaultGroupId, period)).usedUnits).toBe(700n);
  });
});
