import { describe, expect, it } from 'vitest';
import { secondsUntilAllowed } from './send-limits';

const at = (s: number) => new Date(Date.UTC(2026, 10, 25, 0, 0, 0) + s * 1000);

describe('mail send limits: one a minute, five an hour', () => {
  it('allows the first send and one a minute after the last', () => {
    expect(secondsUntilAllowed([], at(0))).toBe(0);
    expect(secondsUntilAllowed([at(0)], at(10))).toBe(50);
    expect(secondsUntilAllowed([at(0)], at(59.5))).toBe(1);
    expect(secondsUntilAllowed([at(0)], at(60))).toBe(0);
  });
  it('after five within the hour, waits until the oldest of them is an hour old', () => {
    const five = [0, 70, 140, 210, 280].map(at);
    expect(secondsUntilAllowed(five, at(400))).toBe(3600 - 400);
    expect(secondsUntilAllowed(five, at(3600))).toBe(0);
    // Order of the input does not matter.
    expect(secondsUntilAllowed([...five].reverse(), at(400))).toBe(3200);
  });
  it('takes the longer of the two waits', () => {
    const five = [0, 70, 140, 210, 3000].map(at);
    expect(secondsUntilAllowed(five, at(3010))).toBe(590);
  });
});
