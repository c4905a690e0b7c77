import type { ChatMeta, ChatSource } from '@app/contracts/chat';
import type { AnswerNotice, BuiltinTool, ToolCallRecord } from '@app/contracts/tools';
import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3Prompt, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { ModelSpan } from '../../platform/tracing';
import type { MemberContext } from '../../platform/context';
import type { Admission } from '../credits/credits.service';
import type { LlmModelRow } from '../llm-models/llm-models.service';

/**
 * The types the chat's phases hand each other (prepare → open → stream → close, decision 017):
 * declared here, apart from the phases, so that no phase file imports another for a type.
 */

/**
 * A turn whose rows are written and whose provider request is on its way: what streaming the
 * answer still needs, and no more (not the history or the prompt). Every open stream holds one.
 */
export interface ChatRun {
  ctx: MemberContext;
  /** When the provider request was sent (`performance.now()`): the answer's time to first token starts here (metrics, decision 052). */
  sentAt: number;
  /** The provider request's span when traces are on (decision 052), ended at the close. */
  modelSpan: ModelSpan | undefined;
  chatbotId: number;
  model: LlmModelRow;
  thinking: boolean;
  /** The credits held for the answer until its charge settles them (decision 031). */
  admission: Admission;
  /** Charged on top of the tokens: the masking cost when personal data was masked (spec §9). */
  extraUnits: bigint;
  /** Sent to the readers before the answer: what the answer may cite. */
  sources: ChatSource[];
  /** Web searches made for the answer, charged on close. */
  webSearchCount: number;
  webSearchUnits: bigint;
  /** Images the answer's `generate_image` calls made and their cost (decision 050), charged on close with the answer's own. */
  toolImageCount: number;
  toolImageUnits: bigint;
  /** Tokens sent, estimated, for an answer that ends without the provider's usage report. */
  inputEstimate: number;
  meta: ChatMeta;
  sessionId: number;
  assistantMessageId: number;
  call: Promise<{ stream: ReadableStream<LanguageModelV3StreamPart> }>;
  /** An image model's answer (chat.images.ts): the images requested; the run has no text stream then. */
  images?: Promise<Uint8Array[]>;
  /** An answer with tools (chat.agent.ts): what its next steps send. Absent on the plain text path. */
  agent?: AgentRun;
}

/** What an answer with tools keeps for its next model requests (decision 050): the prompt, which grows by each step. */
export interface AgentRun {
  tools: BuiltinTool[];
  maxSteps: number;
  provider: LanguageModelV3;
  /** The first request's options but the prompt and signal: every step sends the same. */
  options: Omit<LanguageModelV3CallOptions, 'prompt' | 'abortSignal'>;
  prompt: LanguageModelV3Prompt;
  attachedFileIds: number[];
}

/** What an answer with tools adds to its row as it streams (decision 050). */
export interface AgentProgress {
  toolCalls: ToolCallRecord[];
  /** Every source of the answer: the run's, then those its tools found. */
  sources: ChatSource[];
  notice: AnswerNotice | null;
  /** Tokens of the steps so far (reported, else estimated) and the current step's input, for a crash's charge. */
  tokens: { input: number; output: number };
  /** Where the current step's text starts: its output is estimated from what follows. */
  stepTextStart: number;
}
