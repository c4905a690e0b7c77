import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { urlToHttpOptions } from 'node:url';
import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3FinishReason,
} from '@ai-sdk/provider';
import { requestBodyOf } from './openai-compatible-request';
import { PartChannel, type PartChannelResult } from './part-channel';

/**
 * Streaming chat completions from an OpenAI-compatible endpoint (Ollama, vLLM, llama.cpp, LM
 * Studio, …) behind the AI SDK's provider interface (LanguageModelV3). `doGenerate` stays the SDK
 * model's own; `doStream` is a lean client: node:http with a keep-alive agent and one SSE parser,
 * one stream part per upstream chunk. The SDK's stream stack (fetch, TextDecoderStream,
 * EventSourceParserStream, a schema validation per chunk, transform streams) cost 90 µs of CPU
 * per token against 37 µs for this path on the same machine, and the relay of every token of
 * every open stream is the platform's hottest loop (docs/decisions/010, bench/README.md). The
 * parts go out through a `PartChannel`: pushed to the chat service, a web stream for anyone else
 * (decision 016). Tools go out as `tools`/`tool_choice`, and streamed `delta.tool_calls` come back
 * as the SDK's tool input parts and one `tool-call` part per call (decision 049).
 */
export function withLeanStreaming(sdkModel: LanguageModelV3, config: { baseURL: string; apiKey?: string; modelId: string }): LanguageModelV3 {
  const url = new URL(`${config.baseURL.replace(/\/+$/, '')}/chat/completions`);
  const client = url.protocol === 'https:' ? https : http;
  // The request's options and headers are the same for every answer: made once here, not parsed
  // from the URL again on the chat request's path before the provider request leaves.
  const auth: Record<string, string> = config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {};
  const target: Target = {
    url,
    options: {
      ...urlToHttpOptions(url),
      method: 'POST',
      agent: url.protocol === 'https:' ? httpsAgent : httpAgent,
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...auth },
    },
    auth,
  };
  return {
    specificationVersion: 'v3',
    provider: sdkModel.provider,
    modelId: sdkModel.modelId,
    supportedUrls: sdkModel.supportedUrls,
    doGenerate: (options) => sdkModel.doGenerate(options),
    doStream: (options) => stream(client, target, config.modelId, options),
  };
}

const httpAgent = new http.Agent({ keepAlive: true, maxSockets: Infinity, scheduling: 'lifo' });
const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: Infinity, scheduling: 'lifo' });

interface Target {
  url: URL;
  /** Node copies the options it is given, so every request can share these. */
  options: http.RequestOptions & { headers: Record<string, string> };
  auth: Record<string, string>;
}

const FINISH: Record<string, LanguageModelV3FinishReason['unified']> = {
  stop: 'stop',
  length: 'length',
  content_filter: 'content-filter',
  tool_calls: 'tool-calls',
  function_call: 'tool-calls',
};

interface Chunk {
  id?: string;
  model?: string;
  created?: number;
  error?: unknown;
  choices?: Array<{ delta?: { content?: string | null; reasoning_content?: string | null; reasoning?: string | null; tool_calls?: ToolCallDelta[] | null }; finish_reason?: string | null }>;
  usage?: {
    prompt_tokens?: number;
    completion_tokens?: number;
    prompt_tokens_details?: { cached_tokens?: number };
    completion_tokens_details?: { reasoning_tokens?: number };
  } | null;
}

/** One entry of `delta.tool_calls`: the first of a call has its id and name, the next ones pieces of its arguments. */
interface ToolCallDelta {
  index?: number;
  id?: string | null;
  function?: { name?: string | null; arguments?: string | null } | null;
}

/** A tool call being streamed: its arguments gather until the answer ends. */
class PendingToolCall {
  name = '';
  args = '';
  started = false;
  constructor(
    readonly index: number,
    public id: string | null,
  ) {}
}

function stream(
  client: typeof http | typeof https,
  target: Target,
  modelId: string,
  options: LanguageModelV3CallOptions,
): Promise<PartChannelResult> {
  const signal = options.abortSignal;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const body = requestBodyOf(modelId, options);
  return new Promise((resolve, reject) => new CompletionRequest(client, target, body, options.headers, signal, resolve, reject));
}

/**
 * One streamed completion, from the request to the last part. A class, not a nest of closures:
 * every open stream holds one of these, and the fewer objects each stream keeps alive the less
 * every garbage collection copies (bench/README.md). Only what is read later is kept: not the
 * prompt, not the request body.
 */
class CompletionRequest {
  private readonly req: http.ClientRequest;
  private channel: PartChannel | null = null;
  private buffer = '';
  private data = '';
  private textOpen = false;
  private reasoningOpen = false;
  private metaSent = false;
  private finishReason: string | undefined;
  private usage: Chunk['usage'];
  /** Made by the first tool call: a text answer never has one. */
  private toolCalls: PendingToolCall[] | null = null;

  constructor(
    client: typeof http | typeof https,
    private readonly target: Target,
    body: string,
    headers: LanguageModelV3CallOptions['headers'],
    private readonly signal: AbortSignal | undefined,
    private readonly resolve: (result: PartChannelResult) => void,
    private readonly reject: (err: unknown) => void,
  ) {
    // A call's own headers may replace the content type, never the key.
    this.req = client.request(headers ? { ...target.options, headers: { ...target.options.headers, ...dropUndefined(headers), ...target.auth } } : target.options);
    // `handleEvent`: the signal calls this object, no listener closure per request.
    signal?.addEventListener('abort', this, { once: true });
    this.req.on('error', (err) => {
      this.stopListening();
      reject(err);
    });
    this.req.on('response', (res) => this.onResponse(res));
    this.req.end(body);
  }

  /** The abort signal fired. */
  handleEvent(): void {
    this.req.destroy(abortError(this.signal));
  }

  private stopListening() {
    this.signal?.removeEventListener('abort', this);
  }

  private onResponse(res: http.IncomingMessage) {
    const status = res.statusCode ?? 0;
    res.setEncoding('utf8');
    if (status < 200 || status > 299) {
      let text = '';
      res.on('data', (d: string) => (text += d));
      res.on('end', () => {
        this.stopListening();
        const { url } = this.target;
        this.reject(new APICallError({ message: `HTTP ${status} from ${url.host}`, url: url.href, requestBodyValues: {}, statusCode: status, responseBody: text, isRetryable: status === 429 || status >= 500 }));
      });
      res.on('error', (err) => {
        this.stopListening();
        this.reject(err);
      });
      return;
    }
    // Parts go to the chat service pushed, or to any other consumer as the SDK's web stream.
    const channel = new PartChannel(() => {
      this.stopListening();
      this.req.destroy();
    });
    this.channel = channel;
    channel.push({ type: 'stream-start', warnings: [] });
    res.on('data', (d: string) => this.onData(d));
    res.on('end', () => {
      if (this.data) this.onEvent(this.data);
      // A connection cut before the end of the answer is an error, not a short answer.
      if (res.complete) this.end();
      else this.fail(new Error('upstream closed the stream early'));
    });
    res.on('error', (err) => this.fail(err));
    res.on('close', () => this.fail(new Error('upstream closed the stream early')));
    this.resolve(channel.result());
  }

  /** SSE lines: `data:` lines gather into one event, which an empty line ends. */
  private onData(d: string) {
    if (!this.channel?.isOpen) return;
    let buffer = this.buffer + d;
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      let line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (line === '') {
        if (this.data) this.onEvent(this.data);
        this.data = '';
      } else if (line.startsWith('data:')) {
        const v = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5);
        this.data = this.data ? `${this.data}\n${v}` : v;
      }
    }
    this.buffer = buffer;
  }

  /** One SSE event's data: a JSON chunk, or `[DONE]`. */
  private onEvent(payload: string) {
    if (payload === '[DONE]') return;
    let parsed: Chunk;
    try {
      parsed = JSON.parse(payload) as Chunk;
    } catch (error) {
      this.channel!.push({ type: 'error', error });
      return;
    }
    this.onChunk(parsed);
  }

  private onChunk(c: Chunk) {
    const channel = this.channel!;
    if (c.error) {
      channel.push({ type: 'error', error: c.error });
      return;
    }
    if (!this.metaSent) {
      this.metaSent = true;
      channel.push({ type: 'response-metadata', id: c.id, modelId: c.model, timestamp: c.created ? new Date(c.created * 1000) : undefined });
    }
    if (c.usage) this.usage = c.usage;
    const choice = c.choices?.[0];
    if (!choice) return;
    const delta = choice.delta;
    const reasoning = delta?.reasoning_content ?? delta?.reasoning;
    if (reasoning) {
      if (!this.reasoningOpen) channel.push({ type: 'reasoning-start', id: 'reasoning-0' });
      this.reasoningOpen = true;
      channel.push({ type: 'reasoning-delta', id: 'reasoning-0', delta: reasoning });
    }
    if (delta?.content) {
      if (this.reasoningOpen) {
        channel.push({ type: 'reasoning-end', id: 'reasoning-0' });
        this.reasoningOpen = false;
      }
      if (!this.textOpen) channel.push({ type: 'text-start', id: 'txt-0' });
      this.textOpen = true;
      channel.push({ type: 'text-delta', id: 'txt-0', delta: delta.content });
    }
    if (delta?.tool_calls) this.onToolCalls(delta.tool_calls);
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
  }

  /**
   * Pieces of tool calls: a call is told (`tool-input-start`) once its name is known, its argument
   * fragments as they come (`tool-input-delta`); several calls of one step are told apart by
   * `index` (by id, or the last one, from servers that send no index).
   */
  private onToolCalls(deltas: ToolCallDelta[]) {
    const channel = this.channel!;
    if (this.reasoningOpen) {
      channel.push({ type: 'reasoning-end', id: 'reasoning-0' });
      this.reasoningOpen = false;
    }
    const calls = (this.toolCalls ??= []);
    for (const d of deltas) {
      let call = d.index != null ? calls.find((c) => c.index === d.index) : d.id ? calls.find((c) => c.id === d.id) : calls.at(-1);
      if (!call) calls.push((call = new PendingToolCall(d.index ?? calls.length, null)));
      if (d.id && !call.started) call.id = d.id;
      const name = d.function?.name;
      if (name && !call.started) call.name = name;
      const fragment = d.function?.arguments;
      if (fragment) {
        call.args += fragment;
        if (call.started) channel.push({ type: 'tool-input-delta', id: call.id!, delta: fragment });
      }
      if (!call.started && call.name) this.startToolCall(call);
    }
  }

  private startToolCall(call: PendingToolCall) {
    const channel = this.channel!;
    call.started = true;
    call.id ??= `call_${randomUUID()}`;
    channel.push({ type: 'tool-input-start', id: call.id, toolName: call.name });
    if (call.args) channel.push({ type: 'tool-input-delta', id: call.id, delta: call.args });
  }

  /** Each call complete, in the order of the step's indices; the arguments as the model wrote them, even malformed. */
  private endToolCalls(calls: PendingToolCall[]) {
    const channel = this.channel!;
    calls.sort((a, b) => a.index - b.index);
    for (const call of calls) {
      if (!call.started) this.startToolCall(call);
      channel.push({ type: 'tool-input-end', id: call.id! });
      channel.push({ type: 'tool-call', toolCallId: call.id!, toolName: call.name, input: call.args });
    }
  }

  private end() {
    const channel = this.channel!;
    if (!channel.isOpen) return;
    this.stopListening();
    if (this.reasoningOpen) channel.push({ type: 'reasoning-end', id: 'reasoning-0' });
    if (this.textOpen) channel.push({ type: 'text-end', id: 'txt-0' });
    this.reasoningOpen = this.textOpen = false;
    const { usage, finishReason: finish, toolCalls } = this;
    if (toolCalls) this.endToolCalls(toolCalls);
    let unified = finish ? (FINISH[finish] ?? 'other') : 'other';
    // Some servers end a step of calls with `stop` (or no reason): the calls are what it asks for.
    if (toolCalls?.length && (unified === 'stop' || !finish)) unified = 'tool-calls';
    const reasoningTokens = usage?.completion_tokens_details?.reasoning_tokens;
    const cached = usage?.prompt_tokens_details?.cached_tokens;
    channel.push({
      type: 'finish',
      finishReason: { unified, raw: finish },
      usage: {
        inputTokens: { total: usage?.prompt_tokens, noCache: cached === undefined || usage?.prompt_tokens === undefined ? undefined : usage.prompt_tokens - cached, cacheRead: cached, cacheWrite: undefined },
        outputTokens: {
          total: usage?.completion_tokens,
          text: reasoningTokens === undefined || usage?.completion_tokens === undefined ? usage?.completion_tokens : usage.completion_tokens - reasoningTokens,
          reasoning: reasoningTokens,
        },
      },
    });
    channel.end();
  }

  private fail(err: unknown) {
    const channel = this.channel!;
    if (!channel.isOpen) return;
    this.stopListening();
    channel.error(this.signal?.aborted ? abortError(this.signal) : err);
  }
}

function abortError(signal: AbortSignal | undefined): Error {
  const reason = signal?.reason;
  if (reason instanceof Error) return reason;
  return Object.assign(new Error('The operation was aborted'), { name: 'AbortError' });
}

function dropUndefined(h: Record<string, string | undefined> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h ?? {})) if (v !== undefined) out[k] = v;
  return out;
}
