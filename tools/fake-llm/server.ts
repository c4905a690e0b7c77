/**
 * A local OpenAI-compatible upstream for tests, e2e and benchmarks: streams a configurable reply
 * at a configurable token rate, reports usage, and can emit reasoning (`reasoning_content`).
 * A `script` answers successive requests in turn, each with text or tool calls (see ScriptStep).
 * Also the images API (`POST /v1/images/generations`): `n` small PNGs as `b64_json`.
 * Run standalone: `tsx tools/fake-llm/server.ts --port 4010 --delay 20`.
 * Control at run time: `POST /control` with a partial Scenario as JSON; `GET /requests` gives the
 * request bodies received since the last reset.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';

export interface Scenario {
  /** The answer; split into tokens on word boundaries (each word with its leading space is a token). */
  reply: string;
  /** Delay before each token, ms. */
  tokenDelayMs: number;
  /** Delay before the first byte, ms. */
  firstByteDelayMs: number;
  /** Delay before the first token (reasoning or answer), ms; null = `tokenDelayMs` like every other token. */
  firstTokenDelayMs: number | null;
  /** Reasoning streamed before the answer, or null. */
  reasoning: string | null;
  /** When set, answer with this HTTP status instead of a stream (or images). */
  failStatus: number | null;
  /** Delay before the images API answers, ms. */
  imageDelayMs: number;
  /** Reported prompt_tokens; null = estimate (characters / 4). */
  promptTokens: number | null;
  /** When set, the connection is cut (no end, no usage) after this many answer tokens: an upstream that breaks off. */
  cutAfterTokens: number | null;
  /**
   * Answers in order, one per chat-completions request: request n (counted from when the script
   * was set) gets step n; once the script is used up, requests get `reply` again.
   */
  script: ScriptStep[] | null;
}

/** One scripted answer: text, tool calls, or text followed by tool calls (a model that says what it is about to do). */
export interface ScriptStep {
  /** The answer's text, streamed token by token like `reply`. */
  text?: string;
  /** Tool calls streamed after the text, OpenAI style: `delta.tool_calls` with an index each. */
  toolCalls?: ScriptToolCall[];
  /** Several calls: their fragments alternate chunk by chunk (call 0, call 1, call 0, …) instead of one call after the other. */
  interleave?: boolean;
  /** The finish reason sent; default `tool_calls` when the step calls tools, else `stop`. */
  finishReason?: string;
}

export interface ScriptToolCall {
  /** Default `call_<request>_<index>`. */
  id?: string;
  name: string;
  /** The arguments: an object is sent as its JSON, a string as it is (so it may be malformed on purpose). */
  arguments: string | Record<string, unknown>;
  /** How many chunks the argument string is split into; default 3. */
  fragments?: number;
}

export const defaultScenario: Scenario = {
  reply: 'Hello! This is the fake upstream model answering your question in a few short words.',
  tokenDelayMs: 5,
  firstByteDelayMs: 0,
  firstTokenDelayMs: null,
  reasoning: null,
  failStatus: null,
  imageDelayMs: 300,
  promptTokens: null,
  cutAfterTokens: null,
  script: null,
};

export interface FakeLlm {
  url: string;
  port: number;
  server: Server;
  scenario: Scenario;
  /** Request bodies received, newest last. */
  requests: Array<Record<string, unknown>>;
  /** Their headers, in the same order. */
  requestHeaders: IncomingMessage['headers'][];
  /** Streams cut by the client before they ended. */
  aborted: number;
  /** Inputs of the embeddings API (`POST /v1/embeddings`), one array per request, newest last. */
  embeddingInputs: string[][];
  /** The script's next step (see Scenario.script); setting a script starts it again from step 0. */
  scriptStep: number;
  set(s: Partial<Scenario>): void;
  reset(): void;
  close(): Promise<void>;
}

/**
 * A deterministic stand-in for a semantic embedding: the text's character trigrams (lower-cased,
 * per word) hashed into 256 dimensions. Texts sharing most trigrams — a misspelt or inflected word —
 * come out close, which a word-based full-text search does not see.
 */
export function fakeEmbedding(text: string, dim = 256): number[] {
  const v = new Array<number>(dim).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const w = ` ${word} `;
    for (let i = 0; i + 3 <= w.length; i++) {
      let h = 2166136261;
      for (const ch of w.slice(i, i + 3)) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
      v[(h >>> 0) % dim]! += 1;
    }
  }
  return v;
}

export function tokenize(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [];
}

const sleep = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** `text` in `n` pieces of about equal length (fewer when it is shorter); none when it is empty. */
function split(text: string, n: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / Math.max(1, n)));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

type ToolCallDelta = { index: number; id?: string; type?: 'function'; function: { name?: string; arguments: string } };

/**
 * The `delta.tool_calls` entries of a step's calls, one per chunk, as OpenAI streams them: a call's
 * first entry has its id and name and empty arguments, the next ones fragments of the arguments.
 * Interleaved, the calls' entries alternate; otherwise each call's come in one run.
 */
function toolCallDeltas(calls: Array<{ id: string; name: string; arguments: string; fragments: number }>, interleave: boolean): ToolCallDelta[] {
  const perCall = calls.map((c, index): ToolCallDelta[] => [
    { index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } },
    ...split(c.arguments, c.fragments).map((piece) => ({ index, function: { arguments: piece } })),
  ]);
  if (!interleave) return perCall.flat();
  const out: ToolCallDelta[] = [];
  for (let i = 0; perCall.some((d) => i < d.length); i++) for (const d of perCall) if (i < d.length) out.push(d[i]!);
  return out;
}

function promptChars(body: Record<string, unknown>): number {
  const messages = Array.isArray(body.messages) ? (body.messages as Array<{ content?: unknown }>) : [];
  return messages.reduce((n, m) => n + (typeof m.content === 'string' ? m.content.length : JSON.stringify(m.content ?? '').length), 0);
}

/** A small real PNG (a sun over a hill, its sky's hue by `i`), so that an image's bytes are checked like an upload's. */
async function fakePng(i: number, size: number): Promise<Buffer> {
  const skies = ['#4a90d9', '#7b5ea7', '#e07a5f', '#3d9970'];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
    <rect width="100" height="100" fill="${skies[i % skies.length]}"/>
    <circle cx="68" cy="32" r="14" fill="#ffd43b"/>
    <path d="M0 78 Q30 52 60 72 T100 66 V100 H0 Z" fill="#2f9e44"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function startFakeLlm(opts: { port?: number; host?: string; scenario?: Partial<Scenario>; recordRequests?: boolean } = {}): Promise<FakeLlm> {
  const record = opts.recordRequests ?? true;
  const fake: FakeLlm = {
    url: '',
    port: 0,
    server: undefined as unknown as Server,
    scenario: { ...defaultScenario, ...opts.scenario },
    requests: [],
    requestHeaders: [],
    aborted: 0,
    embeddingInputs: [],
    scriptStep: 0,
    set(s) {
      Object.assign(fake.scenario, s);
      if ('script' in s) fake.scriptStep = 0;
    },
    reset() {
      fake.scenario = { ...defaultScenario, ...opts.scenario };
      fake.requests = [];
      fake.requestHeaders = [];
      fake.aborted = 0;
      fake.embeddingInputs = [];
      fake.scriptStep = 0;
    },
    close: () => new Promise((resolve) => {
      fake.server.closeAllConnections();
      fake.server.close(() => resolve());
    }),
  };

  async function completions(req: IncomingMessage, res: ServerResponse) {
    const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
    if (record) {
      fake.requests.push(body);
      fake.requestHeaders.push(req.headers);
    }
    const s = { ...fake.scenario };
    if (s.failStatus) {
      res.writeHead(s.failStatus, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'fake upstream failure', type: 'server_error' } }));
      return;
    }
    const model = String(body.model ?? 'fake');
    const id = `chatcmpl-${Date.now()}`;
    const created = Math.floor(Date.now() / 1000);
    const promptTokens = s.promptTokens ?? Math.ceil(promptChars(body) / 4);
    const stepNo = fake.scriptStep;
    const step = s.script && stepNo < s.script.length ? s.script[fake.scriptStep++]! : null;
    const text = step ? (step.text ?? '') : s.reply;
    const calls = (step?.toolCalls ?? []).map((c, i) => ({
      id: c.id ?? `call_${stepNo}_${i}`,
      name: c.name,
      arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
      fragments: c.fragments ?? 3,
    }));
    const finishReason = step?.finishReason ?? (calls.length > 0 ? 'tool_calls' : 'stop');
    const answer = tokenize(text);
    const reasoning = s.reasoning ? tokenize(s.reasoning) : [];
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

    if (body.stream !== true) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: calls.length > 0 ? text || null : text,
                tool_calls: calls.length > 0 ? calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) : undefined,
              },
              finish_reason: finishReason,
            },
          ],
          usage: { prompt_tokens: promptTokens, completion_tokens: answer.length, total_tokens: promptTokens + answer.length },
        }),
      );
      return;
    }

    let closed = false;
    res.on('close', () => {
      if (!res.writableEnded) {
        closed = true;
        fake.aborted += 1;
      }
    });
    await sleep(s.firstByteDelayMs);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.flushHeaders();
    res.write(chunk({ role: 'assistant', content: '' }));
    let sent = 0;
    const delayBefore = () => (sent === 0 && s.firstTokenDelayMs !== null ? s.firstTokenDelayMs : s.tokenDelayMs);
    for (const t of reasoning) {
      await sleep(delayBefore());
      if (closed) return;
      res.write(chunk({ reasoning_content: t }));
      sent += 1;
    }
    for (const [i, t] of answer.entries()) {
      if (i === s.cutAfterTokens) {
        // The connection ends once what was written is sent, without the body's last chunk.
        res.socket?.end();
        return;
      }
      await sleep(delayBefore());
      if (closed) return;
      res.write(chunk({ content: t }));
      sent += 1;
    }
    for (const delta of toolCallDeltas(calls, step?.interleave ?? false)) {
      await sleep(delayBefore());
      if (closed) return;
      res.write(chunk({ tool_calls: [delta] }));
      if (!delta.id) sent += 1;
    }
    res.write(chunk({}, finishReason));
    const includeUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage;
    if (includeUsage) {
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: { prompt_tokens: promptTokens, completion_tokens: sent, total_tokens: promptTokens + sent } })}\n\n`,
      );
    }
    res.end('data: [DONE]\n\n');
  }

  /** OpenAI's images API: `{ created, data: [{ b64_json }] }`, `n` images of `size` (at most 512 px here). */
  async function images(req: IncomingMessage, res: ServerResponse) {
    const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
    if (record) {
      fake.requests.push(body);
      fake.requestHeaders.push(req.headers);
    }
    const s = { ...fake.scenario };
    await sleep(s.imageDelayMs);
    if (s.failStatus) {
      res.writeHead(s.failStatus, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'fake image upstream failure', type: 'server_error' } }));
      return;
    }
    const n = Math.min(Math.max(Number(body.n ?? 1) || 1, 1), 4);
    const side = Math.min(Number(String(body.size ?? '256x256').split('x')[0]) || 256, 512);
    const data = await Promise.all(Array.from({ length: n }, async (_, i) => ({ b64_json: (await fakePng(i, side)).toString('base64') })));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ created: Math.floor(Date.now() / 1000), data }));
  }

  /** OpenAI's embeddings API: a deterministic vector per input (see fakeEmbedding). */
  async function embeddings(req: IncomingMessage, res: ServerResponse) {
    const body = JSON.parse((await readBody(req)) || '{}') as { input?: string | string[] };
    const input = Array.isArray(body.input) ? body.input : [String(body.input ?? '')];
    fake.embeddingInputs.push(input);
    if (fake.scenario.failStatus) {
      res.writeHead(fake.scenario.failStatus, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'fake embeddings failure', type: 'server_error' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        object: 'list',
        data: input.map((text, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(text) })),
        usage: { prompt_tokens: input.join(' ').length >> 2, total_tokens: input.join(' ').length >> 2 },
      }),
    );
  }

  fake.server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (req.method === 'POST' && url.endsWith('/chat/completions')) {
      completions(req, res).catch(() => res.destroy());
    } else if (req.method === 'POST' && url.endsWith('/images/generations')) {
      images(req, res).catch(() => res.destroy());
    } else if (req.method === 'POST' && url.endsWith('/embeddings')) {
      embeddings(req, res).catch(() => res.destroy());
    } else if (req.method === 'POST' && url === '/control') {
      readBody(req).then((b) => {
        if (b) fake.set(JSON.parse(b) as Partial<Scenario>);
        else fake.reset();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(fake.scenario));
      }, () => res.destroy());
    } else if (req.method === 'GET' && url === '/requests') {
      // The request bodies received (newest last), for tests in another process.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(fake.requests));
    } else if (req.method === 'GET' && url.endsWith('/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'fake-model', object: 'model' }] }));
    } else {
      res.writeHead(404).end();
    }
  });
  fake.server.keepAliveTimeout = 60_000;
  fake.server.maxConnections = 100_000;
  await new Promise<void>((resolve) => fake.server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  fake.port = (fake.server.address() as AddressInfo).port;
  fake.url = `http://127.0.0.1:${fake.port}/v1`;
  return fake;
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const fake = await startFakeLlm({
    port: Number(arg('port') ?? 4010),
    // Benchmarks send millions of requests: bodies are kept only when asked (`--record`, the browser tests).
    recordRequests: process.argv.includes('--record'),
    scenario: {
      ...(arg('delay') ? { tokenDelayMs: Number(arg('delay')) } : {}),
      ...(arg('reply') ? { reply: arg('reply') } : {}),
      ...(arg('reasoning') ? { reasoning: arg('reasoning') } : {}),
      ...(arg('first-byte-delay') ? { firstByteDelayMs: Number(arg('first-byte-delay')) } : {}),
      ...(arg('first-token-delay') ? { firstTokenDelayMs: Number(arg('first-token-delay')) } : {}),
    },
  });
  console.log(`fake-llm listening on ${fake.url}`);
}
