import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Attributes, Span, Tracer } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * OpenTelemetry traces (decision 052), only with `OTEL_EXPORTER_OTLP_ENDPOINT`: `startTracing`
 * then imports the SDK and the OTLP/HTTP (JSON) exporter; without it nothing of OpenTelemetry is
 * loaded (this file imports its types only) and every helper below returns at its first line.
 * Spans: HTTP requests (server), database statements, Redis commands, background tasks, and the
 * helpers the chat calls for upstream model requests (GenAI attributes) and tool calls.
 */
type Api = typeof import('@opentelemetry/api');
interface Tracing {
  api: Api;
  tracer: Tracer;
  shutdown(): Promise<void>;
}
let tracing: Tracing | null = null;

export interface TracingConfig {
  /** `OTEL_EXPORTER_OTLP_ENDPOINT`: the collector's base URL; spans go to `<it>/v1/traces`. */
  endpoint: string | null;
  serviceName: string;
}

/** Starts the SDK when an endpoint is configured; call before `buildApp` (the app asks `tracingEnabled()`). */
export async function startTracing(config: TracingConfig): Promise<boolean> {
  if (tracing || !config.endpoint) return tracing !== null;
  const [api, { NodeSDK }, { OTLPTraceExporter }] = await Promise.all([import('@opentelemetry/api'), import('@opentelemetry/sdk-node'), import('@opentelemetry/exporter-trace-otlp-http')]);
  const sdk = new NodeSDK({
    serviceName: config.serviceName,
    traceExporter: new OTLPTraceExporter({ url: `${config.endpoint.replace(/\/+$/, '')}/v1/traces` }),
    // Traces only: metrics are Prometheus's (platform/metrics.ts), logs stay in the structured log.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [],
  });
  sdk.start();
  tracing = {
    api,
    tracer: api.trace.getTracer('chatbot-api'),
    async shutdown() {
      await sdk.shutdown();
      api.trace.disable();
      api.context.disable();
      api.propagation.disable();
    },
  };
  return true;
}

/** Sends the spans still buffered and stops the SDK (shutdown; tests). */
export async function stopTracing(): Promise<void> {
  const t = tracing;
  tracing = null;
  await t?.shutdown();
}

export const tracingEnabled = () => tracing !== null;

const NO_FIELDS = Object.freeze({});
/** The logger's mixin: the active span's trace and span ids in every log line written inside it. */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = tracing?.api.trace.getActiveSpan();
  if (!span) return NO_FIELDS;
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** The active trace's id, for error reports. */
export function currentTraceId(): string | undefined {
  return tracing?.api.trace.getActiveSpan()?.spanContext().traceId;
}

/** A span ended by its owner; `fail` marks it failed with the error's message. */
export class SpanHandle {
  constructor(
    readonly span: Span,
    private readonly api: Api,
  ) {}
  set(attributes: Attributes): this {
    this.span.setAttributes(attributes);
    return this;
  }
  end(error?: unknown): void {
    if (error !== undefined) {
      this.span.setStatus({ code: this.api.SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      if (error instanceof Error) this.span.recordException(error);
    }
    this.span.end();
  }
}

/** A child span of the active one (not made active); undefined when tracing is off. */
export function startSpan(name: string, attributes?: Attributes, client = false): SpanHandle | undefined {
  if (!tracing) return undefined;
  const { api, tracer } = tracing;
  return new SpanHandle(tracer.startSpan(name, { attributes, kind: client ? api.SpanKind.CLIENT : api.SpanKind.INTERNAL }), api);
}

/** Runs `fn` inside a span made active (its own spans and log lines belong to it); just `fn()` when tracing is off. */
export function withSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>): Promise<T> {
  if (!tracing) return fn();
  const { api, tracer } = tracing;
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    const handle = new SpanHandle(span, api);
    try {
      const result = await fn();
      handle.end();
      return result;
    } catch (err) {
      handle.end(err);
      throw err;
    }
  });
}

/** A tool call's span (`execute_tool <tool>`, GenAI conventions); the chat wraps the call in it. */
export function withToolSpan<T>(tool: string, fn: () => Promise<T>): Promise<T> {
  if (!tracing) return fn();
  return withSpan(`execute_tool ${tool}`, { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': tool }, fn);
}

/**
 * An upstream model request's span with the GenAI semantic conventions: `chat <model>` (or
 * `generate_content` for images), `gen_ai.system` / `gen_ai.provider.name`, the requested model;
 * `end` adds the tokens and the finish reason. Started when the request is sent, ended once at
 * the answer's close: nothing per token.
 */
export function startModelSpan(provider: string, model: string, operation: 'chat' | 'generate_content' = 'chat'): ModelSpan | undefined {
  const handle = startSpan(`${operation} ${model}`, { 'gen_ai.operation.name': operation, 'gen_ai.system': provider, 'gen_ai.provider.name': provider, 'gen_ai.request.model': model }, true);
  return handle && new ModelSpan(handle);
}
export class ModelSpan {
  constructor(private readonly handle: SpanHandle) {}
  /** The first text or reasoning arrived: an event on the span (time to first token). */
  firstToken(): void {
    this.handle.span.addEvent('gen_ai.first_token');
  }
  end(usage: { inputTokens?: number; outputTokens?: number; finishReason?: string; responseModel?: string }, error?: unknown): void {
    const a: Attributes = {};
    if (usage.inputTokens !== undefined) a['gen_ai.usage.input_tokens'] = usage.inputTokens;
    if (usage.outputTokens !== undefined) a['gen_ai.usage.output_tokens'] = usage.outputTokens;
    if (usage.finishReason) a['gen_ai.response.finish_reasons'] = [usage.finishReason];
    if (usage.responseModel) a['gen_ai.response.model'] = usage.responseModel;
    this.handle.set(a).end(error);
  }
}

/**
 * A server span per HTTP request, made active for everything the request runs (hooks, handler,
 * database, the body's and the response's events), named by its route template once Fastify has
 * routed it; ended when the response closes, with its status. W3C `traceparent` from the caller
 * is honoured. Only when tracing is on: the request listener is wrapped, nothing else changes.
 */
export function traceHttp(app: FastifyInstance): void {
  if (!tracing) return;
  const { api, tracer } = tracing;
  const server: Server = app.server;
  const listeners = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const parent = api.propagation.extract(api.ROOT_CONTEXT, req.headers);
    const span = tracer.startSpan(req.method ?? 'HTTP', { kind: api.SpanKind.SERVER, attributes: { 'http.request.method': req.method ?? '', 'url.path': (req.url ?? '').split('?')[0] } }, parent);
    const ctx = api.trace.setSpan(parent, span);
    api.context.bind(ctx, req);
    api.context.bind(ctx, res);
    res.once('close', () => {
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
      span.end();
    });
    api.context.with(ctx, () => {
      for (const l of listeners) l.call(server, req, res);
    });
  };
  server.on('request', handle);
  app.addHook('onRequest', (req, _reply, done) => {
    const route = req.routeOptions.url;
    const span = api.trace.getActiveSpan();
    if (span && route) span.updateName(`${req.method} ${route}`).setAttribute('http.route', route);
    done();
  });
}

/**
 * Redis command spans (`redis <COMMAND>`), and `onError` for each command that fails (the metrics'
 * count). Commands sent before the client is ready are ioredis's own handshake (`CLIENT SETINFO`,
 * which an older server refuses and ioredis ignores): not counted.
 */
export function instrumentRedis(redis: Redis, onError: () => void): void {
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = (command, stream) => {
    const span = startSpan(`redis ${command.name}`, { 'db.system.name': 'redis', 'db.operation.name': command.name }, true);
    const counted = redis.status === 'ready';
    const result = send(command, stream);
    command.promise.then(
      () => span?.end(),
      (err: unknown) => {
        if (counted) onError();
        span?.end(err);
      },
    );
    return result;
  };
}
