import type { Chatbot, ChatbotList, listChatbotsQuery } from '@app/contracts/chatbots';
import type { z } from 'zod';
import type { Database, Executor, WritePart } from '../../db/client';
import type { CacheHub } from '../../platform/cache';
import type { MemberContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { pagination } from '../../platform/pagination';
import { newHashId } from '../../platform/tokens';
import { type AccessProfile, deniedModelIds, isUsable, type LlmModelRow, type LlmModelsService } from '../llm-models/llm-models.service';
export { chatColumns };
import { type ChatbotRow, chatColumns, countAnswersCall, findCategoriesOf, findChatbotForChat, findChatbotWithModel, insertChatbot, listVisibleChatbots } from './chatbots.repo';

type Categories = Awaited<ReturnType<typeof findCategoriesOf>>;

/** A chatbot as a chat reads it: the columns of `chatColumns`. */
export type ChatChatbot = { [K in keyof typeof chatColumns]: ChatbotRow[K] };

function toChatbot(c: ChatbotRow, m: LlmModelRow, profile: AccessProfile, cats: Categories): Chatbot {
  return {
    id: c.id,
    hash_id: c.hashId,
    ko_name: c.koName,
    en_name: c.enName,
    profile_image_url: c.profileImageUrl,
    ko_key_features: c.koKeyFeatures,
    en_key_features: c.enKeyFeatures,
    system_instructions: c.systemInstructions,
    temperature: c.temperature,
    top_p: c.topP,
    is_public: c.isPublic,
    is_default: c.isDefault,
    waiting_publish: c.waitingPublish,
    creator_id: c.creatorId,
    llm_model: {
      id: m.id,
      display_name: m.displayName,
      provider: m.provider,
      is_available: isUsable(m, profile),
      is_low_llm: m.isLowLlm,
      supports_thinking: m.supportsThinking,
      supports_web_search: m.supportsWebSearch,
      context_limit: m.contextLimit,
    },
    categories: cats.filter((x) => x.chatbotId === c.id).map((x) => ({ id: x.id, ko_name: x.koName, en_name: x.enName })),
    message_count: c.messageCount,
    last_chat_at: c.lastChatAt?.toISOString() ?? null,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

/** THE visibility rule: a chatbot the member may open is not deleted, and default, their own or public. */
function canSee(ctx: MemberContext, c: Pick<ChatbotRow, 'deletedAt' | 'isDefault' | 'isPublic' | 'creatorId'>): boolean {
  return c.deletedAt === null && (c.isDefault || c.isPublic || c.creatorId === ctx.member.id);
}

export function createChatbotsService(database: Database, caches: CacheHub, models: Pick<LlmModelsService, 'profileOf'>) {
  const { db } = database;
  // Per-process, per tenant and chatbot; dropped by the chatbots and models triggers (decision 009).
  const forChat = caches.scoped<{ chatbot: ChatChatbot; model: LlmModelRow }>();

  async function openForChat(ctx: MemberContext, id: number): Promise<{ chatbot: ChatChatbot; model: LlmModelRow }> {
    const found = await caches.through(forChat, ctx.tenantId, String(id), () => findChatbotForChat(db, ctx.tenantId, id));
    if (!found || !canSee(ctx, found.chatbot)) throw new AppError('chatbot_unavailable');
    return found;
  }

  return {
    /** The chatbots the member may open and chat with: those of models they may not use are left out (issue 21). */
    async list(ctx: MemberContext, q: z.output<typeof listChatbotsQuery>): Promise<ChatbotList> {
      const profile = await models.profileOf(ctx);
      const { rows, total } = await listVisibleChatbots(db, ctx.tenantId, {
        memberId: ctx.member.id,
        deniedModelIds: deniedModelIds(profile),
        includeDefault: q.include_default,
        searchTerm: q.search_term || undefined,
        categoryId: q.category_id,
        isPublic: q.is_public,
        creatorId: q.creator_id,
        orderBy: q.order_by,
        page: q.page,
        size: q.size,
      });
      const cats = await findCategoriesOf(db, ctx.tenantId, rows.map((r) => r.chatbot.id));
      return { items: rows.map((r) => toChatbot(r.chatbot, r.model, profile, cats)), pagination: pagination(q.page, q.size, total) };
    },
    async get(ctx: MemberContext, id: number): Promise<Chatbot> {
      const row = await findChatbotWithModel(db, ctx.tenantId, id);
      if (!row || !canSee(ctx, row.chatbot)) throw new AppError('chatbot_unavailable');
      const [profile, cats] = await Promise.all([models.profileOf(ctx), findCategoriesOf(db, ctx.tenantId, [id])]);
      return toChatbot(row.chatbot, row.model, profile, cats);
    },
    /** Throws `chatbot_unavailable` unless the member may open the chatbot (the chat's cached lookup). */
    async assertVisible(ctx: MemberContext, id: number): Promise<void> {
      await openForChat(ctx, id);
    },
    /** The chatbot and its model for a chat (cached), or `chatbot_unavailable`. */
    forChat: openForChat,
    /**
     * The chatbots' share of closing answers (message count, last chat), run by chat with the
     * answers' other writes as one unit (decision 020).
     */
    countAnswersPart(tenantId: number, chatbotIds: number[]): WritePart<void> {
      return { call: countAnswersCall(tenantId, chatbotIds.map((id) => ({ id, n: 1 }))), read: () => undefined };
    },
  };
}
export type ChatbotsService = ReturnType<typeof createChatbotsService>;

/** A model's default chatbot, inside a tenant's creation or model sync (tenants.service). */
export function provisionDefaultChatbot(tx: Executor, tenantId: number, model: Pick<LlmModelRow, 'id' | 'displayName'>) {
  return insertChatbot(tx, tenantId, {
    hashId: newHashId(12),
    llmModelId: model.id,
    koName: model.displayName,
    enName: model.displayName,
    koKeyFeatures: `${model.displayName} 모델과 바로 대화합니다.`,
    enKeyFeatures: `Chat directly with ${model.displayName}.`,
    isDefault: true,
    isPublic: false,
  });
}
