import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { API_NODE_FLAGS, apiEnv } from '../scripts/lib.mjs';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts a TypeScript entry as its own process (own event loop, own RSS); resolves with its first
 * stdout line that is not V8 tracing (`--trace-gc`: "[pid:0x…] …"); every other line goes on to
 * stderr. `cpus` (a `taskset` list such as "1" or "1-3") confines it to those CPUs; `nodeFlags`
 * go to its `node` command line after `BENCH_NODE_FLAGS`.
 */
export function startChild(script: string, args: string[], opts: { ulimit?: number; cpus?: string; nodeFlags?: string; env?: NodeJS.ProcessEnv } = {}): Promise<{ child: ChildProcess; line: string }> {
  const cmd = `${opts.ulimit ? `ulimit -n ${opts.ulimit}; ` : ''}exec ${opts.cpus ? `taskset -c ${opts.cpus} ` : ''}${JSON.stringify(process.execPath)} ${process.env.BENCH_NODE_FLAGS ?? ''} ${opts.nodeFlags ?? ''} --import tsx ${script} ${args.map((a) => JSON.stringify(a)).join(' ')}`;
  const child = spawn('bash', ['-c', cmd], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: opts.env ?? process.env });
  return new Promise((resolve, reject) => {
    let answered = false;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (answered || line.startsWith('[')) process.stderr.write(`${line}\n`);
      else {
        answered = true;
        resolve({ child, line });
      }
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/**
 * The fake OpenAI-compatible upstream (tools/fake-llm) as a child process on `port`: answers
 * `tokens` words ("w0 w1 …"), one every `delayMs`, the first after `firstByteDelayMs` if given.
 * Resolves with its base URL (`…/v1`) and the reply it was given.
 */
export async function startFakeUpstream(
  port: number,
  answer: { tokens: number; delayMs: number; firstByteDelayMs?: number; firstTokenDelayMs?: number },
  opts: Parameters<typeof startChild>[2] = {},
): Promise<{ child: ChildProcess; url: string; reply: string }> {
  const reply = Array.from({ length: answer.tokens }, (_, i) => `w${i}`).join(' ');
  const args = ['--port', String(port), '--delay', String(answer.delayMs), '--reply', reply];
  if (answer.firstByteDelayMs !== undefined) args.push('--first-byte-delay', String(answer.firstByteDelayMs));
  if (answer.firstTokenDelayMs !== undefined) args.push('--first-token-delay', String(answer.firstTokenDelayMs));
  const { child } = await startChild('tools/fake-llm/server.ts', args, opts);
  return { child, url: `http://127.0.0.1:${port}/v1`, reply };
}

/**
 * `--pin`: every thread of this process, and the children it starts without `cpus` (the fake
 * upstream), on CPU 0 (Linux `taskset`); returns the `cpus` list for the servers: the other CPUs.
 */
export function pinLoadToCpu0(): string {
  const cpus = os.availableParallelism();
  if (cpus < 2) throw new Error('--pin needs at least 2 CPUs');
  execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
  return cpus === 2 ? '1' : `1-${cpus - 1}`;
}

/** The benchmarked platform (bench/platform-server.ts) as a child process, with its tenant's chat route and credentials. */
export interface BenchPlatform {
  child: ChildProcess;
  pid: number;
  port: number;
  subdomain: string;
  /** The chat route of the tenant's first chatbot. */
  chatUrl: string;
  /** Tenant and access token for that route. */
  headers: Record<string, string>;
  /** The developer API (`/v1`): its completions URL, the key's header and the chatbot as a model id. */
  api: { url: string; headers: Record<string, string>; model: string };
}

/**
 * Starts bench/platform-server.ts against `upstream`: PGlite on disk (in memory with
 * `BENCH_MEMORY=1`), or the PostgreSQL server at `databaseUrl`.
 */
export async function startPlatform(upstream: string, databaseUrl: string | undefined, opts: Parameters<typeof startChild>[2] = {}, args: string[] = []): Promise<BenchPlatform> {
  // The platform runs with the Node flags `npm start` gives it.
  const nodeFlags = [...API_NODE_FLAGS, opts.nodeFlags ?? ''].join(' ');
  const { child, line } = await startChild('bench/platform-server.ts', ['--upstream', upstream, ...(process.env.BENCH_MEMORY ? ['--memory'] : []), ...(databaseUrl ? ['--database-url', databaseUrl] : []), ...args], { ...opts, nodeFlags, env: apiEnv() });
  const { port, subdomain, token, chatbotId, chatbotHash, apiKey, pid } = JSON.parse(line) as { port: number; subdomain: string; token: string; chatbotId: number; chatbotHash: string; apiKey: string; pid: number };
  return {
    child,
    pid,
    port,
    subdomain,
    chatUrl: `http://127.0.0.1:${port}/api/chatbots/${chatbotId}/chat/`,
    headers: { 'x-tenant-subdomain': subdomain, 'x-access-token': token },
    api: { url: `http://127.0.0.1:${port}/v1/chat/completions`, headers: { authorization: `Bearer ${apiKey}` }, model: chatbotHash },
  };
}

/**
 * Several platform instances on one PostgreSQL database and one Redis behind a round-robin
 * balancer (bench/balancer-server.ts, its own process): the first makes the tenant, the others
 * join it with the same token secret. The returned platform's routes go through the balancer.
 */
export async function startInstances(
  n: number,
  /** One upstream for all, or one per instance. */
  upstream: string | string[],
  databaseUrl: string,
  redisUrl: string,
  opts: Parameters<typeof startChild>[2] = {},
): Promise<{ platform: BenchPlatform; instances: BenchPlatform[]; balancer: ChildProcess }> {
  const secret = ['--redis-url', redisUrl, '--jwt-secret', randomBytes(32).toString('hex')];
  const upstreamOf = (i: number) => (typeof upstream === 'string' ? upstream : upstream[i]!);
  const first = await startPlatform(upstreamOf(0), databaseUrl, opts, secret);
  const others = await Promise.all(Array.from({ length: n - 1 }, (_, i) => startPlatform(upstreamOf(i + 1), databaseUrl, opts, [...secret, '--join', first.subdomain])));
  const instances = [first, ...others];
  const { child: balancer, port } = await startBalancer(instances.map((i) => `http://127.0.0.1:${i.port}`), opts);
  const via = (url: string) => url.replace(`:${first.port}/`, `:${port}/`);
  return { platform: { ...first, port, chatUrl: via(first.chatUrl), api: { ...first.api, url: via(first.api.url) } }, instances, balancer };
}

/** The round-robin balancer of the scale-out tests (apps/api/src/test/instances.ts) in a process of its own. */
export async function startBalancer(targets: string[], opts: Parameters<typeof startChild>[2] = {}): Promise<{ child: ChildProcess; port: number }> {
  const { child, line } = await startChild('bench/balancer-server.ts', targets.flatMap((t) => ['--target', t]), opts);
  return { child, port: (JSON.parse(line) as { port: number }).port };
}

/** A chunk of the platform's chat stream (or the floor relay's) that carries a text event. */
export const hasChatText = (chunk: string) => chunk.includes('"type":"text"');

/** One question to the platform; resolves at its first text event. */
export const platformChat = (agent: http.Agent, platform: BenchPlatform, text: string, headers: Record<string, string> = {}) =>
  openStream(agent, platform.chatUrl, { ...platform.headers, ...headers }, { text }, hasChatText);

/** The same question through the developer API (`/v1/chat/completions`, streaming); resolves at its first answer token. */
export const apiChat = (agent: http.Agent, platform: BenchPlatform, text: string) =>
  openStream(agent, platform.api.url, platform.api.headers, { ...upstreamBody(text), model: platform.api.model }, hasUpstreamText);

/** The same question straight to the upstream (`…/v1`); resolves at its first answer token. */
export const directChat = (agent: http.Agent, upstream: string, text: string) => openStream(agent, `${upstream}/chat/completions`, {}, upstreamBody(text), hasUpstreamText);

/** The chat-completions request the platform sends for one question: the direct path and the floor relay send the same. */
export const upstreamBody = (text: string) => ({ model: 'fake-model', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: text }] });

/** Whether an upstream SSE chunk carries answer text (the role chunk's empty content does not). */
export const hasUpstreamText = (chunk: string) => chunk.includes('"content":"') && !chunk.includes('"content":""');

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** CPU time (ms) a process has used so far: its main thread, and all its other threads together (Linux). */
export function cpuMs(pid: number): { main: number; others: number } {
  const tick = 1000 / 100; // USER_HZ
  let main = 0;
  let others = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(f[11]) + Number(f[12])) * tick;
    if (tid === String(pid)) main += ms;
    else others += ms;
  }
  return { main, others };
}

/** The machine's CPU time so far, from the first line of /proc/stat (Linux), in clock ticks. */
export function machineTicks(): { busy: number; steal: number; total: number } {
  const f = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already inside user).
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = f;
  return { busy: user + nice + system + irq + softirq, steal, total: user + nice + system + idle + iowait + irq + softirq + steal };
}

/**
 * What the machine did between two `machineTicks()` readings: the share of its CPU time that was
 * busy here and the share the hypervisor gave to other guests (steal). A virtual machine whose
 * host is oversubscribed loses whole milliseconds at random moments, which no code here can
 * avoid: figures taken with more than a few per cent of steal say more about the host than about
 * the code.
 */
export function machineShare(a: ReturnType<typeof machineTicks>, b: ReturnType<typeof machineTicks>): string {
  const total = b.total - a.total || 1;
  const pct = (n: number) => `${((n / total) * 100).toFixed(1)} %`;
  return `machine busy ${pct(b.busy - a.busy)}, stolen by the host ${pct(b.steal - a.steal)} of its CPU time`;
}

/**
 * How fast this host is at the two things the relay does most, so that figures from different
 * days can be told apart from changes of the code: CPU time of a fixed piece of JavaScript (one
 * upstream chunk parsed and one SSE frame made, as per token), and the time one 100-byte write
 * takes on a loopback TCP connection whose reader, another process, sleeps between writes — the
 * system call that sends each frame, waking the client. Run before the load; takes about 3 s.
 */
export async function hostSpeed(): Promise<{ jsUsPerToken: number; writeUsP50: number; writeUsMean: number }> {
  const chunk = JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'fake-model', choices: [{ index: 0, delta: { content: ' w1' }, finish_reason: null }] });
  let sink = 0;
  const JS_ROUNDS = 200_000;
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < JS_ROUNDS; i++) {
    const c = JSON.parse(chunk) as { choices: Array<{ delta: { content: string } }> };
    sink += `data: ${JSON.stringify({ type: 'text', text: c.choices[0]!.delta.content })}\n\n`.length;
  }
  const used = process.cpuUsage(cpu0);
  const jsUsPerToken = (used.user + used.system) / JS_ROUNDS;

  // The reader: a process of its own that accepts one connection and discards what it reads.
  const reader = spawn(process.execPath, ['-e', "const s = require('net').createServer((c) => c.resume()).listen(0, '127.0.0.1', () => console.log(s.address().port))"], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) => reader.stdout!.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
  const socket = net.connect({ port, host: '127.0.0.1', noDelay: true });
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const frame = 'x'.repeat(100);
  const took: number[] = [];
  for (let i = 0; i < 2000; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1)); // the reader goes back to sleep, as between tokens
    const t = process.hrtime.bigint();
    socket.write(frame);
    took.push(Number(process.hrtime.bigint() - t) / 1000);
  }
  socket.destroy();
  reader.kill();
  if (sink < 0) console.log(sink); // keeps the work from being optimised away
  took.sort((a, b) => a - b);
  return { jsUsPerToken, writeUsP50: percentile(took, 50), writeUsMean: took.reduce((a, b) => a + b, 0) / took.length };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface StreamProbe {
  /** ms from request start to the first answer token. */
  ttft: number;
  /** Resolves when the stream ends. */
  done: Promise<void>;
  abort: () => void;
}

/**
 * POSTs and resolves once the first chunk matching `isFirstToken` arrives; the rest of the body
 * is drained in the background.
 */
export function openStream(agent: http.Agent, url: string, headers: Record<string, string>, body: unknown, isFirstToken: ((chunk: string) => boolean) | 'headers', localAddress?: string): Promise<StreamProbe> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const u = new URL(url);
    const req = http.request(
      { host: u.hostname, port: u.port, path: u.pathname, method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json' }, localAddress },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`HTTP ${res.statusCode} from ${url}`));
          res.resume();
          return;
        }
        let first = false;
        let resolveDone!: () => void;
        const done = new Promise<void>((r) => (resolveDone = r));
        res.setEncoding('utf8');
        if (isFirstToken === 'headers') {
          first = true;
          resolve({ ttft: performance.now() - started, done, abort: () => req.destroy() });
        }
        res.on('data', (chunk: string) => {
          if (!first && isFirstToken !== 'headers' && isFirstToken(chunk)) {
            first = true;
            resolve({ ttft: performance.now() - started, done, abort: () => req.destroy() });
          }
        });
        res.on('end', resolveDone);
        res.on('close', resolveDone);
        res.on('error', resolveDone);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/**
 * Closed loop: `n` workers each keep one stream open and start the next as soon as it ends, so
 * exactly `n` streams are open at any time (the realistic meaning of "n concurrent streams"),
 * while `more()` says so. The first wave is staggered over `staggerMs` (one stream's length) so
 * workers do not stay in lockstep. Resolves with every stream's time to first token.
 */
export async function closedLoop(open: () => Promise<StreamProbe>, n: number, more: () => boolean, staggerMs: number): Promise<number[]> {
  const ttfts: number[] = [];
  await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      await new Promise((r) => setTimeout(r, (i / n) * staggerMs));
      while (more()) {
        const p = await open();
        ttfts.push(p.ttft);
        await p.done;
      }
    }),
  );
  return ttfts;
}

/** Keeps a closed loop going for `seconds` from now. */
export const forSeconds = (seconds: number) => {
  const until = performance.now() + seconds * 1000;
  return () => performance.now() < until;
};
