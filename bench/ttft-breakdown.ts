/**
 * Where the time to first token goes, hop by hop, at N concurrent streams (steady state, as in
 * chat-overhead.ts): the bench, the fake upstream and the platform each stamp every traced
 * request on the machine-wide monotonic clock (bench/hop-trace.mjs preloaded into the two
 * servers), and this process lines the stamps up per request. Prints p50 / p90 / p99 of each
 * segment for the direct path and the platform path, then the slowest platform requests with
 * their segments and the platform's garbage collections that overlapped them.
 *
 * The wrappers that take the stamps cost a little on every request and token: use
 * chat-overhead.ts for the figures against the targets, this one to see where they come from.
 *
 * `--pin` keeps the load apart as in chat-overhead.ts: this process and the fake upstream on CPU 0,
 * the platform on the other CPUs.
 *
 *   npx tsx bench/ttft-breakdown.ts [--concurrency 200] [--seconds 15] [--slowest 12] [--database-url postgres://…] [--pin]
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { closedLoop, directChat, forSeconds, percentile, pinLoadToCpu0, platformChat, startFakeUpstream, startPlatform } from './lib';

const { values } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '15' },
    slowest: { type: 'string', default: '12' },
    'database-url': { type: 'string' },
    pin: { type: 'boolean', default: false },
  },
});
const N = Number(values.concurrency);
const SECONDS = Number(values.seconds);
const TOKENS = 60;
const TOKEN_DELAY = 50;
const FAKE_PORT = 4311;

const serverCpus = values.pin ? pinLoadToCpu0() : undefined;

const traceDir = mkdtempSync(path.join(os.tmpdir(), 'hop-trace-'));
process.env.HOP_TRACE_DIR = traceDir; // the children inherit it
const preload = '--import ./bench/hop-trace.mjs';
const fake = await startFakeUpstream(FAKE_PORT, { tokens: TOKENS, delayMs: TOKEN_DELAY }, { nodeFlags: preload });
const upstream = fake.url;
const platform = await startPlatform(upstream, values['database-url'], { nodeFlags: preload, cpus: serverCpus });
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

type Stamps = Record<string, number>;
const stamps = new Map<string, Stamps>();
const platformIds = new Set<string>();
let nextId = 0;
const stamp = (id: string, event: string, ms: number) => {
  const s = stamps.get(id) ?? {};
  s[event] ??= ms;
  stamps.set(id, s);
};
const now = () => Number(process.hrtime.bigint()) / 1e6;

/** One traced stream: its id rides in the question (and in `x-trace` to the platform). */
async function traced(via: 'direct' | 'platform') {
  const id = String((nextId += 1));
  const sent = now();
  const text = `Hello there #${id}`;
  const probe = via === 'direct' ? await directChat(agent, upstream, text) : await platformChat(agent, platform, text, { 'x-trace': id });
  stamp(id, 'bench_send', sent);
  stamp(id, 'bench_token', sent + probe.ttft);
  if (via === 'platform') platformIds.add(id);
  return probe;
}

/** The upstream's own segment: it holds the first-token delay the fake upstream is set to. */
const UPSTREAM = 'upstream: request → first token written';
/** Per path: [label, from stamp, to stamp]. */
const SEGMENTS = {
  direct: [
    ['bench → upstream request', 'bench_send', 'upstream_request'],
    [UPSTREAM, 'upstream_request', 'upstream_token'],
    ['upstream token → bench', 'upstream_token', 'bench_token'],
  ],
  platform: [
    ['bench → platform request', 'bench_send', 'platform_request'],
    ['platform: request → provider request', 'platform_request', 'provider_request'],
    ['provider request → upstream request', 'provider_request', 'upstream_request'],
    [UPSTREAM, 'upstream_request', 'upstream_token'],
    ['upstream token → platform frame written', 'upstream_token', 'platform_token'],
    ['platform frame → bench', 'platform_token', 'bench_token'],
  ],
} as const;

try {
  await Promise.all(Array.from({ length: 20 }, async () => (await traced('platform')).done)); // warm-up
  const firstSteady = nextId;
  const stagger = TOKENS * TOKEN_DELAY;
  await closedLoop(() => traced('direct'), N, forSeconds(SECONDS), stagger);
  await closedLoop(() => traced('platform'), N, forSeconds(SECONDS), stagger);

  fake.child.kill('SIGTERM');
  platform.child.kill('SIGTERM');
  await Promise.all([fake, platform].map(({ child }) => new Promise((r) => child.once('exit', r))));
  const gcs: Array<[number, number]> = [];
  for (const file of readdirSync(traceDir)) {
    for (const line of readFileSync(path.join(traceDir, file), 'utf8').split('\n')) {
      if (!line) continue;
      const [id, event, ms, duration] = JSON.parse(line) as [string, string, number, number?];
      if (event === 'gc') gcs.push([ms, duration ?? 0]);
      else stamp(id, event, ms);
    }
  }

  console.log(`ttft-breakdown: ${N} streams open at all times, ${SECONDS} s per path, ${TOKEN_DELAY} ms to the first token; ms on the machine's monotonic clock`);
  const rows = (platform: boolean) => [...stamps].filter(([id]) => Number(id) > firstSteady && platformIds.has(id) === platform).map(([, s]) => s);
  for (const platform of [false, true]) {
    const segments = platform ? SEGMENTS.platform : SEGMENTS.direct;
    const complete = rows(platform).filter((s) => segments.every(([, a, b]) => s[a] !== undefined && s[b] !== undefined));
    console.log(`\n${platform ? 'Through the platform' : 'Direct to the upstream'} (${complete.length} streams)`);
    console.log(`  ${'segment'.padEnd(44)} ${'p50'.padStart(8)} ${'p90'.padStart(8)} ${'p99'.padStart(8)}`);
    const line = (name: string, xs: number[]) => {
      const s = xs.sort((a, b) => a - b);
      console.log(`  ${name.padEnd(44)} ${[50, 90, 99].map((p) => percentile(s, p).toFixed(3).padStart(8)).join(' ')}`);
    };
    for (const [name, a, b] of segments) line(name, complete.map((s) => s[b]! - s[a]!));
    line('time to first token', complete.map((s) => s.bench_token! - s.bench_send!));
    if (platform) {
      const slowest = [...complete].sort((x, y) => y.bench_token! - y.bench_send! - (x.bench_token! - x.bench_send!)).slice(0, Number(values.slowest));
      console.log(`\n  slowest ${slowest.length}: time to first token minus ${TOKEN_DELAY} ms, then each segment (the upstream's minus ${TOKEN_DELAY}); platform GC pauses inside the stream's window`);
      for (const s of slowest) {
        const parts = segments.map(([name, a, b]) => (s[b]! - s[a]! - (name === UPSTREAM ? TOKEN_DELAY : 0)).toFixed(2).padStart(6));
        const pauses = gcs.filter(([start, d]) => start < s.bench_token! && start + d > s.bench_send!).map(([, d]) => `${d.toFixed(1)} ms`);
        console.log(`  ${(s.bench_token! - s.bench_send! - TOKEN_DELAY).toFixed(2).padStart(6)}  ${parts.join(' ')}${pauses.length ? `   gc ${pauses.join(', ')}` : ''}`);
      }
    }
  }
} finally {
  fake.child.kill('SIGKILL');
  platform.child.kill('SIGTERM');
  agent.destroy();
  rmSync(traceDir, { recursive: true, force: true });
}
