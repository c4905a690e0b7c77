import { describe, expect, it } from 'vitest';
import {
  attributeToGrants,
  carriedUsage,
  costToE4,
  creditsToUnits,
  depletedScope,
  grantBudgetUnits,
  endedWithin,
  grantWindowUsage,
  isDepleted,
  periodEnd,
  periodStart,
  previousPeriodStart,
  unitsToDisplay,
  unitsToExact,
  usageUnits,
  UNITS_PER_CREDIT,
} from './credits.rules';

describe('credit rules', () => {
  it('usage units are exact: tokens × credits per 10K', () => {
    // 10,000 input tokens at 1 credit per 10K = exactly 1 credit.
    expect(usageUnits(10_000, 0, costToE4(1), costToE4(1))).toBe(UNITS_PER_CREDIT);
    // 1 token at 0.0001 credit per 10K = 1e-8 credit = 1 unit: nothing is rounded away.
    expect(usageUnits(1, 0, costToE4(0.0001), 0n)).toBe(1n);
    // 1234 × 3.5 + 12 × 7.25 per 10K
    expect(unitsToExact(usageUnits(1234, 12, costToE4(3.5), costToE4(7.25)))).toBeCloseTo(0.4406, 10);
    // Sums of many small charges stay exact.
    let total = 0n;
    for (let i = 0; i < 10_000; i += 1) total += usageUnits(1, 0, costToE4(1), 0n);
    expect(total).toBe(UNITS_PER_CREDIT);
  });
  it('shown credits are rounded down, also below zero', () => {
    expect(unitsToDisplay(creditsToUnits(999) + UNITS_PER_CREDIT - 1n)).toBe(999);
    expect(unitsToDisplay(0n)).toBe(0);
    expect(unitsToDisplay(-1n)).toBe(-1);
    expect(unitsToDisplay(-UNITS_PER_CREDIT)).toBe(-1);
    expect(unitsToDisplay(-UNITS_PER_CREDIT - 1n)).toBe(-2);
  });
  it('depleted when member remaining ≤ 0, or tenant remaining not null and ≤ 0 (spec §4)', () => {
    expect(isDepleted({ remainingUnits: 1n, tenantRemainingUnits: null })).toBe(false);
    expect(isDepleted({ remainingUnits: 0n, tenantRemainingUnits: null })).toBe(true);
    expect(isDepleted({ remainingUnits: -5n, tenantRemainingUnits: 100n })).toBe(true);
    expect(isDepleted({ remainingUnits: 5n, tenantRemainingUnits: 0n })).toBe(true);
    expect(isDepleted({ remainingUnits: 5n, tenantRemainingUnits: 1n })).toBe(false);
  });
  it('the monthly window is the calendar month in UTC', () => {
    expect(periodStart(new Date('2026-11-22T12:00:00Z'))).toBe('2026-11-01');
    expect(periodEnd(new Date('2026-11-22T12:00:00Z'))).toBe('2026-12-01');
    expect(periodEnd(new Date('2026-12-31T23:59:59Z'))).toBe('2027-01-01');
  });
  it("the window starts on the tenant's billing day", () => {
    expect(periodStart(new Date('2026-11-22T12:00:00Z'), 15)).toBe('2026-11-15');
    expect(periodEnd(new Date('2026-11-22T12:00:00Z'), 15)).toBe('2026-12-15');
    expect(periodStart(new Date('2026-11-14T23:59:59Z'), 15)).toBe('2026-10-15');
    expect(periodStart(new Date('2027-01-03T00:00:00Z'), 28)).toBe('2026-12-28');
    expect(periodEnd(new Date('2027-01-03T00:00:00Z'), 28)).toBe('2027-01-28');
  });
  it('the widest spent budget names the depletion: tenant, then group, then member', () => {
    expect(depletedScope({ remainingUnits: 0n, groupRemainingUnits: 0n, tenantRemainingUnits: 0n })).toBe('tenant');
    expect(depletedScope({ remainingUnits: 0n, groupRemainingUnits: -1n, tenantRemainingUnits: 5n })).toBe('group');
    expect(depletedScope({ remainingUnits: 0n, groupRemainingUnits: null, tenantRemainingUnits: null })).toBe('member');
    expect(depletedScope({ remainingUnits: 1n, groupRemainingUnits: 1n, tenantRemainingUnits: 1n })).toBe(null);
  });
});

describe('attributing spending to credit grants (decision 043)', () => {
  const c = (n: number) => creditsToUnits(n);
  const base = c(100);
  // Given out of end order on purpose: the rule orders them.
  const grants = [
    { id: 2, units: c(50), endDate: '2026-12-20', carriedUsage: 0n },
    { id: 1, units: c(30), endDate: '2026-12-10', carriedUsage: 0n },
  ];
  const of = (m: Map<number, bigint>) => Object.fromEntries([...m].sort(([a], [b]) => a - b));

  it('spending within the base quota is nobody’s grant', () => {
    expect(of(attributeToGrants(base, c(80), grants))).toEqual({ 1: 0n, 2: 0n });
    expect(of(attributeToGrants(base, base, grants))).toEqual({ 1: 0n, 2: 0n });
    expect(of(attributeToGrants(base, 0n, grants))).toEqual({ 1: 0n, 2: 0n });
  });
  it('an overflow within one grant goes to the grant ending first, to the unit', () => {
    expect(of(attributeToGrants(base, base + 1n, grants))).toEqual({ 1: 1n, 2: 0n });
    expect(of(attributeToGrants(base, c(112) + 345n, grants))).toEqual({ 1: c(12) + 345n, 2: 0n });
    expect(of(attributeToGrants(base, c(130), grants))).toEqual({ 1: c(30), 2: 0n });
  });
  it('spreads across grants in the order they end', () => {
    expect(of(attributeToGrants(base, c(130) + 1n, grants))).toEqual({ 1: c(30), 2: 1n });
    expect(of(attributeToGrants(base, c(175) + 99_999_999n, grants))).toEqual({ 1: c(30), 2: c(45) + 99_999_999n });
  });
  it('more spent than quota and grants: each grant full, the rest nobody’s', () => {
    expect(of(attributeToGrants(base, c(180), grants))).toEqual({ 1: c(30), 2: c(50) });
    expect(of(attributeToGrants(base, c(1_000_000), grants))).toEqual({ 1: c(30), 2: c(50) });
  });
  it('grants ending the same day: the lower id first', () => {
    const tied = [
      { id: 9, units: c(10), endDate: '2026-12-10', carriedUsage: 0n },
      { id: 4, units: c(10), endDate: '2026-12-10', carriedUsage: 0n },
    ];
    expect(of(attributeToGrants(0n, c(15), tied))).toEqual({ 4: c(10), 9: c(5) });
  });
  it('a grant offers only what it has left after its carried use', () => {
    const carried = [
      { id: 1, units: c(30), endDate: '2026-12-10', carriedUsage: c(25) },
      { id: 2, units: c(50), endDate: '2026-12-20', carriedUsage: 0n },
    ];
    expect(of(attributeToGrants(base, c(110), carried))).toEqual({ 1: c(5), 2: c(5) });
    // Used up before: nothing more (never negative).
    expect(of(attributeToGrants(base, c(110), [{ ...carried[0]!, carriedUsage: c(31) }]))).toEqual({ 1: 0n });
  });
  it('a base quota of 0 (no group): everything spent is the grants’', () => {
    expect(of(attributeToGrants(0n, 7n, grants))).toEqual({ 1: 7n, 2: 0n });
  });
});

describe('grants across billing windows (decision 043)', () => {
  const c = (n: number) => creditsToUnits(n);
  const base = c(100);
  // Billing day 1. Bought on the 20th: valid in October and November.
  const bought = { id: 5, units: c(50), startDate: '2026-10-20', endDate: '2026-11-20' };
  // From the window before October: valid in September and October, ends first.
  const older = { id: 3, units: c(40), startDate: '2026-09-25', endDate: '2026-10-25' };

  it('the window before a window', () => {
    expect(previousPeriodStart('2026-03-01')).toBe('2026-02-01');
    expect(previousPeriodStart('2027-01-01')).toBe('2026-12-01');
    expect(previousPeriodStart('2026-11-15', 15)).toBe('2026-10-15');
    expect(previousPeriodStart('2026-03-28', 28)).toBe('2026-02-28');
  });

  it('a grant valid across two windows offers the second only what the first left of it', () => {
    const at = (day: string, previousSpentUnits: bigint) => grantBudgetUnits({ baseQuotaUnits: base, billingDay: 1, day, grants: [bought], previousSpentUnits, spentBefore: new Map<string, bigint>() });
    // In October (its first window) it is whole, whatever September's spending.
    expect(at('2026-10-25', c(999))).toBe(c(50));
    // October spent base + 30: November gets 20 of it.
    expect(at('2026-11-05', c(130))).toBe(c(20));
    expect(at('2026-11-05', c(130) + 1n)).toBe(c(20) - 1n);
    // October within the base: all 50; October beyond base and grant: nothing.
    expect(at('2026-11-05', c(90))).toBe(c(50));
    expect(at('2026-11-05', c(400))).toBe(0n);
    // Its end day: gone.
    expect(at('2026-11-20', 0n)).toBe(0n);
    // Not started yet: nothing.
    expect(grantBudgetUnits({ baseQuotaUnits: base, billingDay: 1, day: '2026-10-19', grants: [bought], previousSpentUnits: 0n, spentBefore: new Map<string, bigint>() })).toBe(0n);
  });

  it('the grant from the window before that one ends first and takes the spending first (looked back one window only)', () => {
    // October spent base + 70: the older grant (ends 25 Oct) covers 40 — taken whole, its September use unread — the bought one 30.
    const carried = carriedUsage({ baseQuotaUnits: base, billingDay: 1, period: '2026-11-01', grants: [older, bought], previousSpentUnits: c(170) });
    expect(Object.fromEntries(carried)).toEqual({ 3: c(40), 5: c(30) });
    expect(grantBudgetUnits({ baseQuotaUnits: base, billingDay: 1, day: '2026-11-05', grants: [older, bought], previousSpentUnits: c(170), spentBefore: new Map<string, bigint>() })).toBe(c(20));
  });

  it('usage per grant: carried plus this window’s; the budget left is what the grants show left', () => {
    const newer = { id: 8, units: c(60), startDate: '2026-11-03', endDate: '2026-12-03' };
    const later = { id: 9, units: c(10), startDate: '2026-11-15', endDate: '2026-12-15' };
    const all = [older, bought, newer, later];
    const input = { baseQuotaUnits: base, billingDay: 1, period: '2026-11-01', day: '2026-11-10', grants: all, previousSpentUnits: c(170) };
    // November so far: base + 35 → the bought grant (ends first, 20 left) 20, the newer one 15; the later one has not started.
    const { carried, current } = grantWindowUsage({ ...input, spentUnits: c(135) });
    expect(Object.fromEntries(carried)).toEqual({ 3: c(40), 5: c(30) });
    expect(Object.fromEntries(current)).toEqual({ 5: c(20), 8: c(15) });
    const budget = grantBudgetUnits({ ...input, spentBefore: new Map<string, bigint>() });
    expect(budget).toBe(c(20) + c(60));
    const remaining = base + budget - c(135);
    const shownLeft = [bought, newer].reduce((a, g) => a + g.units - (carried.get(g.id) ?? 0n) - (current.get(g.id) ?? 0n), 0n);
    expect(remaining).toBe(shownLeft);
  });

  it('a grant that ended within the window keeps what it covered in the budget: nothing is charged twice, nothing of it spent after its end', () => {
    const newer = { id: 8, units: c(60), startDate: '2026-11-03', endDate: '2026-12-03' };
    const later = { id: 9, units: c(10), startDate: '2026-11-15', endDate: '2026-12-15' };
    // 22 November: the bought grant (20 left after October) ended on the 20th.
    const input = { baseQuotaUnits: base, billingDay: 1, period: '2026-11-01', day: '2026-11-22', grants: [older, bought, newer, later], previousSpentUnits: c(170), spentUnits: c(135) };
    // All of November's spending so far came before the 20th.
    const before = (spent: bigint) => new Map([['2026-11-20', spent]]);
    const { carried, current } = grantWindowUsage(input);
    expect(Object.fromEntries(current)).toEqual({ 5: c(20), 8: c(15), 9: 0n });
    // What it covered (20) stays in the budget beside the grants valid today (60 + 10).
    const budget = grantBudgetUnits({ ...input, spentBefore: before(c(135)) });
    expect(budget).toBe(c(20) + c(60) + c(10));
    const shownLeft = [newer, later].reduce((a, g) => a + g.units - (carried.get(g.id) ?? 0n) - (current.get(g.id) ?? 0n), 0n);
    expect(base + budget - c(135)).toBe(shownLeft);
    // Spending only within the base: the ended grant covered nothing and adds nothing.
    expect(grantBudgetUnits({ ...input, spentBefore: before(c(90)) })).toBe(c(70));
    // Spending more than everything: the ended grant still adds only its 20.
    expect(grantBudgetUnits({ ...input, spentBefore: before(c(1000)) })).toBe(c(90));
    // Its end day's spending unknown: it adds nothing (never more than it could have covered).
    expect(grantBudgetUnits({ ...input, spentBefore: new Map<string, bigint>() })).toBe(c(70));
  });

  it('a grant that ended within the window covers only what was spent before its end; later spending goes to the grants still valid', () => {
    const newer = { id: 8, units: c(60), startDate: '2026-11-03', endDate: '2026-12-03' };
    const later = { id: 9, units: c(10), startDate: '2026-11-15', endDate: '2026-12-15' };
    const grants = [older, bought, newer, later];
    const input = { baseQuotaUnits: base, billingDay: 1, period: '2026-11-01', day: '2026-11-22', grants, previousSpentUnits: c(170), spentUnits: c(135) };
    expect(endedWithin(input, '2026-11-01')).toEqual(['2026-11-20']);
    // Before the 20th the member had spent base + 5: the bought grant covered 5 of its 20, and 15 of it expired unused.
    const spentBefore = new Map([['2026-11-20', c(105)]]);
    const { carried, current } = grantWindowUsage({ ...input, spentBefore });
    expect(Object.fromEntries(current)).toEqual({ 5: c(5), 8: c(30), 9: 0n });
    const budget = grantBudgetUnits({ ...input, spentBefore });
    expect(budget).toBe(c(5) + c(60) + c(10));
    const shownLeft = [newer, later].reduce((a, g) => a + g.units - (carried.get(g.id) ?? 0n) - (current.get(g.id) ?? 0n), 0n);
    expect(base + budget - c(135)).toBe(shownLeft);
    // More spending does not reach the ended grant's rest: the history gives it no more either.
    expect(grantWindowUsage({ ...input, spentUnits: c(500), spentBefore }).current.get(5)).toBe(c(5));
    // Nothing ended: nothing to ask.
    expect(endedWithin({ ...input, day: '2026-11-19' }, '2026-11-01')).toEqual([]);
  });
});
