import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCreditCheck } from '../api/get-credit-check';
import { useUsage } from '../api/get-usage';
import { creditWarningLevel } from '../lib/warning-level';

/** Warning cards at 50% / 80% used, almost depleted, and depleted with an upgrade prompt (spec §4). */
export function CreditWarning({ memberId, lowCostAvailable }: { memberId: number; lowCostAvailable: boolean }) {
  const { t } = useTranslation('credits');
  const check = useCreditCheck(memberId);
  const usage = useUsage(memberId);
  if (!check.data) return null;
  const avg = usage.data && usage.data.message_count > 0 ? usage.data.used_credit / usage.data.message_count : null;
  const level = creditWarningLevel(check.data, avg);
  if (level === 'none') return null;
  const depleted = level === 'depleted' || level === 'tenant-depleted';
  const color = depleted ? 'red' : level === 'half' ? 'blue' : 'orange';
  return (
    <Alert color={color} variant="light" icon={<IconAlertTriangle size={18} />} title={t(`${level}.title`)} data-testid={`credit-warning-${level}`}>
      {t(`${level}.body`, { remaining: check.data.remaining_credit, quota: check.data.quota })}
      {depleted && lowCostAvailable ? ` ${t('lowCostStillAvailable')}` : ''}
      {depleted ? (
        <Button size="xs" mt="xs" display="block" variant="filled" color="red" component="a" href="/dashboard/store">
          {t('upgrade')}
        </Button>
      ) : null}
    </Alert>
  );
}
