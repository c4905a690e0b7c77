import type { Chatbot, ChatbotList, listChatbotsQuery, UpdateChatbotBody } from '@app/contracts/chatbots';
import type { PublicChatbot } from '@app/contracts/public';
import type { z } from 'zod';
import type { Executor, WritePart } from '../../db/client';
import type { MemberContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { pagination } from '../../platform/pagination';
import { newHashId } from '../../platform/tokens';
import type { IncomingFile } from '../files/files.service';
import { deniedModelIds, type LlmModelRow } from '../llm-models/llm-models.service';
import { chatColumns, countAnswersCall, deleteRelation, findCategoriesOf, findChatbotFull, findChatbotIdByHash, findImageByHash, insertChatbot, listVisibleChatbots, touchRelation } from './chatbots.repo';
import { addDocuments, createChatbot, removeChatbot, removeDocument, setImage, updateOwnChatbot } from './chatbots.edit';
import {
  type ChatbotsCore,
  type ChatbotsServiceDeps,
  type ChatChatbot,
  chatView,
  type DocumentFiles,
  type ImageProcessor,
  lookup,
  named,
  openForChat,
  ownFull,
  present,
  toChatbot,
  versionFor,
} from './chatbots.view';

export { chatColumns };
export type { ChatbotsServiceDeps, ChatChatbot, DocumentFiles, ImageProcessor };

/** The chatbots the member may open and chat with: those of models they may not use are left out (issue 21). */
async function listChatbots(core: ChatbotsCore, ctx: MemberContext, q: z.output<typeof listChatbotsQuery>): Promise<ChatbotList> {
  if (q.member_id !== undefined && q.member_id !== ctx.member.id) throw new AppError('forbidden');
  const profile = await core.models.profileOf(ctx);
  const { rows, total } = await listVisibleChatbots(core.db, ctx.tenantId, {
    memberId: ctx.member.id,
    groupIds: profile.groupIds,
    deniedModelIds: deniedModelIds(profile),
    includeDefault: q.include_default,
    includeHidden: q.include_hidden,
    searchTerm: q.search_term || undefined,
    categoryId: q.category_id,
    isPublic: q.is_public,
    waitingPublish: q.waiting_publish,
    creatorId: q.creator_id,
    recentOf: q.member_id,
    orderBy: q.order_by,
    page: q.page,
    size: q.size,
  });
  const cats = await findCategoriesOf(core.db, ctx.tenantId, rows.map((r) => r.chatbot.id));
  return {
    items: rows.map((r) => toChatbot({ ...r, own: r.chatbot.creatorId === ctx.member.id }, profile, cats)),
    pagination: pagination(q.page, q.size, total),
  };
}

async function getChatbot(core: ChatbotsCore, ctx: MemberContext, id: number): Promise<Chatbot> {
  const row = await findChatbotFull(core.db, ctx.tenantId, id);
  if (!row) throw new AppError('chatbot_unavailable');
  const { groupIds } = await core.models.profileOf(ctx);
  const version = versionFor(ctx.member.id, groupIds, row.chatbot, row.groupIds, row.release !== null);
  if (!version) throw new AppError('chatbot_unavailable');
  return present(core, ctx, row, row.chatbot.creatorId === ctx.member.id && !row.chatbot.isDefault);
}

/** A chatbot the member may use, by its `hash_id` (the developer API's model id), or `chatbot_unavailable`. */
async function usableByHash(core: ChatbotsCore, ctx: MemberContext, hash: string): Promise<number> {
  const found = await core.caches.through(core.idsByHash, ctx.tenantId, hash, async () => {
    const id = await findChatbotIdByHash(core.db, ctx.tenantId, hash);
    return id === undefined ? undefined : { id };
  });
  if (!found) throw new AppError('chatbot_unavailable');
  await openForChat(core, ctx, found.id);
  return found.id;
}

/** A visitor's chat: the approved version of a public chatbot and its creator, or `chatbot_unavailable`. */
async function forVisitor(core: ChatbotsCore, tenantId: number, id: number): Promise<{ chatbot: ChatChatbot; model: LlmModelRow; creatorId: number }> {
  const found = await lookup(core, tenantId, id);
  const c = found?.chatbot;
  if (!found || !c || c.deletedAt !== null || !c.isPublic || !found.release || c.creatorId === null) throw new AppError('chatbot_unavailable');
  return { ...chatView(found, 'release'), creatorId: c.creatorId };
}

/** `GET /public/chatbots/{hash}/`: a public chatbot's approved version, for anyone. */
async function publicByHash(core: ChatbotsCore, tenantId: number, hash: string): Promise<PublicChatbot> {
  const id = await findChatbotIdByHash(core.db, tenantId, hash);
  const row = id === undefined ? undefined : await findChatbotFull(core.db, tenantId, id);
  const r = row?.release;
  if (!row || !r || !row.releaseModel || row.chatbot.deletedAt !== null || !row.chatbot.isPublic) throw new AppError('chatbot_unavailable');
  const cats = await findCategoriesOf(core.db, tenantId, [row.chatbot.id]);
  return {
    id: row.chatbot.id,
    hash_id: row.chatbot.hashId,
    ko_name: r.koName,
    en_name: r.enName,
    profile_image_url: r.profileImageUrl,
    ko_key_features: r.koKeyFeatures,
    en_key_features: r.enKeyFeatures,
    llm_model: { display_name: row.releaseModel.displayName, supports_thinking: row.releaseModel.supportsThinking, supports_web_search: row.releaseModel.supportsWebSearch },
    categories: cats.map(named),
  };
}

/** `POST /chatbots/{id}/check-public-hash/`: whether a public link's hash is this public chatbot's. */
async function checkPublicHash(core: ChatbotsCore, tenantId: number, id: number, hash: string): Promise<{ valid: boolean }> {
  const found = await lookup(core, tenantId, id);
  if (!found || found.chatbot.deletedAt !== null) throw new AppError('chatbot_unavailable');
  const byHash = await findChatbotIdByHash(core.db, tenantId, hash);
  return { valid: byHash === id && found.chatbot.isPublic && found.release !== null };
}

/** A chatbot's name and link for a shared session's page. */
async function sharedView(core: ChatbotsCore, tenantId: number, id: number) {
  const row = await findChatbotFull(core.db, tenantId, id);
  if (!row) return null;
  const c = row.chatbot;
  const live = c.deletedAt === null && c.isPublic && row.release !== null;
  const shown = live && row.release ? row.release : c;
  return { id: c.id, ko_name: shown.koName, en_name: shown.enName, profile_image_url: c.deletedAt === null ? shown.profileImageUrl : null, public_hash_id: live ? c.hashId : null };
}

export function createChatbotsService(deps: ChatbotsServiceDeps) {
  const core: ChatbotsCore = { ...deps, db: deps.database.db, forChat: deps.caches.scoped(), idsByHash: deps.caches.scoped() };
  const { db } = core;
  return {
    list: (ctx: MemberContext, q: z.output<typeof listChatbotsQuery>) => listChatbots(core, ctx, q),
    get: (ctx: MemberContext, id: number) => getChatbot(core, ctx, id),
    create: (ctx: MemberContext) => createChatbot(core, ctx),
    update: (ctx: MemberContext, id: number, body: UpdateChatbotBody) => updateOwnChatbot(core, ctx, id, body),
    remove: (ctx: MemberContext, id: number) => removeChatbot(core, ctx, id),
    /** 404 / 403 unless the chatbot is the member's own: checked before an upload is read. */
    async assertOwn(ctx: MemberContext, id: number): Promise<void> {
      await ownFull(core, ctx, id);
    },
    setImage: (ctx: MemberContext, id: number, upload: { bytes: Buffer }) => setImage(core, ctx, id, upload),
    addDocuments: (ctx: MemberContext, id: number, incoming: AsyncIterable<IncomingFile>) => addDocuments(core, ctx, id, incoming),
    removeDocument: (ctx: MemberContext, id: number, documentId: number) => removeDocument(core, ctx, id, documentId),
    /** Recently used (spec §9): a chatbot the member may use. */
    async markUsed(ctx: MemberContext, id: number): Promise<void> {
      await openForChat(core, ctx, id);
      await touchRelation(db, ctx.tenantId, ctx.member.id, id);
    },
    async forgetUsed(ctx: MemberContext, id: number): Promise<void> {
      // A chatbot no longer usable can still leave the list; one of no tenant's never was in it.
      if (!(await lookup(core, ctx.tenantId, id))) throw new AppError('chatbot_unavailable');
      await deleteRelation(db, ctx.tenantId, ctx.member.id, id);
    },
    /** Throws `chatbot_unavailable` unless the member may open the chatbot (the chat's cached lookup). */
    async assertVisible(ctx: MemberContext, id: number): Promise<void> {
      await openForChat(core, ctx, id);
    },
    /** The chatbot and its model for a chat (cached), or `chatbot_unavailable`. */
    forChat: (ctx: MemberContext, id: number) => openForChat(core, ctx, id),
    usableByHash: (ctx: MemberContext, hash: string) => usableByHash(core, ctx, hash),
    forVisitor: (tenantId: number, id: number) => forVisitor(core, tenantId, id),
    publicByHash: (tenantId: number, hash: string) => publicByHash(core, tenantId, hash),
    checkPublicHash: (tenantId: number, id: number, hash: string) => checkPublicHash(core, tenantId, id, hash),
    sharedView: (tenantId: number, id: number) => sharedView(core, tenantId, id),
    /** A profile image's bytes by its hash (public; hashes are global and unguessable). */
    async image(hash: string) {
      const row = await findImageByHash(deps.database.owner, hash);
      if (!row) throw new AppError('not_found');
      return row;
    },
    /**
     * The chatbots' share of closing answers (message and token counts, this month's, last chat), run
     * by chat with the answers' other writes as one unit (decision 020).
     */
    countAnswersPart(tenantId: number, answers: Array<{ chatbotId: number; tokens: number }>): WritePart<void> {
      return { call: countAnswersCall(tenantId, answers.map((a) => ({ id: a.chatbotId, n: 1, t: a.tokens }))), read: () => undefined };
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
