import type { Chatbot, ChatbotList, listChatbotsQuery } from '@app/contracts/chatbots';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { MemberContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { pagination } from '../../platform/pagination';
import type { LlmModelRow } from '../llm-models/llm-models.repo';
import { usableModelIds } from '../llm-models/llm-models.service';
import { type ChatbotRow, findCategoriesOf, findChatbotWithModel, listVisibleChatbots } from './chatbots.repo';

type Categories = Awaited<ReturnType<typeof findCategoriesOf>>;

function toChatbot(c: ChatbotRow, m: LlmModelRow, usable: Set<number>, cats: Categories): Chatbot {
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
      is_available: usable.has(m.id),
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

/** A chatbot the member may open: not deleted, and default, their own or public. */
export function canSee(ctx: MemberContext, c: ChatbotRow): boolean {
  return c.deletedAt === null && (c.isDefault || c.isPublic || c.creatorId === ctx.member.id);
}

export function createChatbotsService(db: Db) {
  return {
    async list(ctx: MemberContext, q: z.output<typeof listChatbotsQuery>): Promise<ChatbotList> {
      const { rows, total } = await listVisibleChatbots(db, ctx.tenantId, {
        memberId: ctx.member.id,
        includeDefault: q.include_default,
        searchTerm: q.search_term || undefined,
        categoryId: q.category_id,
        isPublic: q.is_public,
        creatorId: q.creator_id,
        orderBy: q.order_by,
        page: q.page,
        size: q.size,
      });
      const [usable, cats] = await Promise.all([
        usableModelIds(db, ctx),
        findCategoriesOf(db, ctx.tenantId, rows.map((r) => r.chatbot.id)),
      ]);
      return { items: rows.map((r) => toChatbot(r.chatbot, r.model, usable, cats)), pagination: pagination(q.page, q.size, total) };
    },
    async get(ctx: MemberContext, id: number): Promise<Chatbot> {
      const row = await findChatbotWithModel(db, ctx.tenantId, id);
      if (!row || !canSee(ctx, row.chatbot)) throw notFound('This chatbot is unavailable');
      const [usable, cats] = await Promise.all([usableModelIds(db, ctx), findCategoriesOf(db, ctx.tenantId, [id])]);
      return toChatbot(row.chatbot, row.model, usable, cats);
    },
  };
}
export type ChatbotsService = ReturnType<typeof createChatbotsService>;
