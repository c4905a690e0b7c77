import type { AdminLlmModelList } from '@app/contracts/llm-models';
import { describe, expect, it } from 'vitest';
import type { AdminToolList } from '@app/contracts/tools';
import { isAllowed, withAccess, withToolAccess } from './model-access';

const model = (id: number, groups: Array<[number, boolean]>) =>
  ({ id, display_name: `m${id}`, member_groups: groups.map(([g, a]) => ({ member_group_id: g, ko_name: `g${g}`, en_name: `g${g}`, is_available: a })) }) as unknown as AdminLlmModelList['items'][number];

describe('model access matrix', () => {
  const list: AdminLlmModelList = { items: [model(1, [[10, true], [11, true]]), model(2, [[10, false], [11, true]])] };

  it('changes one cell and keeps the other rows as they were', () => {
    const next = withAccess(list, 1, 11, false);
    expect(isAllowed(next.items[0]!, 11)).toBe(false);
    expect(isAllowed(next.items[0]!, 10)).toBe(true);
    expect(next.items[1]).toBe(list.items[1]);
    expect(isAllowed(list.items[0]!, 11)).toBe(true);
  });

  it('reads a missing entry as allowed', () => {
    expect(isAllowed(list.items[1]!, 10)).toBe(false);
    expect(isAllowed(list.items[1]!, 11)).toBe(true);
    expect(isAllowed(list.items[1]!, 99)).toBe(true);
  });
});

describe('tool access matrix', () => {
  const tool = (name: AdminToolList['items'][number]['tool'], groups: Array<[number, boolean]>) => ({
    tool: name,
    is_configured: true,
    member_groups: groups.map(([g, a]) => ({ member_group_id: g, ko_name: `g${g}`, en_name: `g${g}`, is_available: a })),
  });
  const list: AdminToolList = { items: [tool('current_time', [[10, true]]), tool('web_search', [[10, true]])] };

  it('changes one tool’s cell and keeps the other rows as they were', () => {
    const next = withToolAccess(list, 'web_search', 10, false);
    expect(isAllowed(next.items[1]!, 10)).toBe(false);
    expect(next.items[0]).toBe(list.items[0]);
    expect(isAllowed(list.items[1]!, 10)).toBe(true);
  });
});
