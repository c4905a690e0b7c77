import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMinimumDuration } from './use-minimum-duration';

describe('useMinimumDuration', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps a shown indicator for at least 2 s', () => {
    const { result, rerender } = renderHook(({ on }) => useMinimumDuration(on), { initialProps: { on: true } });
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(300));
    rerender({ on: false });
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1600));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe(false);
  });
  it('never shows when never active', () => {
    const { result } = renderHook(() => useMinimumDuration(false));
    expect(result.current).toBe(false);
  });
  it('stays as long as active beyond the minimum', () => {
    const { result, rerender } = renderHook(({ on }) => useMinimumDuration(on), { initialProps: { on: true } });
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(true);
    rerender({ on: false });
    expect(result.current).toBe(false);
  });
});
