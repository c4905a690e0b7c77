import type { ChatEvent, ChatMeta, chatBody } from '@app/contracts/chat';
import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { LlmRegistry } from '../../llm/registry';
import type { MemberContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { newHashId } from '../../platform/tokens';
import { canSee } from '../chatbots/chatbots.service';
import { isDepleted, periodStart, unitsToDisplay, unitsToExact, usageUnits } from '../credits/credits.rules';
import { statusFrom } from '../credits/credits.service';
import { findModel, isModelUsableBy, type LlmModelRow } from '../llm-models/llm-models.repo';
import { findMessagesBefore, findSessionByHash, type SessionRow } from '../sessions/sessions.repo';
import { titleFrom } from '../sessions/sessions.service';
import { closeTurn, findChatContext, flushMessage, openTurn } from './chat.repo';

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
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);
const HISTORY_MESSAGES = 40;
const FLUSH_MS = 2000;

export interface ChatRun {
  meta: ChatMeta;
  ctx: MemberContext;
  model: LlmModelRow;
  sessionId: number;
  assistantMessageId: number;
  /** The member's monthly quota when the turn opened: remaining = quota − new total. */
  quotaUnits: bigint;
  system: string;
  messages: ChatTurn[];
  temperature: number;
  topP: number;
  thinking: boolean;
}

export function createChatService(db: Db, registry: LlmRegistry) {
  async function pickModel(ctx: MemberContext, isDefault: boolean, botModel: LlmModelRow, requested: number | null | undefined) {
    if (!requested || requested === botModel.id || !isDefault) return botModel;
    const m = await findModel(db, ctx.tenantId, requested);
    if (!m || !m.isEnabled) throw new AppError('not_found', 404, 'The model does not exist');
    return m;
  }

  /** Every check that can refuse the request happens here, before any byte is streamed. */
  async function prepare(ctx: MemberContext, chatbotId: number, input: ChatInput): Promise<ChatRun> {
    const text = input.text.trim();
    if (!text && input.file_ids.length === 0) throw new AppError('bad_request', 400, 'Enter a message (no text or image)');
    // File uploads are not part of this release: no file id can exist yet.
    if (input.file_ids.length > 0) throw new AppError('not_found', 404, 'The attached file does not exist');

    const found = await findChatContext(db, ctx.tenantId, chatbotId, ctx.member, periodStart());
    if (!found || !canSee(ctx, found.chatbot)) throw new AppError('chatbot_unavailable', 404, 'This chatbot is unavailable');
    const bot = found.chatbot;
    const model = await pickModel(ctx, bot.isDefault, found.model, input.llm_model_id);
    // Another model picked in the model picker: its access is checked on its own.
    const usable = model.id === found.model.id ? found.usable : await isModelUsableBy(db, ctx.tenantId, ctx.member, model.id);
    const credits = statusFrom(ctx.tenant, ctx.member, found.credits);
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

    const turn = await openTurn(db, ctx.tenantId, {
      session: session
        ? { id: session.id }
        : { hashId: newHashId(16), memberId: ctx.member.id, chatbotId: bot.id, title: input.session_title || titleFrom(text), isTest: input.is_test },
      text,
      llmModelId: model.id,
    });

    return {
      ctx,
      model,
      sessionId: turn.sessionId,
      assistantMessageId: turn.assistantMessageId,
      quotaUnits: credits.quotaUnits,
      system,
      messages: [...history, { role: 'user', content: text }],
      temperature: bot.temperature,
      topP: bot.topP,
      thinking: input.thinking,
      meta: {
        session_hash_id: turn.hashId,
        session_title: turn.title,
        chatbot_id: bot.id,
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
    let text = '';
    let reasoning = '';
    let status: 'completed' | 'stopped' | 'failed' = 'completed';
    let usage: { input?: number; output?: number } = {};
    let lastFlush = Date.now();
    let flushing: Promise<void> | null = null;
    const flush = () => {
      if (flushing) return;
      lastFlush = Date.now();
      flushing = flushMessage(db, ctx.tenantId, run.assistantMessageId, text, reasoning || null)
        .catch(() => undefined)
        .finally(() => {
          flushing = null;
        });
    };

    try {
      const ref = { provider: model.provider, modelName: model.modelName };
      // The provider adapter's own stream (AI SDK LanguageModelV3.doStream): one answer needs no
      // multi-step orchestration, and skipping streamText's stream stack keeps each open stream
      // small in memory and cheap per token (bench/streams.ts).
      const { stream: parts } = await registry.model(ref).doStream({
        prompt: toPrompt(run.system, run.messages),
        temperature: run.temperature,
        topP: run.topP === 1 ? undefined : run.topP,
        abortSignal: signal,
        providerOptions: model.supportsThinking ? registry.thinkingOptions(ref, run.thinking) : undefined,
        includeRawChunks: false,
      });
      for await (const part of parts) {
        if (part.type === 'text-delta') {
          text += part.delta;
          emit({ type: 'text', text: part.delta });
        } else if (part.type === 'reasoning-delta') {
          if (!run.thinking) continue;
          reasoning += part.delta;
          emit({ type: 'reasoning', text: part.delta });
        } else if (part.type === 'source' && part.sourceType === 'url') {
          emit({ type: 'source', url: part.url, title: part.title ?? null });
        } else if (part.type === 'finish') {
          usage = { input: part.usage.inputTokens.total, output: part.usage.outputTokens.total };
        } else if (part.type === 'error') {
          status = signal.aborted ? 'stopped' : 'failed';
          if (status === 'failed') emit({ type: 'error', code: 'upstream_failed', message: 'Chat processing failed; try again' });
        }
        if (Date.now() - lastFlush >= FLUSH_MS) flush();
      }
    } catch {
      status = signal.aborted ? 'stopped' : 'failed';
      if (status === 'failed') emit({ type: 'error', code: 'upstream_failed', message: 'Chat processing failed; try again' });
    }
    if (signal.aborted) status = 'stopped';
    await flushing;

    // Without a usage report (stopped, failed) the tokens sent and received are estimated.
    const inputTokens = usage.input ?? estimateTokens(run.system + run.messages.map((m) => m.content).join(''));
    const outputTokens = usage.output ?? estimateTokens(reasoning + text);
    const units = status === 'failed' && !text ? 0n : usageUnits(inputTokens, outputTokens, model.inputCostE4, model.outputCostE4);
    const period = periodStart();
    const usedUnits = await closeTurn(db, ctx.tenantId, {
      sessionId: run.sessionId,
      assistantMessageId: run.assistantMessageId,
      chatbotId: run.meta.chatbot_id,
      memberId: ctx.member.id,
      memberGroupId: ctx.member.defaultMemberGroupId,
      llmModelId: model.id,
      text,
      reasoning: reasoning || null,
      status,
      inputTokens,
      outputTokens,
      units,
      period,
    });
    if (!signal.aborted) {
      emit({
        type: 'usage',
        input_tokens: inputTokens,
        output_tokens: outputTokens,
        credits: unitsToExact(units),
        remaining_credit: unitsToDisplay(run.quotaUnits - usedUnits),
      });
      emit({ type: 'end', status });
    }
  }

  return { prepare, stream };
}
export type ChatService = ReturnType<typeof createChatService>;
