import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { resendDelay, secondsLeft } from '../lib/resend';
import { useCountdown } from './use-countdown';

describe('resend countdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts whole seconds down to zero and stops', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current.remaining).toBe(0);
    act(() => result.current.start(3));
    expect(result.current.remaining).toBe(3);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.remaining).toBe(2);
    act(() => vi.advanceTimersByTime(1250));
    expect(result.current.remaining).toBe(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.remaining).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.remaining).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('restarts from a new wait', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.remaining).toBe(50);
    act(() => result.current.start(5));
    expect(result.current.remaining).toBe(5);
  });

  it('follows the clock, not the number of ticks (a throttled tab)', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    // Timers fire late: the clock moved 30 s while one tick ran.
    act(() => {
      vi.setSystemTime(Date.now() + 30_000);
      vi.advanceTimersByTime(250);
    });
    expect(result.current.remaining).toBe(30);
  });

  it('rounds partial seconds up and never goes below zero', () => {
    expect(secondsLeft(10_200, 10_000)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(9_000, 10_000)).toBe(0);
    expect(secondsLeft(70_000, 10_000)).toBe(60);
  });

  it('takes the wait from a sent code or from a 429', () => {
    expect(resendDelay({ expires_in: 600, resend_after: 60 })).toBe(60);
    expect(resendDelay({ resend_after: 0 })).toBeNull();
    expect(resendDelay(new ApiError(429, 'rate_limited', '', { retry_after_seconds: 42 }))).toBe(42);
    expect(resendDelay(new ApiError(429, 'rate_limited', '', { retry_after_seconds: 2.4 }))).toBe(3);
    expect(resendDelay(new ApiError(429, 'rate_limited', ''))).toBeNull();
    expect(resendDelay(new ApiError(424, 'mail_failed', '', { retry_after_seconds: 42 }))).toBeNull();
    expect(resendDelay(new Error('network'))).toBeNull();
  });
});
