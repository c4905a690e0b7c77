import { Center, Paper, Progress, Skeleton, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChartBarOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { useMemberGroupUsage } from '../api/get-member-group-usage';

/** This month's credits used by each group's members, against the group's pool where it has one (period_end is the first day after the month). */
export function GroupUsage() {
  const { t, i18n } = useTranslation('member-groups');
  const usage = useMemberGroupUsage();

  useEffect(() => {
    if (usage.isError) notifications.show({ id: 'usage-load', color: 'red', title: t('toast.usageLoadFailed'), message: errorMessage(t, usage.error) });
  }, [usage.isError, usage.error, t]);

  const num = (n: number) => n.toLocaleString(i18n.language);
  const day = (d: string, offsetDays = 0) => {
    const at = new Date(`${d}T00:00:00`);
    at.setDate(at.getDate() + offsetDays);
    return at.toLocaleDateString(i18n.language);
  };
  const items = usage.data?.items ?? [];

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" data-testid="usage-period">
        {usage.data ? t('usage.period', { start: day(usage.data.period_start), end: day(usage.data.period_end, -1) }) : t('usage.description')}
      </Text>
      <Paper withBorder radius="md">
        {usage.isPending ? (
          <Stack p="md" data-testid="usage-loading">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} height={36} />
            ))}
          </Stack>
        ) : items.length === 0 ? (
          <Center py={48}>
            <Stack align="center" gap={4} data-testid="usage-empty">
              <IconChartBarOff size={32} color="var(--mantine-color-gray-5)" />
              <Text c="dimmed">{t('usage.empty')}</Text>
            </Stack>
          </Center>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" data-testid="usage-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('usage.group')}</Table.Th>
                  <Table.Th ta="right" w={130}>
                    {t('usage.used')}
                  </Table.Th>
                  <Table.Th ta="right" w={150}>
                    {t('columns.pool')}
                  </Table.Th>
                  <Table.Th w={180}>{t('usage.share')}</Table.Th>
                  <Table.Th ta="right" w={110}>
                    {t('usage.messages')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((u) => {
                  const pct = u.credit_quota ? Math.min(100, (u.used_credit / u.credit_quota) * 100) : null;
                  const name = localizedName(u, i18n.language);
                  return (
                    <Table.Tr key={u.member_group_id} data-testid={`usage-row-${u.member_group_id}`}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {name}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Text size="sm">{num(u.used_credit)}</Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Text size="sm" c={u.credit_quota === null ? 'dimmed' : undefined}>
                          {u.credit_quota === null ? t('noPool') : num(u.credit_quota)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {pct === null ? (
                          <Text size="sm" c="dimmed">
                            —
                          </Text>
                        ) : (
                          <Stack gap={2}>
                            <Progress value={pct} color={pct >= 80 ? 'red' : pct >= 50 ? 'yellow' : 'indigo'} aria-label={t('usage.shareOf', { name })} />
                            <Text size="xs" c="dimmed">
                              {t('usage.percent', { value: Math.floor(pct) })}
                            </Text>
                          </Stack>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">
                        <Text size="sm">{num(u.message_count)}</Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Text size="sm" c="dimmed">
        {t('usage.note')}
      </Text>
    </Stack>
  );
}
