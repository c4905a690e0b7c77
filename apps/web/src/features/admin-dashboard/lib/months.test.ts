import { describe, expect, it } from 'vitest';
import { addMonths, monthLabel, monthsBetween, normalizeRange, recentMonths } from './months';

describe('dashboard months', () => {
  it('steps over year ends both ways', () => {
    expect(addMonths('2026-11', 2)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
  it('offers the last months newest first and labels them per language', () => {
    expect(recentMonths(new Date(Date.UTC(2026, 1, 15)), 3)).toEqual(['2026-02', '2026-01', '2025-12']);
    expect(monthLabel('2026-02', 'en')).toBe('Feb 2026');
    expect(monthLabel('2026-02', 'ko')).toContain('2026');
  });
  it('orders a range and caps it at 36 months', () => {
    expect(normalizeRange('2026-05', '2026-01')).toEqual({ start: '2026-01', end: '2026-05' });
    expect(normalizeRange('2020-01', '2026-12')).toEqual({ start: '2024-01', end: '2026-12' });
  });
});
