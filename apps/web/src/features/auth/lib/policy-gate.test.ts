import { describe, expect, it } from 'vitest';
import { canAgree, coveredSeconds, isScrolledToEnd, isWatchedToEnd, missingMandatory } from './policy-gate';

describe('policy agreement gate', () => {
  it('a text counts as read only at its bottom', () => {
    expect(isScrolledToEnd({ scrollTop: 0, clientHeight: 300, scrollHeight: 1000 })).toBe(false);
    expect(isScrolledToEnd({ scrollTop: 690, clientHeight: 300, scrollHeight: 1000 })).toBe(false);
    expect(isScrolledToEnd({ scrollTop: 697.5, clientHeight: 300, scrollHeight: 1000 })).toBe(true);
    expect(isScrolledToEnd({ scrollTop: 700, clientHeight: 300, scrollHeight: 1000 })).toBe(true);
  });
  it('a text that fits without scrolling is read at once', () => {
    expect(isScrolledToEnd({ scrollTop: 0, clientHeight: 300, scrollHeight: 300 })).toBe(true);
  });
  it('counts played time once, however the ranges overlap', () => {
    expect(coveredSeconds([])).toBe(0);
    expect(coveredSeconds([[0, 10]])).toBe(10);
    expect(coveredSeconds([[0, 10], [5, 15]])).toBe(15);
    expect(coveredSeconds([[20, 30], [0, 10]])).toBe(20);
    expect(coveredSeconds([[0, 30], [5, 10]])).toBe(30);
    expect(coveredSeconds([[3, 3]])).toBe(0);
  });
  it('a video counts as watched only when all of it was played', () => {
    expect(isWatchedToEnd([[0, 60]], 60)).toBe(true);
    expect(isWatchedToEnd([[0, 59.4]], 60)).toBe(true);
    // Jumped to the end: the ended event fires, but most was never played.
    expect(isWatchedToEnd([[0, 2], [58, 60]], 60)).toBe(false);
    expect(isWatchedToEnd([[0, 30], [30, 60]], 60)).toBe(true);
    expect(isWatchedToEnd([[0, 10]], Number.NaN)).toBe(false);
    expect(isWatchedToEnd([[0, 10]], Infinity)).toBe(false);
  });
  it('mandatory policies unlock once seen; optional ones are always open', () => {
    const seen = new Set([2]);
    expect(canAgree({ id: 1, is_mandatory: true }, seen)).toBe(false);
    expect(canAgree({ id: 2, is_mandatory: true }, seen)).toBe(true);
    expect(canAgree({ id: 3, is_mandatory: false }, seen)).toBe(true);
  });
  it('lists the mandatory policies still to agree to', () => {
    const policies = [
      { id: 1, is_mandatory: true },
      { id: 2, is_mandatory: false },
      { id: 3, is_mandatory: true },
    ];
    expect(missingMandatory(policies, [1]).map((p) => p.id)).toEqual([3]);
    expect(missingMandatory(policies, [1, 3])).toEqual([]);
  });
});
