/**
 * How many concurrent open chat streams one platform process holds, and its memory. The upstream
 * accepts every request and then waits (like a model thinking before its first token), so every
 * stream stays open; streams open in batches.
 *
 *   npx tsx bench/streams.ts [--streams 10000] [--batch 500] [--wait 300000]
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { openStream, rssMb, startFakeUpstream, startPlatform, type StreamProbe } from './lib';

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '10000' },
    batch: { type: 'string', default: '500' },
    wait: { type: 'string', default: '300000' },
    'database-url': { type: 'string' },
  },
});
const K = Number(values.streams);
const BATCH = Number(values.batch);
const FAKE_PORT = 4320;
// The hard limit on this machine is 20,000 descriptors; each stream costs the platform two (client and upstream).
const ULIMIT = 20_000;

const fake = await startFakeUpstream(FAKE_PORT, { tokens: 200, delayMs: 50, firstByteDelayMs: Number(values.wait) }, { ulimit: ULIMIT });
const platform = await startPlatform(fake.url, values['database-url'], { ulimit: ULIMIT });
const { pid } = platform;
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const open: StreamProbe[] = [];
let failed = 0;
/** Streams that got their headers and then ended (e.g. the platform could not reach the upstream). */
let ended = 0;

try {
  const idle = rssMb(pid);
  console.log(`streams: opening ${K} chat streams in batches of ${BATCH}; database ${values['database-url'] ? 'PostgreSQL server' : 'PGlite (embedded: a worker thread of the platform process)'}; platform pid ${pid}, idle RSS ${idle.toFixed(0)} MB`);
  const started = performance.now();
  for (let i = 0; i < K; i += BATCH) {
    const n = Math.min(BATCH, K - i);
    const results = await Promise.allSettled(
      Array.from({ length: n }, (_, j) =>
        openStream(
          agent,
          platform.chatUrl,
          platform.headers,
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
    console.log(`  ${String(open.length - ended).padStart(6)} open, ${ended} ended early, ${failed} failed, RSS ${rssMb(pid).toFixed(0)} MB, ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  // Settle: let the garbage collector catch up before reading the figure.
  await new Promise((r) => setTimeout(r, 3000));
  process.kill(pid, 'SIGUSR2');
  await new Promise((r) => setTimeout(r, 200));
  const stillOpen = open.length - ended;
  const rss = rssMb(pid);
  console.log(`\nResult: ${stillOpen} concurrent open streams (${failed} refused, ${ended} ended early) held by one process`);
  console.log(`  platform RSS ${rss.toFixed(0)} MB (idle ${idle.toFixed(0)} MB) → ${(((rss - idle) * 1024) / Math.max(1, stillOpen)).toFixed(1)} KB per stream; target: 10,000 streams under 1 GB`);
} finally {
  open.forEach((p) => p.abort());
  platform.child.kill('SIGKILL');
  fake.child.kill('SIGKILL');
}
