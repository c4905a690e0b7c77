import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ChatEvent, endpoints } from '@app/contracts/chat';
import { implement } from '../../platform/endpoints';
import { byAddress, byMember, type RateLimiter } from '../../platform/rate-limits';
import { memberCtx, tenantCtx } from '../../platform/request-context';
import type { ChatRun, ChatService, LiveAnswer } from './chat.service';
import { sseWriter } from './sse';

const HEARTBEAT_MS = 15_000;

/** Header values must be latin-1: escape everything else inside the JSON. */
const asciiJson = (v: unknown) => JSON.stringify(v).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const frameOf = (e: ChatEvent) => `data: ${JSON.stringify(e)}\n\n`;

export function registerChatRoutes(app: FastifyInstance, deps: { chat: ChatService; limits: RateLimiter }) {
  /** The SSE response's head: from here on the reply is the event stream. */
  function openStream(reply: FastifyReply, meta: ChatRun['meta']) {
    const res = reply.raw;
    reply.hijack();
    res.socket?.setNoDelay(true);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-chat-meta': asciiJson(meta),
      'access-control-expose-headers': 'x-chat-meta',
    });
    res.flushHeaders();
    const write = sseWriter(res);
    // A comment line now and then keeps proxies from closing a stream that is thinking quietly.
    const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
    return {
      write,
      end() {
        clearInterval(heartbeat);
        if (!res.writableEnded) res.end();
      },
    };
  }

  /**
   * A member's chat (issue 27 item 5): the answer outlives this connection. Leaving only detaches
   * the reader; a stop, a new question in the session or (the tenant's choice) the last reader
   * leaving stops it.
   */
  async function relayLive(req: FastifyRequest, reply: FastifyReply, start: () => Promise<{ run: ChatRun; live: LiveAnswer }>) {
    const { run, live } = await start();
    const out = openStream(reply, run.meta);
    reply.raw.on('close', () => live.detach(out.write));
    try {
      await deps.chat.streamLive(run, live, out.write);
    } catch (err) {
      req.log.error({ err, reqId: req.id }, 'chat stream failed');
      out.write(frameOf({ type: 'error', code: 'internal_error', message: 'Chat processing failed; try again' }));
      out.write(frameOf({ type: 'end', status: 'failed' }));
    }
    out.end();
  }

  /** Opens the turn with `start`, then streams the answer; the client's leaving stops it (a visitor's chat). */
  async function relay(req: FastifyRequest, reply: FastifyReply, start: (abort: AbortController) => Promise<ChatRun>) {
    const res = reply.raw;
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableEnded) abort.abort();
    });
    const run = await start(abort);
    const out = openStream(reply, run.meta);
    try {
      // Inline: a named closure per stream would get a name property of its own (tsx's keepNames).
      await deps.chat.stream(run, abort.signal, (e) => out.write(frameOf(e)));
    } catch (err) {
      req.log.error({ err, reqId: req.id }, 'chat stream failed');
      out.write(frameOf({ type: 'error', code: 'internal_error', message: 'Chat processing failed; try again' }));
      out.write(frameOf({ type: 'end', status: 'failed' }));
    }
    out.end();
  }

  implement(app, endpoints, {
    send: {
      preHandler: deps.limits.guard(['chatPerMember', byMember]),
      handler: (req, reply) => {
        const ctx = memberCtx(req);
        return relayLive(req, reply, () => deps.chat.startTurn('live', ctx, req.params.id, req.body, { stopWithoutReader: ctx.tenant.stopAnswersWithoutReader }));
      },
    },
    reattach: async (req, reply) => {
      const live = await deps.chat.running(memberCtx(req), req.params.hash);
      if (!live) return reply.code(204).send(null);
      const out = openStream(reply, live.meta);
      live.attach(out.write);
      reply.raw.on('close', () => live.detach(out.write));
      await live.closed;
      out.end();
      return reply;
    },
    stop: async (req) => ({ stopped: await deps.chat.stop(memberCtx(req), req.params.hash) }),
    // A visitor on a public link (spec §6): no token, the creator's credits, limited per address.
    sendPublic: {
      preHandler: deps.limits.guard(['publicChatPerAddress', byAddress]),
      handler: (req, reply) => relay(req, reply, (abort) => deps.chat.startTurn('public', tenantCtx(req), req.params.id, req.body, abort)),
    },
  });
}
