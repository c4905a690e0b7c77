import type { Chatbot, ChatbotDocument, ChatbotDocuments, ChatbotList, listChatbotsQuery, PublishStatus, UpdateChatbotBody } from '@app/contracts/chatbots';
import { CHATBOT_DEFAULTS, CHATBOT_LIMITS } from '@app/contracts/chatbots';
import type { PublicChatbot } from '@app/contracts/public';
import type { z } from 'zod';
import type { Database, Executor, WritePart } from '../../db/client';
import type { CacheHub } from '../../platform/cache';
import type { MemberContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { pagination } from '../../platform/pagination';
import { newHashId } from '../../platform/tokens';
import type { FilesService, IncomingFile } from '../files/files.service';
import { type AccessProfile, deniedModelIds, isUsable, type LlmModelRow, type LlmModelsService } from '../llm-models/llm-models.service';
import {
  type ChatbotFull,
  type ChatbotRow,
  chatColumns,
  countAnswersCall,
  countCategories,
  deleteDocument,
  deleteRelation,
  type DocumentRow,
  findCategoriesOf,
  findChatbotForChat,
  findChatbotFull,
  findChatbotIdByHash,
  findGroupsOf,
  findImageByHash,
  findRequestedGroups,
  insertChatbot,
  insertDocuments,
  insertImage,
  listDocuments,
  listVisibleChatbots,
  type ReleaseRow,
  replaceCategories,
  touchRelation,
  updateChatbot,
} from './chatbots.repo';
import { monthKey, publishStatus, releaseDiffers } from './chatbots.rules';

export { chatColumns };
type Categories = Awaited<ReturnType<typeof findCategoriesOf>>;
type Groups = Awaited<ReturnType<typeof findGroupsOf>>;

/** A chatbot as a chat reads it: the columns of `chatColumns`. */
export type ChatChatbot = { [K in keyof typeof chatColumns]: ChatbotRow[K] };
type ChatLookup = NonNullable<Awaited<ReturnType<typeof findChatbotForChat>>>;

/** The chatbot a viewer gets: the creator (and everyone, for default chatbots) the draft; others the approved version. */
interface ViewOf {
  chatbot: ChatbotRow;
  model: LlmModelRow;
  release: ReleaseRow | null;
  releaseModel: LlmModelRow | null;
  /** The creator's view: draft, groups, documents, feedback. */
  own: boolean;
}

function toModel(m: LlmModelRow, profile: AccessProfile | null): Chatbot['llm_model'] {
  return {
    id: m.id,
    display_name: m.displayName,
    provider: m.provider,
    is_available: profile ? isUsable(m, profile) : m.isEnabled,
    is_low_llm: m.isLowLlm,
    supports_thinking: m.supportsThinking,
    supports_web_search: m.supportsWebSearch,
    context_limit: m.contextLimit,
  };
}

const named = (g: { id: number; koName: string; enName: string }) => ({ id: g.id, ko_name: g.koName, en_name: g.enName });
const toDocument = (d: DocumentRow) => ({
  id: d.id,
  name: d.name,
  content_type: d.contentType,
  size: d.size,
  created_at: d.createdAt.toISOString(),
  status: (d.status as ChatbotDocument['status']) ?? null,
  page_count: d.fileId === null ? null : d.pageCount,
  note: d.note,
});

/** What the documents need of the files module: a document is an uploaded file, parsed and chunked there. */
export type DocumentFiles = Pick<FilesService, 'ingestDocument' | 'discard'>;

function toChatbot(v: ViewOf, profile: AccessProfile | null, cats: Categories, extra: { groups?: Groups; documents?: DocumentRow[] } = {}): Chatbot {
  const c = v.chatbot;
  // Others see what an admin approved; the creator sees (and edits) the draft.
  const shown = !v.own && v.release && v.releaseModel ? { ...v.release, model: v.releaseModel } : { ...c, model: v.model };
  const month = c.monthKey === monthKey() ? { m: c.monthMessageCount, t: c.monthTokenCount } : { m: 0, t: 0 };
  return {
    id: c.id,
    hash_id: c.hashId,
    ko_name: shown.koName,
    en_name: shown.enName,
    profile_image_url: shown.profileImageUrl,
    ko_key_features: shown.koKeyFeatures,
    en_key_features: shown.enKeyFeatures,
    // A chatbot's instructions are its creator's work: others do not read them.
    system_instructions: v.own || c.isDefault ? shown.systemInstructions : '',
    temperature: shown.temperature,
    top_p: shown.topP,
    tools: shown.tools as Chatbot['tools'],
    max_tool_steps: shown.maxToolSteps,
    is_public: c.isPublic,
    is_default: c.isDefault,
    waiting_publish: c.waitingPublish,
    is_hidden: c.isHidden,
    publish_status: v.own ? publishStatus(c) : c.isPublic ? 'public' : ('private' satisfies PublishStatus),
    publish_feedback: v.own && c.publishRejected ? c.publishFeedback : null,
    has_unreleased_changes: v.own && c.isPublic && v.release !== null && releaseDiffers(c, v.release),
    creator_id: c.creatorId,
    llm_model: toModel(shown.model, profile),
    categories: cats.filter((x) => x.chatbotId === c.id).map(named),
    member_groups: v.own ? (extra.groups ?? []).map(named) : [],
    documents: v.own ? (extra.documents ?? []).map(toDocument) : [],
    message_count: c.messageCount,
    token_count: c.tokenCount,
    month_message_count: month.m,
    month_token_count: month.t,
    last_chat_at: c.lastChatAt?.toISOString() ?? null,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

/**
 * THE visibility rule (spec §6): a member may use a chatbot that is not deleted and is default,
 * their own, or public and allowed for one of their groups. Returns which version they get.
 */
function versionFor(memberId: number, groupIds: readonly number[], c: Pick<ChatbotRow, 'deletedAt' | 'isDefault' | 'isPublic' | 'creatorId'>, chatbotGroups: readonly number[], hasRelease: boolean): 'draft' | 'release' | null {
  if (c.deletedAt !== null) return null;
  if (c.isDefault || c.creatorId === memberId) return 'draft';
  if (c.isPublic && hasRelease && chatbotGroups.some((g) => groupIds.includes(g))) return 'release';
  return null;
}

/** What the chatbots module needs to check a profile image (sharp, in chatbots.images.ts). */
export interface ImageProcessor {
  toSquare(bytes: Buffer): Promise<{ bytes: Buffer; contentType: string }>;
}

export function createChatbotsService(database: Database, caches: CacheHub, models: Pick<LlmModelsService, 'profileOf' | 'list'>, images: ImageProcessor, documentFiles?: DocumentFiles) {
  const { db } = database;
  // Per-process, per tenant and chatbot; dropped by the chatbots, releases and groups triggers (decision 009).
  const forChat = caches.scoped<ChatLookup>();
  const idsByHash = caches.scoped<{ id: number }>();
  const lookup = (tenantId: number, id: number) => caches.through(forChat, tenantId, String(id), () => findChatbotForChat(db, tenantId, id));

  /** The chat's view of a looked-up chatbot: the version the chat uses, with that version's model. */
  function chatView(found: ChatLookup, version: 'draft' | 'release'): { chatbot: ChatChatbot; model: LlmModelRow } {
    if (version === 'draft' || !found.release || !found.releaseModel) return { chatbot: found.chatbot, model: found.model };
    const r = found.release;
    return {
      chatbot: { ...found.chatbot, llmModelId: r.llmModelId, systemInstructions: r.systemInstructions, temperature: r.temperature, topP: r.topP, tools: r.tools, maxToolSteps: r.maxToolSteps },
      model: found.releaseModel,
    };
  }

  async function openForChat(ctx: MemberContext, id: number): Promise<{ chatbot: ChatChatbot; model: LlmModelRow }> {
    const found = await lookup(ctx.tenantId, id);
    if (!found) throw new AppError('chatbot_unavailable');
    const { groupIds } = await models.profileOf(ctx);
    const version = versionFor(ctx.member.id, groupIds, found.chatbot, found.groupIds, found.release !== null);
    if (!version) throw new AppError('chatbot_unavailable');
    return chatView(found, version);
  }

  /** The member's own chatbot for a change: 404 when missing or deleted, 403 when another member's. */
  async function ownFull(ctx: MemberContext, id: number): Promise<ChatbotFull> {
    const row = await findChatbotFull(db, ctx.tenantId, id);
    if (!row || row.chatbot.deletedAt !== null) throw new AppError('chatbot_unavailable');
    if (row.chatbot.isDefault || row.chatbot.creatorId !== ctx.member.id) throw new AppError('forbidden');
    return row;
  }

  async function present(ctx: MemberContext, row: ChatbotFull, own: boolean): Promise<Chatbot> {
    const id = row.chatbot.id;
    const [profile, cats, groups, documents] = await Promise.all([
      models.profileOf(ctx),
      findCategoriesOf(db, ctx.tenantId, [id]),
      // Public: the groups that may use it; otherwise the groups its latest request asked for.
      own ? (row.chatbot.isPublic ? findGroupsOf(db, ctx.tenantId, id) : findRequestedGroups(db, ctx.tenantId, id)) : Promise.resolve([]),
      own ? listDocuments(db, ctx.tenantId, id) : Promise.resolve([]),
    ]);
    return toChatbot({ ...row, own }, profile, cats, { groups, documents });
  }

  const presentOwn = async (ctx: MemberContext, id: number) => present(ctx, (await findChatbotFull(db, ctx.tenantId, id))!, true);

  return {
    /** The chatbots the member may open and chat with: those of models they may not use are left out (issue 21). */
    async list(ctx: MemberContext, q: z.output<typeof listChatbotsQuery>): Promise<ChatbotList> {
      if (q.member_id !== undefined && q.member_id !== ctx.member.id) throw new AppError('forbidden');
      const profile = await models.profileOf(ctx);
      const { rows, total } = await listVisibleChatbots(db, ctx.tenantId, {
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
      const cats = await findCategoriesOf(db, ctx.tenantId, rows.map((r) => r.chatbot.id));
      return {
        items: rows.map((r) => toChatbot({ ...r, own: r.chatbot.creatorId === ctx.member.id }, profile, cats)),
        pagination: pagination(q.page, q.size, total),
      };
    },

    async get(ctx: MemberContext, id: number): Promise<Chatbot> {
      const row = await findChatbotFull(db, ctx.tenantId, id);
      if (!row) throw new AppError('chatbot_unavailable');
      const { groupIds } = await models.profileOf(ctx);
      const version = versionFor(ctx.member.id, groupIds, row.chatbot, row.groupIds, row.release !== null);
      if (!version) throw new AppError('chatbot_unavailable');
      return present(ctx, row, row.chatbot.creatorId === ctx.member.id && !row.chatbot.isDefault);
    },

    /** `POST /chatbots/`: an empty private draft on the first model the member may use (spec §9 defaults). */
    async create(ctx: MemberContext): Promise<Chatbot> {
      const usable = (await models.list(ctx)).items.filter((m) => m.is_available);
      const model = usable.find((m) => m.provider !== 'offline') ?? usable[0];
      if (!model) throw new AppError('model_not_allowed');
      const row = await insertChatbot(db, ctx.tenantId, {
        hashId: newHashId(12),
        creatorId: ctx.member.id,
        llmModelId: model.id,
        koName: '',
        enName: '',
        temperature: CHATBOT_DEFAULTS.temperature,
        topP: CHATBOT_DEFAULTS.top_p,
      });
      return presentOwn(ctx, row.id);
    },

    async update(ctx: MemberContext, id: number, body: UpdateChatbotBody): Promise<Chatbot> {
      const { chatbot } = await ownFull(ctx, id);
      if (body.is_hidden === true && (chatbot.isPublic || chatbot.waitingPublish)) {
        throw new AppError('validation_error', 'Only a private chatbot can be hidden');
      }
      if (body.llm_model_id !== undefined && body.llm_model_id !== chatbot.llmModelId) {
        const m = (await models.list(ctx)).items.find((x) => x.id === body.llm_model_id);
        if (!m) throw new AppError('model_not_found');
        if (!m.is_available) throw new AppError('model_not_allowed');
      }
      const categoryIds = body.category_ids ? [...new Set(body.category_ids)] : undefined;
      if (categoryIds && (await countCategories(db, ctx.tenantId, categoryIds)) !== categoryIds.length) {
        throw new AppError('validation_error', 'Choose existing categories');
      }
      await db.transaction(async (tx) => {
        await updateChatbot(tx, ctx.tenantId, id, {
          koName: body.ko_name,
          enName: body.en_name,
          koKeyFeatures: body.ko_key_features,
          enKeyFeatures: body.en_key_features,
          systemInstructions: body.system_instructions,
          llmModelId: body.llm_model_id,
          temperature: body.temperature,
          topP: body.top_p,
          tools: body.tools,
          maxToolSteps: body.max_tool_steps,
          isHidden: body.is_hidden,
        });
        if (categoryIds) await replaceCategories(tx, ctx.tenantId, id, categoryIds);
      });
      return presentOwn(ctx, id);
    },

    /**
     * Soft delete: the chatbot leaves every list, its public link and the store (its sessions stay
     * readable by their owners' history until deleted). Its knowledge documents go for good: rows,
     * files, text, chunks and stored objects (nothing can retrieve them any more).
     */
    async remove(ctx: MemberContext, id: number): Promise<void> {
      await ownFull(ctx, id);
      await updateChatbot(db, ctx.tenantId, id, { deletedAt: new Date(), isPublic: false, waitingPublish: false });
      for (const doc of await listDocuments(db, ctx.tenantId, id)) {
        const removed = await deleteDocument(db, ctx.tenantId, id, doc.id);
        if (removed && removed.fileId !== null && documentFiles) await documentFiles.discard(ctx, removed.fileId);
      }
    },

    /** 404 / 403 unless the chatbot is the member's own: checked before an upload is read. */
    async assertOwn(ctx: MemberContext, id: number): Promise<void> {
      await ownFull(ctx, id);
    },

    async setImage(ctx: MemberContext, id: number, upload: { bytes: Buffer }): Promise<Chatbot> {
      await ownFull(ctx, id);
      const image = await images.toSquare(upload.bytes);
      const hashId = newHashId(16);
      await db.transaction(async (tx) => {
        await insertImage(tx, ctx.tenantId, { hashId, chatbotId: id, ...image });
        await updateChatbot(tx, ctx.tenantId, id, { profileImageUrl: `/api/public/chatbot-images/${hashId}` });
      });
      return presentOwn(ctx, id);
    },

    /**
     * Knowledge documents, streamed one by one to the files module (checked by their bytes, stored,
     * then parsed, chunked and indexed in the background; the list shows each one's status). One
     * refused file refuses the upload: the documents before it in the same upload go too.
     */
    async addDocuments(ctx: MemberContext, id: number, incoming: AsyncIterable<IncomingFile>): Promise<ChatbotDocuments> {
      if (!documentFiles) throw new AppError('internal_error');
      await ownFull(ctx, id);
      const existing = (await listDocuments(db, ctx.tenantId, id)).length;
      const added: Array<{ name: string; contentType: string; size: number; fileId: number }> = [];
      try {
        for await (const file of incoming) {
          if (existing + added.length >= CHATBOT_LIMITS.documentsMax) {
            file.stream.resume();
            throw new AppError('too_many_documents', undefined, { max: CHATBOT_LIMITS.documentsMax });
          }
          const row = await documentFiles.ingestDocument(ctx, id, file, CHATBOT_LIMITS.documentMaxBytes);
          added.push({ name: row.name, contentType: row.contentType, size: row.size, fileId: row.id });
        }
        if (added.length === 0) throw new AppError('bad_request', 'No file in the upload');
        await insertDocuments(db, ctx.tenantId, id, added);
      } catch (err) {
        for (const a of added) await documentFiles.discard(ctx, a.fileId);
        throw err;
      }
      return { items: (await listDocuments(db, ctx.tenantId, id)).map(toDocument) };
    },

    async removeDocument(ctx: MemberContext, id: number, documentId: number): Promise<void> {
      await ownFull(ctx, id);
      const removed = await deleteDocument(db, ctx.tenantId, id, documentId);
      if (!removed) throw new AppError('document_not_found');
      // The file goes with its text and chunks: the chatbot no longer finds anything of it.
      if (removed.fileId !== null && documentFiles) await documentFiles.discard(ctx, removed.fileId);
    },

    /** Recently used (spec §9): a chatbot the member may use. */
    async markUsed(ctx: MemberContext, id: number): Promise<void> {
      await openForChat(ctx, id);
      await touchRelation(db, ctx.tenantId, ctx.member.id, id);
    },
    async forgetUsed(ctx: MemberContext, id: number): Promise<void> {
      // A chatbot no longer usable can still leave the list; one of no tenant's never was in it.
      if (!(await lookup(ctx.tenantId, id))) throw new AppError('chatbot_unavailable');
      await deleteRelation(db, ctx.tenantId, ctx.member.id, id);
    },

    /** Throws `chatbot_unavailable` unless the member may open the chatbot (the chat's cached lookup). */
    async assertVisible(ctx: MemberContext, id: number): Promise<void> {
      await openForChat(ctx, id);
    },
    /** The chatbot and its model for a chat (cached), or `chatbot_unavailable`. */
    forChat: openForChat,

    /** A chatbot the member may use, by its `hash_id` (the developer API's model id), or `chatbot_unavailable`. */
    async usableByHash(ctx: MemberContext, hash: string): Promise<number> {
      const found = await caches.through(idsByHash, ctx.tenantId, hash, async () => {
        const id = await findChatbotIdByHash(db, ctx.tenantId, hash);
        return id === undefined ? undefined : { id };
      });
      if (!found) throw new AppError('chatbot_unavailable');
      await openForChat(ctx, found.id);
      return found.id;
    },

    /** A visitor's chat: the approved version of a public chatbot and its creator, or `chatbot_unavailable`. */
    async forVisitor(tenantId: number, id: number): Promise<{ chatbot: ChatChatbot; model: LlmModelRow; creatorId: number }> {
      const found = await lookup(tenantId, id);
      const c = found?.chatbot;
      if (!found || !c || c.deletedAt !== null || !c.isPublic || !found.release || c.creatorId === null) throw new AppError('chatbot_unavailable');
      return { ...chatView(found, 'release'), creatorId: c.creatorId };
    },

    /** `GET /public/chatbots/{hash}/`: a public chatbot's approved version, for anyone. */
    async publicByHash(tenantId: number, hash: string): Promise<PublicChatbot> {
      const id = await findChatbotIdByHash(db, tenantId, hash);
      const row = id === undefined ? undefined : await findChatbotFull(db, tenantId, id);
      const r = row?.release;
      if (!row || !r || !row.releaseModel || row.chatbot.deletedAt !== null || !row.chatbot.isPublic) throw new AppError('chatbot_unavailable');
      const cats = await findCategoriesOf(db, tenantId, [row.chatbot.id]);
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
    },

    /** `POST /chatbots/{id}/check-public-hash/`: whether a public link's hash is this public chatbot's. */
    async checkPublicHash(tenantId: number, id: number, hash: string): Promise<{ valid: boolean }> {
      const found = await lookup(tenantId, id);
      if (!found || found.chatbot.deletedAt !== null) throw new AppError('chatbot_unavailable');
      const byHash = await findChatbotIdByHash(db, tenantId, hash);
      return { valid: byHash === id && found.chatbot.isPublic && found.release !== null };
    },

    /** A chatbot's name and link for a shared session's page. */
    async sharedView(tenantId: number, id: number) {
      const row = await findChatbotFull(db, tenantId, id);
      if (!row) return null;
      const c = row.chatbot;
      const live = c.deletedAt === null && c.isPublic && row.release !== null;
      const shown = live && row.release ? row.release : c;
      return { id: c.id, ko_name: shown.koName, en_name: shown.enName, profile_image_url: c.deletedAt === null ? shown.profileImageUrl : null, public_hash_id: live ? c.hashId : null };
    },

    /** A profile image's bytes by its hash (public; hashes are global and unguessable). */
    async image(hash: string) {
      const row = await findImageByHash(database.owner, hash);
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
