/**
 * Graceful shutdown of the real server process (issue 30 item 4, decision 040): `npm start`'s
 * wrapper (scripts/start.mjs) runs apps/api/src/main.ts on PGlite in a temporary DATA_DIR against
 * the fake upstream. A slow answer streams when SIGTERM arrives: sent to the wrapper alone (which
 * passes it on) the answer finishes within the grace; sent to the whole process group (systemd,
 * Ctrl-C: the API process gets it twice, directly and passed on) with a grace shorter than the
 * answer, the answer is closed as interrupted. Either way the process exits 0. One data folder serves
 * both starts (the second skips initdb and the migrations). With TEST_DATABASE_URL the server runs
 * on a fresh database of that PostgreSQL server instead (where the double signal was found).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatEvent } from '@app/contracts/chat';
import { createChatStreamParser } from '@app/contracts/chat-stream';
import { startFakeLlm, type FakeLlm } from '../../../../tools/fake-llm/server';
import { freePort, serverDatabase } from '../test/instances';

const root = path.resolve(import.meta.dirname, '../../../..');
const PASSWORD = 'Shutd0wn-test!';
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

let fake: FakeLlm;
let dataDir: string;
const serverUrl = process.env.TEST_DATABASE_URL;
let databaseUrl = '';

let dropDatabase: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  fake = await startFakeLlm();
  dataDir = mkdtempSync(path.join(tmpdir(), 'platform-shutdown-'));
  if (serverUrl) {
    ({ url: databaseUrl, drop: dropDatabase } = await serverDatabase(serverUrl));
  }
});
afterAll(async () => {
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase();
});

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `node scripts/start.mjs` in its own process group, resolved once it serves. */
async function startServer(graceSeconds: number): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      SEED_ADMIN_PASSWORD: PASSWORD,
      SEED_MEMBER_PASSWORD: PASSWORD,
      OPENAI_COMPATIBLE_BASE_URL: fake.url,
      OPENAI_COMPATIBLE_MODELS: 'fake-model',
      SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
    },
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const deadline = Date.now() + 60_000;
  while (!out.includes('Platform ready')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/** Signs the demo member in, starts a chat and resolves once its first text event arrived; `rest` reads it to its end. */
async function startAnswer(base: string) {
  const headers = { 'content-type': 'application/json', 'x-tenant-subdomain': 'demo' };
  const signIn = await fetch(`${base}/api/auth/sign-in/`, { method: 'POST', headers, body: JSON.stringify({ email: 'member@demo.local', password: PASSWORD }) });
  expect(signIn.status).toBe(200);
  const auth = { ...headers, 'x-access-token': ((await signIn.json()) as { access_token: string }).access_token };
  const bots = (await (await fetch(`${base}/api/chatbots/?include_default=true`, { headers: auth })).json()) as { items: { id: number }[] };
  const res = await fetch(`${base}/api/chatbots/${bots.items[0]!.id}/chat/`, { method: 'POST', headers: auth, body: JSON.stringify({ text: 'a slow answer, please' }) });
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const meta = JSON.parse(res.headers.get('x-chat-meta')!) as { assistant_message_id: number };
  const reader = res.body!.getReader();
  const parser = createChatStreamParser();
  const decoder = new TextDecoder();
  const events: ChatEvent[] = [];
  const read = async (until: (e: ChatEvent) => boolean) => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      for (const e of parser.push(decoder.decode(value, { stream: true }))) {
        events.push(e);
        if (until(e)) return;
      }
    }
  };
  await read((e) => e.type === 'text');
  return { events, messageId: meta.assistant_message_id, rest: () => read(() => false).then(() => events) };
}

const textOf = (events: ChatEvent[]) => events.map((e) => (e.type === 'text' ? e.text : '')).join('');
const endOf = (events: ChatEvent[]) => events.find((e) => e.type === 'end');

describe('graceful shutdown of the server process', { timeout: 120_000 }, () => {
  it('SIGTERM to `npm start`: stops accepting, the running answer completes, exit 0', async () => {
    fake.set({ reply: words(25), tokenDelayMs: 80 });
    const server = await startServer(30);
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
    expect(await (await fetch(`${server.base}/api/ready/`)).json()).toEqual({ ok: true, database: 'up', redis: 'unconfigured', draining: false });
    const answer = await startAnswer(server.base);
    process.kill(server.child.pid!, 'SIGTERM');
    // The instance no longer takes connections while the answer goes on.
    await new Promise((r) => setTimeout(r, 300));
    await expect(fetch(`${server.base}/api/ready/`)).rejects.toThrow();
    const events = await answer.rest();
    expect(endOf(events)).toEqual({ type: 'end', status: 'completed' });
    expect(textOf(events).trim()).toBe(words(25));
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('1 running answer(s) finished, 0 closed as interrupted.');
  });

  it('SIGTERM to the process group, twice over: the answer is closed as interrupted after the grace, exit 0', async () => {
    fake.set({ reply: words(200), tokenDelayMs: 50 });
    const server = await startServer(1);
    const answer = await startAnswer(server.base);
    const signalled = Date.now();
    process.kill(-server.child.pid!, 'SIGTERM');
    // Repeats reach the API process mid-shutdown (a signal that arrived at once is merged into the first).
    setTimeout(() => process.kill(-server.child.pid!, 'SIGTERM'), 300);
    const events = await answer.rest();
    expect(endOf(events)).toEqual({ type: 'end', status: 'interrupted' });
    // Closed like a stop: the tokens used are charged.
    expect(events.find((e) => e.type === 'usage')).toMatchObject({ credits: expect.any(Number) });
    expect(textOf(events).length).toBeLessThan(words(200).length);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(8000);
    expect(server.output()).toContain('again: already shutting down');
    expect(server.output()).toContain('0 running answer(s) finished, 1 closed as interrupted.');
    if (serverUrl) {
      // The answer's row, read after the process is gone.
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      const { rows } = await c.query<{ status: string; text: string; units: string }>('select status, text, credit_units::text as units from chat_messages where id = $1', [answer.messageId]).finally(() => c.end());
      expect(rows[0]).toMatchObject({ status: 'interrupted', text: textOf(events) });
      expect(BigInt(rows[0]!.units)).toBeGreaterThan(0n);
    }
  });
});
