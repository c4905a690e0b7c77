import type { ChatEvent, ChatMeta, chatBody } from '@app/contracts/chat';
import type { LanguageModelV3, LanguageModelV3Prompt, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { LlmRegistry } from '../../llm/registry';
import type { CacheHub } from '../../platform/cache';
import type { MemberContext } from '../../platform/context';
import type { ChatbotRow } from '../chatbots/chatbots.repo';
import { AppError } from '../../platform/errors';
import { newHashId } from '../../platform/tokens';
import { canSee } from '../chatbots/chatbots.service';
import { isDepleted, periodStart, unitsToDisplay, unitsToExact, usageUnits } from '../credits/credits.rules';
import { statusFrom } from '../credits/credits.service';
import { createUsageCache } from '../credits/usage-cache';
import { findModel, isModelUsableBy, type LlmModelRow } from '../llm-models/llm-models.repo';
import { findMessagesBefore, findSessionByHash, type SessionRow } from '../sessions/sessions.repo';
import { titleFrom } from '../sessions/sessions.service';
import { partChannelOf, type PartSink } from '../../llm/part-channel';
import { findChatContext } from './chat.repo';
import { createAnswerFlusher, createTurnCloser, createTurnOpener, type TrackedAnswer } from './turn-writer';

type ChatInput = z.output<typeof chatBody>;

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export function toPrompt(system: string, turns: ChatTurn[]): LanguageModelV3Prompt {
  const prompt: LanguageModelV3Prompt = system ? [{ role: 'system', content: system }] : [];
  for (const t of turns) prompt.push({ role: t.role, content: [{ type: 'text', text: t.content }] });
  return prompt;
}

/** Rough token estimate (≈4 characters a token) for limits and for answers cut before usage arrives. */
const CHARS_PER_TOKEN = 4;
export const estimateTokens = (text: string) => Math.ceil(text.length / CHARS_PER_TOKEN);
const HISTORY_MESSAGES = 40;
const FLUSH_MS = 2000;

/** Resolves after the callbacks already queued (the provider request's socket write among them). */
const afterPendingWrites = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A request that passed every check; nothing is written yet. */
export interface ChatPlan {
  ctx: MemberContext;
  chatbot: ChatbotRow;
  model: LlmModelRow;
  provider: LanguageModelV3;
  session: SessionRow | undefined;
  title: string | null;
  isTest: boolean;
  text: string;
  /** The member's monthly quota when the turn opened: remaining = quota − new total. */
  quotaUnits: bigint;
  system: string;
  messages: ChatTurn[];
  temperature: number;
  topP: number;
  thinking: boolean;
}

/**
 * A turn whose rows are written and whose provider request is on its way: what streaming the
 * answer still needs, and no more (not the history or the prompt). Every open stream holds one.
 */
export interface ChatRun {
  ctx: MemberContext;
  chatbotId: number;
  model: LlmModelRow;
  thinking: boolean;
  /** The member's monthly quota when the turn opened: remaining = quota − new total. */
  quotaUnits: bigint;
  /** Tokens sent, estimated, for an answer that ends without the provider's usage report. */
  inputEstimate: number;
  meta: ChatMeta;
  sessionId: number;
  assistantMessageId: number;
  call: Promise<{ stream: ReadableStream<LanguageModelV3StreamPart> }>;
}

interface BotContext {
  chatbot: ChatbotRow;
  model: LlmModelRow;
  usable: boolean;
  groupQuotaUnits: bigint;
}
interface ModelContext {
  model: LlmModelRow;
  usable: boolean;
}

export function createChatService(database: Database, registry: LlmRegistry, caches: CacheHub) {
  const { db } = database;
  // Per-process caches, invalidated by the database's NOTIFY (platform/cache.ts): a chat request
  // reads nothing from the database before the provider call.
  const bots = caches.scoped<BotContext>();
  const models = caches.scoped<ModelContext>();
  // One process owns an embedded database, so its figures are exact; with a server other
  // instances charge too, and a figure older than a second is refreshed in the background.
  const usage = createUsageCache(database, { maxAgeMs: database.kind === 'pglite' ? Number.POSITIVE_INFINITY : 1000 });
  // Turns that open or close together are written together, and so are the texts of open
  // answers (decision 014).
  const openTurn = createTurnOpener(database);
  const closeTurn = createTurnCloser(database);
  const flusher = createAnswerFlusher(database, FLUSH_MS);

  const botContext = (ctx: MemberContext, chatbotId: number) =>
    caches.through(bots, ctx.tenantId, `${chatbotId}:${ctx.member.id}`, () => findChatContext(db, ctx.tenantId, chatbotId, ctx.member));

  /** The model picked in the model picker (default chatbots only), with its own access check. */
  async function pickModel(ctx: MemberContext, bot: BotContext, requested: number | null | undefined): Promise<ModelContext> {
    if (!requested || requested === bot.model.id || !bot.chatbot.isDefault) return bot;
    const picked = await caches.through(models, ctx.tenantId, `${requested}:${ctx.member.id}`, async () => {
      const m = await findModel(db, ctx.tenantId, requested);
      return m ? { model: m, usable: await isModelUsableBy(db, ctx.tenantId, ctx.member, m.id) } : undefined;
    });
    if (!picked || !picked.model.isEnabled) throw new AppError('not_found', 404, 'The model does not exist');
    return picked;
  }

  /** Every check that can refuse the request happens here, before anything is written or sent upstream. */
  async function prepare(ctx: MemberContext, chatbotId: number, input: ChatInput): Promise<ChatPlan> {
    const text = input.text.trim();
    if (!text && input.file_ids.length === 0) throw new AppError('bad_request', 400, 'Enter a message (no text or image)');
    // File uploads are not part of this release: no file id can exist yet.
    if (input.file_ids.length > 0) throw new AppError('not_found', 404, 'The attached file does not exist');

    const found = await botContext(ctx, chatbotId);
    if (!found || !canSee(ctx, found.chatbot)) throw new AppError('chatbot_unavailable', 404, 'This chatbot is unavailable');
    const bot = found.chatbot;
    const { model, usable } = await pickModel(ctx, found, input.llm_model_id);
    const period = periodStart();
    const used = await usage.figures(ctx.tenantId, ctx.member.id, ctx.member.defaultMemberGroupId, period);
    const credits = statusFrom(ctx.tenant, ctx.member, { groupQuotaUnits: found.groupQuotaUnits, ...used });
    if (!usable) throw new AppError('model_not_allowed', 403, 'Your group may not use this model');
    if (isDepleted(credits) && !model.isLowLlm) {
      throw new AppError('credits_depleted', 402, 'Credits are depleted; low-cost models stay available', {
        member_remaining_credit: unitsToDisplay(credits.remainingUnits),
        tenant_remaining_credit: credits.tenantRemainingUnits === null ? null : unitsToDisplay(credits.tenantRemainingUnits),
      });
    }
    const system = bot.systemInstructions;
    const budget = model.contextLimit - estimateTokens(system);
    if (estimateTokens(text) > budget) {
      throw new AppError('input_too_long', 413, 'The input exceeds the model limit; split the question', { context_limit: model.contextLimit });
    }
    const provider = registry.model({ provider: model.provider, modelName: model.modelName });

    let session: SessionRow | undefined;
    if (input.session_hash_id) {
      session = await findSessionByHash(db, ctx.tenantId, input.session_hash_id);
      if (!session) throw new AppError('not_found', 404, 'The session does not exist');
      if (session.memberId !== ctx.member.id) throw new AppError('forbidden', 403, 'Access permission required');
    }

    // History that fits the context window, newest kept first.
    const history: ChatTurn[] = [];
    if (session) {
      let used = estimateTokens(text);
      const rows = await findMessagesBefore(db, ctx.tenantId, session.id, undefined, HISTORY_MESSAGES);
      for (const m of rows) {
        if (!m.text) continue;
        used += estimateTokens(m.text);
        if (used > budget) break;
        history.unshift({ role: m.speakerType === 'member' ? 'user' : 'assistant', content: m.text });
      }
    }

    return {
      ctx,
      chatbot: bot,
      model,
      provider,
      session,
      title: input.session_title || titleFrom(text),
      isTest: input.is_test,
      text,
      quotaUnits: credits.quotaUnits,
      system,
      messages: [...history, { role: 'user', content: text }],
      temperature: bot.temperature,
      topP: bot.topP,
      thinking: input.thinking,
    };
  }

  /**
   * Sends the provider request and writes the question and the empty answer at the same time
   * (decision 010): the model's time to first token hides the write. Resolves once the rows are
   * written; nothing of the answer is read before that. `abort` is the request's one controller:
   * the caller aborts it when the client leaves, and this aborts it, ending the provider request,
   * when the write fails; the error then goes to the client as a plain HTTP error.
   */
  async function open(plan: ChatPlan, abort: AbortController): Promise<ChatRun> {
    const { ctx, model, chatbot } = plan;
    const ref = { provider: model.provider, modelName: model.modelName };
    // The provider adapter's own stream (AI SDK LanguageModelV3.doStream): one answer needs no
    // multi-step orchestration, and skipping streamText's stream stack keeps each open stream
    // small in memory and cheap per token (bench/streams.ts).
    const call = Promise.resolve(plan.provider.doStream({
      prompt: toPrompt(plan.system, plan.messages),
      temperature: plan.temperature,
      topP: plan.topP === 1 ? undefined : plan.topP,
      abortSignal: abort.signal,
      providerOptions: model.supportsThinking ? registry.thinkingOptions(ref, plan.thinking) : undefined,
      includeRawChunks: false,
    }));
    call.catch(() => undefined); // read in stream(); never an unhandled rejection meanwhile
    let turn;
    try {
      // The provider request leaves first: it goes out on a later tick (the HTTP agent assigns the
      // socket in process.nextTick), and waking the database's worker thread before that lets the
      // scheduler run the worker in place of this thread — about 1 ms more time to first token in
      // half of all requests, measured (docs/decisions/013).
      await afterPendingWrites();
      turn = await openTurn(ctx.tenantId, {
        session: plan.session
          ? { id: plan.session.id }
          : { hashId: newHashId(16), memberId: ctx.member.id, chatbotId: chatbot.id, title: plan.title, isTest: plan.isTest },
        text: plan.text,
        llmModelId: model.id,
      });
    } catch (err) {
      abort.abort();
      throw err;
    }
    return {
      ctx,
      chatbotId: chatbot.id,
      model,
      thinking: plan.thinking,
      quotaUnits: plan.quotaUnits,
      // The estimate of system + messages as one text, from their lengths: no string is built.
      inputEstimate: Math.ceil(plan.messages.reduce((chars, m) => chars + m.content.length, plan.system.length) / CHARS_PER_TOKEN),
      call,
      sessionId: turn.sessionId,
      assistantMessageId: turn.assistantMessageId,
      meta: {
        session_hash_id: turn.hashId,
        session_title: turn.title,
        chatbot_id: chatbot.id,
        llm_model_id: model.id,
        model: model.displayName,
        user_message_id: turn.userMessageId,
        assistant_message_id: turn.assistantMessageId,
      },
    };
  }

  /** Streams the answer through `emit`, keeping the message row and the ledger exact. */
  async function stream(run: ChatRun, signal: AbortSignal, emit: (e: ChatEvent) => void): Promise<void> {
    const { ctx, model } = run;
    // Written to its row about FLUSH_MS behind while streaming: a crash keeps the text so far.
    const relay = new AnswerRelay(run.thinking, signal, emit, flusher.track(ctx.tenantId, run.assistantMessageId));
    try {
      const result = await run.call;
      // Providers that offer it push their parts straight to the relay, each on the tick it
      // arrives; the others are read as the AI SDK's web stream (decision 016).
      const channel = partChannelOf(result);
      if (channel) {
        channel.pipe(relay);
        await relay.ended;
      } else {
        for await (const part of result.stream) relay.part(part);
      }
    } catch {
      relay.error();
    } finally {
      await relay.answer.close();
    }
    const { text, reasoning } = relay.answer;
    const { reported } = relay;
    const status = signal.aborted ? 'stopped' : relay.status;

    // Without a usage report (stopped, failed) the tokens sent and received are estimated.
    const inputTokens = reported.input ?? run.inputEstimate;
    const outputTokens = reported.output ?? estimateTokens(reasoning + text);
    const units = status === 'failed' && !text ? 0n : usageUnits(inputTokens, outputTokens, model.inputCostE4, model.outputCostE4);
    const period = periodStart();
    const totals = await closeTurn(ctx.tenantId, {
      sessionId: run.sessionId,
      assistantMessageId: run.assistantMessageId,
      chatbotId: run.chatbotId,
      memberId: ctx.member.id,
      memberGroupId: ctx.member.defaultMemberGroupId,
      llmModelId: model.id,
      text,
      reasoning: relay.answer.storedReasoning,
      status,
      inputTokens,
      outputTokens,
      units,
      period,
    });
    usage.record(ctx.tenantId, ctx.member.id, period, totals);
    if (!signal.aborted) {
      emit({
        type: 'usage',
        input_tokens: inputTokens,
        output_tokens: outputTokens,
        credits: unitsToExact(units),
        remaining_credit: unitsToDisplay(run.quotaUnits - totals.memberUsedUnits),
      });
      emit({ type: 'end', status });
    }
  }

  /**
   * Checks the request, writes the turn and sends the provider request: `open(prepare(…))`. One
   * call, so that the caller, which waits while the answer streams, never holds the plan and its
   * history; only the `ChatRun` stays.
   */
  async function start(ctx: MemberContext, chatbotId: number, input: ChatInput, abort: AbortController): Promise<ChatRun> {
    return open(await prepare(ctx, chatbotId, input), abort);
  }

  return { start, stream };
}
export type ChatService = ReturnType<typeof createChatService>;

/**
 * Relays one answer's provider parts to the client as chat events and into its `TrackedAnswer`.
 * A class whose methods are the part sink, not a set of closures: every open stream holds one,
 * and what each stream keeps alive is what every garbage collection copies (bench/README.md).
 */
class AnswerRelay implements PartSink {
  status: 'completed' | 'failed' = 'completed';
  reported: { input?: number; output?: number } = {};
  /** Resolves when the parts end, in success or failure. */
  readonly ended: Promise<void>;
  private settle!: () => void;

  constructor(
    private readonly thinking: boolean,
    private readonly signal: AbortSignal,
    private readonly emit: (e: ChatEvent) => void,
    readonly answer: TrackedAnswer,
  ) {
    this.ended = new Promise<void>((resolve) => (this.settle = resolve));
  }

  part(part: LanguageModelV3StreamPart): void {
    if (part.type === 'text-delta') {
      this.answer.addText(part.delta);
      this.emit({ type: 'text', text: part.delta });
    } else if (part.type === 'reasoning-delta') {
      if (!this.thinking) return;
      this.answer.addReasoning(part.delta);
      this.emit({ type: 'reasoning', text: part.delta });
    } else if (part.type === 'source' && part.sourceType === 'url') {
      this.emit({ type: 'source', url: part.url, title: part.title ?? null });
    } else if (part.type === 'finish') {
      this.reported = { input: part.usage.inputTokens.total, output: part.usage.outputTokens.total };
    } else if (part.type === 'error') {
      this.fail();
    }
  }

  end(): void {
    this.settle();
  }

  /** The stream failed, or the provider call did: the parts end. */
  error(): void {
    this.fail();
    this.settle();
  }

  /** Failed, told to the client once; an answer whose client left is `stopped` instead. */
  private fail() {
    if (this.signal.aborted || this.status === 'failed') return;
    this.status = 'failed';
    this.emit({ type: 'error', code: 'upstream_failed', message: 'Chat processing failed; try again' });
  }
}
