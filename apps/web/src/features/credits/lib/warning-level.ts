import type { CreditCheck, Usage } from '@app/contracts/credits';

export type CreditWarningLevel = 'none' | 'half' | 'high' | 'almost' | 'depleted' | 'tenant-depleted';

export interface CreditWarning {
  level: CreditWarningLevel;
  /** Share of the monthly quota used, in whole percent (rounded down). */
  usedPercent: number;
  /** Whole messages the remaining credits pay for at the member's average cost; null without an average. */
  messagesLeft: number | null;
}

/** Spec §4: depleted when member remaining ≤ 0, or tenant remaining is not null and ≤ 0. */
export function isDepleted(c: Pick<CreditCheck, 'remaining_credit' | 'tenant'>): boolean {
  return c.remaining_credit <= 0 || (c.tenant.remaining_credit !== null && c.tenant.remaining_credit <= 0);
}

export const ALMOST_DEPLETED_MESSAGES = 10;

/** The member's average cost per message this month (GET /members/{id}/usage/); null before the first message. */
export function averageCostPerMessage(usage: Pick<Usage, 'used_credit' | 'message_count'> | undefined): number | null {
  return usage && usage.message_count > 0 && usage.used_credit > 0 ? usage.used_credit / usage.message_count : null;
}

/**
 * Spec §4/§9 warnings, one stage after another as credits go: 50% of the quota used, 80% used,
 * almost depleted (past 80% and about ten messages or fewer left at the member's average cost per
 * message), depleted. "Almost" is the last stage before depleted, never a shortcut past the 50%
 * and 80% ones: a member whose messages are dear sees each stage in turn.
 */
export function creditWarning(c: CreditCheck, averagePerMessage: number | null): CreditWarning {
  const used = c.quota > 0 ? Math.min(1, Math.max(0, (c.quota - c.remaining_credit) / c.quota)) : 0;
  const usedPercent = Math.floor(used * 100);
  const messagesLeft = averagePerMessage !== null && averagePerMessage > 0 ? Math.floor(Math.max(0, c.remaining_credit) / averagePerMessage) : null;
  const at = (level: CreditWarningLevel): CreditWarning => ({ level, usedPercent, messagesLeft });
  if (c.tenant.remaining_credit !== null && c.tenant.remaining_credit <= 0) return at('tenant-depleted');
  if (c.remaining_credit <= 0) return at('depleted');
  if (used >= 0.8) return at(averagePerMessage !== null && averagePerMessage > 0 && c.remaining_credit <= ALMOST_DEPLETED_MESSAGES * averagePerMessage ? 'almost' : 'high');
  if (used >= 0.5) return at('half');
  return at('none');
}
