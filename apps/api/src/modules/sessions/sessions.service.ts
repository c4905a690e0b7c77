import type { ChatSource } from '@app/contracts/chat';
import type { AnswerNotice, ToolCallRecord } from '@app/contracts/tools';
import type { History, MessageStatus, PatchSessionBody, Session, SessionList, ShareSession } from '@app/contracts/sessions';
import type { listSessionsQuery, historyQuery } from '@app/contracts/sessions';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { MemberContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { pagination } from '../../platform/pagination';
import type { ChatbotsService } from '../chatbots/chatbots.service';
import { unitsToExact } from '../credits/credits.rules';
import {
  deleteSession,
  findFirstChatbotMessage,
  findFirstMemberMessage,
  findMessagesBefore,
  findSessionByHash,
  findSessionByShareHash,
  listMemberSessions,
  type MessageRow,
  type SessionRow,
  setShareHash,
  updateSession,
} from './sessions.repo';
import { newHashId } from '../../platform/tokens';
import type { SharedSession } from '@app/contracts/public';
import { generateTitle, type TitleDeps } from './session-title';

export function toSession(s: SessionRow): Session {
  return {
    id: s.id,
    hash_id: s.hashId,
    title: s.title,
    chatbot_id: s.chatbotId,
    chatbot: { id: s.chatbotId },
    last_chat_at: s.lastChatAt.toISOString(),
    created_at: s.createdAt.toISOString(),
    share_hash_id: s.shareHashId,
  };
}

/** A history row; its files with the links `links` has for them (a file without one — expired, deleted — is left out). */
const NO_LINKS: ReadonlyMap<number, string> = new Map();

function toHistoryMessage(m: MessageRow, links: ReadonlyMap<number, string> = NO_LINKS) {
  return {
    id: m.id,
    created_at: m.createdAt.toISOString(),
    text: m.text,
    reasoning: m.reasoning,
    speaker_type: m.speakerType === 'member' ? ('member' as const) : ('chatbot' as const),
    status: m.status as MessageStatus,
    llm_model_id: m.llmModelId,
    credits: unitsToExact(m.creditUnits),
    input_tokens: m.inputTokens,
    output_tokens: m.outputTokens,
    files: withLinks(m.attachments, links),
    sources: m.sources as ChatSource[],
    // Tool calls' files get their links as the message's do (the stored records keep none: links expire).
    tool_calls: (m.toolCalls as unknown as ToolCallRecord[]).map((c) => ({ ...c, files: withLinks(c.files, links) })),
    notice: m.notice as AnswerNotice | null,
  };
}

/** Files with the links `links` has for them; one without a link is left out. */
function withLinks(files: ReadonlyArray<{ id: number; type: string; name: string }>, links: ReadonlyMap<number, string>) {
  return files.flatMap((f) => {
    const url = links.get(f.id);
    return url ? [{ id: f.id, url, type: f.type, name: f.name }] : [];
  });
}

/** Every file a message lists: its own, and those its tool calls made. */
const fileIdsOf = (m: MessageRow) => [...m.attachments.map((f) => f.id), ...(m.toolCalls as unknown as ToolCallRecord[]).flatMap((c) => c.files.map((f) => f.id))];

/** Title from the first question: its first line, cut at a word near 40 characters. */
export function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0]!.trim();
  if (line.length <= 40) return line || 'Untitled';
  const cut = line.slice(0, 40);
  const space = cut.lastIndexOf(' ');
  return `${(space > 20 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Links to files for a member (the files module's signed links); a file they may not read has none. */
export interface FileLinks {
  linksFor(ctx: MemberContext, ids: number[]): Promise<Map<number, string>>;
}

export interface SessionsServiceDeps {
  db: Db;
  chatbots: Pick<ChatbotsService, 'assertVisible' | 'sharedView'>;
  /** The models and provider registry a generated title asks; without them titles come from the first question. */
  titles?: TitleDeps;
  files?: FileLinks;
}

export function createSessionsService(deps: SessionsServiceDeps) {
  const { db, chatbots, titles, files } = deps;
  /** THE session ownership rule: the member's own session, or 404 (missing, another tenant's, a visitor's) / 403 (another member's). */
  async function own(ctx: MemberContext, hash: string): Promise<SessionRow> {
    const s = await findSessionByHash(db, ctx.tenantId, hash);
    if (!s || s.origin !== 'member') throw new AppError('session_not_found');
    if (s.memberId !== ctx.member.id) throw new AppError('forbidden');
    return s;
  }

  /** A shared session by its share hash, or 404 (never shared, sharing stopped, another tenant's). */
  async function shared(tenantId: number, shareHash: string): Promise<SessionRow> {
    const s = await findSessionByShareHash(db, tenantId, shareHash);
    if (!s) throw new AppError('session_not_found');
    return s;
  }

  return {
    own,
    /** A visitor's conversation with a public chatbot: a visitor session of that chatbot, or 404. */
    async visitorSession(tenantId: number, hash: string, chatbotId: number): Promise<SessionRow> {
      const s = await findSessionByHash(db, tenantId, hash);
      if (!s || s.origin !== 'public' || s.chatbotId !== chatbotId) throw new AppError('session_not_found');
      return s;
    },
    /** Shares the session as a read-only page (idempotent: the link stays the same until sharing stops). */
    async share(ctx: MemberContext, hash: string): Promise<ShareSession> {
      const s = await own(ctx, hash);
      const shareHashId = s.shareHashId ?? (await setShareHash(db, ctx.tenantId, s.id, newHashId(16)))!.shareHashId!;
      return { share_hash_id: shareHashId, path: `/share/${shareHashId}` };
    },
    async unshare(ctx: MemberContext, hash: string): Promise<void> {
      const s = await own(ctx, hash);
      await setShareHash(db, ctx.tenantId, s.id, null);
    },
    /** `GET /public/sessions/{hash}/`: the title, dates and the chatbot's name — nothing of the member. */
    async sharedSession(tenantId: number, shareHash: string): Promise<SharedSession> {
      const s = await shared(tenantId, shareHash);
      const chatbot = await chatbots.sharedView(tenantId, s.chatbotId);
      if (!chatbot) throw new AppError('session_not_found');
      return { share_hash_id: shareHash, title: s.title, created_at: s.createdAt.toISOString(), last_chat_at: s.lastChatAt.toISOString(), chatbot };
    },
    async sharedHistory(tenantId: number, shareHash: string, q: z.output<typeof historyQuery>): Promise<History> {
      const s = await shared(tenantId, shareHash);
      const rows = await findMessagesBefore(db, tenantId, s.id, q.first_id, q.size + 1);
      return { items: rows.slice(0, q.size).reverse().map((m) => toHistoryMessage(m)), has_more: rows.length > q.size };
    },
    /** The session's latest messages, newest first, for a chat's prompt. */
    latestMessages(ctx: MemberContext, sessionId: number, limit: number): Promise<MessageRow[]> {
      return findMessagesBefore(db, ctx.tenantId, sessionId, undefined, limit);
    },
    async list(ctx: MemberContext, q: z.output<typeof listSessionsQuery>): Promise<SessionList> {
      const { rows, total } = await listMemberSessions(db, ctx.tenantId, ctx.member.id, { chatbotId: q.chatbot_id, page: q.page, size: q.size });
      return { items: rows.map(toSession), pagination: pagination(q.page, q.size, total) };
    },
    async get(ctx: MemberContext, hash: string) {
      return toSession(await own(ctx, hash));
    },
    async history(ctx: MemberContext, hash: string, q: z.output<typeof historyQuery>): Promise<History> {
      const s = await own(ctx, hash);
      const rows = await findMessagesBefore(db, ctx.tenantId, s.id, q.first_id, q.size + 1);
      const hasMore = rows.length > q.size;
      const page = rows.slice(0, q.size).reverse();
      const ids = page.flatMap(fileIdsOf);
      const links = ids.length > 0 && files ? await files.linksFor(ctx, ids) : NO_LINKS;
      return { items: page.map((m) => toHistoryMessage(m, links)), has_more: hasMore };
    },
    async patch(ctx: MemberContext, hash: string, body: PatchSessionBody) {
      const s = await own(ctx, hash);
      if (body.chatbot_id !== undefined) await chatbots.assertVisible(ctx, body.chatbot_id);
      const row = await updateSession(db, ctx.tenantId, s.id, { title: body.title, chatbotId: body.chatbot_id });
      return toSession(row ?? s);
    },
    /**
     * `PATCH /sessions/{hash}/generate-title/`: a short title of the first question and answer from a
     * model, in the member's language (decision 036); the question's first line when no model answers.
     */
    async generateTitle(ctx: MemberContext, hash: string) {
      const s = await own(ctx, hash);
      const [question, answer] = await Promise.all([findFirstMemberMessage(db, ctx.tenantId, s.id), findFirstChatbotMessage(db, ctx.tenantId, s.id)]);
      const generated =
        titles && question && answer?.text
          ? await generateTitle(ctx, titles, { question: question.text, answer: answer.text, answerModelId: answer.llmModelId })
          : null;
      const row = await updateSession(db, ctx.tenantId, s.id, { title: generated ?? titleFrom(question?.text ?? '') });
      return toSession(row ?? s);
    },
    async remove(ctx: MemberContext, hash: string) {
      const s = await own(ctx, hash);
      await deleteSession(db, ctx.tenantId, s.id);
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
export type { MessageRow, SessionRow };
