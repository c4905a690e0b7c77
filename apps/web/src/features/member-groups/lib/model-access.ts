import type { AdminLlmModel, AdminLlmModelList } from '@app/contracts/llm-models';

/** The matrix with one cell changed (a new object only where it changed, for React Query's structural sharing). */
export function withAccess(list: AdminLlmModelList, modelId: number, groupId: number, isAvailable: boolean): AdminLlmModelList {
  return {
    ...list,
    items: list.items.map((m) =>
      m.id !== modelId ? m : { ...m, member_groups: m.member_groups.map((g) => (g.member_group_id === groupId ? { ...g, is_available: isAvailable } : g)) },
    ),
  };
}

/** Whether a group may use a model (no entry = allowed, decision 004). */
export function isAllowed(model: Pick<AdminLlmModel, 'member_groups'>, groupId: number): boolean {
  return model.member_groups.find((g) => g.member_group_id === groupId)?.is_available ?? true;
}
