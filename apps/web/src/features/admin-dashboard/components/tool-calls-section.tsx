import { Alert, Center, ColorSwatch, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/status-messages';
import { useDashboardToolCalls } from '../api/get-dashboard';
import { addMonths, monthLabel, monthOf, monthsBetween } from '../lib/months';
import { callsByMonth, callsInMonth, toolColor, toolsOf } from '../lib/tool-calls';

// The chart library is loaded with the chart, as the usage charts are.
const ToolCallsChart = lazy(() => import('./tool-calls-chart').then((m) => ({ default: m.ToolCallsChart })));

/** The last twelve months, this one included: the API's default range, asked for explicitly so the chart has every month. */
const RANGE_MONTHS = 12;

function CardTitle({ children }: { children: string }) {
  return (
    <Text fw={600} size="sm" mb="sm">
      {children}
    </Text>
  );
}

/** Built-in tools called by chatbots (decision 049): this month's calls per tool, and calls per month over the last year. */
export function ToolCallsSection() {
  const { t, i18n } = useTranslation('admin-dashboard');
  const thisMonth = monthOf(new Date());
  const start = addMonths(thisMonth, -(RANGE_MONTHS - 1));
  const calls = useDashboardToolCalls(start, thisMonth);
  const view = useMemo(() => {
    const items = calls.data?.items ?? [];
    const tools = toolsOf(items);
    const called = tools.filter((tool) => items.some((i) => i.tool === tool && i.calls > 0));
    return { tools, called, month: callsInMonth(items, thisMonth), rows: callsByMonth(items, monthsBetween(start, thisMonth), called) };
  }, [calls.data, start, thisMonth]);
  const name = (tool: string) => t(`member-groups:tools.names.${tool}`, { defaultValue: tool });

  return (
    <Stack gap="md" data-testid="tool-calls">
      <div>
        <Title order={3}>{t('toolCalls.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('toolCalls.description')}
        </Text>
      </div>
      {calls.isError ? (
        <Alert color="red" data-testid="tool-calls-error">
          {t('errors.toolCalls')}
          <Text size="xs" mt={4}>
            {errorMessage(t, calls.error)}
          </Text>
        </Alert>
      ) : !calls.data ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="tool-calls-loading">
          <Skeleton height={260} radius="md" />
          <Skeleton height={260} radius="md" />
        </SimpleGrid>
      ) : view.called.length === 0 ? (
        <Paper withBorder radius="md">
          <Center py={40}>
            <Stack align="center" gap={4} data-testid="tool-calls-empty">
              <IconTool size={32} color="var(--mantine-color-gray-5)" />
              <Text c="dimmed">{t('toolCalls.empty')}</Text>
            </Stack>
          </Center>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Paper withBorder radius="md" p="md" data-testid="tool-calls-month">
            <CardTitle>{t('toolCalls.thisMonth', { month: monthLabel(thisMonth, i18n.language, 'long') })}</CardTitle>
            <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {view.month.map(({ tool, calls: n }) => (
                <Group key={tool} component="li" gap="sm" wrap="nowrap" justify="space-between" data-testid={`tool-calls-${tool}`}>
                  <Group gap="xs" wrap="nowrap" miw={0}>
                    <ColorSwatch color={`var(--mantine-color-${toolColor(view.tools, tool).replace('.', '-')})`} size={10} withShadow={false} aria-hidden />
                    <Text size="sm" truncate c={n ? undefined : 'dimmed'}>
                      {name(tool)}
                    </Text>
                  </Group>
                  <Text size="sm" fw={600} c={n ? undefined : 'dimmed'} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`tool-calls-${tool}-value`}>
                    {n.toLocaleString(i18n.language)}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="md" data-testid="chart-tool-calls">
            <CardTitle>{t('toolCalls.perMonth')}</CardTitle>
            <Suspense fallback={<Skeleton height={220} radius="md" />}>
              <ToolCallsChart rows={view.rows} tools={view.tools} called={view.called} />
            </Suspense>
          </Paper>
        </SimpleGrid>
      )}
    </Stack>
  );
}
