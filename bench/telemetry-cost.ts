/**
 * CPU per call of what metrics and traces add (decision 052), off and on, in this process: a
 * database statement's probe (db/observe.ts: the histogram, and with traces its span) and the
 * records a chat answer makes (open, first token, tokens, credits, close). The end-to-end figure
 * is bench/chat-overhead.ts with BENCH_METRICS=1 / BENCH_OTLP_ENDPOINT; on a shared machine its
 * run-to-run spread is far larger than these costs, which this isolates.
 *
 *   npx tsx bench/telemetry-cost.ts [--otlp http://127.0.0.1:4318]   (spans are sent there; a closed port only logs export errors)
 */
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { observed } from '../apps/api/src/db/observe';
import { recordCreditsCharged, recordFirstToken, recordTokens, registerMetrics, streamClosed, streamOpened } from '../apps/api/src/platform/metrics';
import { startTracing, stopTracing, withSpan } from '../apps/api/src/platform/tracing';

const { values } = parseArgs({ options: { otlp: { type: 'string', default: 'http://127.0.0.1:4318' } } });

const N = 200_000;
async function statements(label: string) {
  const done = Promise.resolve([]);
  for (let i = 0; i < 20_000; i += 1) await observed('chat_open', done);
  const t0 = process.cpuUsage();
  for (let i = 0; i < N; i += 1) await observed('chat_open', done);
  const t = process.cpuUsage(t0);
  console.log(`${label}: a statement's probe ${((t.user + t.system) / N).toFixed(2)} µs CPU`);
}
function answers(label: string) {
  const t0 = process.cpuUsage();
  for (let i = 0; i < N; i += 1) {
    streamOpened();
    recordFirstToken('openai-compatible', 'fake-model', 52.3);
    recordTokens('openai-compatible', 'fake-model', 120, 60, 3000);
    recordCreditsCharged(42);
    streamClosed();
  }
  const t = process.cpuUsage(t0);
  console.log(`${label}: an answer's records (open, first token, tokens, credits, close) ${((t.user + t.system) / N).toFixed(2)} µs CPU`);
}
await statements('off');
answers('off');
await registerMetrics(Fastify(), { token: 'x'.repeat(24), perTenant: false });
await statements('metrics on');
answers('metrics on');
await startTracing({ endpoint: values.otlp!, serviceName: 'telemetry-cost' });
await withSpan('outer', {}, () => statements('metrics + traces on'));
await stopTracing();
