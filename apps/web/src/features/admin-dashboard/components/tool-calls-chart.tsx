import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { monthLabel } from '../lib/months';
import { toolColor } from '../lib/tool-calls';

/** Tool calls per month, stacked by tool (@mantine/charts); the month's list beside it is its legend. */
export function ToolCallsChart({ rows, tools, called }: { rows: Array<Record<string, string | number>>; tools: string[]; called: string[] }) {
  const { t, i18n } = useTranslation('admin-dashboard');
  const data = rows.map((r) => ({ ...r, label: monthLabel(String(r.month), i18n.language) }));
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="label"
      type="stacked"
      tickLine="y"
      gridAxis="y"
      valueFormatter={(n) => n.toLocaleString(i18n.language)}
      yAxisProps={{ allowDecimals: false }}
      series={called.map((tool) => ({ name: tool, label: t(`member-groups:tools.names.${tool}`, { defaultValue: tool }), color: toolColor(tools, tool) }))}
    />
  );
}
