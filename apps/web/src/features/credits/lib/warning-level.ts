import type { CreditCheck } from '@app/contracts/credits';

export type CreditWarningLevel = 'none' | 'half' | 'high' | 'almost' | 'depleted' | 'tenant-depleted';

/** Spec §4: depleted when member remaining ≤ 0, or tenant remaining is not null and ≤ 0. */
export function isDepleted(c: Pick<CreditCheck, 'remaining_credit' | 'tenant'>): boolean {
  return c.remaining_credit <= 0 || (c.tenant.remaining_credit !== null && c.tenant.remaining_credit <= 0);
}

export const ALMOST_DEPLETED_MESSAGES = 10;

/**
 * Spec §4/§9 warnings: at 50% and 80% of the quota used, "almost depleted" when about 10
 * messages remain at the member's average cost per message, and depleted.
 */
export function creditWarningLevel(c: CreditCheck, averagePerMessage: number | null): CreditWarningLevel {
  if (c.tenant.remaining_credit !== null && c.tenant.remaining_credit <= 0) return 'tenant-depleted';
  if (c.remaining_credit <= 0) return 'depleted';
  if (averagePerMessage !== null && averagePerMessage > 0 && c.remaining_credit <= ALMOST_DEPLETED_MESSAGES * averagePerMessage) return 'almost';
  if (c.quota <= 0) return 'none';
  const used = (c.quota - c.remaining_credit) / c.quota;
  if (used >= 0.8) return 'high';
  if (used >= 0.5) return 'half';
  return 'none';
}
