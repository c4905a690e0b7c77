import { Button, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/kit/data-table';
import { errorMessage } from '../../../lib/status-messages';
import { useBulkCreditQuota, useQuotaMembers } from '../api/admin-credits';

type QuotaMember = NonNullable<ReturnType<typeof useQuotaMembers>['data']>['items'][number];

/** Members' custom monthly limits (override their group's, spec §6), set or removed for the selected members at once. */
export function MemberLimits() {
  const { t, i18n } = useTranslation('admin-credits');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const members = useQuotaMembers(page, search);
  const bulk = useBulkCreditQuota();
  const [selected, setSelected] = useState<number[]>([]);
  const [limit, setLimit] = useState<number | string>('');
  const num = (n: number) => n.toLocaleString(i18n.language);

  const apply = (quota: number | null) =>
    bulk.mutate(
      { member_ids: selected, credit_quota: quota },
      {
        onSuccess: (res) => {
          const failed = res.items.filter((i) => !i.ok).length;
          if (failed > 0) notifications.show({ color: 'red', title: t('errors.quotaUpdate'), message: t('members.partlyFailed', { count: failed }) });
          else notifications.show({ color: 'teal', message: t('members.saved', { count: res.items.length }) });
          setSelected([]);
        },
        onError: (err) => notifications.show({ color: 'red', title: t('errors.quotaUpdate'), message: errorMessage(t, err) }),
      },
    );

  const columns: Column<QuotaMember>[] = [
    { key: 'name', header: t('members.name'), card: 'title', cell: (m) => <Text size="sm">{m.name}</Text> },
    { key: 'email', header: t('members.email'), card: true, cell: (m) => <Text size="sm" c="dimmed">{m.email}</Text> },
    {
      key: 'custom',
      header: t('members.custom'),
      align: 'right',
      card: true,
      cell: (m) => (m.custom_credit_limit === null ? <Text span size="sm" c="dimmed">{t('members.groupDefault')}</Text> : num(m.custom_credit_limit)),
    },
  ];

  return (
    <Stack gap="sm">
      <Text fw={600}>{t('members.title')}</Text>
      <Paper withBorder radius="md">
        <DataTable
          rows={members.data?.items ?? []}
          columns={columns}
          rowKey={(m) => m.id}
          rowTestId={(m) => `member-limit-${m.id}`}
          testId="member-limits"
          minWidth={520}
          verticalSpacing="xs"
          query={members}
          empty={{ text: t('members.empty'), testId: 'member-limits-empty' }}
          search={{
            placeholder: t('members.search'),
            testId: 'member-limit-search',
            onSearch: (v) => {
              setSearch(v);
              setPage(1);
            },
          }}
          filters={
            <>
              <NumberInput aria-label={t('members.limit')} placeholder={t('members.limit')} min={0} max={1_000_000_000} allowDecimal={false} thousandSeparator value={limit} onChange={setLimit} w={170} data-testid="member-limit-value" />
              <Button disabled={selected.length === 0 || limit === ''} loading={bulk.isPending} onClick={() => apply(Number(limit))} data-testid="member-limit-apply">
                {t('members.apply', { count: selected.length })}
              </Button>
              <Button variant="default" disabled={selected.length === 0} onClick={() => apply(null)} data-testid="member-limit-clear">
                {t('members.clear')}
              </Button>
            </>
          }
          selection={{
            selected,
            onChange: (keys) => setSelected(keys.map(Number)),
            actions: null,
            rowLabel: (m) => t('members.select', { name: m.name }),
            pageLabel: t('members.selectPage'),
          }}
          pagination={{ page, totalPages: members.data?.pagination.total_pages ?? 0, onChange: setPage }}
        />
      </Paper>
    </Stack>
  );
}
