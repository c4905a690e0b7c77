import type { AdminCredits } from '@app/contracts/dashboards';
import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { IconReceiptOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/kit/data-table';
import { ContentSkeleton } from '../../../components/kit/query-state';
import { localizedName } from '../../../lib/localized-name';

type Purchase = AdminCredits['purchases']['items'][number];

/** The members' credit purchases and plan payments, newest first, 10 a page (spec §9). */
export function PurchasesTab({ data, page, onPage }: { data: AdminCredits | undefined; page: number; onPage: (p: number) => void }) {
  const { t, i18n } = useTranslation('admin-credits');
  const num = (n: number) => n.toLocaleString(i18n.language);
  const day = (d: string) => new Date(`${d.slice(0, 10)}T00:00:00Z`).toLocaleDateString(i18n.language, { timeZone: 'UTC' });
  const lastDay = (d: string) => day(new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString());
  const money = (price: number, currency: string) => new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(price);
  const p = data?.purchases;
  const columns: Column<Purchase>[] = [
    { key: 'date', header: t('purchases.date'), card: 'title', cell: (r) => day(r.created_at) },
    {
      key: 'member',
      header: t('purchases.member'),
      card: true,
      cell: (r) => (
        <>
          <Text size="sm">{r.member.name}</Text>
          <Text size="xs" c="dimmed">
            {r.member.email}
          </Text>
        </>
      ),
    },
    {
      key: 'item',
      header: t('purchases.item'),
      card: true,
      cell: (r) => (
        <>
          <Text size="sm">{localizedName(r, i18n.language)}</Text>
          <Text size="xs" c="dimmed">
            {t(`purchases.kind.${r.kind === 'plan' ? 'plan' : 'purchase'}`)}
          </Text>
        </>
      ),
    },
    { key: 'credits', header: t('purchases.credits'), align: 'right', card: true, cell: (r) => num(r.credit) },
    { key: 'period', header: t('purchases.period'), card: true, cell: (r) => <Text size="sm">{t('purchases.range', { start: day(r.usage_start_date), end: lastDay(r.usage_end_date) })}</Text> },
    { key: 'price', header: t('purchases.price'), align: 'right', card: true, cell: (r) => (r.transaction ? money(r.transaction.price, r.transaction.currency) : '—') },
    {
      key: 'receipt',
      header: t('purchases.receipt'),
      card: true,
      cell: (r) =>
        r.transaction?.receipt_url ? (
          <Anchor href={r.transaction.receipt_url} target="_blank" rel="noreferrer" size="sm">
            {t('purchases.view')}
          </Anchor>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <Stack gap="md">
      {p ? (
        <Text size="sm" c="dimmed" data-testid="purchases-total">
          {t('purchases.total', { count: p.pagination.total_items, value: num(p.pagination.total_items) })}
        </Text>
      ) : null}
      <Paper withBorder radius="md">
        {!p ? (
          <ContentSkeleton shape="table" />
        ) : (
          <DataTable
            rows={p.items}
            columns={columns}
            rowKey={(r) => r.id}
            testId="purchases"
            minWidth={760}
            empty={{ icon: <IconReceiptOff size={28} color="var(--mantine-color-gray-5)" />, text: t('purchases.empty'), testId: 'purchases-empty' }}
            pagination={{ page, totalPages: p.pagination.total_pages, onChange: onPage, testId: 'purchases-pages' }}
          />
        )}
      </Paper>
    </Stack>
  );
}
