import { describe, expect, it } from 'vitest';
import { creditWarningLevel, isDepleted } from './warning-level';

const check = (remaining: number, quota = 1000, tenant: number | null = null) => ({
  remaining_credit: remaining,
  quota,
  used_credit: quota - remaining,
  tenant: { remaining_credit: tenant },
});

describe('credit warning thresholds', () => {
  it('none below 50% used', () => {
    expect(creditWarningLevel(check(1000), null)).toBe('none');
    expect(creditWarningLevel(check(501), null)).toBe('none');
  });
  it('50% and 80% used', () => {
    expect(creditWarningLevel(check(500), null)).toBe('half');
    expect(creditWarningLevel(check(201), null)).toBe('half');
    expect(creditWarningLevel(check(200), null)).toBe('high');
    expect(creditWarningLevel(check(1), null)).toBe('high');
  });
  it('almost depleted when about 10 messages remain at the average cost', () => {
    expect(creditWarningLevel(check(100), 10)).toBe('almost');
    expect(creditWarningLevel(check(101), 10)).toBe('high');
    expect(creditWarningLevel(check(900), 100)).toBe('almost');
  });
  it('depleted at 0 or below; tenant depletion wins', () => {
    expect(creditWarningLevel(check(0), 10)).toBe('depleted');
    expect(creditWarningLevel(check(-3), null)).toBe('depleted');
    expect(creditWarningLevel(check(900, 1000, 0), null)).toBe('tenant-depleted');
    expect(creditWarningLevel(check(900, 1000, 5), null)).toBe('none');
  });
  it('isDepleted follows spec §4', () => {
    expect(isDepleted(check(1))).toBe(false);
    expect(isDepleted(check(0))).toBe(true);
    expect(isDepleted(check(10, 1000, 0))).toBe(true);
    expect(isDepleted(check(10, 1000, null))).toBe(false);
  });
});
