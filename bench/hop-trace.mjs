/**
 * Preloaded (`node --import ./bench/hop-trace.mjs`) into the fake upstream and the platform by
 * ttft-breakdown.ts: timestamps each traced chat request as it crosses this process, on the
 * machine-wide monotonic clock (process.hrtime), so the processes' stamps line up. A request is
 * traced when its question ends with `#<id>` (the platform also gets the id in `x-trace`). At
 * exit, the stamps go to `$HOP_TRACE_DIR/<role>-<pid>.jsonl` as `[id, event, ms]` lines; the
 * platform adds its garbage collections as `["gc", "gc", start ms, duration ms]`.
 *
 * Diagnostic only: it wraps a few methods of node:http and node:net, which costs a little on
 * every request and token, so its figures are for the breakdown, not for the targets.
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';

const dir = process.env.HOP_TRACE_DIR;
const role = process.argv.some((a) => a.includes('platform-server')) ? 'platform' : process.argv.some((a) => a.includes('fake-llm')) ? 'upstream' : null;
if (dir && role) install(role);

function install(role) {
  const now = () => Number(process.hrtime.bigint()) / 1e6;
  const events = [];
  const idIn = (text) => /#(\d+)/.exec(text)?.[1];
  const emit = http.Server.prototype.emit;
  /**
   * Stamps `event` once per stream, after the first write of a string that `isFirst` accepts. The
   * stamp is taken when write() returns; the reader on the other core may have the bytes before
   * that, so the next hop can measure slightly below zero.
   */
  const stampFirstWrite = (proto, event, isFirst) => {
    const write = proto.write;
    proto.write = function (chunk, ...rest) {
      const first = this.traceId && !this.traceFirst && typeof chunk === 'string' && isFirst(chunk);
      const r = write.call(this, chunk, ...rest);
      if (first) {
        this.traceFirst = true;
        events.push([this.traceId, event, now()]);
      }
      return r;
    };
  };

  if (role === 'upstream') {
    // The request's arrival, and the write of its first answer token.
    http.Server.prototype.emit = function (type, req, res) {
      if (type === 'request') {
        const t = now();
        req.on('data', (d) => {
          const id = idIn(String(d));
          if (id && !res.traceId) {
            res.traceId = id;
            events.push([id, 'upstream_request', t]);
          }
        });
      }
      return emit.apply(this, arguments);
    };
    stampFirstWrite(http.ServerResponse.prototype, 'upstream_token', (chunk) => chunk.includes('"content":"w'));
    process.on('SIGTERM', () => process.exit(0));
  } else {
    // The request's arrival, the provider request leaving, and the first token's frame written to the client.
    http.Server.prototype.emit = function (type, req) {
      const id = type === 'request' ? req.headers['x-trace'] : undefined;
      if (id) {
        events.push([id, 'platform_request', now()]);
        req.socket.traceId = id;
        req.socket.traceFirst = false;
      }
      return emit.apply(this, arguments);
    };
    const end = http.ClientRequest.prototype.end;
    http.ClientRequest.prototype.end = function (body, ...rest) {
      const id = typeof body === 'string' ? idIn(body) : undefined;
      if (id) events.push([id, 'provider_request', now()]);
      return end.call(this, body, ...rest);
    };
    // The chat route writes its frames straight to the socket (decision 015).
    stampFirstWrite(net.Socket.prototype, 'platform_token', (chunk) => chunk.includes('"type":"text"'));
    const hr0 = now();
    const perf0 = performance.now();
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) events.push(['gc', 'gc', hr0 + (e.startTime - perf0), e.duration]);
    }).observe({ entryTypes: ['gc'] });
  }
  process.on('exit', () => writeFileSync(path.join(dir, `${role}-${process.pid}.jsonl`), events.map((e) => JSON.stringify(e)).join('\n')));
}
