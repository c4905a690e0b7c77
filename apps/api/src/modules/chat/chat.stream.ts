import type { ChatEvent } from '@app/contracts/chat';
import { errorCatalogue } from '@app/contracts/errors';
import type { LanguageModelV3FinishReason, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { partChannelOf, type PartSink } from '../../llm/part-channel';
import type { ChatRun } from './chat.types';
import type { TrackedAnswer } from './turn-writer';

/**
 * Phase 3: relays the provider's parts to the client as chat events and into the answer's
 * `TrackedAnswer` (written to its row about every flush behind, so a crash keeps the text so far)
 * until the parts end, fail or the client leaves. Resolves with the relay, which holds the outcome.
 */
export async function streamChat(run: ChatRun, signal: AbortSignal, emit: (e: ChatEvent) => void, answer: TrackedAnswer): Promise<AnswerRelay> {
  const relay = new AnswerRelay(run.thinking, signal, emit, answer, run.sources.length);
  // What the answer may cite goes first: the readers number the citations before the text arrives.
  for (const source of run.sources) emit({ type: 'source', ...source });
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
  return relay;
}

/**
 * Relays one answer's provider parts to the client as chat events and into its `TrackedAnswer`.
 * A class whose methods are the part sink, not a set of closures: every open stream holds one,
 * and what each stream keeps alive is what every garbage collection copies (bench/README.md).
 */
export class AnswerRelay implements PartSink {
  status: 'completed' | 'failed' = 'completed';
  reported: { input?: number; output?: number } = {};
  /** Images stored for the answer (the image path, chat.images.ts): charged per image. */
  imageCount = 0;
  /** When the first text or reasoning arrived (`performance.now()`, 0: none yet): time to first token, read at the close. */
  firstTokenAt = 0;
  /** Why the model stopped (its `finish` part), for the developer API's `finish_reason`. */
  finishReason: LanguageModelV3FinishReason['unified'] | undefined;
  /** Calls of the client's tools (the developer API offers only those; decision 053), in the model's order; null until one arrives. */
  toolCalls: Array<{ id: string; name: string; arguments: string }> | null = null;
  /** Resolves when the parts end, in success or failure. */
  readonly ended: Promise<void>;
  private settle!: () => void;

  constructor(
    private readonly thinking: boolean,
    private readonly signal: AbortSignal,
    private readonly emit: (e: ChatEvent) => void,
    readonly answer: TrackedAnswer,
    private sourceCount = 0,
  ) {
    this.ended = new Promise<void>((resolve) => (this.settle = resolve));
  }

  part(part: LanguageModelV3StreamPart): void {
    if (part.type === 'text-delta') {
      if (this.firstTokenAt === 0) this.firstTokenAt = performance.now();
      this.answer.addText(part.delta);
      this.emit({ type: 'text', text: part.delta });
    } else if (part.type === 'reasoning-delta') {
      if (!this.thinking) return;
      if (this.firstTokenAt === 0) this.firstTokenAt = performance.now();
      this.answer.addReasoning(part.delta);
      this.emit({ type: 'reasoning', text: part.delta });
    } else if (part.type === 'source' && part.sourceType === 'url') {
      // A provider's own search result (models that search themselves), numbered after the platform's.
      this.emit({ type: 'source', index: (this.sourceCount += 1), kind: 'web', url: part.url, title: part.title ?? null, snippet: null, score: null });
    } else if (part.type === 'finish') {
      this.reported = { input: part.usage.inputTokens.total, output: part.usage.outputTokens.total };
      this.finishReason = part.finishReason.unified;
    } else if (part.type === 'error') {
      this.fail();
    } else if (part.type === 'tool-call') {
      // Only a run that offered tools gets calls: the developer API's, which the client runs.
      (this.toolCalls ??= []).push({ id: part.toolCallId, name: part.toolName, arguments: part.input });
    }
  }

  end(): void {
    this.settle();
  }

  /** The stream failed, or the provider call did: the parts end. (Called by part channels with their error: not read.) */
  error(): void {
    this.fail();
    this.settle();
  }

  /** An image answer failed (chat.images.ts): the §8 image generation message instead of the chat's. */
  imageFailed(): void {
    this.fail('image_generation_failed');
    this.settle();
  }

  /** Failed, told to the client once; an answer whose client left is `stopped` instead. */
  private fail(code: 'model_failed' | 'image_generation_failed' = 'model_failed') {
    if (this.signal.aborted || this.status === 'failed') return;
    this.status = 'failed';
    this.emit({ type: 'error', code, message: errorCatalogue[code].message });
  }
}
