import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * Prometheus metrics (decision 052). Off unless `METRICS_TOKEN` is set: prom-client is not even
 * imported, every recording function returns at its first line, and nothing is collected. Labels
 * are bounded: routes are templates, models and tools are capped at `MAX_LABEL_VALUES` each (the
 * rest count as `other`), and tenant ids appear only in the `tenant_*` metrics, which exist only
 * with `METRICS_PER_TENANT=true`. Nothing here runs per token: the chat records an answer's
 * figures once, at its first token and at its close.
 */

/** Distinct values one label may take before new ones are counted as `other`. */
export const MAX_LABEL_VALUES = 200;
const seen = new Map<string, Set<string>>();
function bounded(label: string, value: string): string {
  let values = seen.get(label);
  if (!values) seen.set(label, (values = new Set()));
  if (values.has(value)) return value;
  if (values.size >= MAX_LABEL_VALUES) return 'other';
  values.add(value);
  return value;
}

const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
const dbBuckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/** The pool's connections, read at each scrape (a PostgreSQL server's pool; none on PGlite). */
export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}
const pools = new Set<{ name: string; pool: PoolStats }>();

/** Every metric, made once, when metrics are first switched on (prom-client is imported then). */
function createMetrics(prom: typeof import('prom-client')) {
  const { Counter, Gauge, Histogram, Registry } = prom;
  const registry = new Registry();
  const registers = [registry];
  const m = {
    registry,
    httpRequests: new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route template and status', labelNames: ['method', 'route', 'status'], registers }),
    httpDuration: new Histogram({ name: 'http_request_duration_seconds', help: 'Time from a request to the end of its response (a chat stream: to its last frame)', labelNames: ['method', 'route', 'status'], buckets: latencyBuckets, registers }),
    firstToken: new Histogram({ name: 'llm_time_to_first_token_seconds', help: 'From sending the provider request to its first text or reasoning', labelNames: ['provider', 'model'], buckets: latencyBuckets, registers }),
    tokensPerSecond: new Histogram({ name: 'llm_output_tokens_per_second', help: "An answer's output tokens over the time from its first token to its end", labelNames: ['provider', 'model'], buckets: [1, 5, 10, 20, 40, 80, 160, 320, 640], registers }),
    tokens: new Counter({ name: 'llm_tokens_total', help: 'Tokens in (prompt) and out (answer), as the provider reported them or the close estimated', labelNames: ['provider', 'model', 'direction'], registers }),
    upstreamErrors: new Counter({ name: 'llm_upstream_errors_total', help: 'Failed provider requests by kind (timeout, refused, http_4xx, http_5xx, cut, …)', labelNames: ['provider', 'model', 'kind'], registers }),
    openStreams: new Gauge({ name: 'chat_open_streams', help: 'Chat answers streaming in this process (every caller)', registers }),
    liveAnswers: new Gauge({ name: 'chat_live_answers', help: "Members' live answers registered in this process (decision 037)", registers }),
    agentSteps: new Counter({ name: 'chat_agent_steps_total', help: 'Model steps of tool-using answers', registers }),
    toolCalls: new Counter({ name: 'chat_tool_calls_total', help: 'Tool calls by tool and outcome', labelNames: ['tool', 'status'], registers }),
    toolDuration: new Histogram({ name: 'chat_tool_call_duration_seconds', help: 'Tool call time by tool', labelNames: ['tool'], buckets: latencyBuckets, registers }),
    creditsCharged: new Counter({ name: 'credits_charged_total', help: 'Credit units charged (answers, images, masking)', registers }),
    admissionsRefused: new Counter({ name: 'chat_admissions_refused_total', help: 'Chat requests refused at admission, by reason (error code)', labelNames: ['reason'], registers }),
    dbQuery: new Histogram({ name: 'db_query_duration_seconds', help: 'Database statement time: a named statement by name, the query builder by verb, transactions whole', labelNames: ['statement'], buckets: dbBuckets, registers }),
    dbErrors: new Counter({ name: 'db_query_errors_total', help: 'Failed database statements', labelNames: ['statement'], registers }),
    dbPoolWait: new Histogram({ name: 'db_pool_wait_seconds', help: 'Time a statement waited for a pooled connection (PostgreSQL server)', buckets: dbBuckets, registers }),
    redisErrors: new Counter({ name: 'redis_errors_total', help: 'Redis connection errors and failed commands', labelNames: ['kind'], registers }),
    // Only with METRICS_PER_TENANT=true (in the registry only then): one series per tenant.
    tenantRequests: new Counter({ name: 'tenant_http_requests_total', help: 'HTTP requests by tenant id (METRICS_PER_TENANT)', labelNames: ['tenant_id'], registers: [] }),
    tenantCredits: new Counter({ name: 'tenant_credits_charged_total', help: 'Credit units charged by tenant id (METRICS_PER_TENANT)', labelNames: ['tenant_id'], registers: [] }),
    tenantTokens: new Counter({ name: 'tenant_llm_tokens_total', help: 'Tokens by tenant id and direction (METRICS_PER_TENANT)', labelNames: ['tenant_id', 'direction'], registers: [] }),
  };
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of each database pool by state (total, idle, waiting: statements queued for one)',
    labelNames: ['pool', 'state'],
    registers,
    collect() {
      for (const { name, pool } of pools) {
        this.set({ pool: name, state: 'total' }, pool.totalCount);
        this.set({ pool: name, state: 'idle' }, pool.idleCount);
        this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
      }
    },
  });
  // Node's own: event-loop delay (monitorEventLoopDelay: p50/p90/p99), GC pauses by kind, heap
  // spaces, resident memory, handles.
  prom.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  return m;
}
type Metrics = ReturnType<typeof createMetrics>;
/** null while metrics are off: every recording function returns at its first line. */
let m: Metrics | null = null;
let perTenant = false;

/**
 * Switches recording on for the process (idempotent: tests build several apps in one process);
 * the `tenant_*` metrics follow the latest `perTenant`. prom-client is imported here, not before:
 * a platform without `METRICS_TOKEN` never loads it.
 */
async function enableMetrics(opts: { perTenant: boolean }): Promise<void> {
  m ??= createMetrics(await import('prom-client'));
  if (opts.perTenant === perTenant) return;
  perTenant = opts.perTenant;
  for (const metric of [m.tenantRequests, m.tenantCredits, m.tenantTokens]) {
    if (perTenant) m.registry.registerMetric(metric);
    else {
      m.registry.removeSingleMetric((metric as unknown as { name: string }).name);
      metric.reset();
    }
  }
}

export const metricsEnabled = () => m !== null;

/** Time to first token of one answer, once, when its first text or reasoning arrives. */
export function recordFirstToken(provider: string, model: string, ms: number): void {
  if (!m) return;
  m.firstToken.observe({ provider, model: bounded('model', model) }, ms / 1000);
}

/** An answer's tokens, once, at its close; `streamMs` (first token to end) gives its output rate. */
export function recordTokens(provider: string, model: string, input: number, output: number, streamMs?: number, tenantId?: number): void {
  if (!m) return;
  const mod = bounded('model', model);
  if (input > 0) m.tokens.inc({ provider, model: mod, direction: 'in' }, input);
  if (output > 0) m.tokens.inc({ provider, model: mod, direction: 'out' }, output);
  if (streamMs !== undefined && streamMs > 0 && output > 0) m.tokensPerSecond.observe({ provider, model: mod }, output / (streamMs / 1000));
  if (perTenant && tenantId !== undefined) {
    if (input > 0) m.tenantTokens.inc({ tenant_id: String(tenantId), direction: 'in' }, input);
    if (output > 0) m.tenantTokens.inc({ tenant_id: String(tenantId), direction: 'out' }, output);
  }
}

/** A provider request that failed; `kind` is a short fixed word (timeout, refused, http_429, http_5xx, cut, aborted…). */
export function recordUpstreamError(provider: string, model: string, kind: string): void {
  if (!m) return;
  m.upstreamErrors.inc({ provider, model: bounded('model', model), kind: bounded('kind', kind) });
}

/** A chat answer started streaming to its client (live, public or developer API). */
export function streamOpened(): void {
  if (m) m.openStreams.inc();
}
/** …and ended, however it ended. Call exactly once per `streamOpened`. */
export function streamClosed(): void {
  if (m) m.openStreams.dec();
}
/** A member's live answer was registered (decision 037)… */
export function liveAnswerOpened(): void {
  if (m) m.liveAnswers.inc();
}
/** …and removed. */
export function liveAnswerClosed(): void {
  if (m) m.liveAnswers.dec();
}

/** One model step of an agent loop (a step that may call tools). */
export function recordAgentStep(): void {
  if (m) m.agentSteps.inc();
}

/** One tool call with its outcome (`ok`, `error`, `refused`, `timeout`) and time. */
export function recordToolCall(tool: string, status: string, ms: number): void {
  if (!m) return;
  const t = bounded('tool', tool);
  m.toolCalls.inc({ tool: t, status: bounded('tool_status', status) });
  m.toolDuration.observe({ tool: t }, ms / 1000);
}

/** Credit units charged (a ledger usage row's units). */
export function recordCreditsCharged(units: number, tenantId?: number): void {
  if (!m || !(units > 0)) return;
  m.creditsCharged.inc(units);
  if (perTenant && tenantId !== undefined) m.tenantCredits.inc({ tenant_id: String(tenantId) }, units);
}

/** A chat refused at admission; `reason` is the error code (e.g. `credits_depleted`). */
export function recordAdmissionRefused(reason: string): void {
  if (m) m.admissionsRefused.inc({ reason: bounded('reason', reason) });
}

/** A database statement's time; `statement` is a named statement's name, `query:<verb>` or `transaction`. */
export function recordDbQuery(statement: string, ms: number, failed: boolean): void {
  if (!m) return;
  const s = bounded('statement', statement);
  m.dbQuery.observe({ statement: s }, ms / 1000);
  if (failed) m.dbErrors.inc({ statement: s });
}

/** How long a statement waited for a pooled connection. */
export function recordPoolWait(ms: number): void {
  if (m) m.dbPoolWait.observe(ms / 1000);
}

/** Reads `pool`'s connection counts at every scrape. */
export function watchPool(name: string, pool: PoolStats): () => void {
  const entry = { name, pool };
  pools.add(entry);
  return () => void pools.delete(entry);
}

/** A Redis error: `connection` (the client's error event) or `command` (a command that failed). */
export function recordRedisError(kind: 'connection' | 'command'): void {
  if (m) m.redisErrors.inc({ kind });
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Switches metrics on, then counts requests and their latency by route template (`onResponse`: after the last byte, so never on a
 * chat's way to its first token), and `GET /metrics` behind the bearer token: 401 in the error
 * shape without it. Hidden from the OpenAPI document. Register before the routes.
 */
export async function registerMetrics(app: FastifyInstance, opts: { token: string; perTenant: boolean }): Promise<void> {
  await enableMetrics({ perTenant: opts.perTenant });
  const metrics = m!;
  app.addHook('onResponse', (req, reply, done) => {
    // A URL no route matched is one series (`unmatched`), not one per path.
    const route = req.routeOptions.url ?? 'unmatched';
    const labels = { method: req.method, route, status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    const tenant = (req as { tenant?: { id: number } | null }).tenant;
    if (perTenant && tenant) metrics.tenantRequests.inc({ tenant_id: String(tenant.id) });
    done();
  });
  const expected = digest(opts.token);
  app.get(
    '/metrics',
    {
      config: { tenantless: true },
      schema: { hide: true },
      onRequest: (req, _reply, done) => {
        const header = req.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice(7) : '';
        if (!given || !timingSafeEqual(digest(given), expected)) return done(new AppError('unauthorized', 'Metrics token required (Authorization: Bearer)'));
        done();
      },
    },
    async (_req, reply) => {
      const text = await metrics.registry.metrics();
      return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(text);
    },
  );
}
