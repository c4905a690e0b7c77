import { and, eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm } from '../../../../tools/fake-llm/server';
import { creditLedger, members } from '../db/schema/index';
import { streamChat } from '../test/chat-client';
import { buildTestApp, type TestApp } from '../test/test-app';
import {
  MAX_LABEL_VALUES,
  recordAdmissionRefused,
  recordAgentStep,
  recordCreditsCharged,
  recordFirstToken,
  recordRedisError,
  recordTokens,
  recordToolCall,
  recordUpstreamError,
  streamClosed,
  streamOpened,
} from './metrics';
import { instrumentRedis } from './tracing';

const TOKEN = 'metrics-token-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}` };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { metrics: { token: TOKEN, perTenant: false } } });
});
afterAll(async () => {
  await t?.close();
});

async function scrape(app = t.app): Promise<string> {
  const res = await app.inject({ url: '/metrics', headers: auth });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of one series (0 when absent); `labels` must be given in the metric's label order. */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  const inner = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .join(',');
  const prefix = inner ? `${name}{${inner}} ` : `${name} `;
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  return line ? Number(line.slice(prefix.length)) : 0;
}

const labelNames = (text: string) => new Set([...text.matchAll(/[{,]([a-z_]+)="/g)].map((m) => m[1]));

describe('the metrics endpoint', () => {
  it('refuses a scrape without the bearer token (401 in the error shape), serves Prometheus text with it', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789abcdef' }, { authorization: TOKEN }]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'unauthorized' } });
    }
    const res = await t.app.inject({ url: '/metrics', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('# TYPE http_requests_total counter');
  });

  it('is not in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.includes('metrics'))).toEqual([]);
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const plain = await buildTestApp();
    try {
      expect((await plain.app.inject({ url: '/metrics', headers: auth })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('counts requests by route template and status, not by raw URL; unknown URLs are one series', async () => {
    const before = await scrape();
    const token = await t.signIn(t.a, t.a.member.email);
    await t.call(t.a, token, { url: '/api/sessions/nosuchsession123/' });
    await t.call(t.a, token, { url: '/api/sessions/anothermissing45/' });
    for (let i = 0; i < 3; i += 1) await t.app.inject({ url: `/no/such/path/${i}` });
    const after = await scrape();
    const signIn = { method: 'POST', route: '/api/auth/sign-in/', status: '200' };
    expect(value(after, 'http_requests_total', signIn) - value(before, 'http_requests_total', signIn)).toBe(1);
    expect(value(after, 'http_request_duration_seconds_count', signIn)).toBeGreaterThan(value(before, 'http_request_duration_seconds_count', signIn));
    const session = { method: 'GET', route: '/api/sessions/:hash/', status: '404' };
    expect(value(after, 'http_requests_total', session) - value(before, 'http_requests_total', session)).toBe(2);
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    expect(value(after, 'http_requests_total', unmatched) - value(before, 'http_requests_total', unmatched)).toBe(3);
    expect(after).not.toContain('nosuchsession123');
    expect(after).not.toContain('/no/such/path');
  });

  it('times database statements by name (named statements, builder verbs) and, on a server, pool waits', async () => {
    const before = await scrape();
    expect((await t.app.inject({ url: '/api/ready/' })).statusCode).toBe(200);
    await t.signIn(t.a, t.a.admin.email);
    const after = await scrape();
    expect(value(after, 'db_query_duration_seconds_count', { statement: 'health_ping' }) - value(before, 'db_query_duration_seconds_count', { statement: 'health_ping' })).toBe(1);
    expect(value(after, 'db_query_duration_seconds_count', { statement: 'query:select' })).toBeGreaterThan(value(before, 'db_query_duration_seconds_count', { statement: 'query:select' }));
    if (t.database.kind === 'postgres') {
      expect(value(after, 'db_pool_wait_seconds_count')).toBeGreaterThan(0);
      expect(after).toMatch(/db_pool_connections\{pool="app",state="total"\} [1-9]/);
    }
  });

  it("has Node's own metrics: event-loop delay, GC pauses, heap", async () => {
    const text = await scrape();
    for (const name of ['nodejs_eventloop_lag_p99_seconds', 'nodejs_eventloop_lag_seconds', 'nodejs_gc_duration_seconds', 'nodejs_heap_size_used_bytes', 'process_resident_memory_bytes']) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
  });

  it("has the chat's metrics with bounded labels, moved by the recording functions", async () => {
    const before = await scrape();
    recordFirstToken('openai-compatible', 'fake-model', 120);
    recordTokens('openai-compatible', 'fake-model', 30, 12, 400, t.a.id);
    recordUpstreamError('openai-compatible', 'fake-model', 'http_5xx');
    streamOpened();
    recordAgentStep();
    recordToolCall('web_search', 'ok', 35);
    recordCreditsCharged(3, t.a.id);
    recordAdmissionRefused('credits_depleted');
    const after = await scrape();
    const model = { provider: 'openai-compatible', model: 'fake-model' };
    expect(value(after, 'llm_time_to_first_token_seconds_count', model) - value(before, 'llm_time_to_first_token_seconds_count', model)).toBe(1);
    expect(value(after, 'llm_output_tokens_per_second_count', model) - value(before, 'llm_output_tokens_per_second_count', model)).toBe(1);
    expect(value(after, 'llm_tokens_total', { ...model, direction: 'in' }) - value(before, 'llm_tokens_total', { ...model, direction: 'in' })).toBe(30);
    expect(value(after, 'llm_tokens_total', { ...model, direction: 'out' }) - value(before, 'llm_tokens_total', { ...model, direction: 'out' })).toBe(12);
    expect(value(after, 'llm_upstream_errors_total', { ...model, kind: 'http_5xx' }) - value(before, 'llm_upstream_errors_total', { ...model, kind: 'http_5xx' })).toBe(1);
    expect(value(after, 'chat_open_streams') - value(before, 'chat_open_streams')).toBe(1);
    expect(value(after, 'chat_agent_steps_total') - value(before, 'chat_agent_steps_total')).toBe(1);
    expect(value(after, 'chat_tool_calls_total', { tool: 'web_search', status: 'ok' }) - value(before, 'chat_tool_calls_total', { tool: 'web_search', status: 'ok' })).toBe(1);
    expect(value(after, 'credits_charged_total') - value(before, 'credits_charged_total')).toBe(3);
    expect(value(after, 'chat_admissions_refused_total', { reason: 'credits_depleted' }) - value(before, 'chat_admissions_refused_total', { reason: 'credits_depleted' })).toBe(1);
    streamClosed();
    expect(value(await scrape(), 'chat_open_streams')).toBe(value(before, 'chat_open_streams'));
    for (const name of ['chat_live_answers', 'chat_tool_call_duration_seconds', 'redis_errors_total', 'db_query_errors_total', 'db_pool_wait_seconds']) expect(after, name).toContain(`# TYPE ${name} `);
  });

  it('counts failed Redis commands (the wrapper app.ts puts on its client), not the ones that succeed', async () => {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
    try {
      instrumentRedis(redis, () => recordRedisError('command'));
      expect(await redis.ping()).toBe('PONG');
      const before = await scrape();
      expect(await redis.get('metrics-test-no-such-key')).toBeNull();
      await expect(redis.call('NO_SUCH_COMMAND')).rejects.toThrow();
      const after = await scrape();
      expect(value(after, 'redis_errors_total', { kind: 'command' }) - value(before, 'redis_errors_total', { kind: 'command' })).toBe(1);
    } finally {
      redis.disconnect();
    }
  });

  it('caps a label at a bounded number of values: the rest count as `other`', async () => {
    for (let i = 0; i < MAX_LABEL_VALUES + 20; i += 1) recordFirstToken('p-bounded', `model-${i}`, 10);
    const text = await scrape();
    const models = new Set([...text.matchAll(/llm_time_to_first_token_seconds_count\{provider="p-bounded",model="([^"]+)"\}/g)].map((m) => m[1]));
    expect(models.size).toBeLessThanOrEqual(MAX_LABEL_VALUES + 1);
    expect(models.has('other')).toBe(true);
  });

  it('has no tenant or member ids as labels unless METRICS_PER_TENANT is on', async () => {
    const token = await t.signIn(t.a, t.a.member.email);
    await t.call(t.a, token, { url: '/api/chatbots/' });
    const text = await scrape();
    const names = labelNames(text);
    for (const name of names) expect(name).not.toMatch(/tenant|member|user|session/);
    expect(text).not.toMatch(/^(# TYPE )?tenant_/m);

    const perTenant = await buildTestApp({ config: { metrics: { token: TOKEN, perTenant: true } } });
    try {
      const memberToken = await perTenant.signIn(perTenant.a, perTenant.a.member.email);
      await perTenant.call(perTenant.a, memberToken, { url: '/api/chatbots/' });
      recordCreditsCharged(2, perTenant.a.id);
      const withTenants = await scrape(perTenant.app);
      expect(value(withTenants, 'tenant_http_requests_total', { tenant_id: String(perTenant.a.id) })).toBeGreaterThanOrEqual(2);
      expect(value(withTenants, 'tenant_credits_charged_total', { tenant_id: String(perTenant.a.id) })).toBe(2);
    } finally {
      await perTenant.close();
    }
    // Switched off again (the next app without it): the per-tenant series are gone.
    const off = await buildTestApp({ config: { metrics: { token: TOKEN, perTenant: false } } });
    try {
      expect(await scrape(off.app)).not.toMatch(/^(# TYPE )?tenant_/m);
    } finally {
      await off.close();
    }
  });
});

describe('metrics of a chat', () => {
  it('counts the chat route by its template, its time to first token and tokens, the credits its answer was charged, and a refused admission by budget', async () => {
    const fake = await startFakeLlm({ scenario: { reply: 'One two three four.', tokenDelayMs: 5 } });
    const c = await buildTestApp({ providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-model'] } }, config: { metrics: { token: TOKEN, perTenant: false } } });
    try {
      const token = await c.signIn(c.a, c.a.other.email);
      const list = (await c.call(c.a, token, { method: 'GET', url: '/api/chatbots/?include_default=true' })).json() as { items: Array<{ id: number }> };
      const botId = list.items[0]!.id;
      const before = await scrape(c.app);
      const first = await streamChat(c, c.a, token, botId, { text: 'spend' });
      expect(first.status).toBe(200);
      // A quota of one unit, below what the answer above used: the next chat is refused at admission.
      const db = c.database.db;
      const [used] = await db
        .select({ sum: sql<string>`coalesce(-sum(${creditLedger.amountUnits}), 0)::text` })
        .from(creditLedger)
        .where(and(eq(creditLedger.tenantId, c.a.id), eq(creditLedger.memberId, c.a.other.id)));
      expect(BigInt(used!.sum)).toBeGreaterThan(0n);
      await db.update(members).set({ customCreditLimitUnits: 1n }).where(eq(members.id, c.a.other.id));
      await c.settle();
      const refused = await streamChat(c, c.a, token, botId, { text: 'more' });
      expect(refused.status).toBe(402);
      const after = await scrape(c.app);
      const route = { method: 'POST', route: '/api/chatbots/:id/chat/', status: '200' };
      expect(value(after, 'http_requests_total', route) - value(before, 'http_requests_total', route)).toBe(1);
      expect(value(after, 'credits_charged_total') - value(before, 'credits_charged_total')).toBe(Number(used!.sum));
      const reason = { reason: 'credits_member' };
      expect(value(after, 'chat_admissions_refused_total', reason) - value(before, 'chat_admissions_refused_total', reason)).toBe(1);
      // The answer's own figures, recorded once at its close: time to first token, tokens, rate.
      const model = { provider: 'openai-compatible', model: 'fake-model' };
      expect(value(after, 'llm_time_to_first_token_seconds_count', model) - value(before, 'llm_time_to_first_token_seconds_count', model)).toBe(1);
      expect(value(after, 'llm_time_to_first_token_seconds_sum', model) - value(before, 'llm_time_to_first_token_seconds_sum', model)).toBeGreaterThan(0);
      expect(value(after, 'llm_tokens_total', { ...model, direction: 'out' }) - value(before, 'llm_tokens_total', { ...model, direction: 'out' })).toBeGreaterThan(0);
      expect(value(after, 'llm_tokens_total', { ...model, direction: 'in' }) - value(before, 'llm_tokens_total', { ...model, direction: 'in' })).toBeGreaterThan(0);
      expect(value(after, 'llm_output_tokens_per_second_count', model) - value(before, 'llm_output_tokens_per_second_count', model)).toBe(1);
      // Streams and live answers open while answering, none once it ended.
      expect(value(after, 'chat_open_streams')).toBe(value(before, 'chat_open_streams'));
      expect(value(after, 'chat_live_answers')).toBe(value(before, 'chat_live_answers'));
    } finally {
      await c.close();
      await fake.close();
    }
  });
});
