import type { ChatEvent } from '@app/contracts/chat';
import type { Database } from '../../db/client';
import type { MemberContext, TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { streamClosed, streamOpened } from '../../platform/metrics';
import { closeChat, interruptAnswer } from './chat.close';
import { openChat } from './chat.open';
import type { ChatRun } from './chat.types';
import { type ApiCallOptions, type ChatDeps, type ChatInput, type ChatTurn, createOutputEstimates, type PrepareOptions, prepareChat } from './chat.prepare';
import { type ImageStore, streamImages } from './chat.images';
import { setAnswerFiles } from '../sessions/sessions.statements';
import { type AnswerRelay, streamChat } from './chat.stream';
import { streamAgent } from './chat.agent';
import { createAnswerCloser, createAnswerFlusher, createTurnOpener, recoverInterrupted, type TrackedAnswer } from './turn-writer';
import { createLiveAnswers, LiveAnswer, type LiveReading } from './live-answers';
import { createLiveChannel, type LiveChannel } from './live-channel';
import type { Redis } from 'ioredis';

export type { AnswerRelay, ApiCallOptions, ChatDeps, ChatRun, ChatTurn, LiveAnswer, LiveChannel, LiveReading };
/** A developer API completion's messages (decision 053): the question's text (stored), the history, the system messages, the call options. */
export type ApiMessages = NonNullable<PrepareOptions['api']> & { text: string; thinking?: boolean };
/** The SSE frame writer of the chat's stream, for other streamed answers (the developer API). */
export { sseWriter } from './sse';
/** The image path's request and price, for app.ts to give the `generate_image` tool (decision 050). */
export { requestImages } from './chat.images';
export { imageCostUnits } from './chat.rules';

/** How far behind an open answer's row (its text and running charge) may be: a crash loses at most this much of it (decision 046). */
const FLUSH_MS = 1000;

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

  // The image path (decision 038): taken only by image models' runs, so the text path stays as measured.
  const images: ImageStore = { files: deps.files, attach: (tenantId, id, files) => setAnswerFiles(database, tenantId, id, files) };
  // The agent loop (decision 050): taken only by runs with tools, so the text path pays one property read more.
  const agentDeps = deps.tools ? { credits: deps.credits, webSearch: deps.webSearch, tools: deps.tools } : null;
  const relayOf = (run: ChatRun, signal: AbortSignal, emit: (e: ChatEvent) => void, tracked: TrackedAnswer): Promise<AnswerRelay> =>
    run.images
      ? streamImages(run, signal, emit, tracked, images)
      : run.agent && agentDeps
        ? streamAgent(run, signal, emit, tracked, agentDeps, outputs)
        : streamChat(run, signal, emit, tracked);

  // Answers generating in this process, by session: readers come and go, only a stop aborts.
  const live = createLiveAnswers();
  // The other answers streaming in this process (visitors, the developer API), with the controller
  // their route gave: a shutdown waits for them and stops those still running after its grace.
  const controllers = new WeakMap<ChatRun, AbortController>();
  const streaming = new Set<{ abort: AbortController | undefined; done: Promise<unknown> }>();
  const started = (run: ChatRun, abort: AbortController) => (controllers.set(run, abort), run);

  // With Redis (several instances): where another instance finds this one's answers (`shareThrough`).
  let channel: LiveChannel | null = null;

  /** Stops the session's running answer in this process, if any, and waits (up to `waitMs`) until it is closed. */
  async function stopLocal(tenantId: number, hash: string, waitMs = 5000): Promise<boolean> {
    const running = live.get(tenantId, hash);
    if (!running) return false;
    running.stopper.abort();
    await Promise.race([running.closed, new Promise((r) => setTimeout(r, waitMs).unref())]);
    return true;
  }

  /** Stops the session's running answer, here or (with Redis) on another instance, and waits until it is closed. */
  async function stopRunning(tenantId: number, hash: string): Promise<boolean> {
    if (await stopLocal(tenantId, hash)) return true;
    if (!channel) return false;
    const remote = await channel.find(tenantId, hash);
    return remote ? channel.stop(tenantId, hash, remote) : false;
  }

  async function stream(run: ChatRun, signal: AbortSignal, emit: (e: ChatEvent) => void): Promise<AnswerRelay> {
    const done = (async () => {
      const tracked = flusher.track(run.ctx.tenantId, run.assistantMessageId, run);
      const relay = await relayOf(run, signal, emit, tracked);
      await closeChat(deps, outputs, closeAnswer, run, relay, signal, emit);
      return relay;
    })();
    const entry = { abort: controllers.get(run), done };
    streaming.add(entry);
    streamOpened();
    try {
      return await done;
    } finally {
      streaming.delete(entry);
      streamClosed();
    }
  }

  /** Closes of every answer generating in this process, and how many there are. */
  const pending = () => [...live.all().map((a) => a.closed), ...[...streaming].map((s) => s.done.catch(() => undefined))];
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());
  async function settled(deadline: number): Promise<void> {
    for (let p = pending(); p.length > 0 && Date.now() < deadline; p = pending()) {
      await Promise.race([Promise.all(p), sleep(Math.min(250, deadline - Date.now()))]);
    }
  }

  return {
    /**
     * A member's chat whose answer outlives its reader (issue 27 item 5): a question in a session
     * first stops the session's running answer (spec §4); the answer is registered so that a stop
     * or a returning reader finds it. `stopWithoutReader`: the tenant's choice to stop an answer
     * once nobody reads it (default: it finishes and is charged).
     */
    async startLive(ctx: MemberContext, chatbotId: number, input: ChatInput, opts: { stopWithoutReader: boolean }): Promise<{ run: ChatRun; live: LiveAnswer }> {
      if (input.session_hash_id) await stopRunning(ctx.tenantId, input.session_hash_id);
      const stopper = new AbortController();
      const run = await openChat(deps.registry, openTurn, await prepareChat(deps, outputs, ctx, chatbotId, input), stopper);
      const answer = new LiveAnswer(ctx.tenantId, ctx.member.id, run.meta.session_hash_id, run.meta, stopper, opts.stopWithoutReader);
      live.add(answer);
      channel?.announce(answer, run.assistantMessageId);
      return { run, live: answer };
    },
    /** Streams a live answer to its readers (`write` is the asking client's), then closes it. */
    async streamLive(run: ChatRun, answer: LiveAnswer, write: (frame: string) => void): Promise<void> {
      answer.setPrimary(write);
      streamOpened();
      try {
        const tracked = flusher.track(run.ctx.tenantId, run.assistantMessageId, run);
        answer.answer = tracked;
        const emit = (e: ChatEvent) => answer.emit(e);
        const relay = await relayOf(run, answer.stopper.signal, emit, tracked);
        await closeChat(deps, outputs, closeAnswer, run, relay, answer.stopper.signal, emit, true);
      } finally {
        live.remove(answer);
        channel?.retire(answer, run.assistantMessageId);
        answer.close();
        streamClosed();
      }
    },
    /**
     * The member's own session's running answer, or null (`session_not_found` for another's): this
     * process's, else (with Redis) a reading of the one running on another instance.
     */
    async running(ctx: MemberContext, hash: string): Promise<LiveReading | null> {
      const found = live.get(ctx.tenantId, hash);
      if (found && found.memberId === ctx.member.id) return found;
      // Not running here: still refuse a session that is not the member's own.
      await deps.sessions.own(ctx, hash);
      const remote = found ? null : await channel?.find(ctx.tenantId, hash);
      return remote && remote.memberId === ctx.member.id ? channel!.reading(ctx.tenantId, hash, remote) : null;
    },
    /** `POST /sessions/{hash}/stop/`: aborts the running answer (kept as `stopped`), here or on another instance, and waits until it is closed. */
    async stop(ctx: MemberContext, hash: string): Promise<boolean> {
      const found = live.get(ctx.tenantId, hash);
      if (found && found.memberId === ctx.member.id) return stopLocal(ctx.tenantId, hash);
      await deps.sessions.own(ctx, hash);
      const remote = found ? null : await channel?.find(ctx.tenantId, hash);
      return remote && remote.memberId === ctx.member.id ? channel!.stop(ctx.tenantId, hash, remote) : false;
    },
    /**
     * Several instances (issue 30): a running answer is announced in Redis, so that a reattach or
     * a stop landing on another instance reaches it (`live-channel.ts`). Without it, in process only.
     * `namespace`: the database's, so that deployments (and test databases) sharing a Redis stay apart.
     */
    async shareThrough(redis: Redis, namespace: string): Promise<LiveChannel> {
      channel = await createLiveChannel(namespace, redis, (tenantId, hash) => live.get(tenantId, hash), (tenantId, hash) => stopLocal(tenantId, hash));
      // Answers of instances that died are closed as interrupted, and charged, by the instances still alive (decisions 041, 046).
      await channel.sweep((orphans) => recoverInterrupted(database.asOwner(), deps, orphans));
      return channel;
    },
    /**
     * A crash's recovery at start, when this process is alone on its database (crash-recovery.ts):
     * every answer left `streaming` becomes `interrupted`, charged what its last flush recorded
     * (decision 046). How many.
     */
    recoverInterrupted: () => recoverInterrupted(database.asOwner(), deps),
    /**
     * Checks the request, writes the turn and sends the provider request. One call, so that the
     * caller, which waits while the answer streams, never holds the plan and its history; only
     * the `ChatRun` stays.
     */
    async start(ctx: MemberContext, chatbotId: number, input: ChatInput, abort: AbortController): Promise<ChatRun> {
      return started(await openChat(deps.registry, openTurn, await prepareChat(deps, outputs, ctx, chatbotId, input), abort), abort);
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
      return started(await openChat(deps.registry, openTurn, await prepareChat(deps, outputs, ctx, chatbotId, input, { visitor }), abort), abort);
    },
    /**
     * A completion of the developer API (issue 28): the member's chatbot on the client's messages;
     * the turn is written as a session of its own (`origin = 'api'`, in no list), so the answer is
     * charged, counted and kept like any chat's.
     */
    async startApi(ctx: MemberContext, chatbotId: number, messages: ApiMessages, abort: AbortController): Promise<ChatRun> {
      const input: ChatInput = { text: messages.text, file_ids: [], is_test: false, web_search: false, thinking: messages.thinking ?? false };
      return started(await openChat(deps.registry, openTurn, await prepareChat(deps, outputs, ctx, chatbotId, input, { api: messages }), abort), abort);
    },
    /**
     * Streams the answer through `emit`, then closes it: the message row and the ledger stay exact.
     * Its reader's leaving stops it (`signal`). Resolves with the relay: the outcome, the finish
     * reason and (developer API) the client's tool calls.
     */
    stream,
    /**
     * A shutdown (decision 040): waits up to `graceMs` for the answers generating in this process
     * to finish, then stops the rest — each is closed as a stopped answer is, but `interrupted`
     * (its text so far kept, the tokens charged, its readers told `end: interrupted`) — and waits
     * for those closes (up to 5 s). Resolves with how many answers were running and how many it stopped.
     */
    async drain(graceMs: number): Promise<{ running: number; stopped: number }> {
      const running = pending().length;
      await settled(Date.now() + graceMs);
      let stopped = 0;
      for (const answer of live.all()) {
        interruptAnswer(answer.stopper);
        stopped += 1;
      }
      for (const s of streaming) {
        if (s.abort) interruptAnswer(s.abort);
        stopped += 1;
      }
      if (stopped > 0) await settled(Date.now() + 5000);
      return { running, stopped };
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
