import type { CreditCheck, Usage } from '@app/contracts/credits';

export type CreditWarningLevel = 'none' | 'half' | 'high' | 'almost' | 'depleted' | 'group-depleted' | 'tenant-depleted';

export interface CreditWarning {
  level: CreditWarningLevel;
  /** Share of the monthly quota used, in whole percent (rounded down). */
  usedPercent: number;
  /** Whole messages the remaining credits pay for at the member's average cost; null without an average. */
  messagesLeft: number | null;
}

type Check = Pick<CreditCheck, 'remaining_credit' | 'quota' | 'tenant'> & Partial<Pick<CreditCheck, 'group' | 'depleted'>>;

/** Which budget is spent (spec §4: member remaining ≤ 0, or tenant's — or the group's pool — not null and ≤ 0), widest first. */
export function depletedScope(c: Check): 'tenant' | 'group' | 'member' | null {
  if (c.depleted !== undefined) return c.depleted;
  if (c.tenant.remaining_credit !== null && c.tenant.remaining_credit <= 0) return 'tenant';
  if (c.group && c.group.remaining_credit !== null && c.group.remaining_credit <= 0) return 'group';
  return c.remaining_credit <= 0 ? 'member' : null;
}

export function isDepleted(c: Check): boolean {
  return depletedScope(c) !== null;
}

/**
 * Spec §2 New chat target: when depleted and the member's plan gives free use of low-cost models,
 * the first such chatbot; otherwise the open chatbot (or the first default one).
 */
export function newChatTargetId(
  c: (Check & Partial<Pick<CreditCheck, 'is_low_llm_free'>>) | undefined,
  lowCostId: number | undefined,
  openId: number | undefined,
): number | undefined {
  return c && isDepleted(c) && c.is_low_llm_free !== false && lowCostId !== undefined ? lowCostId : openId;
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
export function creditWarning(c: Check, averagePerMessage: number | null): CreditWarning {
  const used = c.quota > 0 ? Math.min(1, Math.max(0, (c.quota - c.remaining_credit) / c.quota)) : 0;
  const usedPercent = Math.floor(used * 100);
  const messagesLeft = averagePerMessage !== null && averagePerMessage > 0 ? Math.floor(Math.max(0, c.remaining_credit) / averagePerMessage) : null;
  const at = (level: CreditWarningLevel): CreditWarning => ({ level, usedPercent, messagesLeft });
  const spent = depletedScope(c);
  if (spent === 'tenant') return at('tenant-depleted');
  if (spent === 'group') return at('group-depleted');
  if (spent === 'member') return at('depleted');
  if (used >= 0.8) return at(averagePerMessage !== null && averagePerMessage > 0 && c.remaining_credit <= ALMOST_DEPLETED_MESSAGES * averagePerMessage ? 'almost' : 'high');
  if (used >= 0.5) return at('half');
  return at('none');
}
