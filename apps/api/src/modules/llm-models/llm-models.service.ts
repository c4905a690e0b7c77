import type { LlmModel, Provider } from '@app/contracts/llm-models';
import type { Db, Executor } from '../../db/client';
import type { MemberContext } from '../../platform/context';
import { e4ToCost } from '../credits/credits.rules';
import { findMemberGroupIds } from '../members/members.repo';
import { findDeniedAccess, type LlmModelRow, listModels } from './llm-models.repo';

/**
 * Ids of enabled models the member may use: a model is usable when at least one of the
 * member's groups allows it (no access row means allowed).
 */
export async function usableModelIds(db: Executor, ctx: MemberContext, models?: LlmModelRow[]): Promise<Set<number>> {
  const groupIds = await findMemberGroupIds(db, ctx.tenantId, ctx.member);
  const [rows, denied] = await Promise.all([models ?? listModels(db, ctx.tenantId), findDeniedAccess(db, ctx.tenantId, groupIds)]);
  const deniedBy = new Map<number, Set<number>>();
  for (const d of denied) {
    const set = deniedBy.get(d.llmModelId) ?? new Set<number>();
    set.add(d.memberGroupId);
    deniedBy.set(d.llmModelId, set);
  }
  const usable = new Set<number>();
  for (const m of rows) {
    if (!m.isEnabled) continue;
    const deniedGroups = deniedBy.get(m.id);
    if (groupIds.some((g) => !deniedGroups?.has(g))) usable.add(m.id);
  }
  return usable;
}

export function toLlmModel(m: LlmModelRow, isAvailable: boolean): LlmModel {
  return {
    id: m.id,
    provider: m.provider as Provider,
    model_name: m.modelName,
    display_name: m.displayName,
    context_limit: m.contextLimit,
    input_cost_per_10k: e4ToCost(m.inputCostE4),
    output_cost_per_10k: e4ToCost(m.outputCostE4),
    is_low_llm: m.isLowLlm,
    is_available: isAvailable,
    release_date: m.releaseDate,
    supports_vision: m.supportsVision,
    supports_thinking: m.supportsThinking,
    supports_web_search: m.supportsWebSearch,
    supports_image_generation: m.supportsImageGeneration,
  };
}

export function createLlmModelsService(db: Db) {
  return {
    async list(ctx: MemberContext) {
      const models = await listModels(db, ctx.tenantId);
      const usable = await usableModelIds(db, ctx, models);
      return { items: models.map((m) => toLlmModel(m, usable.has(m.id))) };
    },
  };
}
export type LlmModelsService = ReturnType<typeof createLlmModelsService>;
