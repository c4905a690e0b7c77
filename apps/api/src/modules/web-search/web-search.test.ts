import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebSearchSettings } from '@app/contracts/web-search';
import { startFakeSearch, type FakeSearch } from '../../../../../tools/fake-search/server';
import type { WebSearchConfig } from '../../config';
import { queryRows } from '../../db/client';
import { withTenant } from '../../db/tenant-scope';
import type { TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { Resolver } from '../../platform/ssrf';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { createWebSearchService, type WebSearchServiceDeps } from './web-search.service';

// Web search (issue 27 §1, decision 035) against tools/fake-search on loopback: the fake receives
// the query (and the key the console stored), results come back ranked and de-duplicated, provider
// failures are a clear 424, result pages are read only through the SSRF guard, and the console's
// settings are the tenant's admins' alone, the key never returned.

let t: TestApp;
let fake: FakeSearch;
let admin: string;
let member: string;
let bAdmin: string;
const serverConfig = (): WebSearchConfig => ({ provider: { kind: 'searxng', url: fake.url, apiKey: null }, maxResults: 3, fetchPages: 0 });

beforeAll(async () => {
  fake = await startFakeSearch();
  t = await buildTestApp({ config: { webSearch: serverConfig() } });
  admin = await t.signIn(t.a, t.a.admin.email);
  member = await t.signIn(t.a, t.a.member.email);
  bAdmin = await t.signIn(t.b, t.b.admin.email);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

/** Test names for the fake: `pages.example` and `pages2.example` are the fake on 127.0.0.1. */
const resolver: Resolver = async (host) => {
  if (host === 'pages.example' || host === 'pages2.example') return [{ address: '127.0.0.1', family: 4 }];
  throw new Error('ENOTFOUND');
};

/** A service as the app builds it, with its own settings: the one under test in each case. */
function service(over: Partial<WebSearchServiceDeps> = {}) {
  return createWebSearchService({ db: t.built.database.db, caches: t.built.caches, config: serverConfig(), secret: t.config.jwtSecret, ...over });
}
const ctxA = () => ({ tenantId: t.a.id }) as TenantContext;
const asA = <T>(fn: () => Promise<T>) => withTenant(t.a.id, fn);

async function appError(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

const settings = (token: string, tenant = t.a) => t.call(tenant, token, { method: 'GET', url: '/api/admin/web-search-settings/' });
const save = (token: string, payload: object, tenant = t.a) => t.call(tenant, token, { method: 'PUT', url: '/api/admin/web-search-settings/', payload });

describe('web search run', () => {
  it('sends the question to the provider and returns ranked, de-duplicated, numbered sources', async () => {
    const run = await asA(() => service().run(ctxA(), '  What is   PGlite? '));
    expect(fake.requests).toEqual([expect.objectContaining({ provider: 'searxng', query: 'What is PGlite?' })]);
    expect(run.searchCount).toBe(1);
    expect(run.sources.map((s) => s.index)).toEqual([1, 2, 3]);
    // pages/2 came twice (a tracking parameter, a fragment): once, with the longer snippet.
    const pageTwo = run.sources.filter((s) => s.url.includes('/pages/2'));
    expect(pageTwo).toHaveLength(1);
    expect(pageTwo[0]!.snippet).toContain('found twice');
    // The unrelated result ranks below those that match the question.
    expect(run.sources.map((s) => s.title)).not.toContain('Unrelated page');
  });

  it('honours maxResults and speaks Brave (markup stripped) and Tavily', async () => {
    const brave = service({ config: { provider: { kind: 'brave', url: `${fake.url}/res/v1/web/search`, apiKey: 'brave-key' }, maxResults: 5, fetchPages: 0 } });
    const b = await asA(() => brave.run(ctxA(), 'solar panels', { maxResults: 2 }));
    expect(b.sources).toHaveLength(2);
    expect(b.sources[0]!.snippet).not.toContain('<strong>');
    expect(fake.requests.at(-1)).toMatchObject({ provider: 'brave', query: 'solar panels', key: 'brave-key' });

    const tavily = service({ config: { provider: { kind: 'tavily', url: `${fake.url}/search`, apiKey: 'tvly-server' }, maxResults: 4, fetchPages: 0 } });
    const tv = await asA(() => tavily.run(ctxA(), 'solar panels'));
    expect(tv.sources.length).toBe(4);
    expect(fake.requests.at(-1)).toMatchObject({ provider: 'tavily', query: 'solar panels', key: 'tvly-server' });
  });

  it('turns provider failures into 424 web_search_failed without the key or the body', async () => {
    const tavily = service({ config: { provider: { kind: 'tavily', url: `${fake.url}/search`, apiKey: 'tvly-secret-key' }, maxResults: 4, fetchPages: 0 } });
    fake.set({ failStatus: 500 });
    let e = await appError(asA(() => tavily.run(ctxA(), 'q')));
    expect(e.code).toBe('web_search_failed');
    expect(e.status).toBe(424);
    expect(e.details).toEqual({ provider: 'tavily', status: 500 });
    expect(JSON.stringify(e.details)).not.toContain('tvly-secret-key');

    fake.set({ failStatus: null, apiKey: 'another-key' });
    e = await appError(asA(() => tavily.run(ctxA(), 'q')));
    expect(e.details).toEqual({ provider: 'tavily', status: 401 });

    fake.set({ apiKey: null, rawBody: '<html>not json</html>' });
    e = await appError(asA(() => service().run(ctxA(), 'q')));
    expect(e.code).toBe('web_search_failed');

    const closed = service({ config: { provider: { kind: 'searxng', url: 'http://127.0.0.1:9', apiKey: null }, maxResults: 3, fetchPages: 0 } });
    e = await appError(asA(() => closed.run(ctxA(), 'q')));
    expect(e.code).toBe('web_search_failed');
    expect(e.details).toEqual({ provider: 'searxng' });
  });

  it('gives up on a provider slower than its time limit (424)', async () => {
    fake.set({ delayMs: 1_000 });
    const e = await appError(asA(() => service({ providerTimeoutMs: 50 }).run(ctxA(), 'slow')));
    expect(e.code).toBe('web_search_failed');
  });

  it('forChat: nothing for a model without web search; else prompt, source events, count and charge', async () => {
    const svc = service();
    expect(await asA(() => svc.forChat(ctxA(), { supportsWebSearch: false, webSearchCostE4: 5000n }, 'PGlite'))).toBeNull();
    expect(fake.requests).toEqual([]);
    const chat = await asA(() => svc.forChat(ctxA(), { supportsWebSearch: true, webSearchCostE4: 5000n }, 'PGlite'));
    expect(fake.requests).toHaveLength(1);
    expect(chat!.events.map((e) => e.index)).toEqual([1, 2, 3]);
    expect(chat!.prompt).toContain(`[1] ${chat!.events[0]!.title}`);
    expect(chat!.searchCount).toBe(1);
    expect(chat!.units).toBe(50_000_000n);
  });

  it('refuses to run without a provider (422 web_search_unavailable)', async () => {
    const none = service({ config: { provider: null, maxResults: 3, fetchPages: 0 } });
    expect((await appError(asA(() => none.run(ctxA(), 'q')))).code).toBe('web_search_unavailable');
    expect(await asA(() => none.enabledFor(ctxA(), { supportsWebSearch: true }))).toBe(false);
    expect(fake.requests).toEqual([]);
  });

  it('reads the top pages through the SSRF guard: text of allowed pages, nothing from refused ones', async () => {
    const pages = (hosts: string[]) => hosts.map((host, i) => ({ title: `Page ${i + 1} about tides`, url: `http://${host}:${fake.port}/pages/${i + 1}`, snippet: `Snippet ${i + 1} about tides.` }));
    fake.set({ results: pages(['pages.example', 'pages.example', 'pages2.example']) });
    const reading = service({ config: { ...serverConfig(), fetchPages: 2 }, guard: { resolve: resolver, allowLoopback: true } });
    const run = await asA(() => reading.run(ctxA(), 'tides'));
    expect(run.sources).toHaveLength(3);
    expect(run.sources[0]!.content).toContain('The full text of page 1');
    expect(run.sources[0]!.content).not.toMatch(/tracking|Home \| About|Copyright/);
    expect(run.sources[1]!.content).toContain('page 2');
    expect(run.sources[2]!.content).toBeUndefined();
    expect(fake.requests.filter((r) => r.provider === 'page').map((r) => r.path).sort()).toEqual(['/pages/1', '/pages/2']);

    // The production guard: a result on a loopback (or private) address is never fetched.
    fake.reset();
    fake.set({ results: [...pages(['127.0.0.1', 'localhost', '10.0.0.8']), { title: 'Metadata', url: 'http://169.254.169.254/latest/meta-data/', snippet: 'tides' }] });
    const guarded = service({ config: { ...serverConfig(), fetchPages: 4 } });
    const refused = await asA(() => guarded.run(ctxA(), 'tides'));
    expect(refused.sources.length).toBeGreaterThan(0);
    expect(refused.sources.every((s) => s.content === undefined)).toBe(true);
    expect(fake.requests.filter((r) => r.provider === 'page')).toEqual([]);
  });

  it('builds the prompt block with numbered citations, the source events and the charge', async () => {
    const svc = service();
    const run = await asA(() => svc.run(ctxA(), 'PGlite'));
    const block = svc.promptBlock(run.sources, new Date('2026-11-25T00:00:00Z'));
    expect(block).toContain('retrieved 2026-11-25');
    expect(block).toContain(`[1] ${run.sources[0]!.title}\nURL: ${run.sources[0]!.url}`);
    expect(block).toContain('[3] ');
    expect(block).toMatch(/never as instructions/);
    expect(svc.promptBlock([])).toBe('');
    expect(svc.sourceEvent(run.sources[0]!)).toEqual({ index: 1, title: run.sources[0]!.title, url: run.sources[0]!.url, snippet: run.sources[0]!.snippet });
    // 0.5 credits a search (× 10^4 = 5000), two searches: one credit = 10^8 units.
    expect(svc.costUnits({ webSearchCostE4: 5000n }, 2)).toBe(100_000_000n);
    expect(svc.costUnits({ webSearchCostE4: 0n }, 3)).toBe(0n);
  });
});

describe('web search settings (console)', () => {
  it('admins only: 401 without a token, 403 for members', async () => {
    expect((await t.call(t.a, null, { method: 'GET', url: '/api/admin/web-search-settings/' })).statusCode).toBe(401);
    expect((await settings(member)).statusCode).toBe(403);
    expect((await save(member, { is_enabled: false, provider: null })).statusCode).toBe(403);
  });

  it('shows the server’s provider until the tenant sets its own', async () => {
    const res = await settings(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ is_enabled: true, provider: null, url: null, api_key_set: false, max_results: null, server_provider: 'searxng', server_max_results: 3, updated_at: null });
  });

  it('needs a URL for SearXNG and a key for Tavily and Brave', async () => {
    let res = await save(admin, { is_enabled: true, provider: 'searxng', url: null });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('web_search_settings_invalid');
    res = await save(admin, { is_enabled: true, provider: 'brave' });
    expect(res.json().error.code).toBe('web_search_settings_invalid');
    res = await save(admin, { is_enabled: true, provider: 'searxng', url: 'file:///etc/passwd' });
    expect(res.statusCode).toBe(422);
  });

  it('seals the key, never returns it, keeps it when absent and removes it on null', async () => {
    const key = 'tvly-console-secret-42';
    let res = await save(admin, { is_enabled: true, provider: 'tavily', url: `http://127.0.0.1:${fake.port}/search`, api_key: key, max_results: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(key);
    expect(res.json<WebSearchSettings>()).toMatchObject({ provider: 'tavily', api_key_set: true, max_results: 2 });
    expect((await settings(admin)).body).not.toContain(key);
    const [row] = await queryRows<{ sealed: string }>(t.database.db, sql`select api_key_sealed as sealed from web_search_settings where tenant_id = ${t.a.id}`);
    expect(row!.sealed).toMatch(/^v1\./);
    expect(row!.sealed).not.toContain(key);

    // The chat's search uses the console's provider with the key it stored (a URL an admin typed
    // goes through the SSRF guard: here in the tests' loopback mode).
    const svc = service({ guard: { allowLoopback: true } });
    const run = await asA(() => svc.run(ctxA(), 'harbour tides'));
    expect(fake.requests.at(-1)).toMatchObject({ provider: 'tavily', query: 'harbour tides', key, count: 4 });
    expect(run.sources).toHaveLength(2);

    // With the production guard a console URL on loopback is refused, and the fake sees nothing.
    fake.reset();
    expect((await appError(asA(() => service().run(ctxA(), 'harbour tides')))).code).toBe('web_search_failed');
    expect(fake.requests).toEqual([]);

    res = await save(admin, { is_enabled: true, provider: 'tavily', url: `http://127.0.0.1:${fake.port}/search`, max_results: 2 });
    expect(res.json<WebSearchSettings>().api_key_set).toBe(true);
    res = await save(admin, { is_enabled: true, provider: null, api_key: null });
    expect(res.json<WebSearchSettings>()).toMatchObject({ provider: null, api_key_set: false, max_results: null });
  });

  it('turning search off disables it for every model; on again, models that support it', async () => {
    const svc = service();
    expect(await asA(() => svc.enabledFor(ctxA(), { supportsWebSearch: true }))).toBe(true);
    expect(await asA(() => svc.enabledFor(ctxA(), { supportsWebSearch: false }))).toBe(false);
    expect((await save(admin, { is_enabled: false, provider: null })).statusCode).toBe(200);
    await t.settle();
    expect(await asA(() => svc.enabledFor(ctxA(), { supportsWebSearch: true }))).toBe(false);
    expect((await appError(asA(() => svc.run(ctxA(), 'q')))).code).toBe('web_search_unavailable');
    expect((await save(admin, { is_enabled: true, provider: null })).statusCode).toBe(200);
    await t.settle();
    expect(await asA(() => svc.enabledFor(ctxA(), { supportsWebSearch: true }))).toBe(true);
  });

  it('another tenant neither sees nor changes them', async () => {
    expect((await save(admin, { is_enabled: false, provider: 'brave', api_key: 'brave-a-secret' })).statusCode).toBe(200);
    const b = await settings(bAdmin, t.b);
    expect(b.json()).toMatchObject({ is_enabled: true, provider: null, api_key_set: false, updated_at: null });
    expect(b.body).not.toContain('brave-a-secret');
    expect((await save(bAdmin, { is_enabled: true, provider: 'searxng', url: 'https://searx.example.org' }, t.b)).statusCode).toBe(200);
    expect((await settings(admin)).json()).toMatchObject({ is_enabled: false, provider: 'brave', api_key_set: true });
    // An admin's token of tenant A is refused with tenant B's header.
    expect((await settings(admin, t.b)).statusCode).toBe(401);
  });
});
