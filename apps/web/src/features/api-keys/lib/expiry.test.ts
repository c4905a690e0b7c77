import { describe, expect, it } from 'vitest';
import { expiresAtOf, firstCustomDay, isExpired, localDay } from './expiry';

const now = new Date(2026, 10, 25, 14, 30); // 25 Nov 2026, 14:30 local

describe('expiry', () => {
  it('never sends null', () => expect(expiresAtOf('never', '', now)).toBeNull());

  it('presets add their days to now', () => {
    expect(new Date(expiresAtOf('30', '', now)!).getTime() - now.getTime()).toBe(30 * 86_400_000);
    expect(new Date(expiresAtOf('90', 'ignored', now)!).getTime() - now.getTime()).toBe(90 * 86_400_000);
  });

  it('a picked day ends at its last local millisecond', () => {
    const at = new Date(expiresAtOf('custom', '2027-01-31', now)!);
    expect([at.getFullYear(), at.getMonth(), at.getDate(), at.getHours(), at.getMinutes()]).toEqual([2027, 0, 31, 23, 59]);
  });

  it('a missing or impossible day is undefined', () => {
    expect(expiresAtOf('custom', '', now)).toBeUndefined();
    expect(expiresAtOf('custom', '2027-02-31', now)).toBeUndefined();
    expect(expiresAtOf('custom', '31/01/2027', now)).toBeUndefined();
  });

  it('the first day to pick is tomorrow, across a month and a year', () => {
    expect(firstCustomDay(now)).toBe('2026-11-26');
    expect(firstCustomDay(new Date(2026, 11, 31, 23, 0))).toBe('2027-01-01');
    expect(localDay(new Date(2026, 0, 5))).toBe('2026-01-05');
  });

  it('expired once the moment has passed; never-expiring keys never are', () => {
    expect(isExpired(null, now)).toBe(false);
    expect(isExpired(new Date(now.getTime() - 1).toISOString(), now)).toBe(true);
    expect(isExpired(now.toISOString(), now)).toBe(true);
    expect(isExpired(new Date(now.getTime() + 1000).toISOString(), now)).toBe(false);
  });
});
