import { BUILTIN_TOOLS, type ToolCallsDashboard } from '@app/contracts/tools';

type Item = ToolCallsDashboard['items'][number];

const sum = (items: Item[], month: string, tool: string) => items.filter((i) => i.month === month && i.tool === tool).reduce((n, i) => n + i.calls, 0);

/** The tools to show: every built-in one (a tool never called shows 0), then any other name the records hold. */
export function toolsOf(items: Item[]): string[] {
  const extra = [...new Set(items.map((i) => i.tool))].filter((t) => !(BUILTIN_TOOLS as readonly string[]).includes(t));
  return [...BUILTIN_TOOLS, ...extra];
}

/** One month's calls per tool, most called first (ties keep the built-in order), so the top of the list is what is used. */
export function callsInMonth(items: Item[], month: string): Array<{ tool: string; calls: number }> {
  return toolsOf(items)
    .map((tool) => ({ tool, calls: sum(items, month, tool) }))
    .sort((a, b) => b.calls - a.calls);
}

/** A chart row per month (every month of the range, zeros where nothing was called), a column per tool asked for. */
export function callsByMonth(items: Item[], months: string[], tools: string[]): Array<Record<string, string | number>> {
  return months.map((month) => {
    const row: Record<string, string | number> = { month };
    for (const tool of tools) row[tool] = sum(items, month, tool);
    return row;
  });
}

/** A tool's colour, the same in the month's list and the chart (the list is the chart's legend). */
const TOOL_COLORS = ['indigo.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'pink.6', 'lime.7', 'yellow.7'];
export const toolColor = (tools: string[], tool: string): string => TOOL_COLORS[Math.max(0, tools.indexOf(tool)) % TOOL_COLORS.length]!;
