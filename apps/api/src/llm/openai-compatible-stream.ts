import http from 'node:http';
import https from 'node:https';
import { urlToHttpOptions } from 'node:url';
import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3FinishReason,
  type LanguageModelV3Prompt,
  type LanguageModelV3StreamPart,
  UnsupportedFunctionalityError,
} from '@ai-sdk/provider';
import { PartChannel } from './part-channel';

/**
 * Streaming chat completions from an OpenAI-compatible endpoint (Ollama, vLLM, llama.cpp, LM
 * Studio, …) behind the AI SDK's provider interface (LanguageModelV3). `doGenerate` stays the SDK
 * model's own; `doStream` is a lean client: node:http with a keep-alive agent and one SSE parser,
 * one stream part per upstream chunk. The SDK's stream stack (fetch, TextDecoderStream,
 * EventSourceParserStream, a schema validation per chunk, transform streams) cost 90 µs of CPU
 * per token against 37 µs for this path on the same machine, and the relay of every token of
 * every open stream is the platform's hottest loop (docs/decisions/010, bench/README.md). The
 * parts go out through a `PartChannel`: pushed to the chat service, a web stream for anyone else
 * (decision 016).
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

type Message = { role: 'system' | 'user' | 'assistant'; content: string };

export function toMessages(prompt: LanguageModelV3Prompt): Message[] {
  return prompt.map((m): Message => {
    if (m.role === 'system') return { role: 'system', content: m.content };
    if (m.role !== 'user' && m.role !== 'assistant') throw new UnsupportedFunctionalityError({ functionality: `${m.role} messages` });
    let text = '';
    for (const part of m.content) {
      if (part.type === 'text') text += part.text;
      else if (part.type !== 'reasoning') throw new UnsupportedFunctionalityError({ functionality: `${part.type} parts` });
    }
    return { role: m.role, content: text };
  });
}

function bodyOf(modelId: string, options: LanguageModelV3CallOptions): string {
  const compat = options.providerOptions?.openaiCompatible as { reasoningEffort?: string } | undefined;
  return JSON.stringify({
    model: modelId,
    messages: toMessages(options.prompt),
    stream: true,
    stream_options: { include_usage: true },
    temperature: options.temperature,
    top_p: options.topP,
    max_tokens: options.maxOutputTokens,
    stop: options.stopSequences,
    seed: options.seed,
    reasoning_effort: compat?.reasoningEffort,
  });
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
  choices?: Array<{ delta?: { content?: string | null; reasoning_content?: string | null; reasoning?: string | null }; finish_reason?: string | null }>;
  usage?: {
    prompt_tokens?: number;
    completion_tokens?: number;
    prompt_tokens_details?: { cached_tokens?: number };
    completion_tokens_details?: { reasoning_tokens?: number };
  } | null;
}

function stream(
  client: typeof http | typeof https,
  target: Target,
  modelId: string,
  options: LanguageModelV3CallOptions,
): Promise<{ stream: ReadableStream<LanguageModelV3StreamPart>; request: { body: string } }> {
  const body = bodyOf(modelId, options);
  const signal = options.abortSignal;
  const { url } = target;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    // A call's own headers may replace the content type, never the key.
    const req = client.request(
      options.headers ? { ...target.options, headers: { ...target.options.headers, ...dropUndefined(options.headers), ...target.auth } } : target.options,
    );
    const onAbort = () => req.destroy(abortError(signal));
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (err) => {
      signal?.removeEventListener('abort', onAbort);
      reject(err);
    });
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status < 200 || status > 299) {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          signal?.removeEventListener('abort', onAbort);
          reject(new APICallError({ message: `HTTP ${status} from ${url.host}`, url: url.href, requestBodyValues: {}, statusCode: status, responseBody: text, isRetryable: status === 429 || status >= 500 }));
        });
        res.on('error', reject);
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      let data = '';
      let textOpen = false;
      let reasoningOpen = false;
      let metaSent = false;
      let finish: string | undefined;
      let usage: Chunk['usage'];
      // Parts go to the chat service pushed, or to any other consumer as the SDK's web stream.
      const channel = new PartChannel(() => {
        signal?.removeEventListener('abort', onAbort);
        req.destroy();
      });
      channel.push({ type: 'stream-start', warnings: [] });

      const closeBlocks = () => {
        if (reasoningOpen) channel.push({ type: 'reasoning-end', id: 'reasoning-0' });
        if (textOpen) channel.push({ type: 'text-end', id: 'txt-0' });
        reasoningOpen = textOpen = false;
      };
      const onChunk = (c: Chunk) => {
        if (c.error) {
          channel.push({ type: 'error', error: c.error });
          return;
        }
        if (!metaSent) {
          metaSent = true;
          channel.push({ type: 'response-metadata', id: c.id, modelId: c.model, timestamp: c.created ? new Date(c.created * 1000) : undefined });
        }
        if (c.usage) usage = c.usage;
        const choice = c.choices?.[0];
        if (!choice) return;
        const delta = choice.delta;
        const reasoning = delta?.reasoning_content ?? delta?.reasoning;
        if (reasoning) {
          if (!reasoningOpen) channel.push({ type: 'reasoning-start', id: 'reasoning-0' });
          reasoningOpen = true;
          channel.push({ type: 'reasoning-delta', id: 'reasoning-0', delta: reasoning });
        }
        if (delta?.content) {
          if (reasoningOpen) {
            channel.push({ type: 'reasoning-end', id: 'reasoning-0' });
            reasoningOpen = false;
          }
          if (!textOpen) channel.push({ type: 'text-start', id: 'txt-0' });
          textOpen = true;
          channel.push({ type: 'text-delta', id: 'txt-0', delta: delta.content });
        }
        if (choice.finish_reason) finish = choice.finish_reason;
      };
      /** One SSE event's data: a JSON chunk, or `[DONE]`. */
      const onEvent = (payload: string) => {
        if (payload === '[DONE]') return;
        let parsed: Chunk;
        try {
          parsed = JSON.parse(payload) as Chunk;
        } catch (error) {
          channel.push({ type: 'error', error });
          return;
        }
        onChunk(parsed);
      };
      const end = () => {
        if (!channel.isOpen) return;
        signal?.removeEventListener('abort', onAbort);
        closeBlocks();
        const reasoningTokens = usage?.completion_tokens_details?.reasoning_tokens;
        const cached = usage?.prompt_tokens_details?.cached_tokens;
        channel.push({
          type: 'finish',
          finishReason: { unified: finish ? (FINISH[finish] ?? 'other') : 'other', raw: finish },
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
      };
      const fail = (err: unknown) => {
        if (!channel.isOpen) return;
        signal?.removeEventListener('abort', onAbort);
        channel.error(signal?.aborted ? abortError(signal) : err);
      };
      res.on('data', (d: string) => {
        if (!channel.isOpen) return;
        buffer += d;
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          let line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          if (line.endsWith('\r')) line = line.slice(0, -1);
          if (line === '') {
            if (data) onEvent(data);
            data = '';
          } else if (line.startsWith('data:')) {
            const v = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5);
            data = data ? `${data}\n${v}` : v;
          }
        }
      });
      res.on('end', () => {
        if (data) onEvent(data);
        // A connection cut before the end of the answer is an error, not a short answer.
        if (res.complete) end();
        else fail(new Error('upstream closed the stream early'));
      });
      res.on('error', fail);
      res.on('close', () => fail(new Error('upstream closed the stream early')));
      resolve(channel.result({ request: { body } }));
    });
    req.end(body);
  });
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
