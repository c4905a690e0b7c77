import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { ChatEvent, ChatMeta } from '@app/contracts/chat';
import { createChatStreamParser } from '@app/contracts/chat-stream';

/**
 * Real API processes for the scale-out and crash tests (issue 30): `apps/api/src/main.ts` run as
 * `npm start` runs it, a round-robin balancer in front, a database of their own on the server.
 */

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SEED = { admin: 'admin@demo.local', member: 'member@demo.local', password: 'Scale-passw0rd!' };

export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** A fresh database on TEST_DATABASE_URL's server, and how to drop it. */
export async function serverDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface Instance {
  url: string;
  child: ChildProcess;
  /** Everything it printed, for a failing test's message. */
  output(): string;
  /** SIGTERM, waits for the exit. */
  stop(): Promise<void>;
  /** SIGKILL: a crash. */
  kill(): Promise<void>;
}

/** Starts `main.ts` with `env` (the demo tenant seeded with SEED's accounts) and waits until it answers. */
export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_ADMIN_EMAIL: SEED.admin,
      SEED_ADMIN_PASSWORD: SEED.password,
      SEED_MEMBER_EMAIL: SEED.member,
      SEED_MEMBER_PASSWORD: SEED.password,
      WEB_DIST: '/nonexistent',
      DATA_DIR: env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'instance-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`instance exited before it was ready:\n${out}`);
    if (out.includes('Platform ready')) break;
    if (i > 600) throw new Error(`instance not ready after 60 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { url, child, output: () => out, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
}

export interface Balancer {
  url: string;
  close(): Promise<void>;
}

/**
 * A round-robin balancer: each request goes to the next instance, streamed both ways unbuffered;
 * the response says which instance served it (`x-served-by`: its index). A client leaving closes
 * the request to the instance, as a real balancer does.
 */
export async function startBalancer(targets: string[]): Promise<Balancer> {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const i = next++ % targets.length;
    const target = new URL(targets[i]!);
    const up = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent }, (ur) => {
      res.writeHead(ur.statusCode ?? 502, { ...ur.headers, 'x-served-by': String(i) });
      res.flushHeaders();
      ur.pipe(res);
    });
    up.on('error', () => res.destroy());
    res.on('close', () => {
      if (!res.writableFinished) up.destroy();
    });
    req.pipe(up);
  });
  // Idle client connections stay open as long as the instances keep theirs (a shorter wait races a client's reuse).
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Calls `base` as the demo tenant (and `token`'s member); JSON in and out, and which instance served. */
export async function call(base: string, token: string | null, method: string, url: string, body?: unknown): Promise<{ status: number; body: unknown; servedBy: string | null }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'x-tenant-subdomain': 'demo', ...(token && { 'x-access-token': token }), ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null, servedBy: res.headers.get('x-served-by') };
}

export async function signIn(base: string, email: string): Promise<{ token: string; servedBy: string | null }> {
  const r = await call(base, null, 'POST', '/api/auth/sign-in/', { email, password: SEED.password });
  if (r.status !== 200) throw new Error(`sign-in ${r.status}: ${JSON.stringify(r.body)}`);
  return { token: (r.body as { access_token: string }).access_token, servedBy: r.servedBy };
}

export interface OpenStream {
  status: number;
  meta: ChatMeta | null;
  servedBy: string | null;
  events: ChatEvent[];
  /** Resolves with every event once the stream ends (or the reader left). */
  done: Promise<ChatEvent[]>;
  /** Resolves once `n` text events (or a snapshot) came. */
  texts(n: number): Promise<void>;
  leave(): void;
}

/** Opens an event stream (a chat, a reattach) and reads it in the background. */
export async function openStream(base: string, token: string, method: 'POST' | 'GET', url: string, body?: unknown): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'x-tenant-subdomain': 'demo', 'x-access-token': token, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: controller.signal,
  });
  const events: ChatEvent[] = [];
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  let texts = 0;
  const counted = () => {
    for (const w of [...waiters]) {
      if (texts < w.n) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };
  const streaming = res.headers.get('content-type')?.startsWith('text/event-stream');
  const done = (async () => {
    if (!streaming) {
      await res.text();
      return events;
    }
    const parser = createChatStreamParser();
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        for (const e of parser.push(decoder.decode(chunk, { stream: true }))) {
          events.push(e);
          if (e.type === 'text' || e.type === 'snapshot') texts += 1;
        }
        counted();
      }
    } catch {
      // The reader left, or the server went away (a crash test): the stream ends where it broke.
    }
    for (const w of waiters.splice(0)) w.resolve();
    return events;
  })();
  return {
    status: res.status,
    meta: streaming ? (JSON.parse(res.headers.get('x-chat-meta') ?? 'null') as ChatMeta) : null,
    servedBy: res.headers.get('x-served-by'),
    events,
    done,
    texts: (n) => new Promise<void>((resolve) => (texts >= n ? resolve() : waiters.push({ n, resolve }))),
    leave: () => controller.abort(),
  };
}

/** The answer's text from a stream's events: a snapshot (the text so far), then the deltas. */
export function textOfEvents(events: ChatEvent[]): string {
  let text = '';
  for (const e of events) {
    if (e.type === 'snapshot') text = e.text;
    else if (e.type === 'text') text += e.text;
  }
  return text;
}
