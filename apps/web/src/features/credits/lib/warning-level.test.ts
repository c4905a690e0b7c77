import { describe, expect, it } from 'vitest';
import { averageCostPerMessage, creditWarning, isDepleted, newChatTargetId } from './warning-level';

const check = (remaining: number, quota = 1000, tenant: number | null = null) => ({
  remaining_credit: remaining,
  quota,
  used_credit: quota - remaining,
  tenant: { remaining_credit: tenant },
});
const level = (remaining: number, avg: number | null, quota = 1000, tenant: number | null = null) => creditWarning(check(remaining, quota, tenant), avg).level;

describe('credit warning stages', () => {
  it('none below 50% used', () => {
    expect(level(1000, null)).toBe('none');
    expect(level(501, null)).toBe('none');
    expect(level(501, 100)).toBe('none');
  });

  it('50% and 80% used', () => {
    expect(level(500, null)).toBe('half');
    expect(level(201, null)).toBe('half');
    expect(level(200, null)).toBe('high');
    expect(level(1, null)).toBe('high');
  });

  it('almost depleted when past 80% and about ten messages or fewer remain at the average cost', () => {
    expect(level(100, 10)).toBe('almost');
    expect(level(101, 10)).toBe('high');
    expect(level(3, 3)).toBe('almost');
  });

  it('dear messages do not skip the 50% and 80% stages', () => {
    // At 100 credits a message only ten fit in the whole quota: still 50% first, then 80%.
    expect(level(900, 100)).toBe('none');
    expect(level(500, 100)).toBe('half');
    expect(level(201, 100)).toBe('half');
    expect(level(200, 100)).toBe('almost');
    // At 5 credits a message, 80% used still leaves forty messages.
    expect(level(200, 5)).toBe('high');
    expect(level(50, 5)).toBe('almost');
  });

  it('depleted at 0 or below; tenant depletion wins', () => {
    expect(level(0, 10)).toBe('depleted');
    expect(level(-3, null)).toBe('depleted');
    expect(level(900, null, 1000, 0)).toBe('tenant-depleted');
    expect(level(900, null, 1000, 5)).toBe('none');
  });

  it('gives the figures the card shows: whole percent used, whole messages left', () => {
    expect(creditWarning(check(3), 3)).toEqual({ level: 'almost', usedPercent: 99, messagesLeft: 1 });
    expect(creditWarning(check(399), 300)).toMatchObject({ level: 'half', usedPercent: 60, messagesLeft: 1 });
    expect(creditWarning(check(2), 3)).toMatchObject({ level: 'almost', messagesLeft: 0 });
    expect(creditWarning(check(150), 12.5)).toMatchObject({ level: 'high', usedPercent: 85, messagesLeft: 12 });
    expect(creditWarning(check(700), null)).toMatchObject({ level: 'none', usedPercent: 30, messagesLeft: null });
  });

  it('average cost per message from the month’s usage', () => {
    expect(averageCostPerMessage(undefined)).toBeNull();
    expect(averageCostPerMessage({ used_credit: 0, message_count: 0 })).toBeNull();
    expect(averageCostPerMessage({ used_credit: 0, message_count: 4 })).toBeNull();
    expect(averageCostPerMessage({ used_credit: 30, message_count: 4 })).toBe(7.5);
  });

  it('isDepleted follows spec §4', () => {
    expect(isDepleted(check(1))).toBe(false);
    expect(isDepleted(check(0))).toBe(true);
    expect(isDepleted(check(10, 1000, 0))).toBe(true);
    expect(isDepleted(check(10, 1000, null))).toBe(false);
  });
});

describe('what the server says is spent', () => {
  it("a group's spent pool is its own stage, between the tenant's and the member's", () => {
    expect(creditWarning({ ...check(500), group: { remaining_credit: 0 }, depleted: 'group' }, null).level).toBe('group-depleted');
    expect(creditWarning({ ...check(0, 1000, 0), group: { remaining_credit: 0 }, depleted: 'tenant' }, null).level).toBe('tenant-depleted');
    expect(isDepleted({ ...check(500), group: { remaining_credit: -3 } })).toBe(true);
  });

  it('New chat goes to the first low-cost chatbot only when depleted on a plan with free low-cost use (spec §2)', () => {
    const depleted = { ...check(0), depleted: 'member' as const, is_low_llm_free: true };
    expect(newChatTargetId(depleted, 7, 3)).toBe(7);
    expect(newChatTargetId({ ...depleted, is_low_llm_free: false }, 7, 3)).toBe(3);
    expect(newChatTargetId({ ...check(10), depleted: null, is_low_llm_free: true }, 7, 3)).toBe(3);
    expect(newChatTargetId(depleted, undefined, 3)).toBe(3);
    expect(newChatTargetId(undefined, 7, 3)).toBe(3);
  });
});
