import type { Chatbot, ChatbotDocument, PublishStatus } from '@app/contracts/chatbots';
import type { Database, Db } from '../../db/client';
import type { CacheHub, ScopedCache } from '../../platform/cache';
import type { MemberContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { FilesService } from '../files/files.service';
import { type AccessProfile, isUsable, type LlmModelRow, type LlmModelsService } from '../llm-models/llm-models.service';
import { type ChatbotFull, type ChatbotRow, chatColumns, type DocumentRow, findCategoriesOf, findChatbotForChat, findChatbotFull, findGroupsOf, findRequestedGroups, listDocuments, type ReleaseRow } from './chatbots.repo';
import { monthKey, publishStatus, releaseDiffers } from './chatbots.rules';

export type Categories = Awaited<ReturnType<typeof findCategoriesOf>>;
type Groups = Awaited<ReturnType<typeof findGroupsOf>>;

/** A chatbot as a chat reads it: the columns of `chatColumns`. */
export type ChatChatbot = { [K in keyof typeof chatColumns]: ChatbotRow[K] };
export type ChatLookup = NonNullable<Awaited<ReturnType<typeof findChatbotForChat>>>;

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

export const named = (g: { id: number; koName: string; enName: string }) => ({ id: g.id, ko_name: g.koName, en_name: g.enName });
export const toDocument = (d: DocumentRow) => ({
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

export function toChatbot(v: ViewOf, profile: AccessProfile | null, cats: Categories, extra: { groups?: Groups; documents?: DocumentRow[] } = {}): Chatbot {
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
export function versionFor(memberId: number, groupIds: readonly number[], c: Pick<ChatbotRow, 'deletedAt' | 'isDefault' | 'isPublic' | 'creatorId'>, chatbotGroups: readonly number[], hasRelease: boolean): 'draft' | 'release' | null {
  if (c.deletedAt !== null) return null;
  if (c.isDefault || c.creatorId === memberId) return 'draft';
  if (c.isPublic && hasRelease && chatbotGroups.some((g) => groupIds.includes(g))) return 'release';
  return null;
}

/** What the chatbots module needs to check a profile image (sharp, in chatbots.images.ts). */
export interface ImageProcessor {
  toSquare(bytes: Buffer): Promise<{ bytes: Buffer; contentType: string }>;
}

/** What the chatbots module needs of others (app.ts wires them). */
export interface ChatbotsServiceDeps {
  database: Database;
  caches: CacheHub;
  models: Pick<LlmModelsService, 'profileOf' | 'list'>;
  images: ImageProcessor;
  documentFiles?: DocumentFiles;
}

/** The deps with the per-process caches every operation shares. */
export interface ChatbotsCore extends ChatbotsServiceDeps {
  db: Db;
  /** Per tenant and chatbot; dropped by the chatbots, releases and groups triggers (decision 009). */
  forChat: ScopedCache<ChatLookup>;
  idsByHash: ScopedCache<{ id: number }>;
}

export const lookup = (core: ChatbotsCore, tenantId: number, id: number) => core.caches.through(core.forChat, tenantId, String(id), () => findChatbotForChat(core.db, tenantId, id));

/** The chat's view of a looked-up chatbot: the version the chat uses, with that version's model. */
export function chatView(found: ChatLookup, version: 'draft' | 'release'): { chatbot: ChatChatbot; model: LlmModelRow } {
  if (version === 'draft' || !found.release || !found.releaseModel) return { chatbot: found.chatbot, model: found.model };
  const r = found.release;
  return {
    chatbot: { ...found.chatbot, llmModelId: r.llmModelId, systemInstructions: r.systemInstructions, temperature: r.temperature, topP: r.topP, tools: r.tools, maxToolSteps: r.maxToolSteps },
    model: found.releaseModel,
  };
}

export async function openForChat(core: ChatbotsCore, ctx: MemberContext, id: number): Promise<{ chatbot: ChatChatbot; model: LlmModelRow }> {
  const found = await lookup(core, ctx.tenantId, id);
  if (!found) throw new AppError('chatbot_unavailable');
  const { groupIds } = await core.models.profileOf(ctx);
  const version = versionFor(ctx.member.id, groupIds, found.chatbot, found.groupIds, found.release !== null);
  if (!version) throw new AppError('chatbot_unavailable');
  return chatView(found, version);
}

/** The member's own chatbot for a change: 404 when missing or deleted, 403 when another member's. */
export async function ownFull(core: ChatbotsCore, ctx: MemberContext, id: number): Promise<ChatbotFull> {
  const row = await findChatbotFull(core.db, ctx.tenantId, id);
  if (!row || row.chatbot.deletedAt !== null) throw new AppError('chatbot_unavailable');
  if (row.chatbot.isDefault || row.chatbot.creatorId !== ctx.member.id) throw new AppError('forbidden');
  return row;
}

export async function present(core: ChatbotsCore, ctx: MemberContext, row: ChatbotFull, own: boolean): Promise<Chatbot> {
  const { db } = core;
  const id = row.chatbot.id;
  const [profile, cats, groups, documents] = await Promise.all([
    core.models.profileOf(ctx),
    findCategoriesOf(db, ctx.tenantId, [id]),
    // Public: the groups that may use it; otherwise the groups its latest request asked for.
    own ? (row.chatbot.isPublic ? findGroupsOf(db, ctx.tenantId, id) : findRequestedGroups(db, ctx.tenantId, id)) : Promise.resolve([]),
    own ? listDocuments(db, ctx.tenantId, id) : Promise.resolve([]),
  ]);
  return toChatbot({ ...row, own }, profile, cats, { groups, documents });
}

export const presentOwn = async (core: ChatbotsCore, ctx: MemberContext, id: number) => present(core, ctx, (await findChatbotFull(core.db, ctx.tenantId, id))!, true);
