/** The create form's expiry choices: no expiry, a number of days from now, or a day the member picks. */
export const EXPIRY_PRESETS = ['never', '30', '90', 'custom'] as const;
export type ExpiryPreset = (typeof EXPIRY_PRESETS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` of a local day (what `<input type="date">` reads and writes). */
export function localDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The first day a picked date may be: tomorrow (a key that ends today would barely be usable). */
export const firstCustomDay = (now: Date) => localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1));

/**
 * The `expires_at` to send: null for never; now plus the days of a preset; the end of a picked local
 * day. `undefined` when the custom day is missing or not a date (the form says so).
 */
export function expiresAtOf(preset: ExpiryPreset, customDay: string, now: Date): string | null | undefined {
  if (preset === 'never') return null;
  if (preset !== 'custom') return new Date(now.getTime() + Number(preset) * DAY_MS).toISOString();
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(customDay);
  if (!m) return undefined;
  const end = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999);
  // new Date rolls 2026-02-31 over to March: not a day of the calendar.
  if (localDay(end) !== customDay) return undefined;
  return end.toISOString();
}

/** A key past its expiry is refused by the API; the list marks it. */
export const isExpired = (expiresAt: string | null, now: Date) => expiresAt !== null && new Date(expiresAt).getTime() <= now.getTime();
