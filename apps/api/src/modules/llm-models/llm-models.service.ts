import type { LlmModel, Provider } from '@app/contracts/llm-models';
import type { Db, Executor } from '../../db/client';
import type { CatalogModel } from '../../llm/catalog';
import type { CacheHub } from '../../platform/cache';
import type { MemberContext, MemberRow } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { costToE4, e4ToCost } from '../credits/credits.rules';
import type { AdminLlmModel } from '@app/contracts/llm-models';
import { findDeniedAccess, findModel, findModelByName, insertModel, listAccessRows, listAllModels, type LlmModelRow, listModels, upsertAccess } from './llm-models.repo';

export type { LlmModelRow };

/** What model access needs to know of a member: their groups (default plus additional). */
export interface MemberGroupsLookup {
  groupIds(tenantId: number, member: Pick<MemberRow, 'id' | 'defaultMemberGroupId'>): Promise<number[]>;
}

/** The tenant's groups, for the console's matrix of models and groups (the members module's). */
export interface GroupDirectory {
  all(tenantId: number): Promise<Array<{ id: number; koName: string; enName: string }>>;
}

/** A member's groups and, per model, which of those groups are denied it. */
export interface AccessProfile {
  groupIds: readonly number[];
  deniedGroups: ReadonlyMap<number, ReadonlySet<number>>;
}

/**
 * THE model-access rule (decision 004): an enabled model is usable when at least one of the
 * member's groups allows it, and a group allows every model it has no "not available" row for.
 */
export function isUsable(model: Pick<LlmModelRow, 'id' | 'isEnabled'>, profile: AccessProfile): boolean {
  if (!model.isEnabled) return false;
  const denied = profile.deniedGroups.get(model.id);
  return profile.groupIds.some((g) => !denied?.has(g));
}

/**
 * The models a member may not use although enabled: those every one of their groups is denied
 * (the same rule as `isUsable`, for a list query to leave their chatbots out).
 */
export function deniedModelIds(profile: AccessProfile): number[] {
  const out: number[] = [];
  for (const [modelId, groups] of profile.deniedGroups) if (profile.groupIds.every((g) => groups.has(g))) out.push(modelId);
  return out;
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
    image_cost: e4ToCost(m.imageCostE4),
  };
}

/**
 * Models and who may use them. A member's access profile and each model row are cached per
 * process (platform/cache.ts): the triggers on members, memberships, groups, models and model
 * access drop them, so the chat path reads neither from the database on a hit.
 */
export interface LlmModelsServiceDeps {
  db: Db;
  caches: CacheHub;
  groups: MemberGroupsLookup & GroupDirectory;
}

export function createLlmModelsService(deps: LlmModelsServiceDeps) {
  const { db, caches, groups } = deps;
  const profiles = caches.scoped<AccessProfile>();
  const models = caches.scoped<LlmModelRow>();
  const imageRows = caches.scoped<{ rows: LlmModelRow[] }>();

  async function loadProfile(ctx: MemberContext): Promise<AccessProfile> {
    const groupIds = await groups.groupIds(ctx.tenantId, ctx.member);
    const deniedGroups = new Map<number, Set<number>>();
    for (const d of await findDeniedAccess(db, ctx.tenantId, groupIds)) {
      let set = deniedGroups.get(d.llmModelId);
      if (!set) deniedGroups.set(d.llmModelId, (set = new Set()));
      set.add(d.memberGroupId);
    }
    return { groupIds, deniedGroups };
  }

  const profileOf = async (ctx: MemberContext) => (await caches.through(profiles, ctx.tenantId, String(ctx.member.id), () => loadProfile(ctx)))!;

  return {
    profileOf,
    /** Whether the member may use the model (the one rule, on the cached profile). */
    async isUsableBy(ctx: MemberContext, model: LlmModelRow): Promise<boolean> {
      return isUsable(model, await profileOf(ctx));
    },
    /**
     * The image model the `generate_image` tool uses for the member (decision 050): the tenant's
     * enabled image generation models by id, the first the member's groups may use; `configured`
     * says whether the tenant has any. Cached per tenant like the model rows (rule 1 of the chat path).
     */
    async imageGeneration(ctx: MemberContext): Promise<{ configured: boolean; model: LlmModelRow | null }> {
      const [{ rows }, profile] = await Promise.all([
        caches.through(imageRows, ctx.tenantId, 'image-models', async () => ({ rows: (await listModels(db, ctx.tenantId)).filter((m) => m.supportsImageGeneration) })).then((v) => v!),
        profileOf(ctx),
      ]);
      return { configured: rows.length > 0, model: rows.find((m) => isUsable(m, profile)) ?? null };
    },
    /** An enabled model of the tenant, or 404. */
    async enabledModel(ctx: MemberContext, id: number): Promise<LlmModelRow> {
      const m = await caches.through(models, ctx.tenantId, String(id), () => findModel(db, ctx.tenantId, id));
      if (!m || !m.isEnabled) throw new AppError('model_not_found');
      return m;
    },
    async list(ctx: MemberContext) {
      const [rows, profile] = await Promise.all([listModels(db, ctx.tenantId), profileOf(ctx)]);
      return { items: rows.map((m) => toLlmModel(m, isUsable(m, profile))) };
    },
    /** The console's view: every model with its availability for every group (no row = available). */
    async adminList(ctx: MemberContext): Promise<{ items: AdminLlmModel[] }> {
      const [models, access, all] = await Promise.all([listAllModels(db, ctx.tenantId), listAccessRows(db, ctx.tenantId), groups.all(ctx.tenantId)]);
      const denied = new Set(access.filter((a) => !a.isAvailable).map((a) => `${a.llmModelId}:${a.memberGroupId}`));
      return {
        items: models.map((m) => {
          const { is_available: _, ...rest } = toLlmModel(m, true);
          return {
            ...rest,
            is_enabled: m.isEnabled,
            member_groups: all.map((g) => ({ member_group_id: g.id, ko_name: g.koName, en_name: g.enName, is_available: !denied.has(`${m.id}:${g.id}`) })),
          };
        }),
      };
    },
    /**
     * Allows or denies a group a model. Unlimited (low-cost) models stay available to everyone
     * (spec §5). The access table's trigger drops every process's cached profiles, so the next chat
     * of a member of the group already answers 403.
     */
    async setGroupAccess(ctx: MemberContext, modelId: number, groupId: number, isAvailable: boolean): Promise<void> {
      const model = await findModel(db, ctx.tenantId, modelId);
      if (!model) throw new AppError('model_not_found');
      if (!(await groups.all(ctx.tenantId)).some((g) => g.id === groupId)) throw new AppError('group_not_found');
      if (model.isLowLlm && !isAvailable) throw new AppError('unlimited_model_locked');
      await upsertAccess(db, ctx.tenantId, modelId, groupId, isAvailable);
      caches.invalidate(ctx.tenantId);
    },
  };
}
export type LlmModelsService = ReturnType<typeof createLlmModelsService>;

/** Adds the catalogue models a tenant lacks; never edits existing rows. Returns the rows added. */
export async function provisionModels(tx: Executor, tenantId: number, catalog: CatalogModel[]): Promise<LlmModelRow[]> {
  const added: LlmModelRow[] = [];
  for (const m of catalog) {
    if (await findModelByName(tx, tenantId, m.provider, m.modelName)) continue;
    added.push(
      await insertModel(tx, tenantId, {
        provider: m.provider,
        modelName: m.modelName,
        displayName: m.displayName,
        contextLimit: m.contextLimit,
        inputCostE4: costToE4(m.inputCost),
        outputCostE4: costToE4(m.outputCost),
        isLowLlm: m.isLowLlm,
        releaseDate: m.releaseDate,
        supportsVision: m.supportsVision,
        supportsThinking: m.supportsThinking,
        supportsWebSearch: m.supportsWebSearch,
        supportsImageGeneration: m.supportsImageGeneration,
        imageCostE4: costToE4(m.imageCost),
      }),
    );
  }
  return added;
}
