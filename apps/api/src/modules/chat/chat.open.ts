import type { LanguageModelV3CallOptions, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { toolCallOptions } from '../../llm/tools';
import type { LlmRegistry } from '../../integrations/models/index';
import { startModelSpan } from '../../platform/tracing';
import { newHashId } from '../../platform/tokens';
import { requestImages } from './chat.images';
import { type ApiCallOptions, type ChatPlan, toPrompt } from './chat.prepare';
import type { createTurnOpener } from './turn-writer';
import type { AgentRun, ChatRun } from './chat.types';

/** An image run's `call`: it has no text stream (read by mistake, it fails like a provider call). */
const NO_TEXT_STREAM = () => {
  const p = Promise.reject(new Error('an image answer has no text stream'));
  p.catch(() => undefined);
  return p as Promise<{ stream: ReadableStream<LanguageModelV3StreamPart> }>;
};

/**
 * A developer API request's options over the chatbot's (decision 053): what the client set wins;
 * provider options are merged per provider, so the thinking switch stays beside the client's.
 */
function withApiOptions(base: Omit<LanguageModelV3CallOptions, 'prompt' | 'abortSignal'>, api: ApiCallOptions): Omit<LanguageModelV3CallOptions, 'prompt' | 'abortSignal'> {
  const out: Omit<LanguageModelV3CallOptions, 'prompt' | 'abortSignal'> = { ...base };
  for (const [k, v] of Object.entries(api)) if (v !== undefined && k !== 'providerOptions') (out as Record<string, unknown>)[k] = v;
  if (api.providerOptions) {
    const merged: NonNullable<LanguageModelV3CallOptions['providerOptions']> = { ...base.providerOptions };
    for (const [name, values] of Object.entries(api.providerOptions)) merged[name] = { ...merged[name], ...values };
    out.providerOptions = merged;
  }
  return out;
}

/** Resolves after the callbacks already queued (the provider request's socket write among them). */
const afterPendingWrites = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Phase 2: sends the provider request and writes the question and the empty answer at the same
 * time (decision 010): the model's time to first token hides the write. Resolves once the rows are
 * written; nothing of the answer is read before that. `abort` is the request's one controller: the
 * caller aborts it when the client leaves, and this aborts it, ending the provider request, when
 * the write fails; the error then goes to the client as a plain HTTP error.
 */
export async function openChat(
  registry: LlmRegistry,
  openTurn: ReturnType<typeof createTurnOpener>,
  plan: ChatPlan,
  abort: AbortController,
): Promise<ChatRun> {
  const { ctx, model, chatbot } = plan;
  const ref = { provider: model.provider, modelName: model.modelName };
  // The provider adapter's own stream (AI SDK LanguageModelV3.doStream): one answer needs no
  // multi-step orchestration, and skipping streamText's stream stack keeps each open stream
  // small in memory and cheap per token (bench/streams.ts).
  // An image model's question goes to its images API instead (decision 038).
  const sentAt = performance.now();
  const modelSpan = startModelSpan(model.provider, model.modelName, plan.imageModel ? 'generate_content' : 'chat');
  const images = plan.imageModel ? requestImages(plan.imageModel, plan.messages[plan.messages.length - 1]!.content, abort.signal) : undefined;
  const base: Omit<LanguageModelV3CallOptions, 'prompt' | 'abortSignal'> = {
    temperature: plan.temperature,
    topP: plan.topP === 1 ? undefined : plan.topP,
    providerOptions: model.supportsThinking ? registry.thinkingOptions(ref, plan.thinking) : undefined,
    includeRawChunks: false,
  };
  const options = plan.apiOptions ? withApiOptions(base, plan.apiOptions) : base;
  const prompt = toPrompt(plan.system, plan.messages);
  // An answer with tools offers them from its first request and keeps the prompt for the next (decision 050).
  const agent: AgentRun | undefined = plan.agent
    ? { ...plan.agent, provider: plan.provider, options: { ...options, ...toolCallOptions(plan.agent.definitions) }, prompt, attachedFileIds: plan.fileIds }
    : undefined;
  const call = images ? NO_TEXT_STREAM() : Promise.resolve(plan.provider.doStream({ ...(agent?.options ?? options), prompt, abortSignal: abort.signal }));
  call.catch(() => undefined); // read in the stream phase; never an unhandled rejection meanwhile
  let turn;
  try {
    // The provider request leaves first: it goes out on a later tick (the HTTP agent assigns the
    // socket in process.nextTick), and waking the database's worker thread before that lets the
    // scheduler run the worker in place of this thread — about 1 ms more time to first token in
    // half of all requests, measured (docs/decisions/013).
    await afterPendingWrites();
    // On a server the database confirms the admission's reservation (another instance's chats may
    // have taken the rest): after the provider request left, so its round trip hides behind the
    // model's first token; a refusal cancels the request before anything was relayed.
    await plan.admission.confirm();
    turn = await openTurn(ctx.tenantId, {
      session: plan.session
        ? { id: plan.session.id }
        : { hashId: newHashId(16), memberId: ctx.member.id, chatbotId: chatbot.id, title: plan.title, isTest: plan.isTest, origin: plan.origin },
      text: plan.text,
      llmModelId: model.id,
      attachments: plan.attachments,
      sources: plan.sources,
    });
  } catch (err) {
    abort.abort();
    plan.admission.release();
    throw err;
  }
  return {
    ctx,
    sentAt,
    modelSpan,
    chatbotId: chatbot.id,
    model,
    thinking: plan.thinking,
    admission: plan.admission,
    extraUnits: plan.maskingUnits,
    sources: plan.sources,
    webSearchCount: plan.webSearchCount,
    webSearchUnits: plan.webSearchUnits,
    toolImageCount: 0,
    toolImageUnits: 0n,
    inputEstimate: plan.inputEstimate,
    call,
    ...(images && { images }),
    ...(agent && { agent }),
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
      ...(plan.masked.length > 0 && { masked: plan.masked, masked_text: plan.text }),
    },
  };
}
