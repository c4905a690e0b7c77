import type { ChatEvent } from '@app/contracts/chat';
import type { Database } from '../../db/client';
import type { MemberContext, TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { streamClosed, streamOpened } from '../../platform/metrics';
import { closeChat, interruptAnswer } from './chat.close';
import { openChat } from './chat.open';
import type { ChatRun } from './chat.types';
import { type ApiCallOptions, type ChatDeps, type ChatInput, type ChatTurn, createOutputEstimates, type OutputEstimates, type PrepareOptions, prepareChat } from './chat.prepare';
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

/** What the chat service is built from: the database and the other modules' narrow views (`ChatDeps`). */
export interface ChatServiceDeps extends ChatDeps {
  database: Database;
}

/**
 * The kinds of turn of the chat's one entry point (`startTurn`), and what differs between them, as
 * data: who acts (`ctx`; a visitor's turn names only the tenant: the chatbot's creator pays), what
 * is asked (`input`; the developer API's carries the client's history and call options), how the
 * answer ends (`how`: a live answer outlives its reader and is stopped by its own controller, the
 * tenant choosing whether a reader's leaving stops it; the others by the route's controller, which
 * the client's leaving aborts), and what the caller gets back (`started`).
 */
export interface TurnKinds {
  /** A member's turn in the web chat, or in the studio's test chat (`input.is_test`). */
  live: { ctx: MemberContext; input: ChatInput; how: { stopWithoutReader: boolean }; started: { run: ChatRun; live: LiveAnswer } };
  /** A visitor's turn with a public chatbot (spec §6). */
  public: { ctx: TenantContext; input: ChatInput; how: AbortController; started: ChatRun };
  /** A completion of the developer API (issue 28). */
  api: { ctx: MemberContext; input: ApiMessages; how: AbortController; started: ChatRun };
}
export type TurnKind = keyof TurnKinds;

/** What the chat service's operations share, made once by `createChatService`. */
interface ChatCore {
  deps: ChatServiceDeps;
  /** Turns that open or close together are written together, and so are the texts of open answers (decision 014). */
  openTurn: ReturnType<typeof createTurnOpener>;
  closeAnswer: ReturnType<typeof createAnswerCloser>;
  flusher: ReturnType<typeof createAnswerFlusher>;
  /** What an answer of each model is expected to cost, for the admission's hold (decision 031). */
  outputs: OutputEstimates;
  /** The image path (decision 038): taken only by image models' runs, so the text path stays as measured. */
  images: ImageStore;
  /** The agent loop (decision 050): taken only by runs with tools, so the text path pays one property read more. */
  agentDeps: AgentDeps | null;
  /** Answers generating in this process, by session: readers come and go, only a stop aborts. */
  live: ReturnType<typeof createLiveAnswers>;
  /**
   * The other answers streaming in this process (visitors, the developer API), with the controller
   * their route gave: a shutdown waits for them and stops those still running after its grace.
   */
  controllers: WeakMap<ChatRun, AbortController>;
  streaming: Set<{ abort: AbortController | undefined; done: Promise<unknown> }>;
  /** With Redis (several instances): where another instance finds this one's answers (`shareThrough`). */
  channel: LiveChannel | null;
}
type AgentDeps = Pick<ChatDeps, 'credits' | 'webSearch'> & { tools: NonNullable<ChatDeps['tools']> };

function relayOf(core: ChatCore, run: ChatRun, signal: AbortSignal, emit: (e: ChatEvent) => void, tracked: TrackedAnswer): Promise<AnswerRelay> {
  return run.images
    ? streamImages(run, signal, emit, tracked, core.images)
    : run.agent && core.agentDeps
      ? streamAgent(run, signal, emit, tracked, core.agentDeps, core.outputs)
      : streamChat(run, signal, emit, tracked);
}

/** Stops the session's running answer in this process, if any, and waits (up to `waitMs`) until it is closed. */
async function stopLocal(core: ChatCore, tenantId: number, hash: string, waitMs = 5000): Promise<boolean> {
  const running = core.live.get(tenantId, hash);
  if (!running) return false;
  running.stopper.abort();
  await Promise.race([running.closed, new Promise((r) => setTimeout(r, waitMs).unref())]);
  return true;
}

/** Stops the session's running answer, here or (with Redis) on another instance, and waits until it is closed. */
async function stopRunning(core: ChatCore, tenantId: number, hash: string): Promise<boolean> {
  if (await stopLocal(core, tenantId, hash)) return true;
  if (!core.channel) return false;
  const remote = await core.channel.find(tenantId, hash);
  return remote ? core.channel.stop(tenantId, hash, remote) : false;
}

/**
 * The chat's one entry point: checks the request (prepare), writes the turn and sends the provider
 * request (open), in one call, so that the caller, which waits while the answer streams, never holds
 * the plan and its history; only the `ChatRun` stays. What differs by kind comes as data
 * (`TurnKinds`):
 * - `live`: a question in a session first stops the session's running answer (spec §4); the answer
 *   is registered so that a stop or a returning reader finds it (issue 27 item 5).
 * - `public`: the approved version, the creator's credits and model access; the session is a
 *   visitor session of that chatbot, kept out of every list.
 * - `api`: the member's chatbot on the client's messages; the turn is written as a session of its
 *   own (`origin = 'api'`, in no list), so the answer is charged, counted and kept like any chat's.
 */
async function startTurn<K extends TurnKind>(
  core: ChatCore,
  kind: K,
  ctx: TurnKinds[K]['ctx'],
  chatbotId: number,
  input: TurnKinds[K]['input'],
  how: TurnKinds[K]['how'],
): Promise<TurnKinds[K]['started']> {
  const { deps } = core;
  let payer = ctx as MemberContext;
  let question = input as ChatInput;
  let opts: PrepareOptions | undefined;
  if (kind === 'live') {
    if (question.session_hash_id) await stopRunning(core, ctx.tenantId, question.session_hash_id);
  } else if (kind === 'public') {
    // Who pays: the chatbot's creator, still active.
    const visitor = await deps.chatbots.forVisitor(ctx.tenantId, chatbotId);
    const creator = await deps.members.findById(ctx.tenantId, visitor.creatorId);
    if (!creator || creator.memberStatus !== 'active') throw new AppError('chatbot_unavailable');
    payer = { ...(ctx as TenantContext), member: creator };
    opts = { visitor };
  } else {
    const messages = input as ApiMessages;
    question = { text: messages.text, file_ids: [], is_test: false, web_search: false, thinking: messages.thinking ?? false };
    opts = { api: messages };
  }
  const abort = kind === 'live' ? new AbortController() : (how as AbortController);
  const run = await openChat(deps.registry, core.openTurn, await prepareChat(deps, core.outputs, payer, chatbotId, question, opts), abort);
  if (kind !== 'live') return (core.controllers.set(run, abort), run) as TurnKinds[K]['started'];
  const answer = new LiveAnswer(ctx.tenantId, payer.member.id, run.meta.session_hash_id, run.meta, abort, (how as TurnKinds['live']['how']).stopWithoutReader);
  core.live.add(answer);
  core.channel?.announce(answer, run.assistantMessageId);
  return { run, live: answer } as TurnKinds[K]['started'];
}

/** Streams a live answer to its readers (`write` is the asking client's), then closes it. */
async function streamLive(core: ChatCore, run: ChatRun, answer: LiveAnswer, write: (frame: string) => void): Promise<void> {
  answer.setPrimary(write);
  streamOpened();
  try {
    const tracked = core.flusher.track(run.ctx.tenantId, run.assistantMessageId, run);
    answer.answer = tracked;
    const emit = (e: ChatEvent) => answer.emit(e);
    const relay = await relayOf(core, run, answer.stopper.signal, emit, tracked);
    await closeChat(core.deps, core.outputs, core.closeAnswer, run, relay, answer.stopper.signal, emit, true);
  } finally {
    core.live.remove(answer);
    core.channel?.retire(answer, run.assistantMessageId);
    answer.close();
    streamClosed();
  }
}

/**
 * Streams the answer through `emit`, then closes it: the message row and the ledger stay exact.
 * Its reader's leaving stops it (`signal`). Resolves with the relay: the outcome, the finish
 * reason and (developer API) the client's tool calls.
 */
async function stream(core: ChatCore, run: ChatRun, signal: AbortSignal, emit: (e: ChatEvent) => void): Promise<AnswerRelay> {
  const done = (async () => {
    const tracked = core.flusher.track(run.ctx.tenantId, run.assistantMessageId, run);
    const relay = await relayOf(core, run, signal, emit, tracked);
    await closeChat(core.deps, core.outputs, core.closeAnswer, run, relay, signal, emit);
    return relay;
  })();
  const entry = { abort: core.controllers.get(run), done };
  core.streaming.add(entry);
  streamOpened();
  try {
    return await done;
  } finally {
    core.streaming.delete(entry);
    streamClosed();
  }
}

/**
 * The member's own session's running answer, or null (`session_not_found` for another's): this
 * process's, else (with Redis) a reading of the one running on another instance.
 */
async function running(core: ChatCore, ctx: MemberContext, hash: string): Promise<LiveReading | null> {
  const found = core.live.get(ctx.tenantId, hash);
  if (found && found.memberId === ctx.member.id) return found;
  // Not running here: still refuse a session that is not the member's own.
  await core.deps.sessions.own(ctx, hash);
  const remote = found ? null : await core.channel?.find(ctx.tenantId, hash);
  return remote && remote.memberId === ctx.member.id ? core.channel!.reading(ctx.tenantId, hash, remote) : null;
}

/** `POST /sessions/{hash}/stop/`: aborts the running answer (kept as `stopped`), here or on another instance, and waits until it is closed. */
async function stop(core: ChatCore, ctx: MemberContext, hash: string): Promise<boolean> {
  const found = core.live.get(ctx.tenantId, hash);
  if (found && found.memberId === ctx.member.id) return stopLocal(core, ctx.tenantId, hash);
  await core.deps.sessions.own(ctx, hash);
  const remote = found ? null : await core.channel?.find(ctx.tenantId, hash);
  return remote && remote.memberId === ctx.member.id ? core.channel!.stop(ctx.tenantId, hash, remote) : false;
}

/**
 * Several instances (issue 30): a running answer is announced in Redis, so that a reattach or
 * a stop landing on another instance reaches it (`live-channel.ts`). Without it, in process only.
 * `namespace`: the database's, so that deployments (and test databases) sharing a Redis stay apart.
 */
async function shareThrough(core: ChatCore, redis: Redis, namespace: string): Promise<LiveChannel> {
  const channel = await createLiveChannel(
    namespace,
    redis,
    (tenantId, hash) => core.live.get(tenantId, hash),
    (tenantId, hash) => stopLocal(core, tenantId, hash),
  );
  core.channel = channel;
  // Answers of instances that died are closed as interrupted, and charged, by the instances still alive (decisions 041, 046).
  await channel.sweep((orphans) => recoverInterrupted(core.deps.database.asOwner(), core.deps, orphans));
  return channel;
}

/** Closes of every answer generating in this process, and how many there are. */
const pending = (core: ChatCore) => [...core.live.all().map((a) => a.closed), ...[...core.streaming].map((s) => s.done.catch(() => undefined))];
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());
async function settled(core: ChatCore, deadline: number): Promise<void> {
  for (let p = pending(core); p.length > 0 && Date.now() < deadline; p = pending(core)) {
    await Promise.race([Promise.all(p), sleep(Math.min(250, deadline - Date.now()))]);
  }
}

/**
 * A shutdown (decision 040): waits up to `graceMs` for the answers generating in this process
 * to finish, then stops the rest — each is closed as a stopped answer is, but `interrupted`
 * (its text so far kept, the tokens charged, its readers told `end: interrupted`) — and waits
 * for those closes (up to 5 s). Resolves with how many answers were running and how many it stopped.
 */
async function drain(core: ChatCore, graceMs: number): Promise<{ running: number; stopped: number }> {
  const count = pending(core).length;
  await settled(core, Date.now() + graceMs);
  let stopped = 0;
  for (const answer of core.live.all()) {
    interruptAnswer(answer.stopper);
    stopped += 1;
  }
  for (const s of core.streaming) {
    if (s.abort) interruptAnswer(s.abort);
    stopped += 1;
  }
  if (stopped > 0) await settled(core, Date.now() + 5000);
  return { running: count, stopped };
}

/**
 * The chat path, in four phases of their own files (README.md beside them): prepare (every check,
 * nothing written), open (provider request and the turn's rows together), stream (parts to the
 * client and the answer's row), close (final row, ledger, counters). What it needs of chatbots,
 * models, sessions and credits comes in `deps`, their services' narrow views.
 */
export function createChatService(deps: ChatServiceDeps) {
  const { database } = deps;
  const core: ChatCore = {
    deps,
    openTurn: createTurnOpener(database),
    closeAnswer: createAnswerCloser(database, deps),
    flusher: createAnswerFlusher(database, FLUSH_MS),
    outputs: createOutputEstimates(),
    images: { files: deps.files, attach: (tenantId, id, files) => setAnswerFiles(database, tenantId, id, files) },
    agentDeps: deps.tools ? { credits: deps.credits, webSearch: deps.webSearch, tools: deps.tools } : null,
    live: createLiveAnswers(),
    controllers: new WeakMap(),
    streaming: new Set(),
    channel: null,
  };
  return {
    /** The one entry point of every turn — live, public, developer API (`TurnKinds`): prepare, then open. */
    startTurn: <K extends TurnKind>(kind: K, ctx: TurnKinds[K]['ctx'], chatbotId: number, input: TurnKinds[K]['input'], how: TurnKinds[K]['how']) =>
      startTurn(core, kind, ctx, chatbotId, input, how),
    streamLive: (run: ChatRun, answer: LiveAnswer, write: (frame: string) => void) => streamLive(core, run, answer, write),
    stream: (run: ChatRun, signal: AbortSignal, emit: (e: ChatEvent) => void) => stream(core, run, signal, emit),
    running: (ctx: MemberContext, hash: string) => running(core, ctx, hash),
    stop: (ctx: MemberContext, hash: string) => stop(core, ctx, hash),
    shareThrough: (redis: Redis, namespace: string) => shareThrough(core, redis, namespace),
    /**
     * A crash's recovery at start, when this process is alone on its database (crash-recovery.ts):
     * every answer left `streaming` becomes `interrupted`, charged what its last flush recorded
     * (decision 046). How many.
     */
    recoverInterrupted: () => recoverInterrupted(database.asOwner(), deps),
    drain: (graceMs: number) => drain(core, graceMs),
  };
}
export type ChatService = ReturnType<typeof createChatService>;
