/** Months as `YYYY-MM` (UTC), the way the dashboards' routes take them. */
export const monthOf = (at: Date): string => `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;

export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return monthOf(new Date(Date.UTC(y, m - 1 + n, 1)));
}

/** Every month from `start` to `end`, both included. */
export function monthsBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let m = start; m <= end; m = addMonths(m, 1)) out.push(m);
  return out;
}

/** The months a picker offers: the last `count`, newest first. */
export function recentMonths(now: Date, count: number): string[] {
  const end = monthOf(now);
  return Array.from({ length: count }, (_, i) => addMonths(end, -i));
}

/** "Nov 2026" / "2026년 11월" for a `YYYY-MM`. */
export function monthLabel(month: string, language: string, style: 'long' | 'short' = 'short'): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString(language, { year: 'numeric', month: style, timeZone: 'UTC' });
}

/** The longest range the server answers (contracts USAGE_MAX_MONTHS). */
export const MAX_RANGE_MONTHS = 36;

/** A range picked in either order becomes start ≤ end, and at most the longest range (the end kept). */
export function normalizeRange(a: string, b: string): { start: string; end: string } {
  const start = a <= b ? a : b;
  const end = a <= b ? b : a;
  const earliest = addMonths(end, -(MAX_RANGE_MONTHS - 1));
  return { start: start < earliest ? earliest : start, end };
}
