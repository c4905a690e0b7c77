import type { AdminCredits } from '@app/contracts/dashboards';
import { Anchor, Center, Pagination, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconReceiptOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../lib/localized-name';

/** The members' credit purchases and plan payments, newest first, 10 a page (spec §9). */
export function PurchasesTab({ data, page, onPage }: { data: AdminCredits | undefined; page: number; onPage: (p: number) => void }) {
  const { t, i18n } = useTranslation('admin-credits');
  const num = (n: number) => n.toLocaleString(i18n.language);
  const day = (d: string) => new Date(`${d.slice(0, 10)}T00:00:00Z`).toLocaleDateString(i18n.language, { timeZone: 'UTC' });
  const lastDay = (d: string) => day(new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString());
  const money = (price: number, currency: string) => new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(price);
  const p = data?.purchases;
  return (
    <Stack gap="md">
      {p ? (
        <Text size="sm" c="dimmed" data-testid="purchases-total">
          {t('purchases.total', { count: p.pagination.total_items, value: num(p.pagination.total_items) })}
        </Text>
      ) : null}
      <Paper withBorder radius="md">
        {!p ? (
          <Stack p="md">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} height={32} />
            ))}
          </Stack>
        ) : p.items.length === 0 ? (
          <Center py={40}>
            <Stack align="center" gap={4} data-testid="purchases-empty">
              <IconReceiptOff size={28} color="var(--mantine-color-gray-5)" />
              <Text c="dimmed" size="sm">
                {t('purchases.empty')}
              </Text>
            </Stack>
          </Center>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" data-testid="purchases">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('purchases.date')}</Table.Th>
                  <Table.Th>{t('purchases.member')}</Table.Th>
                  <Table.Th>{t('purchases.item')}</Table.Th>
                  <Table.Th ta="right">{t('purchases.credits')}</Table.Th>
                  <Table.Th>{t('purchases.period')}</Table.Th>
                  <Table.Th ta="right">{t('purchases.price')}</Table.Th>
                  <Table.Th>{t('purchases.receipt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {p.items.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{day(r.created_at)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{r.member.name}</Text>
                      <Text size="xs" c="dimmed">
                        {r.member.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{localizedName(r, i18n.language)}</Text>
                      <Text size="xs" c="dimmed">
                        {t(`purchases.kind.${r.kind === 'plan' ? 'plan' : 'purchase'}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{num(r.credit)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{t('purchases.range', { start: day(r.usage_start_date), end: lastDay(r.usage_end_date) })}</Text>
                    </Table.Td>
                    <Table.Td ta="right">{r.transaction ? money(r.transaction.price, r.transaction.currency) : '—'}</Table.Td>
                    <Table.Td>
                      {r.transaction?.receipt_url ? (
                        <Anchor href={r.transaction.receipt_url} target="_blank" rel="noreferrer" size="sm">
                          {t('purchases.view')}
                        </Anchor>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {p && p.pagination.total_pages > 1 ? <Pagination total={p.pagination.total_pages} value={page} onChange={onPage} size="sm" data-testid="purchases-pages" /> : null}
    </Stack>
  );
}
