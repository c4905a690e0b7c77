import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chunksPerTick, createSmoother } from './smoothing';

describe('chunksPerTick (spec §9)', () => {
  it('releases 1, 2, 4 or 8 chunks by queue length', () => {
    expect(chunksPerTick(1)).toBe(1);
    expect(chunksPerTick(5)).toBe(1);
    expect(chunksPerTick(6)).toBe(2);
    expect(chunksPerTick(50)).toBe(2);
    expect(chunksPerTick(51)).toBe(4);
    expect(chunksPerTick(100)).toBe(4);
    expect(chunksPerTick(101)).toBe(8);
  });
});

describe('createSmoother', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('releases one queued chunk every 50 ms', () => {
    const out: string[] = [];
    const s = createSmoother((t) => out.push(t));
    ['a', 'b', 'c'].forEach((c) => s.push(c));
    expect(out).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(out).toEqual(['a']);
    vi.advanceTimersByTime(100);
    expect(out).toEqual(['a', 'b', 'c']);
  });
  it('speeds up with the backlog: 2 above 5 queued, 4 above 50, 8 above 100', () => {
    const out: string[] = [];
    const s = createSmoother((t) => out.push(t));
    for (let i = 0; i < 101 + 8; i += 1) s.push('x');
    vi.advanceTimersByTime(50);
    expect(out.at(-1)).toHaveLength(8); // 109 queued
    // Down to 101 queued → still above 100
    vi.advanceTimersByTime(50);
    expect(out.at(-1)).toHaveLength(8);
    // 93 queued → 4 per tick
    vi.advanceTimersByTime(50);
    expect(out.at(-1)).toHaveLength(4);
    const left = s.queued;
    expect(left).toBe(89);
  });
  it('flush releases everything at once; cancel drops it', () => {
    const out: string[] = [];
    const s = createSmoother((t) => out.push(t));
    s.push('a');
    s.push('b');
    s.flush();
    expect(out).toEqual(['ab']);
    s.push('c');
    s.cancel();
    vi.advanceTimersByTime(500);
    expect(out).toEqual(['ab']);
  });
});
