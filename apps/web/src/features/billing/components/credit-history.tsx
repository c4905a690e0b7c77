import { Anchor, Badge, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { useCredits } from '../api/list-credits';
import { formatCredits, formatDay, formatPrice, lastDay } from '../../../lib/format';

/** `GET /credits/`: the member's credit entries, 10 a page, with how much of each is used, what it cost and its receipt. */
export function CreditHistory() {
  const { t, i18n } = useTranslation('billing');
  const [page, setPage] = useState(1);
  const credits = useCredits(page);
  const lng = i18n.language;
  if (credits.error) return <Text c="red.9">{errorMessage(t, credits.error)}</Text>;
  if (!credits.data)
    return (
      <Stack>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} height={32} />
        ))}
      </Stack>
    );
  const { items, pagination } = credits.data;
  if (items.length === 0) return <Text c="dimmed">{t('history.empty')}</Text>;
  return (
    <Stack>
      <Table.ScrollContainer minWidth={720}>
        <Table striped verticalSpacing="xs" data-testid="credit-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('history.name')}</Table.Th>
              <Table.Th ta="right">{t('history.credits')}</Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                {t('history.used')}
              </Table.Th>
              <Table.Th>{t('history.period')}</Table.Th>
              <Table.Th ta="right">{t('history.price')}</Table.Th>
              <Table.Th>{t('history.date')}</Table.Th>
              <Table.Th>{t('history.receipt')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{localizedName(e, lng)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatCredits(e.quota, lng)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid={`credit-used-${e.id}`}>
                  {formatCredits(e.usage, lng)} / {formatCredits(e.quota, lng)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDay(e.usage_start_date, lng)} – {formatDay(lastDay(e.usage_end_date), lng)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {e.transaction ? formatPrice(e.transaction.price, e.transaction.currency, lng) : <Badge variant="light" color="gray">{t('history.granted')}</Badge>}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(e.transaction?.created_at ?? e.created_at, lng)}</Table.Td>
                <Table.Td>
                  {e.transaction?.receipt_url ? (
                    <Anchor href={e.transaction.receipt_url} target="_blank" rel="noopener noreferrer" size="sm">
                      {t('history.receiptLink')}
                    </Anchor>
                  ) : (
                    <Text size="sm" c="dimmed">
                      –
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pagination.total_pages > 1 && (
        <Group justify="center">
          <Pagination total={pagination.total_pages} value={page} onChange={setPage} aria-label={t('history.pages')} />
        </Group>
      )}
    </Stack>
  );
}
