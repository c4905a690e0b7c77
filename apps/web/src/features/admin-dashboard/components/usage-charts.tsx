import '@mantine/charts/styles.css';
import type { DashboardUsage } from '@app/contracts/dashboards';
import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { monthLabel } from '../lib/months';

const MODEL_COLORS = ['indigo.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'pink.6', 'lime.7', 'yellow.7'];

function ChartCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text fw={600} size="sm" mb="sm">
        {title}
      </Text>
      {children}
    </Paper>
  );
}

/** The range's usage as charts (@mantine/charts): messages, credits, credits by model, chat users. */
export function UsageCharts({ usage }: { usage: DashboardUsage }) {
  const { t, i18n } = useTranslation('admin-dashboard');
  const fmt = (n: number) => n.toLocaleString(i18n.language);
  const months = usage.months.map((m) => ({ ...m, label: monthLabel(m.month, i18n.language) }));
  const models = [...new Map(usage.by_model.map((r) => [r.llm_model_id, r.display_name || t('otherModel')])).entries()];
  const byModel = usage.months.map((m) => {
    const row: Record<string, string | number> = { label: monthLabel(m.month, i18n.language) };
    for (const [id] of models) row[`m${id}`] = 0;
    for (const r of usage.by_model.filter((x) => x.month === m.month)) row[`m${r.llm_model_id}`] = r.used_credit;
    return row;
  });
  const common = { h: 220, dataKey: 'label', valueFormatter: fmt, tickLine: 'y' as const, gridAxis: 'y' as const };
  // Counts and whole credits: no fractional ticks on the value axis.
  const whole = { yAxisProps: { allowDecimals: false } };
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="usage-charts">
      <ChartCard title={t('charts.messages')} testId="chart-messages">
        <BarChart {...common} {...whole} data={months} series={[{ name: 'message_count', label: t('charts.messagesSeries'), color: 'indigo.6' }]} />
      </ChartCard>
      <ChartCard title={t('charts.credits')} testId="chart-credits">
        <AreaChart {...common} {...whole} data={months} curveType="monotone" series={[{ name: 'used_credit', label: t('charts.creditsSeries'), color: 'teal.6' }]} />
      </ChartCard>
      <ChartCard title={t('charts.creditsByModel')} testId="chart-models">
        <BarChart
          {...common}
          {...whole}
          data={byModel}
          type="stacked"
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 40 }}
          series={models.map(([id, name], i) => ({ name: `m${id}`, label: name, color: MODEL_COLORS[i % MODEL_COLORS.length]! }))}
        />
      </ChartCard>
      <ChartCard title={t('charts.chatUsers')} testId="chart-users">
        <LineChart {...common} {...whole} data={months} curveType="linear" series={[{ name: 'chat_users', label: t('charts.chatUsersSeries'), color: 'grape.6' }]} />
      </ChartCard>
    </SimpleGrid>
  );
}
