import type { AdminCredits } from '@app/contracts/dashboards';
import { Alert, Center, Group, Paper, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconChartBarOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/status-messages';

const monthLabel = (month: string, language: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString(language, { year: 'numeric', month: 'long', timeZone: 'UTC' });
};
/** The last 24 months, newest first. */
function recentMonths(now: Date): string[] {
  return Array.from({ length: 24 }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

function Empty({ text, testId }: { text: string; testId: string }) {
  return (
    <Center py={40}>
      <Stack align="center" gap={4} data-testid={testId}>
        <IconChartBarOff size={28} color="var(--mantine-color-gray-5)" />
        <Text c="dimmed" size="sm">
          {text}
        </Text>
      </Stack>
    </Center>
  );
}

/** A month's usage (spec §3 Credit usage): LLM rows and image rows, credits rounded down. */
export function UsageTab({ month, onMonth, data, isError, error }: { month: string; onMonth: (m: string) => void; data: AdminCredits | undefined; isError: boolean; error: unknown }) {
  const { t, i18n } = useTranslation('admin-credits');
  const num = (n: number) => n.toLocaleString(i18n.language);
  const options = useMemo(() => recentMonths(new Date()).map((m) => ({ value: m, label: monthLabel(m, i18n.language) })), [i18n.language]);
  const name = (n: string) => n || t('usage.otherModel');
  const skeleton = (
    <Stack p="md">
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} height={32} />
      ))}
    </Stack>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Select label={t('usage.month')} data={options} value={month} onChange={(v) => v && onMonth(v)} allowDeselect={false} w={200} data-testid="credits-month" />
        {data ? (
          <Text size="sm" c="dimmed" data-testid="credits-month-total">
            {t('usage.total', { credits: num(data.totals.used_credit), messages: num(data.totals.message_count) })}
          </Text>
        ) : null}
      </Group>
      {isError ? (
        <Alert color="red" data-testid="credits-usage-error">
          {t('errors.usage')}
          <Text size="xs" mt={4}>
            {errorMessage(t, error)}
          </Text>
        </Alert>
      ) : null}
      <Text fw={600}>{t('usage.llm')}</Text>
      <Paper withBorder radius="md">
        {!data ? (
          isError ? null : skeleton
        ) : data.llm.length === 0 ? (
          <Empty text={t('usage.llmEmpty')} testId="llm-empty" />
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm" data-testid="llm-usage">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('usage.model')}</Table.Th>
                  <Table.Th ta="right">{t('usage.inputCredit')}</Table.Th>
                  <Table.Th ta="right">{t('usage.outputCredit')}</Table.Th>
                  <Table.Th ta="right">{t('usage.webSearchCredit')}</Table.Th>
                  <Table.Th ta="right">{t('usage.inputTokens')}</Table.Th>
                  <Table.Th ta="right">{t('usage.outputTokens')}</Table.Th>
                  <Table.Th ta="right">{t('usage.webSearches')}</Table.Th>
                  <Table.Th ta="right">{t('usage.credits')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.llm.map((r) => (
                  <Table.Tr key={r.llm_model_id} data-testid={`llm-row-${r.llm_model_id}`}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {name(r.display_name)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{num(r.input_credit)}</Table.Td>
                    <Table.Td ta="right">{num(r.output_credit)}</Table.Td>
                    <Table.Td ta="right">{num(r.web_search_credit)}</Table.Td>
                    <Table.Td ta="right">{num(r.input_tokens)}</Table.Td>
                    <Table.Td ta="right">{num(r.output_tokens)}</Table.Td>
                    <Table.Td ta="right">{num(r.web_search_count)}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {num(r.used_credit)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Text fw={600}>{t('usage.images')}</Text>
      <Paper withBorder radius="md">
        {!data ? (
          isError ? null : skeleton
        ) : data.images.length === 0 ? (
          <Empty text={t('usage.imagesEmpty')} testId="images-empty" />
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="sm" data-testid="image-usage">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('usage.model')}</Table.Th>
                  <Table.Th ta="right">{t('usage.imageCount')}</Table.Th>
                  <Table.Th ta="right">{t('usage.credits')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.images.map((r) => (
                  <Table.Tr key={r.llm_model_id}>
                    <Table.Td>{name(r.display_name)}</Table.Td>
                    <Table.Td ta="right">{num(r.image_count)}</Table.Td>
                    <Table.Td ta="right">{num(r.image_credit)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Text size="xs" c="dimmed">
        {t('usage.note')}
      </Text>
    </Stack>
  );
}
