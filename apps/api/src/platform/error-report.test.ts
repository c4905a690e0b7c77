import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app';
import { registerErrorHandler } from './error-handler';
import { createErrorReporter, type ErrorReport } from './error-report';
import { rateLimitsConfig } from './rate-limits';

/** A local HTTP server standing in for ERROR_REPORT_URL: the reports it receives, and a wait for the next. */
function reportSink() {
  const received: ErrorReport[] = [];
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as ErrorReport);
      res.writeHead(204).end();
      for (const w of waiters.filter((x) => received.length >= x.n)) w.resolve();
    });
  });
  return {
    received,
    server,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/reports`,
    /** Resolves once `n` reports in all have arrived. */
    until: (n: number) => new Promise<void>((resolve) => (received.length >= n ? resolve() : waiters.push({ n, resolve }))),
  };
}

const sink = reportSink();
let t: TestApp;

beforeAll(async () => {
  await new Promise<void>((resolve) => sink.server.listen(0, '127.0.0.1', resolve));
  t = await buildTestApp({ config: { errorReportUrl: sink.url(), rateLimits: rateLimitsConfig({ clientErrorsPerAddress: { max: 4 } }) } });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => sink.server.close(resolve));
});

describe('error reports', () => {
  it('a route that throws answers 500 with its request id, and the report reaches ERROR_REPORT_URL cut to 2,900 characters', async () => {
    const app = Fastify({ logger: false });
    const reporter = createErrorReporter({ url: sink.url(), log: app.log });
    registerErrorHandler(app, { spa: false, reporter });
    app.get('/api/boom/:id/', async () => {
      throw new Error(`database on fire ${'x'.repeat(5000)}`);
    });
    await app.ready();
    const before = sink.received.length;
    const res = await app.inject({ method: 'GET', url: '/api/boom/7/?q=1' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('internal_error');
    expect(res.json().error.message).not.toContain('database on fire'); // never the internals
    await reporter.flush();
    await sink.until(before + 1);
    const report = sink.received[before]!;
    expect(report).toMatchObject({ source: 'server', method: 'GET', route: '/api/boom/:id/', status: 500 });
    expect(res.json().error.message).toContain(`(request ${report.request_id})`);
    expect(report.text.startsWith('Error: database on fire')).toBe(true);
    expect(report.text).toHaveLength(2900);
    await app.close();
  });

  it('POST /client-errors/ validates the body, cuts the text to 2,900 characters and forwards it to the same reporter', async () => {
    const token = await t.signIn(t.a, t.a.member.email);
    const before = sink.received.length;
    const long = `TypeError: x is undefined ${'y'.repeat(6000)}`;
    const ok = await t.call(t.a, token, {
      method: 'POST',
      url: '/api/client-errors/',
      headers: { 'user-agent': 'vitest-browser' },
      payload: { kind: 'unhandledrejection', message: long, stack: `${long}\n    at render (app.js:1:1)`, path: '/dashboard/chat?token=secret', release: '1.1.0' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    await sink.until(before + 1);
    const report = sink.received[before]!;
    expect(report).toMatchObject({ source: 'client', method: 'unhandledrejection', route: '/dashboard/chat', tenant: 'acme', user_agent: 'vitest-browser', release: '1.1.0' });
    expect(report.request_id).toBeTruthy();
    expect(report.text).toHaveLength(2900);
    expect(report.text.startsWith('TypeError: x is undefined')).toBe(true);

    // Visitors too (an error on the sign-in page); the body is checked.
    expect((await t.call(t.a, null, { method: 'POST', url: '/api/client-errors/', payload: { kind: 'error', message: 'boom' } })).statusCode).toBe(200);
    for (const payload of [{ kind: 'error' }, { kind: 'other', message: 'x' }, { kind: 'error', message: 'x', extra: 1 }, { kind: 'error', message: 'x'.repeat(10_001) }, { kind: 'error', message: '   ' }]) {
      expect((await t.call(t.a, null, { method: 'POST', url: '/api/client-errors/', payload })).statusCode).toBe(422);
    }
    await sink.until(before + 2);
    expect(sink.received.slice(before).map((r) => r.source)).toEqual(['client', 'client']);
  });

  it('is rate limited per address (4 a minute here)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await t.call(t.b, null, { method: 'POST', url: '/api/client-errors/', payload: { kind: 'error', message: `e${i}` } })).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });
});
