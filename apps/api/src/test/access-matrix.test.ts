import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../tools/fake-llm/server';
import { createFixtures, type Fixtures } from './access-matrix/fixtures';
import { type OpenApiDocument, planRoutes, type Route } from './access-matrix/routes';
import { runMatrix } from './access-matrix/run-matrix';
import { buildTestApp, type TestApp } from './test-app';

/**
 * The access matrix (issue 22 item 2, decision 003): every operation of the OpenAPI document,
 * called as (a) no token, (b) a member of the owner's tenant who does not own the object,
 * (c) another tenant's admin, (d) the owner's token with another tenant's header. Routes are
 * read from the document and classified by its `x-access` (platform/route-security.ts), so a new
 * route is covered without editing this file, or fails here until its path parameter has a
 * resolver (access-matrix/routes.ts).
 */
let fake: FakeLlm;
let t: TestApp;
let f: Fixtures;
let doc: OpenApiDocument;
let routes: Route[];
let unclassified: string[];

beforeAll(async () => {
  fake = await startFakeLlm({ scenario: { tokenDelayMs: 0, reply: 'ok' } });
  // With an operator key, so the operator routes are in the document (decision 040).
  t = await buildTestApp({ providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-model'] } }, config: { operatorApiKey: 'access-matrix-operator-key' } });
  f = await createFixtures(t);
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  ({ routes, unclassified } = planRoutes(doc, f, t));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const operationCount = (d: OpenApiDocument) => Object.values(d.paths).reduce((n, ops) => n + Object.keys(ops).filter((k) => ['get', 'post', 'put', 'patch', 'delete'].includes(k)).length, 0);

describe('access matrix', () => {
  it('the document says who may call each operation', () => {
    const op = (path: string, method: string) => (doc.paths[path] as Record<string, Record<string, unknown>>)[method]!;
    expect(op('/api/auth/sign-in/', 'post')).toMatchObject({ 'x-access': 'none', security: [] });
    expect(op('/api/health/', 'get')).toMatchObject({ 'x-access': 'none', security: [] });
    expect(op('/api/sessions/{hash}/', 'get')['x-access']).toBe('member');
    expect(op('/api/sessions/{hash}/', 'get').security).toBeUndefined();
    expect(op('/api/admin/members/', 'get')['x-access']).toBe('admin');
    expect(op('/api/operator/tenants/', 'get')).toMatchObject({ 'x-access': 'operator', security: [{ operatorKey: [] }] });
  });

  it('covers every operation of the document', () => {
    expect(unclassified).toEqual([]);
    expect(routes.length).toBe(operationCount(doc));
    expect(routes.length).toBeGreaterThanOrEqual(70);
  });

  it('a route it cannot call is reported, not skipped', () => {
    const odd: OpenApiDocument = {
      paths: {
        '/api/widgets/{widget}/': { get: { 'x-access': 'member' } },
        '/api/sessions/{hash}/share/': { post: { 'x-access': 'superuser' } },
        '/api/files/': { post: { 'x-access': 'member', requestBody: { content: { 'multipart/form-data': { schema: { type: 'object' } } } } } },
        '/api/open/': { get: { 'x-access': 'none' } },
      },
    };
    const plan = planRoutes(odd, f, t);
    expect(plan.routes).toEqual([]);
    expect(plan.unclassified).toEqual([
      expect.stringContaining('GET /api/widgets/{widget}/: no resolver fills {widget}'),
      expect.stringContaining('POST /api/sessions/{hash}/share/: unknown access level "superuser"'),
      expect.stringContaining('POST /api/files/: no JSON body to generate (multipart/form-data)'),
      expect.stringContaining('GET /api/open/: public (x-access none) but the document asks for security'),
    ]);
    // A new route under an object the resolvers know is covered as it is.
    const known = planRoutes({ paths: { '/api/sessions/{hash}/share/': { post: { 'x-access': 'member' } } } }, f, t);
    expect(known.routes[0]).toMatchObject({ url: `/api/sessions/${f.sessionHash}/share/`, privateParams: true, mutating: true });
  });

  it('no caller reads or changes another owner’s data', { timeout: 300_000 }, async () => {
    const started = Date.now();
    const { failures, calls, snapshotUrls, snapshots } = await runMatrix(t, f, routes);
    const byAccess = (a: string) => routes.filter((r) => r.access === a).length;
    console.info(
      `access matrix: ${routes.length} routes (${byAccess('none')} public, ${byAccess('member')} member, ${byAccess('admin')} admin, ${byAccess('operator')} operator), ` +
        `${calls.length} calls (${calls.filter((c) => c.caller === 'e').length} naming another tenant's objects), ${snapshots.count} owners' snapshots of ${snapshotUrls} GETs (${(snapshots.ms / 1000).toFixed(1)} s), ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(failures).toEqual([]);
    // Every route was called by all four callers.
    for (const route of routes) expect(calls.filter((c) => c.route === route.key).length).toBeGreaterThanOrEqual(4);
  });
});
