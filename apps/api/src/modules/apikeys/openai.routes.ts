import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChatEvent } from '@app/contracts/chat';
import { z } from 'zod';
import { errorBody } from '@app/contracts/common';
import { endpoints, openAiErrorBody, type openAiModelList } from '@app/contracts/openai';
import { withTenant } from '../../db/tenant-scope';
import type { MemberContext } from '../../platform/context';
import { type EndpointRequest, implement } from '../../platform/endpoints';
import { AppError } from '../../platform/errors';
import { type RateLimiter, rateLimitOf } from '../../platform/rate-limits';
import type { ChatbotsService } from '../chatbots/chatbots.service';
import { type AnswerRelay, type ChatService, sseWriter } from '../chat/chat.service';
import { apiMessagesOf, finishReasonOf, refuseUnsupported } from './openai.request';
import type { ApiKeyRow, ApiKeysService } from './apikeys.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The `/v1` caller's key (the request's member and tenant are the key's). */
    apiKey: ApiKeyRow | null;
  }
}

/** Our error code → OpenAI's: the SDK types its errors by status; `code` says which. */
const OPENAI_CODES: Record<string, string> = { chatbot_unavailable: 'model_not_found', credits_depleted: 'insufficient_quota', rate_limited: 'rate_limit_exceeded' };
function openAiType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 429) return 'rate_limit_error';
  if (status === 402) return 'insufficient_quota';
  return status >= 500 ? 'api_error' : 'invalid_request_error';
}

/**
 * The request field an error is about, as OpenAI's `param`: a route's own (`details.param`), or the
 * first failing path of a validation error (`/messages/0/role` → `messages[0].role`).
 */
function paramOf(details: unknown): string | null {
  if (details && typeof details === 'object' && 'param' in details && typeof details.param === 'string') return details.param;
  const path = Array.isArray(details) ? (details[0] as { path?: unknown } | undefined)?.path : undefined;
  if (typeof path !== 'string' || !path) return null;
  return path
    .split('/')
    .filter(Boolean)
    .map((seg, i) => (/^\d+$/.test(seg) ? `[${seg}]` : i === 0 ? seg : `.${seg}`))
    .join('');
}

/** The platform's error body, re-shaped as OpenAI's (a 422 is OpenAI's 400). */
function toOpenAiError(reply: FastifyReply, payload: string): string {
  let parsed: { error?: { code?: string; message?: string; details?: unknown } };
  try {
    parsed = JSON.parse(payload);
  } catch {
    return payload;
  }
  if (!parsed.error?.code) return payload;
  if (reply.statusCode === 422) reply.code(400);
  const code = OPENAI_CODES[parsed.error.code] ?? parsed.error.code;
  const param = paramOf(parsed.error.details);
  let message = code === 'model_not_found' ? 'The model does not exist or you do not have access to it' : (parsed.error.message ?? '');
  // A validation error's own text says what is wrong with the field.
  const issue = Array.isArray(parsed.error.details) ? (parsed.error.details[0] as { message?: unknown } | undefined)?.message : undefined;
  if (param && typeof issue === 'string' && issue) message = `${message} (${param}: ${issue})`;
  return JSON.stringify({ error: { message, type: openAiType(reply.statusCode), param, code } });
}

/** OpenAI's rate limit headers for the key's budget (`reset` as a duration, e.g. `12s`). */
function rateLimitHeaders(req: FastifyRequest, reply: FastifyReply): void {
  const state = rateLimitOf(req);
  if (!state) return;
  void reply.header('x-ratelimit-limit-requests', String(state.max));
  void reply.header('x-ratelimit-remaining-requests', String(state.remaining));
  void reply.header('x-ratelimit-reset-requests', `${state.resetSeconds}s`);
}

type OpenAiDeps = { apiKeys: ApiKeysService; chatbots: ChatbotsService; chat: ChatService; limits: RateLimiter; log(line: string): void };

const ctxOf = (req: FastifyRequest): MemberContext => ({ tenantId: req.tenant!.id, tenant: req.tenant!, member: req.member! });
const allowed = (key: ApiKeyRow, chatbotId: number) => key.chatbotIds === null || key.chatbotIds.includes(chatbotId);

/**
 * The OpenAI-compatible API (issue 28) under `/v1`, with `Authorization: Bearer <key>`: the key's
 * member and tenant act, so their chatbots, credits, model access, restricted words and rate limit
 * apply as in the web chat. A completion is the chat's four phases on the client's messages.
 */
export function registerOpenAiRoutes(app: FastifyInstance, deps: OpenAiDeps) {
  app.decorateRequest('apiKey', null);
  // Errors in OpenAI's shape (the SDKs read `error.message` and type errors by status).
  app.addHook('onSend', async (_req, reply, payload) => (reply.statusCode >= 400 && typeof payload === 'string' ? toOpenAiError(reply, payload) : payload));
  // Every answer names its request, as OpenAI's do (a streamed one too: set before the headers go out).
  app.addHook('onRequest', (req, reply, done) => {
    void reply.header('x-request-id', req.id);
    done();
  });
  // An unknown path under /v1 is OpenAI's 404 in JSON, never the web app's page.
  app.setNotFoundHandler((req, reply) => {
    void reply.code(404).send({ error: { code: 'not_found', message: `Unknown request URL: ${req.method} ${req.url.split('?')[0]}` } });
  });

  function authenticate(req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) {
    const header = req.headers.authorization ?? '';
    const secret = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!secret) return done(new AppError('invalid_api_key', 'Send the API key as `Authorization: Bearer <key>`'));
    deps.apiKeys.authenticate(secret).then(({ key, member, tenant }) => {
      req.apiKey = key;
      req.tenant = tenant;
      req.member = member;
      done();
    }, done);
  }
  // The rest of the request runs in the key's tenant scope (row-level security, decision 028),
  // entered after the body is read (its reading does not carry our async context).
  function enterTenant(req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) {
    withTenant(req.tenant!.id, done);
  }
  const perKey = deps.limits.guard(['apiPerKey', (req) => (req.apiKey ? String(req.apiKey.id) : null)]);
  // Listing models counts against a budget of its own (the same size): it does not spend the completions'.
  const modelsPerKey = deps.limits.guard(['apiPerKey', (req) => (req.apiKey ? `models:${req.apiKey.id}` : null)]);
  const withHeaders = async (req: FastifyRequest, reply: FastifyReply) => rateLimitHeaders(req, reply);
  // `implement` documents an error in the platform's shape; here it is serialized in that shape
  // and re-shaped as OpenAI's by the onSend hook above, so the document names both.
  const shape = z.union([openAiErrorBody, errorBody]);
  app.addHook('onRoute', (route) => {
    const response = (route.schema as { response?: Record<number, unknown> } | undefined)?.response;
    if (response) for (const status of Object.keys(response).map(Number)) if (status >= 400) response[status] = shape;
  });
  const modelHooks = { onRequest: authenticate, preHandler: [enterTenant, modelsPerKey, withHeaders] };

  implement(app, endpoints, {
    listModels: { ...modelHooks, handler: async (req) => ({ object: 'list' as const, data: await modelsOf(deps, req) }) },
    getModel: {
      ...modelHooks,
      handler: async (req) => {
        const found = (await modelsOf(deps, req)).find((m) => m.id === req.params.id);
        if (!found) throw new AppError('chatbot_unavailable');
        return found;
      },
    },
    complete: { bodyLimit: 4 * 1024 * 1024, onRequest: authenticate, preHandler: [enterTenant, perKey, withHeaders], handler: (req, reply) => complete(deps, req, reply) },
  });

}

/** The chatbots the key may use, as OpenAI's models. */
async function modelsOf(deps: OpenAiDeps, req: FastifyRequest): Promise<z.output<typeof openAiModelList>['data']> {
  const ctx = ctxOf(req);
  const data: z.output<typeof openAiModelList>['data'] = [];
  for (let page = 1; page <= 20; page += 1) {
    const list = await deps.chatbots.list(ctx, { page, size: 100, include_default: true, order_by: 'id.asc' });
    for (const c of list.items) {
      // A draft nobody named yet is no model to offer: a client would list it as a blank.
      if (!allowed(req.apiKey!, c.id) || (!c.ko_name.trim() && !c.en_name.trim())) continue;
      data.push({ id: c.hash_id, object: 'model', created: Math.floor(Date.parse(c.created_at) / 1000), owned_by: c.is_default ? 'platform' : c.creator_id === ctx.member.id ? 'you' : 'organization', name: c.en_name || c.ko_name });
    }
    if (page >= list.pagination.total_pages) break;
  }
  return data;
}

/** A completion: one JSON answer, or with `stream: true` server-sent chunks written here. */
async function complete(deps: OpenAiDeps, req: EndpointRequest<typeof endpoints.complete>, reply: FastifyReply) {
  const ctx = ctxOf(req);
  const key = req.apiKey!;
  refuseUnsupported(req.body);
  const messages = await apiMessagesOf(req.body);
  const chatbotId = await deps.chatbots.usableByHash(ctx, req.body.model);
  if (!allowed(key, chatbotId)) throw new AppError('chatbot_unavailable');
  const res = reply.raw;
  const abort = new AbortController();
  res.on('close', () => {
    if (!res.writableEnded) abort.abort();
  });
  const run = await deps.chat.startTurn('api', ctx, chatbotId, messages, abort);
  const id = `chatcmpl-${run.meta.assistant_message_id}`;
  const created = Math.floor(Date.now() / 1000);
  const model = req.body.model;
  let text = '';
  let reasoning = '';
  let usage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
  const state: { status: 'completed' | 'stopped' | 'failed' | 'interrupted'; failure: string | null } = { status: 'completed', failure: null };
  const record = () => deps.apiKeys.recordUse(ctx.tenantId, key.id, usage.total_tokens);
  const take = (e: ChatEvent) => {
    if (e.type === 'usage') usage = { prompt_tokens: e.input_tokens, completion_tokens: e.output_tokens, total_tokens: e.input_tokens + e.output_tokens };
    else if (e.type === 'end') state.status = e.status;
    else if (e.type === 'error') state.failure = e.message;
  };

  if (!req.body.stream) {
    const relay = await deps.chat.stream(run, abort.signal, (e) => {
      if (e.type === 'text') text += e.text;
      else if (e.type === 'reasoning') reasoning += e.text;
      else take(e);
    });
    record();
    if (state.status === 'failed') throw new AppError('model_failed', state.failure ?? undefined);
    const calls = toolCallsOf(relay);
    return reply.send({
      id,
      object: 'chat.completion' as const,
      created,
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant' as const, content: calls && !text ? null : text, ...(reasoning && { reasoning_content: reasoning }), refusal: null, ...(calls && { tool_calls: calls }) },
          finish_reason: finishReasonOf(relay.finishReason, calls !== undefined),
          logprobs: null,
        },
      ],
      usage,
    });
  }

  reply.hijack();
  res.socket?.setNoDelay(true);
  // The headers set so far (request id, rate limit) go out with the stream's own: a hijacked reply sends only what is written here.
  res.writeHead(200, { ...(reply.getHeaders() as Record<string, string>), 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no' });
  res.flushHeaders();
  const chunk = (delta: Record<string, unknown>, finish: string | null) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] })}\n\n`;
  // One socket write per frame, as the web chat's stream (decision 015).
  const write = sseWriter(res);
  // A text delta's frame is the same but for its text: made once, filled per token (no object
  // built and serialized per token on the hot path).
  const [textHead, textTail] = chunk({ content: '\u0000' }, null).split('"\\u0000"');
  write(chunk({ role: 'assistant', content: '' }, null));
  let relay: AnswerRelay | undefined;
  try {
    relay = await deps.chat.stream(run, abort.signal, (e) => {
      if (e.type === 'text') write(textHead + JSON.stringify(e.text) + textTail);
      else if (e.type === 'reasoning') write(chunk({ reasoning_content: e.text }, null));
      else take(e);
    });
  } catch (err) {
    req.log.error({ err, reqId: req.id }, 'api completion stream failed');
    state.status = 'failed';
  }
  if (state.status === 'failed' || !relay) write(`data: ${JSON.stringify({ error: { message: state.failure ?? 'Chat processing failed; try again', type: 'api_error', param: null, code: 'model_failed' } })}\n\n`);
  else {
    // The client's tool calls, each whole in one delta with its index (the model's parts give
    // them complete), then the finish reason.
    const calls = toolCallsOf(relay);
    calls?.forEach((c, index) => write(chunk({ tool_calls: [{ index, ...c }] }, null)));
    write(chunk({}, finishReasonOf(relay.finishReason, calls !== undefined)));
  }
  if (req.body.stream_options?.include_usage) write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`);
  write('data: [DONE]\n\n');
  if (!res.writableEnded) res.end();
  record();
}

/** The client's tool calls of an answer in OpenAI's shape, or undefined when the model made none. */
function toolCallsOf(relay: AnswerRelay) {
  return relay.toolCalls?.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.arguments } }));
}
