import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sseWriter } from './sse';

const FRAMES = ['data: {"type":"text","text":"Hello"}\n\n', 'data: {"type":"text","text":" 안녕하세요 ✓ 🚀"}\n\n', ': ping\n\n', 'data: {"type":"end","status":"completed"}\n\n'];

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server whose every response streams FRAMES through sseWriter, after `delayFor(url)` ms, `gapFor(url)` ms apart. */
async function serve(delayFor: (url: string) => number = () => 0, seen: Array<{ url: string; resWrites: number }> = [], gapFor: (url: string) => number = () => 2): Promise<number> {
  server = http.createServer(async (req: IncomingMessage, res: ServerResponse) => {
    await new Promise((r) => setTimeout(r, delayFor(req.url ?? '')));
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    res.flushHeaders();
    const record = { url: req.url ?? '', resWrites: 0 };
    seen.push(record);
    const plainWrite = res.write.bind(res);
    res.write = ((...args: Parameters<typeof res.write>) => {
      record.resWrites += 1;
      return plainWrite(...args);
    }) as typeof res.write;
    const write = sseWriter(res);
    for (const f of FRAMES) {
      write(f);
      await new Promise((r) => setTimeout(r, gapFor(req.url ?? '')));
    }
    res.end();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server!.address() as AddressInfo).port;
}

/** Sends raw bytes, returns everything the server sent until it closes or `until` matches. */
function exchange(port: number, raw: string, until: (s: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(raw));
    let got = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      got += d;
      if (until(got)) {
        socket.destroy();
        resolve(got);
      }
    });
    socket.on('end', () => resolve(got));
    socket.on('error', reject);
  });
}

/** Splits HTTP/1.1 chunked responses written back to back; returns each body. */
function dechunk(raw: string): string[] {
  const bodies: string[] = [];
  let rest = Buffer.from(raw);
  while (rest.length > 0) {
    const headEnd = rest.indexOf('\r\n\r\n');
    expect(rest.subarray(0, headEnd).toString()).toMatch(/transfer-encoding: chunked/i);
    rest = rest.subarray(headEnd + 4);
    const parts: Buffer[] = [];
    for (;;) {
      const lineEnd = rest.indexOf('\r\n');
      const size = parseInt(rest.subarray(0, lineEnd).toString(), 16);
      rest = rest.subarray(lineEnd + 2);
      if (size === 0) {
        rest = rest.subarray(2);
        break;
      }
      parts.push(rest.subarray(0, size));
      expect(rest.subarray(size, size + 2).toString()).toBe('\r\n');
      rest = rest.subarray(size + 2);
    }
    bodies.push(Buffer.concat(parts).toString('utf8'));
  }
  return bodies;
}

describe('sseWriter', () => {
  it('writes each frame straight to the socket as one correctly sized chunk (multi-byte text included)', async () => {
    const seen: Array<{ url: string; resWrites: number }> = [];
    const port = await serve(undefined, seen);
    const res = await fetch(`http://127.0.0.1:${port}/a`);
    expect(await res.text()).toBe(FRAMES.join(''));
    // The fast path was taken: nothing went through res.write.
    expect(seen).toEqual([{ url: '/a', resWrites: 0 }]);
  });

  it('keeps the connection usable for the next request (keep-alive)', async () => {
    const port = await serve();
    const raw = await exchange(port, 'GET /1 HTTP/1.1\r\nHost: x\r\n\r\n', (s) => s.endsWith('0\r\n\r\n'));
    expect(dechunk(raw)).toEqual([FRAMES.join('')]);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ body: string; socket: unknown }>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port, path, agent }, (r) => {
          let body = '';
          r.setEncoding('utf8');
          r.on('data', (d: string) => (body += d));
          r.on('end', () => resolve({ body, socket: r.socket }));
        }).on('error', reject);
      });
    const first = await get('/x');
    const second = await get('/y');
    expect([first.body, second.body]).toEqual([FRAMES.join(''), FRAMES.join('')]);
    expect(second.socket).toBe(first.socket);
    agent.destroy();
  });

  it('keeps pipelined responses whole and in order: a waiting response goes through res.write', async () => {
    const seen: Array<{ url: string; resWrites: number }> = [];
    // The first response is slow: the second starts while the first still owns the socket and
    // goes on after it got the socket.
    const port = await serve((url) => (url === '/slow' ? 40 : 0), seen, (url) => (url === '/fast' ? 25 : 2));
    const raw = await exchange(port, 'GET /slow HTTP/1.1\r\nHost: x\r\n\r\nGET /fast HTTP/1.1\r\nHost: x\r\n\r\n', (s) => (s.match(/0\r\n\r\n/g) ?? []).length === 2 && s.endsWith('0\r\n\r\n'));
    expect(dechunk(raw)).toEqual([FRAMES.join(''), FRAMES.join('')]);
    const fast = seen.find((s) => s.url === '/fast')!;
    expect(fast.resWrites).toBeGreaterThan(0);
    expect(fast.resWrites).toBeLessThan(FRAMES.length);
  });

  it('falls back to res.write for an HTTP/1.0 client (no chunked encoding)', async () => {
    const seen: Array<{ url: string; resWrites: number }> = [];
    const port = await serve(undefined, seen);
    const raw = await exchange(port, 'GET /old HTTP/1.0\r\n\r\n', () => false);
    const [head, ...body] = raw.split('\r\n\r\n');
    expect(head).not.toMatch(/chunked/i);
    expect(body.join('\r\n\r\n')).toBe(FRAMES.join(''));
    expect(seen[0]!.resWrites).toBe(FRAMES.length);
  });
});
