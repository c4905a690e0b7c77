import { Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { Usage } from '@app/contracts/credits';
import { useTranslation } from 'react-i18next';
import { formatCredits, formatDay, formatNumber, lastDay } from '../../../lib/format';
import { errorMessage } from '../../../lib/status-messages';
import { useUsage } from '../api/get-usage';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

function Cards({ usage }: { usage: Usage }) {
  const { t, i18n } = useTranslation('credits');
  const lng = i18n.language;
  // Credits shown rounded down to whole credits (spec §9), as the API gives them.
  const percent = usage.quota > 0 ? Math.min(100, Math.floor((usage.used_credit / usage.quota) * 100)) : 100;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md" data-testid="usage-card-month">
          <Text fw={600}>{t('usage.month')}</Text>
          <Text size="xs" c="dimmed" mb="sm">
            {t('usage.window', { start: formatDay(usage.period_start, lng), end: formatDay(lastDay(usage.period_end), lng) })}
          </Text>
          <Group gap="xl" mb="sm">
            <Figure label={t('usage.used')} value={formatCredits(usage.used_credit, lng)} testId="usage-month-used" />
            <Figure label={t('usage.remaining')} value={formatCredits(usage.remaining_credit, lng)} testId="usage-month-remaining" />
            <Figure label={t('usage.messages')} value={formatNumber(usage.message_count, lng)} testId="usage-month-messages" />
          </Group>
          <Progress value={percent} color={percent >= 80 ? 'orange' : 'blue'} aria-label={t('usage.ofQuota', { percent, quota: formatCredits(usage.quota, lng) })} />
          <Text size="xs" c="dimmed" mt={4}>
            {t('usage.ofQuota', { percent, quota: formatCredits(usage.quota, lng) })}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="md" data-testid="usage-card-30-days">
          <Text fw={600}>{t('usage.last30')}</Text>
          <Text size="xs" c="dimmed" mb="sm">
            {t('usage.last30Hint')}
          </Text>
          <Group gap="xl">
            <Figure label={t('usage.used')} value={formatCredits(usage.last_30_days.used_credit, lng)} testId="usage-30-used" />
            <Figure label={t('usage.messages')} value={formatNumber(usage.last_30_days.message_count, lng)} testId="usage-30-messages" />
          </Group>
        </Paper>
      </SimpleGrid>
      {usage.by_model.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="usage-by-model-empty">
          {t('usage.noneYet')}
        </Text>
      ) : (
        // Four short columns fit a phone: no scrolling frame (one without anything to focus in it
        // would be a region a keyboard cannot scroll).
        // Headers and figures stay on one line; the model's name wraps.
        <Table fz="sm" data-testid="usage-by-model">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('usage.model')}</Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                {t('usage.messages')}
              </Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                {t('usage.tokens')}
              </Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                {t('usage.used')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {usage.by_model.map((m) => (
              <Table.Tr key={m.llm_model_id}>
                <Table.Td>{m.display_name}</Table.Td>
                <Table.Td ta="right">{formatNumber(m.message_count, lng)}</Table.Td>
                <Table.Td ta="right">{formatNumber(m.input_tokens + m.output_tokens, lng)}</Table.Td>
                <Table.Td ta="right">{formatCredits(m.used_credit, lng)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** The member's usage cards (spec §9): this billing month against the quota, the last 30 days, and this month by model. */
export function UsageCards({ memberId }: { memberId: number | undefined }) {
  const { t } = useTranslation('credits');
  const usage = useUsage(memberId);
  return (
    // Korean wraps between words, not inside one.
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="usage-title" style={{ wordBreak: 'keep-all' }} data-testid="usage-section">
      <Title order={3} size="h4" id="usage-title">
        {t('usage.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('usage.description')}
      </Text>
      {usage.error ? (
        <Text c="red.9" data-testid="usage-error">
          {errorMessage(t, usage.error)}
        </Text>
      ) : !usage.data ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Skeleton height={140} />
          <Skeleton height={140} />
        </SimpleGrid>
      ) : (
        <Cards usage={usage.data} />
      )}
    </Paper>
  );
}
