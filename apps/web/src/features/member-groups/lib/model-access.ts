import type { AdminLlmModelList } from '@app/contracts/llm-models';
import type { AdminToolList, BuiltinTool } from '@app/contracts/tools';

interface GroupAccess {
  member_group_id: number;
  is_available: boolean;
}

/** Rows with one cell changed: a new object only where it changed, for React Query's structural sharing. */
function withCell<R extends { member_groups: GroupAccess[] }>(rows: R[], isRow: (r: R) => boolean, groupId: number, isAvailable: boolean): R[] {
  return rows.map((r) => (!isRow(r) ? r : { ...r, member_groups: r.member_groups.map((g) => (g.member_group_id === groupId ? { ...g, is_available: isAvailable } : g)) }));
}

/** The model matrix with one cell changed. */
export function withAccess(list: AdminLlmModelList, modelId: number, groupId: number, isAvailable: boolean): AdminLlmModelList {
  return { ...list, items: withCell(list.items, (m) => m.id === modelId, groupId, isAvailable) };
}

/** The tool matrix with one cell changed (decision 050). */
export function withToolAccess(list: AdminToolList, tool: BuiltinTool, groupId: number, isAvailable: boolean): AdminToolList {
  return { ...list, items: withCell(list.items, (x) => x.tool === tool, groupId, isAvailable) };
}

/** Whether a group may use a model or a tool (no entry = allowed, decisions 004 and 050). */
export function isAllowed(row: { member_groups: readonly GroupAccess[] }, groupId: number): boolean {
  return row.member_groups.find((g) => g.member_group_id === groupId)?.is_available ?? true;
}
