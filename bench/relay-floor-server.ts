/**
 * The floor for chat-overhead.ts: the least a Node relay can do between the client and the model —
 * read the request body, send one request upstream over a keep-alive agent, and forward each
 * upstream token as one SSE event. No framework, no tenant, no auth, no checks, no database, no
 * JSON parsing of the stream. What it adds to time to first token on a machine is what any Node
 * relay pays there (two more loopback hops, one more event loop, its share of the CPUs), so the
 * platform's own cost is its figure minus this one. Prints one JSON line {port, pid} when ready.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { hasUpstreamText, upstreamBody } from './lib';

const { values } = parseArgs({ options: { upstream: { type: 'string' } } });
if (!values.upstream) throw new Error('--upstream is required');
const upstream = new URL(`${values.upstream}/chat/completions`);
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, scheduling: 'lifo' });

const server = http.createServer((req, res) => {
  const body: Buffer[] = [];
  req.on('data', (c: Buffer) => body.push(c));
  req.on('end', () => {
    const { text } = JSON.parse(Buffer.concat(body).toString('utf8')) as { text: string };
    const out = http.request(upstream, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (up) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.flushHeaders();
      up.setEncoding('utf8');
      up.on('data', (chunk: string) => {
        if (hasUpstreamText(chunk)) res.write('data: {"type":"text"}\n\n');
      });
      up.on('end', () => res.end('data: {"type":"end"}\n\n'));
      up.on('error', () => res.destroy());
    });
    out.on('error', () => res.destroy());
    res.on('close', () => out.destroy());
    out.end(JSON.stringify(upstreamBody(text)));
  });
});
server.keepAliveTimeout = 120_000;
server.maxConnections = 100_000;
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port, pid: process.pid }));
});
process.on('SIGTERM', () => process.exit(0));
