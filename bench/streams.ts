/**
 * How many concurrent open chat streams one platform process holds, and its memory. The upstream
 * accepts every request and then waits (like a model thinking before its first token), so every
 * stream stays open; streams open in batches.
 *
 * --instances N (with --database-url and Redis at --redis-url): N platform processes on one
 * PostgreSQL database and one Redis (issue 30), each with a fake upstream of its own; the streams
 * go to them in turn straight from here: a balancer in front would need two descriptors per
 * stream in its one process, and the sandbox's limit per process would be its figure, not theirs.
 *
 *   npx tsx bench/streams.ts [--streams 10000] [--batch 500] [--wait 300000] [--instances 2 --database-url … --redis-url …]
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { openStream, rssMb, startFakeUpstream, startInstances, startPlatform, type StreamProbe } from './lib';

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '10000' },
    batch: { type: 'string', default: '500' },
    wait: { type: 'string', default: '300000' },
    'database-url': { type: 'string' },
    instances: { type: 'string', default: '1' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
  },
});
const INSTANCES = Number(values.instances);
if (INSTANCES > 1 && !values['database-url']) throw new Error('--instances needs --database-url (several instances share a PostgreSQL server)');
const K = Number(values.streams);
const BATCH = Number(values.batch);
const FAKE_PORT = 4320;
// The hard limit on this machine is 20,000 descriptors; each stream costs the platform two (client and upstream).
const ULIMIT = 20_000;

const fakes = await Promise.all(
  Array.from({ length: INSTANCES }, (_, i) => startFakeUpstream(FAKE_PORT + i, { tokens: 200, delayMs: 50, firstByteDelayMs: Number(values.wait) }, { ulimit: ULIMIT })),
);
const scaled = INSTANCES > 1 ? await startInstances(INSTANCES, fakes.map((f) => f.url), values['database-url']!, values['redis-url'], { ulimit: ULIMIT }) : null;
const platforms = scaled?.instances ?? [await startPlatform(fakes[0]!.url, values['database-url'], { ulimit: ULIMIT })];
scaled?.balancer.kill('SIGTERM');
const pids = platforms.map((p) => p.pid);
const rssAll = () => pids.reduce((sum, pid) => sum + rssMb(pid), 0);
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const open: StreamProbe[] = [];
let failed = 0;
/** Streams that got their headers and then ended (e.g. the platform could not reach the upstream). */
let ended = 0;

try {
  const idle = rssAll();
  console.log(
    `streams: opening ${K} chat streams in batches of ${BATCH}${INSTANCES > 1 ? `, in turn to ${INSTANCES} instances (PostgreSQL, Redis)` : ''}; database ${values['database-url'] ? 'PostgreSQL server' : 'PGlite (embedded: a worker thread of the platform process)'}; platform pid ${pids.join(', ')}, idle RSS ${idle.toFixed(0)} MB`,
  );
  const started = performance.now();
  for (let i = 0; i < K; i += BATCH) {
    const n = Math.min(BATCH, K - i);
    const results = await Promise.allSettled(
      Array.from({ length: n }, (_, j) =>
        openStream(
          agent,
          platforms[(i + j) % platforms.length]!.chatUrl,
          platforms[0]!.headers,
          { text: 'Tell me a long story' },
          'headers',
          // Spread client sockets over loopback addresses so ephemeral ports never run out.
          `127.0.0.${2 + ((i + j) % 8)}`,
        ),
      ),
    );
    for (const r of results) {
      if (r.status === 'fulfilled') {
        open.push(r.value);
        r.value.done.then(() => (ended += 1), () => (ended += 1));
      } else failed += 1;
    }
    console.log(`  ${String(open.length - ended).padStart(6)} open, ${ended} ended early, ${failed} failed, RSS ${rssAll().toFixed(0)} MB, ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  // Settle: let the garbage collector catch up before reading the figure.
  await new Promise((r) => setTimeout(r, 3000));
  for (const pid of pids) process.kill(pid, 'SIGUSR2');
  await new Promise((r) => setTimeout(r, 200));
  const stillOpen = open.length - ended;
  const rss = rssAll();
  console.log(`\nResult: ${stillOpen} concurrent open streams (${failed} refused, ${ended} ended early) held by ${INSTANCES > 1 ? `${INSTANCES} instances together` : 'one process'}`);
  console.log(`  platform RSS ${rss.toFixed(0)} MB (idle ${idle.toFixed(0)} MB) → ${(((rss - idle) * 1024) / Math.max(1, stillOpen)).toFixed(1)} KB per stream; target: 10,000 streams under 1 GB`);
} finally {
  open.forEach((p) => p.abort());
  for (const p of platforms) p.child.kill('SIGKILL');
  for (const f of fakes) f.child.kill('SIGKILL');
}
