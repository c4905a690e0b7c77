import { describe, expect, it } from 'vitest';
import { costToE4, creditsToUnits, depletedScope, isDepleted, periodEnd, periodStart, unitsToDisplay, unitsToExact, usageUnits, UNITS_PER_CREDIT } from './credits.rules';

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
