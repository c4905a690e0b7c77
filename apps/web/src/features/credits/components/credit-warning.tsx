import type { DepletedNotice } from '@app/contracts/credits';
import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCreditCheck } from '../api/get-credit-check';
import { useUsage } from '../api/get-usage';
import { averageCostPerMessage, creditWarning } from '../lib/warning-level';

/**
 * The member's own budget spent, in spec §8's words for their case (the server's `depleted_notice`):
 * a free plan asks for an upgrade, a team plan promises the next recharge; otherwise the member
 * used this month's credits, or (a limit of 0) has none to use.
 */
function depletedBody(notice: DepletedNotice | null, quota: number): string {
  if (notice === 'free_plan') return 'depleted.freePlan';
  if (notice === 'team_plan') return 'depleted.teamPlan';
  return quota > 0 ? 'depleted.body' : 'depleted.noCredits';
}

/**
 * Warning cards at 50% and 80% used, almost depleted and depleted (spec §4): the member's, their
 * group's or the organisation's credits, the member's in the words of the tenant's plan (spec §8).
 */
export function CreditWarning({ memberId, lowCostAvailable, onBuy }: { memberId: number; lowCostAvailable: boolean; /** The credit purchase modal (spec §2), on the cards where credits run short. */ onBuy?: () => void }) {
  const { t } = useTranslation('credits');
  const check = useCreditCheck(memberId);
  const usage = useUsage(memberId);
  if (!check.data) return null;
  const { level, usedPercent, messagesLeft } = creditWarning(check.data, averageCostPerMessage(usage.data));
  if (level === 'none') return null;
  const depleted = level === 'depleted' || level === 'group-depleted' || level === 'tenant-depleted';
  const color = depleted ? 'red' : level === 'half' ? 'blue' : 'orange';
  const { remaining_credit: remaining, quota, depleted_notice: notice } = check.data;
  const credits = t('amount', { count: remaining });
  const body =
    level === 'almost'
      ? messagesLeft === null || messagesLeft < 1
        ? t('almost.bodyUnderOne', { credits })
        : t('almost.body', { count: messagesLeft, credits })
      : level === 'depleted'
        ? t(depletedBody(check.data.depleted_notice, quota))
        : t(`${level}.body`, { percent: usedPercent, remaining, quota });
  return (
    <Alert color={color} variant="light" icon={<IconAlertTriangle size={18} />} title={t(`${level}.title`)} data-testid={`credit-warning-${level}`}>
      {body}
      {depleted && lowCostAvailable && check.data.is_low_llm_free && notice !== 'team_plan' ? ` ${t(notice === 'member' ? 'lowCostAvailable' : 'lowCostStillAvailable')}` : ''}
      {onBuy && (level === 'depleted' || level === 'almost' || level === 'high') ? (
        <Button size="compact-sm" variant="white" color={color} mt="xs" display="block" onClick={onBuy} data-testid="buy-credits">
          {t('buy')}
        </Button>
      ) : null}
    </Alert>
  );
}
