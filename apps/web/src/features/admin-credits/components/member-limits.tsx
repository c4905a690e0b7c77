import { Button, Checkbox, Group, NumberInput, Pagination, Paper, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/status-messages';
import { useBulkCreditQuota, useQuotaMembers } from '../api/admin-credits';

/** Members' custom monthly limits (override their group's, spec §6), set or removed for the selected members at once. */
export function MemberLimits() {
  const { t, i18n } = useTranslation('admin-credits');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const members = useQuotaMembers(page, debounced);
  const bulk = useBulkCreditQuota();
  const [selected, setSelected] = useState<number[]>([]);
  const [limit, setLimit] = useState<number | string>('');
  const items = members.data?.items ?? [];
  const num = (n: number) => n.toLocaleString(i18n.language);
  const allOnPage = items.length > 0 && items.every((m) => selected.includes(m.id));

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

  return (
    <Stack gap="sm">
      <Text fw={600}>{t('members.title')}</Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('members.search')}
          aria-label={t('members.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={240}
          data-testid="member-limit-search"
        />
        <NumberInput label={t('members.limit')} min={0} max={1_000_000_000} allowDecimal={false} thousandSeparator value={limit} onChange={setLimit} w={170} data-testid="member-limit-value" />
        <Button disabled={selected.length === 0 || limit === ''} loading={bulk.isPending} onClick={() => apply(Number(limit))} data-testid="member-limit-apply">
          {t('members.apply', { count: selected.length })}
        </Button>
        <Button variant="default" disabled={selected.length === 0} onClick={() => apply(null)} data-testid="member-limit-clear">
          {t('members.clear')}
        </Button>
      </Group>
      <Paper withBorder radius="md">
        {members.isPending ? (
          <Stack p="md">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} height={32} />
            ))}
          </Stack>
        ) : members.isError ? (
          <Text c="red" p="md" size="sm">
            {errorMessage(t, members.error)}
          </Text>
        ) : items.length === 0 ? (
          <Text c="dimmed" p="md" size="sm" data-testid="member-limits-empty">
            {t('members.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs" data-testid="member-limits">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('members.selectPage')}
                      checked={allOnPage}
                      indeterminate={!allOnPage && items.some((m) => selected.includes(m.id))}
                      onChange={() => setSelected(allOnPage ? selected.filter((id) => !items.some((m) => m.id === id)) : [...new Set([...selected, ...items.map((m) => m.id)])])}
                    />
                  </Table.Th>
                  <Table.Th>{t('members.name')}</Table.Th>
                  <Table.Th>{t('members.email')}</Table.Th>
                  <Table.Th ta="right">{t('members.custom')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((m) => (
                  <Table.Tr key={m.id} data-testid={`member-limit-${m.id}`}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('members.select', { name: m.name })}
                        checked={selected.includes(m.id)}
                        onChange={() => setSelected(selected.includes(m.id) ? selected.filter((id) => id !== m.id) : [...selected, m.id])}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{m.name}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {m.email}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      {m.custom_credit_limit === null ? (
                        <Text span size="sm" c="dimmed">
                          {t('members.groupDefault')}
                        </Text>
                      ) : (
                        num(m.custom_credit_limit)
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {(members.data?.pagination.total_pages ?? 0) > 1 ? <Pagination total={members.data!.pagination.total_pages} value={page} onChange={setPage} size="sm" /> : null}
    </Stack>
  );
}
