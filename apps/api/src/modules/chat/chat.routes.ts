import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chatBody, type ChatEvent } from '@app/contracts/chat';
import { errorBody, idParam } from '@app/contracts/common';
import { byMember, type RateLimiter } from '../../platform/rate-limits';
import { memberCtx } from '../../platform/request-context';
import type { ChatService } from './chat.service';
import { sseWriter } from './sse';

const HEARTBEAT_MS = 15_000;

/** Header values must be latin-1: escape everything else inside the JSON. */
const asciiJson = (v: unknown) => JSON.stringify(v).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const frameOf = (e: ChatEvent) => `data: ${JSON.stringify(e)}\n\n`;

export function registerChatRoutes(app: FastifyInstance, deps: { chat: ChatService; limits: RateLimiter }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/chatbots/:id/chat/',
    {
      preHandler: deps.limits.guard(['chatPerMember', byMember]),
      schema: {
        tags: ['chat'],
        description: 'Answers `text/event-stream`: `data:` lines each holding a JSON chat event; the `x-chat-meta` header holds the session and message ids.',
        params: idParam,
        body: chatBody,
        response: { 400: errorBody, 401: errorBody, 402: errorBody, 403: errorBody, 404: errorBody, 413: errorBody, 422: errorBody, 428: errorBody, 429: errorBody },
      },
    },
    async (req, reply) => {
      const res = reply.raw;
      const abort = new AbortController();
      res.on('close', () => {
        if (!res.writableEnded) abort.abort();
      });
      const run = await deps.chat.start(memberCtx(req), req.params.id, req.body, abort);
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
    },
  );
}
