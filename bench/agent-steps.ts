/**
 * The agent loop's own time per step (decision 050): from the upstream's end of a request that
 * called a tool to the arrival of the next request carrying the tool's result, at N concurrent
 * agent answers. The tool is `current_time` (no work of its own), so the gap is the platform's:
 * ending the step, running the call, admitting the next step, building and sending the request.
 *
 * The upstream here is a minimal OpenAI-compatible server in this process that timestamps both
 * ends itself (its own clock on both sides, no clock skew): each request streams a few text tokens,
 * then one `current_time` call, until the answer made --steps calls; then a short text. The
 * platform runs in its own process (bench/platform-server.ts) with a chatbot that has the tool.
 * Load is a closed loop: N answers open at any time.
 *
 *   npx tsx bench/agent-steps.ts [--concurrency 200] [--steps 3] [--token-delay 20] [--seconds 15] [--warmup 5] [--database-url postgres://…]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { closedLoop, forSeconds, hasChatText, openStream, percentile, startPlatform } from './lib';

const { values } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '200' },
    steps: { type: 'string', default: '3' },
    'token-delay': { type: 'string', default: '20' },
    seconds: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '5' },
    'database-url': { type: 'string' },
  },
});
const N = Number(values.concurrency);
const STEPS = Number(values.steps);
const TOKEN_DELAY = Number(values['token-delay']);
const TOKENS = 3;

/** When each call's request ended upstream, by call id; the gaps measured while `measuring`. */
const ended = new Map<string, number>();
const gaps: number[] = [];
let measuring = false;
let calls = 0;

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const USAGE = `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 50, completion_tokens: 5, total_tokens: 55 } })}\n\n`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One request: a few tokens, then a call (or, after --steps calls, the end of the answer). */
async function answer(body: { messages: Array<{ role: string; tool_call_id?: string }> }, res: http.ServerResponse, arrived: number) {
  const results = body.messages.filter((m) => m.role === 'tool');
  const last = results.at(-1)?.tool_call_id;
  if (last !== undefined) {
    const end = ended.get(last);
    ended.delete(last);
    if (end !== undefined && measuring) gaps.push(arrived - end);
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (let i = 0; i < TOKENS; i += 1) {
    await sleep(TOKEN_DELAY);
    res.write(chunk({ content: `w${i} ` }));
  }
  if (results.length < STEPS) {
    const id = `c${(calls += 1)}`;
    res.write(chunk({ tool_calls: [{ index: 0, id, type: 'function', function: { name: 'current_time', arguments: '{}' } }] }));
    res.write(chunk({}, 'tool_calls'));
    res.write(USAGE);
    res.end('data: [DONE]\n\n');
    ended.set(id, performance.now());
  } else {
    res.write(chunk({}, 'stop'));
    res.write(USAGE);
    res.end('data: [DONE]\n\n');
  }
}

const upstream = http.createServer((req, res) => {
  let raw = '';
  req.setEncoding('utf8');
  req.on('data', (c: string) => (raw += c));
  req.on('end', () => {
    const arrived = performance.now();
    if (!req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    void answer(JSON.parse(raw) as { messages: Array<{ role: string; tool_call_id?: string }> }, res, arrived);
  });
});
await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

const platform = await startPlatform(upstreamUrl, values['database-url']);
const base = `http://127.0.0.1:${platform.port}/api`;
const json = { ...platform.headers, 'content-type': 'application/json' };
const bot = (await (await fetch(`${base}/chatbots/`, { method: 'POST', headers: platform.headers })).json()) as { id: number };
const set = await fetch(`${base}/chatbots/${bot.id}/`, { method: 'PATCH', headers: json, body: JSON.stringify({ tools: ['current_time'], max_tool_steps: STEPS + 1 }) });
if (!set.ok) throw new Error(`tool settings: HTTP ${set.status} ${await set.text()}`);
const chatUrl = `${base}/chatbots/${bot.id}/chat/`;

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const open = () => openStream(agent, chatUrl, platform.headers, { text: 'What time is it?' }, hasChatText);
const streamMs = (STEPS + 1) * TOKENS * TOKEN_DELAY;
try {
  // Warm-up (not measured), then the measured window, one closed loop throughout.
  const warm = forSeconds(Number(values.warmup) + Number(values.seconds));
  // This process's own event-loop delay (it drives the load and stamps both ends): what of a gap is the measurer's.
  const lag = monitorEventLoopDelay({ resolution: 5 });
  setTimeout(() => {
    measuring = true;
    lag.enable();
  }, Number(values.warmup) * 1000).unref();
  const answers = await closedLoop(open, N, warm, streamMs);
  measuring = false;
  gaps.sort((a, b) => a - b);
  const ms = (v: number) => `${v.toFixed(2)} ms`;
  console.log(`agent steps: ${N} concurrent answers, ${STEPS} tool steps each, ${TOKEN_DELAY} ms a token; ${answers.length} answers, ${gaps.length} steps measured`);
  console.log(`platform time per step (upstream's end of a tool-call request → next request arrives): p50 ${ms(percentile(gaps, 50))}  p99 ${ms(percentile(gaps, 99))}  max ${ms(gaps.at(-1) ?? 0)}`);
  console.log(`the measuring process's own event-loop delay meanwhile: p50 ${ms(lag.percentile(50) / 1e6)}  p99 ${ms(lag.percentile(99) / 1e6)}`);
} finally {
  platform.child.kill('SIGTERM');
  agent.destroy();
  upstream.close();
}
