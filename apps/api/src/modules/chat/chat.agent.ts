import type { ChatEvent, ChatSource } from '@app/contracts/chat';
import { type AnswerNotice, TOOL_LIMITS, type ToolCallRecord } from '@app/contracts/tools';
import type { LanguageModelV3StreamPart, LanguageModelV3ToolCall, LanguageModelV3ToolResultPart } from '@ai-sdk/provider';
import { partChannelOf, type PartSink } from '../../llm/part-channel';
import { parseToolInput, runToolCall, type Tool, toolStepMessages } from '../../llm/tools';
import { recordAgentStep, recordToolCall } from '../../platform/metrics';
import { withToolSpan } from '../../platform/tracing';
import type { MemberContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { usageUnits } from '../credits/credits.rules';
import type { Admission } from '../credits/credits.service';
import type { ToolScope } from '../tools/tools.service';
import type { ChatDeps, OutputEstimates } from './chat.prepare';
import { CHARS_PER_TOKEN, estimateTokens } from './chat.rules';
import type { AgentProgress, ChatRun } from './chat.types';
import { AnswerRelay } from './chat.stream';
import type { TrackedAnswer } from './turn-writer';

/** What the loop needs of other modules. */
export type AgentDeps = Pick<ChatDeps, 'credits' | 'webSearch'> & { tools: NonNullable<ChatDeps['tools']> };

/**
 * Phase 3 of an answer with tools (decision 050): relays each model request's parts like
 * `streamChat` — text and reasoning through the same `AnswerRelay` into the same `TrackedAnswer` —
 * and when a request ends with tool calls, runs them (each with a timeout and the answer's signal),
 * sends the results back and streams the next request, until the model answers in text, the step
 * limit is reached (a `tool_step_limit` notice), the credits run out between steps
 * (`tool_credits_depleted`), the answer is stopped or a request fails. The relay's `reported`
 * holds the steps' tokens together: one close, one ledger row.
 */
export async function streamAgent(run: ChatRun, signal: AbortSignal, emit: (e: ChatEvent) => void, answer: TrackedAnswer, deps: AgentDeps, outputs: OutputEstimates): Promise<AnswerRelay> {
  const relay = new AnswerRelay(run.thinking, signal, emit, answer, run.sources.length);
  const loop = new AgentLoop(run, signal, emit, answer, relay, deps, outputs);
  for (const source of run.sources) emit({ type: 'source', ...source });
  try {
    await loop.steps();
  } catch {
    relay.error();
  } finally {
    loop.finish();
    await answer.close();
  }
  return relay;
}

/** One model request's parts: text and reasoning go on to the relay, tool calls are collected. */
class StepSink implements PartSink {
  /** This request's text, for the next request's prompt. */
  text = '';
  calls: LanguageModelV3ToolCall[] = [];
  reported: { input?: number; output?: number } | null = null;
  failed = false;
  readonly ended: Promise<void>;
  private settle!: () => void;

  constructor(
    private readonly loop: AgentLoop,
    private readonly relay: AnswerRelay,
    private readonly step: number,
  ) {
    this.ended = new Promise<void>((resolve) => (this.settle = resolve));
  }

  part(part: LanguageModelV3StreamPart): void {
    if (part.type === 'text-delta') {
      this.text += part.delta;
      this.relay.part(part);
    } else if (part.type === 'tool-input-start') {
      this.loop.announce(part.id, part.toolName, this.step);
    } else if (part.type === 'tool-call') {
      this.calls.push(part);
      this.loop.announce(part.toolCallId, part.toolName, this.step);
    } else if (part.type === 'finish') {
      this.reported = { input: part.usage.inputTokens.total, output: part.usage.outputTokens.total };
    } else {
      if (part.type === 'error') this.failed = true;
      this.relay.part(part);
    }
  }

  end(): void {
    this.settle();
  }

  error(): void {
    this.failed = true;
    this.relay.error();
    this.settle();
  }
}

/**
 * One answer's loop, and the scope its tools run in (`ToolScope`): the sources they cite, the
 * searches and masking they charge, the files they make. A class, like the relay (decision 017).
 */
class AgentLoop implements ToolScope {
  private readonly progress: AgentProgress;
  private tools: Tool[] | null = null;
  /** The credits held for the running step beyond the answer's own admission, released when it ends. */
  private stepHold: Admission | null = null;
  /** The prompt's size, for the estimates of requests without a usage report. */
  private promptChars: number;
  private tokens = { input: 0, output: 0 };
  private readonly files = new Map<string, ToolCallRecord['files']>();
  private over = false;

  constructor(
    private readonly run: ChatRun,
    private readonly signal: AbortSignal,
    private readonly emit: (e: ChatEvent) => void,
    private readonly answer: TrackedAnswer,
    private readonly relay: AnswerRelay,
    private readonly deps: AgentDeps,
    private readonly outputs: OutputEstimates,
  ) {
    this.promptChars = run.inputEstimate * CHARS_PER_TOKEN;
    this.progress = { toolCalls: [], sources: [...run.sources], notice: null, tokens: { input: run.inputEstimate, output: 0 }, stepTextStart: 0 };
    answer.agent = this.progress;
  }

  get ctx(): MemberContext {
    return this.run.ctx;
  }
  get chatbotId(): number {
    return this.run.chatbotId;
  }
  get sessionHash(): string {
    return this.run.meta.session_hash_id;
  }
  get attachedFileIds(): readonly number[] {
    return this.run.agent!.attachedFileIds;
  }

  async steps(): Promise<void> {
    const agent = this.run.agent!;
    let call = this.run.call;
    for (let step = 1; ; step += 1) {
      recordAgentStep();
      const sink = new StepSink(this, this.relay, step);
      this.progress.stepTextStart = this.answer.text.length;
      this.progress.tokens = { input: this.tokens.input + this.promptTokens(), output: this.tokens.output };
      try {
        const result = await call;
        const channel = partChannelOf(result);
        if (channel) {
          channel.pipe(sink);
          await sink.ended;
        } else {
          for await (const part of result.stream) sink.part(part);
        }
      } finally {
        this.count(sink);
        this.releaseStep();
      }
      if (sink.failed || this.relay.status === 'failed' || this.signal.aborted || sink.calls.length === 0) return;
      if (step >= agent.maxSteps) {
        for (const c of sink.calls) this.settleCall(c.toolCallId, 'stopped', 'Not run: the answer reached its step limit', 0);
        this.notice('tool_step_limit');
        return;
      }
      const results = await Promise.all(sink.calls.map((c) => this.call(c)));
      this.emit({ type: 'step_end', step });
      if (this.signal.aborted || results.includes(null)) return;
      const added = toolStepMessages(sink.text, sink.calls, results as LanguageModelV3ToolResultPart[]);
      this.promptChars += JSON.stringify(added).length;
      if (!(await this.admitStep())) {
        this.notice('tool_credits_depleted');
        return;
      }
      agent.prompt.push(...added);
      call = Promise.resolve(agent.provider.doStream({ ...agent.options, prompt: agent.prompt, abortSignal: this.signal }));
    }
  }

  /** The answer is over: calls still running are stopped, the relay carries the steps' tokens, late tool work changes nothing. */
  finish(): void {
    this.over = true;
    this.releaseStep();
    for (const r of this.progress.toolCalls) if (r.status === 'running') Object.assign(r, { status: 'stopped', output: r.output ?? 'Stopped' });
    this.relay.reported = { ...this.tokens };
  }

  /** A call's card opens once its name is known (its arguments may still stream). */
  announce(id: string, name: string, step: number): void {
    if (this.progress.toolCalls.some((r) => r.id === id)) return;
    const textOffset = this.answer.text.length;
    this.progress.toolCalls.push({ id, step, name, input: null, output: null, status: 'running', duration_ms: null, text_offset: textOffset, files: [] });
    this.answer.changed = true;
    this.emit({ type: 'tool_call', id, step, name, text_offset: textOffset });
  }

  /** Runs one call; its result for the model, or null when the answer was stopped meanwhile. */
  private async call(c: LanguageModelV3ToolCall): Promise<LanguageModelV3ToolResultPart | null> {
    const parsed = parseToolInput(c);
    const input = parsed.ok ? parsed.input : c.input;
    const record = this.progress.toolCalls.find((r) => r.id === c.toolCallId);
    if (record) record.input = input;
    this.emit({ type: 'tool_input', id: c.toolCallId, input });
    const started = Date.now();
    const timeout = AbortSignal.timeout(TOOL_LIMITS.callTimeoutSeconds * 1000);
    const callSignal = AbortSignal.any([this.signal, timeout]);
    let result: LanguageModelV3ToolResultPart;
    try {
      this.tools ??= this.deps.tools.create(this.run.agent!.tools, this);
      const tools = this.tools;
      result = await untilAborted(withToolSpan(c.toolName, () => runToolCall(tools, c, callSignal)), callSignal);
    } catch {
      if (this.signal.aborted) {
        this.settleCall(c.toolCallId, 'stopped', 'Stopped', Date.now() - started);
        return null;
      }
      result = { type: 'tool-result', toolCallId: c.toolCallId, toolName: c.toolName, output: { type: 'error-text', value: `The tool did not answer within ${TOOL_LIMITS.callTimeoutSeconds} s` } };
    }
    const output = capped(result.output);
    recordToolCall(c.toolName, output.type === 'error-text' ? 'error' : 'ok', Date.now() - started);
    this.settleCall(c.toolCallId, output.type === 'error-text' ? 'error' : 'done', textOf(output), Date.now() - started);
    return { ...result, output };
  }

  private settleCall(id: string, status: 'done' | 'error' | 'stopped', text: string, durationMs: number): void {
    const output = text.slice(0, TOOL_LIMITS.outputPreviewChars);
    const files = this.files.get(id) ?? [];
    const record = this.progress.toolCalls.find((r) => r.id === id);
    if (record) Object.assign(record, { status, output, duration_ms: durationMs, files });
    this.answer.changed = true;
    this.emit({ type: 'tool_result', id, status, output, duration_ms: durationMs, files });
  }

  private notice(code: AnswerNotice): void {
    this.progress.notice = code;
    this.answer.changed = true;
    this.emit({ type: 'notice', code });
  }

  /** A step's tokens: the provider's report, else estimated (the prompt in, the step's text and calls out). */
  private count(sink: StepSink): void {
    const input = sink.reported?.input ?? this.promptTokens();
    const output = sink.reported?.output ?? estimateTokens(this.answer.text.slice(this.progress.stepTextStart)) + estimateTokens(sink.calls.map((c) => c.input).join(''));
    this.tokens = { input: this.tokens.input + input, output: this.tokens.output + output };
    this.progress.tokens = { ...this.tokens };
  }

  private promptTokens(): number {
    return Math.ceil(this.promptChars / CHARS_PER_TOKEN);
  }

  /**
   * Admits the next request like an answer (decision 031): the credits of the steps so far and the
   * next one's estimate held against the budgets; false when they ran out. The hold ends with the
   * step; the answer's close settles the whole.
   */
  private async admitStep(): Promise<boolean> {
    const { model } = this.run;
    // The steps' tokens and the images the tools made so far (their cost is not in the answer's own hold).
    const spent = usageUnits(this.tokens.input, this.tokens.output, model.inputCostE4, model.outputCostE4) + this.run.toolImageUnits;
    const next = usageUnits(this.promptTokens(), this.outputs.expected(model.id), model.inputCostE4, model.outputCostE4);
    try {
      const hold = await this.deps.credits.admit(this.run.ctx, model, spent + next);
      this.stepHold = hold;
      await hold.confirm();
      return true;
    } catch (err) {
      this.releaseStep();
      if (err instanceof AppError && err.code === 'credits_depleted') return false;
      throw err;
    }
  }

  private releaseStep(): void {
    this.stepHold?.release();
    this.stepHold = null;
  }

  // --- ToolScope: what the answer's tools may do -------------------------------------------------

  cite(found: Array<Omit<ChatSource, 'index'>>): number[] {
    if (this.over) return found.map(() => 0);
    return found.map((f) => {
      const source = { ...f, index: this.progress.sources.length + 1 } as ChatSource;
      this.progress.sources.push(source);
      this.emit({ type: 'source', ...source });
      this.answer.changed = true;
      return source.index;
    });
  }

  searched(count: number): void {
    this.run.webSearchCount += count;
    this.run.webSearchUnits += this.deps.webSearch.costUnits(this.run.model, count);
  }

  masked(units: bigint): void {
    this.run.extraUnits += units;
  }

  async holdImages(imageModel: { isLowLlm: boolean }, units: bigint): Promise<() => void> {
    const { model } = this.run;
    const spent = usageUnits(this.tokens.input, this.tokens.output, model.inputCostE4, model.outputCostE4) + this.run.toolImageUnits;
    const hold = await this.deps.credits.admit(this.run.ctx, imageModel, spent + units);
    try {
      await hold.confirm();
    } catch (err) {
      hold.release();
      throw err;
    }
    return () => hold.release();
  }

  madeImages(count: number, units: bigint): void {
    this.run.toolImageCount += count;
    this.run.toolImageUnits += units;
  }

  madeFiles(toolCallId: string, files: ToolCallRecord['files']): void {
    if (!this.over) this.files.set(toolCallId, [...(this.files.get(toolCallId) ?? []), ...files]);
  }
}

/** A tool's result as the model gets it: at most `resultMaxChars` characters (a longer JSON result becomes its text, cut). */
function capped(output: LanguageModelV3ToolResultPart['output']): LanguageModelV3ToolResultPart['output'] {
  const text = textOf(output);
  if (text.length <= TOOL_LIMITS.resultMaxChars) return output;
  const cut = `${text.slice(0, TOOL_LIMITS.resultMaxChars)} [cut]`;
  return output.type === 'error-text' ? { type: 'error-text', value: cut } : { type: 'text', value: cut };
}

function textOf(output: LanguageModelV3ToolResultPart['output']): string {
  if (output.type === 'text' || output.type === 'error-text') return output.value;
  if (output.type === 'json' || output.type === 'error-json') return JSON.stringify(output.value);
  return JSON.stringify(output);
}

/** `work`, or a rejection as soon as `signal` aborts: a tool that does not listen to its signal is left behind, not waited for. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e as Error);
      },
    );
  });
}
