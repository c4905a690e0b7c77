import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, type TestApp } from '../test/test-app';
import { currentTraceId, startModelSpan, startTracing, stopTracing, traceFields, withSpan, withToolSpan } from './tracing';

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number; arrayValue?: { values: Array<{ stringValue?: string }> } };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: OtlpAttribute[];
  status?: { code?: number };
}
interface OtlpBody {
  resourceSpans: Array<{ resource: { attributes: OtlpAttribute[] }; scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
}

/** A local OTLP/HTTP receiver: what the JSON exporter posts to /v1/traces. */
function startReceiver(): Promise<{ server: Server; url: string; bodies: OtlpBody[] }> {
  const bodies: OtlpBody[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces' && String(req.headers['content-type']).includes('json')) bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpBody);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies })));
}

const attr = (span: OtlpSpan, key: string) => {
  const v = span.attributes.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue !== undefined ? Number(v.intValue) : v?.arrayValue?.values.map((x) => x.stringValue));
};

describe('traces to an OTLP endpoint', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let t: TestApp;
  let base: string;
  let spans: OtlpSpan[] = [];
  let resourceAttrs: OtlpAttribute[] = [];
  const ids: { log?: { trace_id?: string; span_id?: string }; report?: string; outer?: string } = {};

  beforeAll(async () => {
    receiver = await startReceiver();
    expect(await startTracing({ endpoint: receiver.url, serviceName: 'chatbot-api-test' })).toBe(true);
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

    // An HTTP request with a database statement, another with the caller's trace context.
    expect((await fetch(`${base}/api/ready/`)).status).toBe(200);
    const parent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    expect((await fetch(`${base}/api/health/`, { headers: { traceparent: parent } })).status).toBe(200);
    expect((await fetch(`${base}/api/no/such/route/`)).status).toBe(404);
    // A request with a body: its handler's statements run after the body was read, still in its trace.
    const signIn = await fetch(`${base}/api/auth/sign-in/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tenant-subdomain': t.a.subdomain },
      body: JSON.stringify({ email: t.a.member.email, password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    // A model request and a tool call, as the chat makes them, inside a span of their own.
    await withSpan('test outer', {}, async () => {
      ids.outer = currentTraceId();
      ids.log = traceFields();
      await withToolSpan('web_search', async () => undefined);
      const model = startModelSpan('openai-compatible', 'fake-model');
      model?.firstToken();
      model?.end({ inputTokens: 30, outputTokens: 12, finishReason: 'stop' });
    });
    await stopTracing();
    spans = receiver.bodies.flatMap((b) => b.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
    resourceAttrs = receiver.bodies[0]?.resourceSpans[0]?.resource.attributes ?? [];
  });
  afterAll(async () => {
    await stopTracing();
    await t?.close();
    receiver?.server.close();
  });

  it('exports a server span per request, named by its route template, with method, route and status', () => {
    const ready = spans.find((s) => s.name === 'GET /api/ready/');
    expect(ready).toBeDefined();
    expect(ready!.kind).toBe(2); // SERVER
    expect(attr(ready!, 'http.request.method')).toBe('GET');
    expect(attr(ready!, 'http.route')).toBe('/api/ready/');
    expect(attr(ready!, 'http.response.status_code')).toBe(200);
    const unmatched = spans.find((s) => attr(s, 'url.path') === '/api/no/such/route/');
    expect(unmatched && attr(unmatched, 'http.response.status_code')).toBe(404);
    expect(resourceAttrs.find((a) => a.key === 'service.name')?.value.stringValue).toBe('chatbot-api-test');
  });

  it("joins the caller's trace (W3C traceparent)", () => {
    const health = spans.find((s) => s.name === 'GET /api/health/');
    expect(health).toMatchObject({ traceId: '0af7651916cd43dd8448eb211c80319c', parentSpanId: 'b7ad6b7169203331' });
  });

  it("puts the database statement's span inside its request's span", () => {
    const ready = spans.find((s) => s.name === 'GET /api/ready/')!;
    const db = spans.find((s) => s.name === 'db health_ping');
    expect(db).toBeDefined();
    expect(db).toMatchObject({ traceId: ready.traceId, parentSpanId: ready.spanId, kind: 3 }); // CLIENT
    expect(attr(db!, 'db.system.name')).toBe('postgresql');
    expect(attr(db!, 'db.operation.name')).toBe('health_ping');
  });

  it("keeps a request's trace past its body: the sign-in's statements are in the sign-in's trace", () => {
    const signIn = spans.find((s) => s.name === 'POST /api/auth/sign-in/');
    expect(signIn).toBeDefined();
    const statements = spans.filter((s) => s.traceId === signIn!.traceId && s.name.startsWith('db '));
    expect(statements.map((s) => s.name)).toContain('db query:select');
    expect(statements.every((s) => s.parentSpanId === signIn!.spanId)).toBe(true);
  });

  it('exports model spans with the GenAI attributes, and tool spans, in the trace that made them', () => {
    const model = spans.find((s) => s.name === 'chat fake-model');
    expect(model).toBeDefined();
    expect(model!.traceId).toBe(ids.outer);
    expect(attr(model!, 'gen_ai.system')).toBe('openai-compatible');
    expect(attr(model!, 'gen_ai.request.model')).toBe('fake-model');
    expect(attr(model!, 'gen_ai.operation.name')).toBe('chat');
    expect(attr(model!, 'gen_ai.usage.input_tokens')).toBe(30);
    expect(attr(model!, 'gen_ai.usage.output_tokens')).toBe(12);
    expect(attr(model!, 'gen_ai.response.finish_reasons')).toEqual(['stop']);
    const tool = spans.find((s) => s.name === 'execute_tool web_search');
    expect(tool && attr(tool, 'gen_ai.tool.name')).toBe('web_search');
    expect(tool!.traceId).toBe(ids.outer);
  });

  it("gives log lines (the logger's mixin) and error reports the active trace id", () => {
    expect(ids.log?.trace_id).toBe(ids.outer);
    expect(ids.log?.span_id).toMatch(/^[0-9a-f]{16}$/);
    expect(traceFields()).toEqual({});
    expect(currentTraceId()).toBeUndefined();
  });
});

describe('without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
  const url = (p: string) => pathToFileURL(path.join(repo, p)).href;
  // A fresh process builds the app and serves a request, recording every module it resolves.
  const probe = `
    import { registerHooks } from 'node:module';
    const seen = new Set();
    registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); if (r.url.includes('@opentelemetry')) seen.add(r.url); return r; } });
    const { startTracing } = await import(${JSON.stringify(url('apps/api/src/platform/tracing.ts'))});
    const { buildApp } = await import(${JSON.stringify(url('apps/api/src/app.ts'))});
    const { freshDatabase, testConfig } = await import(${JSON.stringify(url('apps/api/src/test/test-app.ts'))});
    await startTracing({ endpoint: process.env.PROBE_ENDPOINT || null, serviceName: 'probe' });
    const { database } = await freshDatabase();
    const built = await buildApp(testConfig(), { database });
    if ((await built.app.inject({ url: '/api/ready/' })).statusCode !== 200) throw new Error('not ready');
    console.log(JSON.stringify([...seen]));
    process.exit(0);
  `;
  const run = async (endpoint: string) => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], { cwd: repo, env: { ...process.env, PROBE_ENDPOINT: endpoint } });
    return JSON.parse(stdout.trim().split('\n').pop()!) as string[];
  };

  it('loads nothing of OpenTelemetry (and the same probe sees the SDK when the endpoint is set)', async () => {
    expect(await run('')).toEqual([]);
    const loaded = await run('http://127.0.0.1:9');
    expect(loaded.some((u) => u.includes('@opentelemetry/sdk-node'))).toBe(true);
  }, 60_000);
});
