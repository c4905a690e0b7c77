import { BUILTIN_TOOLS } from '@app/contracts/tools';
import { describe, expect, it } from 'vitest';
import { callsByMonth, callsInMonth, toolsOf } from './tool-calls';

const items = [
  { month: '2026-10', tool: 'knowledge_search', calls: 4 },
  { month: '2026-11', tool: 'current_time', calls: 2 },
  { month: '2026-11', tool: 'web_search', calls: 5 },
  { month: '2026-11', tool: 'retired_tool', calls: 1 },
];

describe('dashboard tool calls', () => {
  it('lists every built-in tool, then names the records hold beyond them', () => {
    expect(toolsOf([])).toEqual([...BUILTIN_TOOLS]);
    expect(toolsOf(items)).toEqual([...BUILTIN_TOOLS, 'retired_tool']);
  });
  it("counts one month's calls per tool, most called first, zeros for the rest", () => {
    const month = callsInMonth(items, '2026-11');
    expect(month.slice(0, 3)).toEqual([
      { tool: 'web_search', calls: 5 },
      { tool: 'current_time', calls: 2 },
      { tool: 'retired_tool', calls: 1 },
    ]);
    expect(month.find((r) => r.tool === 'knowledge_search')).toEqual({ tool: 'knowledge_search', calls: 0 });
    expect(month).toHaveLength(BUILTIN_TOOLS.length + 1);
  });
  it('makes a row for every month of the range, zeros where nothing was called', () => {
    const rows = callsByMonth(items, ['2026-09', '2026-10', '2026-11'], ['knowledge_search', 'current_time']);
    expect(rows).toEqual([
      { month: '2026-09', knowledge_search: 0, current_time: 0 },
      { month: '2026-10', knowledge_search: 4, current_time: 0 },
      { month: '2026-11', knowledge_search: 0, current_time: 2 },
    ]);
  });
});
