import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chatBody, type ChatEvent } from '@app/contracts/chat';
import { errorBody, idParam } from '@app/contracts/common';
import { byAddress, byMember, type RateLimiter } from '../../platform/rate-limits';
import { memberCtx, tenantCtx } from '../../platform/request-context';
import type { ChatRun, ChatService } from './chat.service';
import { sseWriter } from './sse';

const HEARTBEAT_MS = 15_000;

/** Header values must be latin-1: escape everything else inside the JSON. */
const asciiJson = (v: unknown) => JSON.stringify(v).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const frameOf = (e: ChatEvent) => `data: ${JSON.stringify(e)}\n\n`;

export function registerChatRoutes(app: FastifyInstance, deps: { chat: ChatService; limits: RateLimiter }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    tags: ['chat'],
    description: 'Answers `text/event-stream`: `data:` lines each holding a JSON chat event; the `x-chat-meta` header holds the session and message ids.',
    params: idParam,
    body: chatBody,
    response: { 400: errorBody, 401: errorBody, 402: errorBody, 403: errorBody, 404: errorBody, 413: errorBody, 422: errorBody, 428: errorBody, 429: errorBody },
  };

  /** Opens the turn with `start`, then streams the answer: one handler for members and visitors. */
  async function relay(req: FastifyRequest, reply: FastifyReply, start: (abort: AbortController) => Promise<ChatRun>) {
    const res = reply.raw;
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableEnded) abort.abort();
    });
    const run = await start(abort);
    reply.hijack();
    res.socket?.setNoDelay(true);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-chat-meta': asciiJson(run.meta),
      'access-control-expose-headers': 'x-chat-meta',
    });
    res.flushHeaders();
    const write = sseWriter(res);
    // A comment line now and then keeps proxies from closing a stream that is thinking quietly.
    const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
    try {
      // Inline: a named closure per stream would get a name property of its own (tsx's keepNames).
      await deps.chat.stream(run, abort.signal, (e) => write(frameOf(e)));
    } catch (err) {
      req.log.error({ err, reqId: req.id }, 'chat stream failed');
      write(frameOf({ type: 'error', code: 'internal_error', message: 'Chat processing failed; try again' }));
      write(frameOf({ type: 'end', status: 'failed' }));
    }
    clearInterval(heartbeat);
    if (!res.writableEnded) res.end();
  }

  r.post('/chatbots/:id/chat/', { preHandler: deps.limits.guard(['chatPerMember', byMember]), schema }, (req, reply) =>
    relay(req, reply, (abort) => deps.chat.start(memberCtx(req), req.params.id, req.body, abort)),
  );
  // A visitor on a public link (spec §6): no token, the creator's credits, limited per address.
  r.post(
    '/public/chatbots/:id/chat/',
    { config: { auth: 'none' }, preHandler: deps.limits.guard(['publicChatPerAddress', byAddress]), schema: { ...schema, tags: ['public'] } },
    (req, reply) => relay(req, reply, (abort) => deps.chat.startPublic(tenantCtx(req), req.params.id, req.body, abort)),
  );
}
