import { describe, expect, it } from 'vitest';
import { clock } from './clock';

describe('clock', () => {
  it('shows minutes and seconds, hours once there are any', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(3.4)).toBe('0:03');
    expect(clock(59.6)).toBe('1:00');
    expect(clock(754)).toBe('12:34');
    expect(clock(3600 + 62)).toBe('1:01:02');
  });
  it('never goes below zero', () => expect(clock(-5)).toBe('0:00'));
});
