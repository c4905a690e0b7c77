/**
 * Time to first token (TTFT) through the platform vs straight to the upstream, at N concurrent
 * streamed chats. The fake upstream and the platform each run in their own process, so neither
 * steals the other's event loop; this process only drives load and measures.
 *
 * The same load also goes through a minimal Node relay (relay-floor-server.ts: no framework, no
 * checks, no database) in its own process: what it adds is the floor any Node relay pays on this
 * machine, printed beside the platform's figure (--skip-floor to leave it out).
 *
 * A single stream at a time (--single N requests per path, 0 to skip) shows the path's own
 * latency with nothing queued ahead of it.
 *
 * The steady state runs each path for --seconds, one after the other, each after --warmup seconds
 * of the same load that are not measured (a server's first seconds under load are its warm-up:
 * JIT, heap sizing), and prints how busy the machine was meanwhile and how much CPU time the
 * host stole (a virtual machine on an oversubscribed host loses milliseconds at random). The
 * paired run then keeps N streams on each path in the same window, so such a second of the host
 * hits both alike.
 *
 * --instant-first-token makes the upstream send its first token at once (the rest at
 * --token-delay): a local vLLM or llama.cpp answers in milliseconds, and then the platform's own
 * work before the first token is no longer hidden behind the model's delay.
 *
 * --pin keeps the load apart from the server under test: this process and the fake upstream on
 * CPU 0, the platform and the relay on the other CPUs (Linux `taskset`). Without it all share
 * every CPU, as on one small machine.
 *
 * --instances N (N ≥ 2, with --database-url and Redis at --redis-url): N platform processes on
 * one PostgreSQL database and one Redis behind a round-robin balancer in its own process (issue
 * 30), the way several instances are deployed; the minimal relay then goes through a balancer of
 * its own too, so the floor includes the balancer's hop.
 *
 *   npx tsx bench/chat-overhead.ts [--concurrency 200] [--rounds 3] [--token-delay 20] [--single 100] [--seconds 15] [--warmup 10] [--database-url postgres://…] [--skip-floor] [--pin] [--instant-first-token]
 */
import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { controlFakeLlm } from '../tools/fake-llm/control';
import {
  apiChat,
  closedLoop,
  cpuMs,
  directChat,
  forSeconds,
  hasChatText,
  hostSpeed,
  machineShare,
  machineTicks,
  openStream,
  percentile,
  pinLoadToCpu0,
  platformChat,
  startBalancer,
  startChild,
  startFakeUpstream,
  startInstances,
  startPlatform,
  type StreamProbe,
} from './lib';

const { values } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '2' },
    'token-delay': { type: 'string', default: '50' },
    tokens: { type: 'string', default: '60' },
    seconds: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '10' },
    'database-url': { type: 'string' },
    'skip-floor': { type: 'boolean', default: false },
    single: { type: 'string', default: '100' },
    pin: { type: 'boolean', default: false },
    'instant-first-token': { type: 'boolean', default: false },
    /** Through the developer API (`/v1/chat/completions`) instead of the web chat's route (issue 28). */
    api: { type: 'boolean', default: false },
    instances: { type: 'string', default: '1' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
  },
});
const INSTANCES = Number(values.instances);
if (INSTANCES > 1 && !values['database-url']) throw new Error('--instances needs --database-url (several instances share a PostgreSQL server)');
const FLOOR = !values['skip-floor'];
const N = Number(values.concurrency);
const ROUNDS = Number(values.rounds);
const TOKEN_DELAY = Number(values['token-delay']);
const TOKENS = Number(values.tokens);
const SECONDS = Number(values.seconds);
const WARMUP = Number(values.warmup);
const SINGLE = Number(values.single);
const STREAM_MS = TOKENS * TOKEN_DELAY;
const FAKE_PORT = 4310;
const CPUS = os.availableParallelism();
const serverCpus = values.pin ? pinLoadToCpu0() : undefined;

const INSTANT = values['instant-first-token'];
const fake = await startFakeUpstream(FAKE_PORT, { tokens: TOKENS, delayMs: TOKEN_DELAY, ...(INSTANT ? { firstTokenDelayMs: 0 } : {}) });
const { url: upstream, reply } = fake;
const platformOpts = { cpus: serverCpus, nodeFlags: process.env.BENCH_PLATFORM_FLAGS };
const scaled = INSTANCES > 1 ? await startInstances(INSTANCES, upstream, values['database-url']!, values['redis-url'], platformOpts) : null;
const platform = scaled?.platform ?? (await startPlatform(upstream, values['database-url'], platformOpts));
/** The platform's processes (every instance): their CPU is the platform's. */
const pids = scaled ? scaled.instances.map((i) => i.pid) : [platform.pid];
const floor = FLOOR ? await startChild('bench/relay-floor-server.ts', ['--upstream', upstream], { cpus: serverCpus }) : null;
const floorBalancer = floor && scaled ? await startBalancer([`http://127.0.0.1:${(JSON.parse(floor.line) as { port: number }).port}`], { cpus: serverCpus }) : null;
const floorPort = floorBalancer ? floorBalancer.port : floor ? (JSON.parse(floor.line) as { port: number }).port : 0;
const platformCpu = () => pids.map(cpuMs).reduce((a, b) => ({ main: a.main + b.main, others: a.others + b.others }));
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

const direct = () => directChat(agent, upstream, 'Hello there');
const viaPlatform = values.api ? () => apiChat(agent, platform, 'Hello there') : () => platformChat(agent, platform, 'Hello there');
const viaFloor = () => openStream(agent, `http://127.0.0.1:${floorPort}/`, {}, { text: 'Hello there' }, hasChatText);

async function burst(open: () => ReturnType<typeof direct>, n: number): Promise<number[]> {
  const probes = await Promise.all(Array.from({ length: n }, open));
  await Promise.all(probes.map((p) => p.done));
  return probes.map((p) => p.ttft);
}

/** Lets a closed loop start `count` streams in all. */
const times = (count: number) => () => count-- > 0;

const fmt = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p99: percentile(s, 99) };
};

function report(label: string, d: number[], p: number[], f: number[] | null, targets = true) {
  const a = fmt(d);
  const b = fmt(p);
  const c = f ? fmt(f) : null;
  const row = (name: string, p50: number, p99: number, note = '') => console.log(`  ${name.padEnd(30)} ${p50.toFixed(2).padStart(8)}ms ${p99.toFixed(2).padStart(8)}ms${note}`);
  console.log(`\n${label}`);
  console.log(`  ${'path'.padEnd(30)} ${'p50 TTFT'.padStart(10)} ${'p99 TTFT'.padStart(10)}`);
  row('direct to upstream', a.p50, a.p99);
  row('through the platform', b.p50, b.p99);
  if (c) row('through a minimal Node relay', c.p50, c.p99);
  row('added by the platform', b.p50 - a.p50, b.p99 - a.p99, targets ? '   (targets ≤ 1 ms p50, ≤ 5 ms p99)' : '');
  if (c) row('added by a minimal Node relay', c.p50 - a.p50, c.p99 - a.p99, '   (the floor on this machine)');
}

try {
  console.log(`chat-overhead${values.api ? ' (developer API, /v1/chat/completions)' : ''}${scaled ? ` through a round-robin balancer to ${INSTANCES} instances (PostgreSQL, Redis)` : ''}: ${N} concurrent streams, first token ${INSTANT ? 'at once' : `after ${TOKEN_DELAY} ms`}, database ${values['database-url'] ? 'PostgreSQL' : 'PGlite (embedded)'}${values.pin ? `; bench and fake upstream on CPU 0, servers on CPU ${serverCpus}` : `; everything shares ${CPUS} CPUs`}`);
  const speed = await hostSpeed();
  console.log(
    `host speed: ${speed.jsUsPerToken.toFixed(2)} µs of CPU to parse a chunk and make a frame in JavaScript; a 100-byte loopback write that wakes its reader ${speed.writeUsP50.toFixed(1)} µs p50, ${speed.writeUsMean.toFixed(1)} µs mean`,
  );
  await burst(direct, 20);
  await burst(viaPlatform, 20); // warm-up: JIT, connections
  if (floor) await burst(viaFloor, 20);
  if (SINGLE > 0) {
    // Three tokens per answer: only the first one is measured, and the run stays short.
    await controlFakeLlm(FAKE_PORT, { reply: 'w0 w1 w2' });
    const sd = await closedLoop(direct, 1, times(SINGLE), STREAM_MS);
    const sp = await closedLoop(viaPlatform, 1, times(SINGLE), STREAM_MS);
    const sf = floor ? await closedLoop(viaFloor, 1, times(SINGLE), STREAM_MS) : null;
    await controlFakeLlm(FAKE_PORT, { reply });
    report(`One stream at a time: ${SINGLE} requests per path, nothing else in flight (${INSTANT ? 0 : TOKEN_DELAY} ms to the first token)`, sd, sp, sf, false);
  }
  // The same load, not measured, right before each measured phase (the measured one then starts
  // its own staggered first wave).
  const warm = (...paths: Array<() => Promise<StreamProbe>>) => (WARMUP > 0 ? Promise.all(paths.map((open) => closedLoop(open, N, forSeconds(WARMUP), STREAM_MS))) : undefined);
  await warm(direct);
  const m0 = machineTicks();
  const cd = await closedLoop(direct, N, forSeconds(SECONDS), STREAM_MS);
  const m1 = machineTicks();
  await warm(viaPlatform);
  const m1w = machineTicks();
  const cpu0 = platformCpu();
  const t0 = performance.now();
  const cp = await closedLoop(viaPlatform, N, forSeconds(SECONDS), STREAM_MS);
  const cpu1 = platformCpu();
  const wall = performance.now() - t0;
  const m2 = machineTicks();
  if (floor) await warm(viaFloor);
  const m2w = machineTicks();
  const cf = floor ? await closedLoop(viaFloor, N, forSeconds(SECONDS), STREAM_MS) : null;
  const m3 = machineTicks();
  report(`Steady state: ${N} streams open at all times for ${SECONDS} s after ${WARMUP} s of the same load not measured (${TOKENS} tokens × ${TOKEN_DELAY} ms each; ${cd.length} direct and ${cp.length} platform streams started)`, cd, cp, cf);
  const perK = (ms: number) => ((ms / (cp.length * TOKENS)) * 1000).toFixed(0);
  const main = cpu1.main - cpu0.main;
  const others = cpu1.others - cpu0.others;
  console.log(
    `  platform CPU while its streams ran: main thread ${(main / wall * 100).toFixed(1)} % of a CPU, its other threads (database, GC helpers) ${(others / wall * 100).toFixed(1)} %; per 1,000 tokens relayed ${perK(main)} + ${perK(others)} ms`,
  );
  console.log(`  while the direct streams ran: ${machineShare(m0, m1)}`);
  console.log(`  while the platform's streams ran: ${machineShare(m1w, m2)}`);
  if (floor) console.log(`  while the relay's streams ran: ${machineShare(m2w, m3)}`);
  {
    // Paired: both paths in the same window, so what the machine does meanwhile (other guests of
    // the host stealing CPU, a slow second) hits both alike.
    await warm(direct, viaPlatform);
    const more = forSeconds(SECONDS);
    const m4 = machineTicks();
    const [pd, pp] = await Promise.all([closedLoop(direct, N, more, STREAM_MS), closedLoop(viaPlatform, N, more, STREAM_MS)]);
    report(`Paired: ${N} streams through the platform and ${N} straight to the upstream, open at all times in the same ${SECONDS} s, after ${WARMUP} s not measured (the upstream carries both)`, pd, pp, null);
    console.log(`  meanwhile: ${machineShare(m4, machineTicks())}`);
  }
  const d: number[] = [];
  const p: number[] = [];
  const f: number[] = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    d.push(...(await burst(direct, N)));
    p.push(...(await burst(viaPlatform, N)));
    if (floor) f.push(...(await burst(viaFloor, N)));
  }
  report(`Burst: ${N} streams started in the same instant (${ROUNDS} rounds) — a stress figure: it measures queueing of ${N} requests' work`, d, p, floor ? f : null);
} finally {
  floor?.child.kill('SIGTERM');
  floorBalancer?.child.kill('SIGTERM');
  scaled?.balancer.kill('SIGTERM');
  for (const i of scaled?.instances ?? [platform]) i.child.kill('SIGTERM');
  fake.child.kill('SIGKILL');
  agent.destroy();
}
