import type { AdminCredits } from '@app/contracts/dashboards';
import { Alert, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconChartBarOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/kit/data-table';
import { ContentSkeleton } from '../../../components/kit/query-state';
import { errorMessage } from '../../../lib/status-messages';

type LlmRow = AdminCredits['llm'][number];
type ImageRow = AdminCredits['images'][number];
const emptyIcon = <IconChartBarOff size={28} color="var(--mantine-color-gray-5)" />;

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

/** A month's usage (spec §3 Credit usage): LLM rows and image rows, credits rounded down. */
export function UsageTab({ month, onMonth, data, isError, error }: { month: string; onMonth: (m: string) => void; data: AdminCredits | undefined; isError: boolean; error: unknown }) {
  const { t, i18n } = useTranslation('admin-credits');
  const num = (n: number) => n.toLocaleString(i18n.language);
  const options = useMemo(() => recentMonths(new Date()).map((m) => ({ value: m, label: monthLabel(m, i18n.language) })), [i18n.language]);
  const name = (n: string) => n || t('usage.otherModel');
  const numeric = <R,>(key: string, header: string, value: (r: R) => number, bold = false): Column<R> => ({
    key,
    header,
    align: 'right',
    card: true,
    cell: (r) => (bold ? <Text span size="sm" fw={600}>{num(value(r))}</Text> : num(value(r))),
  });
  const llmColumns: Column<LlmRow>[] = [
    { key: 'model', header: t('usage.model'), card: 'title', cell: (r) => <Text size="sm" fw={500}>{name(r.display_name)}</Text> },
    numeric<LlmRow>('inputCredit', t('usage.inputCredit'), (r) => r.input_credit),
    numeric<LlmRow>('outputCredit', t('usage.outputCredit'), (r) => r.output_credit),
    numeric<LlmRow>('webSearchCredit', t('usage.webSearchCredit'), (r) => r.web_search_credit),
    numeric<LlmRow>('inputTokens', t('usage.inputTokens'), (r) => r.input_tokens),
    numeric<LlmRow>('outputTokens', t('usage.outputTokens'), (r) => r.output_tokens),
    numeric<LlmRow>('webSearches', t('usage.webSearches'), (r) => r.web_search_count),
    numeric<LlmRow>('credits', t('usage.credits'), (r) => r.used_credit, true),
  ];
  const imageColumns: Column<ImageRow>[] = [
    { key: 'model', header: t('usage.model'), card: 'title', cell: (r) => name(r.display_name) },
    numeric<ImageRow>('imageCount', t('usage.imageCount'), (r) => r.image_count),
    numeric<ImageRow>('credits', t('usage.credits'), (r) => r.image_credit),
  ];
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
          isError ? null : <ContentSkeleton shape="table" rows={3} />
        ) : (
          <DataTable rows={data.llm} columns={llmColumns} rowKey={(r) => r.llm_model_id} rowTestId={(r) => `llm-row-${r.llm_model_id}`} testId="llm-usage" minWidth={820} empty={{ icon: emptyIcon, text: t('usage.llmEmpty'), testId: 'llm-empty' }} />
        )}
      </Paper>
      <Text fw={600}>{t('usage.images')}</Text>
      <Paper withBorder radius="md">
        {!data ? (
          isError ? null : <ContentSkeleton shape="table" rows={3} />
        ) : (
          <DataTable rows={data.images} columns={imageColumns} rowKey={(r) => r.llm_model_id} testId="image-usage" minWidth={420} empty={{ icon: emptyIcon, text: t('usage.imagesEmpty'), testId: 'images-empty' }} />
        )}
      </Paper>
      <Text size="xs" c="dimmed">
        {t('usage.note')}
      </Text>
    </Stack>
  );
}
