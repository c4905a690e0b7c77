import { Alert, Button, Center, Group, Paper, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Text, Title, useMatches } from '@mantine/core';
import { IconChartBarOff, IconDownload } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/status-messages';
import { useDashboardUsage } from '../api/get-dashboard';
import { useUsageExport } from '../hooks/use-usage-export';
import { addMonths, MAX_RANGE_MONTHS, monthLabel, monthOf, normalizeRange, recentMonths } from '../lib/months';
import { UsageExportModal } from './usage-export-modal';

// The chart library is loaded with the charts, not with the console's first screen.
const UsageCharts = lazy(() => import('./usage-charts').then((m) => ({ default: m.UsageCharts })));

const PRESETS = [3, 6, 12] as const;

function ChartsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="usage-loading">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} height={280} radius="md" />
      ))}
    </SimpleGrid>
  );
}

/** Usage over a month range (a preset or two months picked), drawn as charts, and its export as a task. */
export function UsageSection() {
  const { t, i18n } = useTranslation('admin-dashboard');
  const thisMonth = monthOf(new Date());
  const [range, setRange] = useState({ start: addMonths(thisMonth, -5), end: thisMonth });
  const usage = useDashboardUsage(range.start, range.end);
  const exporter = useUsageExport();
  const options = useMemo(() => recentMonths(new Date(), MAX_RANGE_MONTHS).map((m) => ({ value: m, label: monthLabel(m, i18n.language, 'long') })), [i18n.language]);
  const preset = range.end === thisMonth ? PRESETS.find((n) => addMonths(thisMonth, -(n - 1)) === range.start) : undefined;
  // On a phone the presets take the whole line, in a smaller size, so none is cut off.
  const compact = useMatches({ base: true, sm: false });
  const empty = usage.data?.months.every((m) => m.message_count === 0 && m.used_credit === 0);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={3}>{t('usage.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('usage.description')}
          </Text>
        </div>
        <Button leftSection={<IconDownload size={16} />} variant="default" onClick={() => exporter.begin(range)} data-testid="usage-export">
          {t('usage.export')}
        </Button>
      </Group>
      <Paper withBorder radius="md" p="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SegmentedControl
            value={preset ? String(preset) : ''}
            onChange={(v) => setRange({ start: addMonths(thisMonth, -(Number(v) - 1)), end: thisMonth })}
            data={PRESETS.map((n) => ({ value: String(n), label: t('usage.lastMonths', { count: n }) }))}
            size={compact ? 'xs' : 'sm'}
            fullWidth={compact}
            data-testid="usage-presets"
          />
          <Select
            label={t('usage.from')}
            data={options}
            value={range.start}
            onChange={(v) => v && setRange(normalizeRange(v, range.end))}
            allowDeselect={false}
            w={compact ? '100%' : 170}
            data-testid="usage-start"
          />
          <Select
            label={t('usage.to')}
            data={options}
            value={range.end}
            onChange={(v) => v && setRange(normalizeRange(range.start, v))}
            allowDeselect={false}
            w={compact ? '100%' : 170}
            data-testid="usage-end"
          />
        </Group>
      </Paper>
      {usage.isError ? (
        <Alert color="red" data-testid="usage-error">
          {t('errors.usage')}
          <Text size="xs" mt={4}>
            {errorMessage(t, usage.error)}
          </Text>
        </Alert>
      ) : !usage.data ? (
        <ChartsSkeleton />
      ) : empty ? (
        <Paper withBorder radius="md">
          <Center py={56}>
            <Stack align="center" gap={4} data-testid="usage-empty">
              <IconChartBarOff size={32} color="var(--mantine-color-gray-5)" />
              <Text c="dimmed">{t('usage.empty')}</Text>
            </Stack>
          </Center>
        </Paper>
      ) : (
        <Suspense fallback={<ChartsSkeleton />}>
          <UsageCharts usage={usage.data} />
        </Suspense>
      )}
      {exporter.open ? (
        <UsageExportModal
          task={exporter.task}
          phase={exporter.phase}
          problem={exporter.problem}
          error={exporter.error}
          onDownloadAgain={exporter.downloadAgain}
          onRetry={() => exporter.begin(range)}
          onClose={exporter.close}
        />
      ) : null}
    </Stack>
  );
}
