import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { BillingRequest } from '@app/contracts/billing';
import { useTranslation } from 'react-i18next';
import { formatCredits, formatDay, formatPrice } from '../../../lib/format';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { useBillingRequests } from '../api/list-billing-requests';
import { useWithdrawBillingRequest } from '../api/withdraw-billing-request';

const STATUS_COLOR: Record<BillingRequest['status'], string> = { requested: 'indigo', approved: 'teal', rejected: 'red', withdrawn: 'gray' };

/** What a request asks for: a plan, or a number of credits. */
export function useRequestItem() {
  const { t, i18n } = useTranslation('billing');
  return (r: BillingRequest) => (r.plan ? t('requests.plan', { plan: localizedName(r.plan, i18n.language) }) : t('requests.credits', { credit: formatCredits(r.credit ?? 0, i18n.language) }));
}

/**
 * The member's requests to an administrator (no payment provider, decision 048): what was asked,
 * its state and, when rejected, the reason; an open one can be withdrawn.
 */
export function BillingRequests() {
  const { t, i18n } = useTranslation('billing');
  const lng = i18n.language;
  const requests = useBillingRequests();
  const withdraw = useWithdrawBillingRequest();
  const item = useRequestItem();
  const items = requests.data?.items ?? [];
  return (
    <Stack gap="xs" data-testid="billing-requests">
      <Text fw={600}>{t('requests.title')}</Text>
      <Text size="sm" c="dimmed">
        {t('requests.explain')}
      </Text>
      {requests.error ? (
        <Text c="red.9" size="sm" role="alert">
          {errorMessage(t, requests.error)}
        </Text>
      ) : requests.isPending ? (
        <Skeleton height={40} />
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="billing-requests-none">
          {t('requests.none')}
        </Text>
      ) : (
        items.slice(0, 5).map((r) => (
          <Stack key={r.id} gap={2} data-testid={`billing-request-${r.id}`}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <div>
                <Text size="sm" fw={500}>
                  {item(r)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('requests.asked', { date: formatDay(r.created_at, lng), price: formatPrice(r.price, r.currency, lng) })}
                </Text>
              </div>
              <Badge color={STATUS_COLOR[r.status]} variant="dot" style={{ flexShrink: 0 }}>
                {t(`requests.status.${r.status}`)}
              </Badge>
            </Group>
            {r.status === 'rejected' && r.reason ? (
              <Text size="sm" c="red.9" data-testid={`billing-request-reason-${r.id}`}>
                {t('requests.reason', { reason: r.reason })}
              </Text>
            ) : null}
            {r.status === 'requested' ? (
              <Group justify="flex-end">
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="gray"
                  loading={withdraw.isPending && withdraw.variables === r.id}
                  onClick={() => withdraw.mutate(r.id, { onSuccess: () => notifications.show({ message: t('requests.withdrawn') }) })}
                >
                  {t('requests.withdraw')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        ))
      )}
      {withdraw.error && (
        <Text c="red.9" size="sm" role="alert">
          {errorMessage(t, withdraw.error)}
        </Text>
      )}
    </Stack>
  );
}
