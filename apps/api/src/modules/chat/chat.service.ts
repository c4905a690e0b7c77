import type { ChatEvent } from '@app/contracts/chat';
import type { Database } from '../../db/client';
import type { MemberContext, TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { closeChat } from './chat.close';
import { type ChatRun, openChat } from './chat.open';
import { type ChatDeps, type ChatInput, type ChatTurn, createOutputEstimates, prepareChat } from './chat.prepare';
import { stopInterruptedStreams } from './chat.repo';
import { streamChat } from './chat.stream';
import { createAnswerCloser, createAnswerFlusher, createTurnOpener } from './turn-writer';

export { stopInterruptedStreams };
export type { ChatDeps, ChatRun, ChatTurn };
/** The SSE frame writer of the chat's stream, for other streamed answers (the developer API). */
export { sseWriter } from './sse';

/** How far behind an open answer's row may be: a crash loses at most this much of it. */
const FLUSH_MS = 2000;

/**
 * The chat path, in four phases of their own files (README.md beside them): prepare (every check,
 * nothing written), open (provider request and the turn's rows together), stream (parts to the
 * client and the answer's row), close (final row, ledger, counters). What it needs of chatbots,
 * models, sessions and credits comes in `deps`, their services' narrow views.
 */
export function createChatService(database: Database, deps: ChatDeps) {
  // Turns that open or close together are written together, and so are the texts of open
  // answers (decision 014).
  const openTurn = createTurnOpener(database);
  const closeAnswer = createAnswerCloser(database, deps);
  const flusher = createAnswerFlusher(database, FLUSH_MS);
  // What an answer of each model is expected to cost, for the admission's hold (decision 031).
  const outputs = createOutputEstimates();

  return {
    /**
     * Checks the request, writes the turn and sends the provider request. One call, so that the
     * caller, which waits while the answer streams, never holds the plan and its history; only
     * the `ChatRun` stays.
     */
    async start(ctx: MemberContext, chatbotId: number, input: ChatInput, abort: AbortController): Promise<ChatRun> {
      return openChat(deps.registry, openTurn, await prepareChat(deps, outputs, ctx, chatbotId, input), abort);
    },
    /**
     * A visitor's chat with a public chatbot (spec §6): the approved version, the creator's credits
     * and model access; the session is a visitor session of that chatbot, kept out of every list.
     */
    async startPublic(tenant: TenantContext, chatbotId: number, input: ChatInput, abort: AbortController): Promise<ChatRun> {
      const visitor = await deps.chatbots.forVisitor(tenant.tenantId, chatbotId);
      const creator = await deps.members.findById(tenant.tenantId, visitor.creatorId);
      if (!creator || creator.memberStatus !== 'active') throw new AppError('chatbot_unavailable');
      const ctx: MemberContext = { ...tenant, member: creator };
      return openChat(deps.registry, openTurn, await prepareChat(deps, outputs, ctx, chatbotId, input, { visitor }), abort);
    },
    /**
     * A completion of the developer API (issue 28): the member's chatbot on the client's messages;
     * the turn is written as a session of its own (`origin = 'api'`, in no list), so the answer is
     * charged, counted and kept like any chat's.
     */
    async startApi(ctx: MemberContext, chatbotId: number, messages: { history: ChatTurn[]; system: string[]; text: string }, abort: AbortController): Promise<ChatRun> {
      const input: ChatInput = { text: messages.text, file_ids: [], is_test: false, web_search: false, thinking: false };
      return openChat(deps.registry, openTurn, await prepareChat(deps, outputs, ctx, chatbotId, input, { api: messages }), abort);
    },
    /** Streams the answer through `emit`, then closes it: the message row and the ledger stay exact. */
    async stream(run: ChatRun, signal: AbortSignal, emit: (e: ChatEvent) => void): Promise<void> {
      const relay = await streamChat(run, signal, emit, flusher.track(run.ctx.tenantId, run.assistantMessageId));
      await closeChat(deps, outputs, closeAnswer, run, relay, signal, emit);
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
