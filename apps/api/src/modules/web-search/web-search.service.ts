import type { saveWebSearchSettingsBody, WebSearchProvider, WebSearchSettings, WebSearchSource, WebSearchStatus } from '@app/contracts/web-search';
import { webSearchProviderSchema } from '@app/contracts/web-search';
import type { z } from 'zod';
import type { WebSearchConfig } from '../../config';
import type { Db } from '../../db/client';
import type { CacheHub, ScopedCache } from '../../platform/cache';
import type { TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { type GuardOptions, guardedFetch } from '../../platform/ssrf';
import { findSettings, saveSettings, type WebSearchSettingsRow } from './web-search.repo';
import { createProvider } from '../../integrations/web-search/index';
import { ProviderFailure, type ProviderSettings, type Transport } from '../../integrations/web-search/types';
import { htmlToText, promptBlock, rankResults, searchCostUnits, type Source } from './web-search.rules';
import { createSecretBox } from './web-search.secrets';

export type { Source as WebSearchResultSource } from './web-search.rules';

/** The settings that apply to a tenant: its console's over the server's. */
interface Effective {
  enabled: boolean;
  provider: (ProviderSettings & { fromTenant: boolean }) | null;
  maxResults: number;
}

export interface WebSearchRun {
  /** Ranked, de-duplicated, numbered from 1: for the prompt (`promptBlock`) and the `source` events (`sourceEvent`). */
  sources: Source[];
  /** Searches made (each is charged: `costUnits`). */
  searchCount: number;
}

/** What `forChat` gives the chat path. */
export interface ChatWebSearch {
  /** Added to the system prompt ('' when the search found nothing). */
  prompt: string;
  /** One `source` event each, numbered as the prompt cites them. */
  events: WebSearchSource[];
  /** For the ledger row: `webSearchCount`. */
  searchCount: number;
  /** For the ledger row: `webSearchUnits` (count × the model's `web_search_cost_e4`, in credit units). */
  units: bigint;
}


export interface WebSearchServiceDeps {
  db: Db;
  caches: CacheHub;
  config: WebSearchConfig | undefined;
  /** The server secret the tenants' API keys are sealed with. */
  secret: string;
  log?: (line: string) => void;
  /**
   * How result pages — and providers set in a tenant's console — are fetched: always through the SSRF
   * guard; tests pass a resolver and `allowLoopback` to reach their loopback servers.
   */
  guard?: GuardOptions;
  /** How long a provider may take (default 10 s). */
  providerTimeoutMs?: number;
}

/** The deps resolved once by the factory, with the per-process settings cache. */
interface WebSearchCore {
  db: Db;
  caches: CacheHub;
  server: WebSearchConfig;
  box: ReturnType<typeof createSecretBox>;
  guard: GuardOptions;
  providerTimeoutMs: number;
  log: (line: string) => void;
  settingsCache: ScopedCache<{ value: Effective }>;
}


const PROVIDER_MAX_BYTES = 2 * 1024 * 1024;
const DEFAULT_SERVER: WebSearchConfig = { provider: null, maxResults: 5, fetchPages: 2 };

/** A request's time limit, and the caller's signal (a stopped answer) when there is one. */
const timeLimit = (timeoutMs: number, signal: AbortSignal | undefined) => (signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs));

/**
 * The server's own provider (`WEB_SEARCH_URL`, set by the operator — a SearXNG on localhost is
 * fine): plain fetch with a time and size limit, ended early by `signal`.
 */
function trustedTransport(timeoutMs: number, signal?: AbortSignal): Transport {
  return async (url, init) => {
    const res = await fetch(url, { method: init.method, headers: init.headers, body: init.body, signal: timeLimit(timeoutMs, signal), redirect: 'follow' });
    const reader = res.body?.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (reader) {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.length;
        if (size > PROVIDER_MAX_BYTES) {
          await reader.cancel();
          throw new Error('answer too large');
        }
        chunks.push(value);
      }
    }
    return { status: res.status, body: Buffer.concat(chunks) };
  };
}

/** A provider URL a tenant's admin typed: through the SSRF guard like any page (decision 035), ended early by `signal`. */
function guardedTransport(guard: GuardOptions, timeoutMs: number, signal?: AbortSignal): Transport {
  return async (url, init) => {
    const res = await guardedFetch(url, { ...guard, method: init.method, headers: init.headers, body: init.body, accept: 'application/json', maxBytes: PROVIDER_MAX_BYTES, timeoutMs, signal });
    return { status: res.status, body: res.body };
  };
}

function effective(core: WebSearchCore, row: WebSearchSettingsRow | undefined): Effective {
  const { server, box, log } = core;
  const serverProvider = server.provider ? { kind: server.provider.kind, url: server.provider.url, apiKey: server.provider.apiKey, fromTenant: false } : null;
  if (!row) return { enabled: !!serverProvider, provider: serverProvider, maxResults: server.maxResults };
  const kind = row.provider ? webSearchProviderSchema.safeParse(row.provider) : null;
  let provider = serverProvider;
  if (kind?.success) {
    const apiKey = row.apiKeySealed ? box.open(row.apiKeySealed) : null;
    if (row.apiKeySealed && apiKey === null) log(`web search: tenant ${row.tenantId}'s API key cannot be opened with this server secret; set it again in the console`);
    provider = { kind: kind.data, url: row.url, apiKey, fromTenant: true };
  }
  return { enabled: row.isEnabled && !!provider, provider, maxResults: row.maxResults ?? server.maxResults };
}

async function settingsOf(core: WebSearchCore, tenantId: number): Promise<Effective> {
  const hit = await core.caches.through(core.settingsCache, tenantId, 'settings', async () => ({ value: effective(core, await findSettings(core.db, tenantId)) }));
  return hit!.value;
}

function toSettings(core: WebSearchCore, row: WebSearchSettingsRow | undefined): WebSearchSettings {
  const { server } = core;
  const kind = row?.provider ? webSearchProviderSchema.safeParse(row.provider) : null;
  return {
    is_enabled: row?.isEnabled ?? !!server.provider,
    provider: kind?.success ? kind.data : null,
    url: row?.url ?? null,
    api_key_set: !!row?.apiKeySealed,
    max_results: row?.maxResults ?? null,
    server_provider: server.provider?.kind ?? null,
    server_max_results: server.maxResults,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** Reads the top pages' text through the SSRF guard; a page refused or failing keeps its snippet. */
async function enrich(core: WebSearchCore, sources: Source[], pages: number, signal: AbortSignal | undefined): Promise<void> {
  const targets = sources.filter((s) => !s.content).slice(0, pages);
  await Promise.all(
    targets.map(async (s) => {
      try {
        const page = await guardedFetch(s.url, { ...core.guard, signal });
        if (page.status < 200 || page.status >= 300) return;
        const type = page.contentType.toLowerCase();
        const body = page.body.toString('utf8');
        const text = type.includes('html') ? htmlToText(body) : type.startsWith('text/plain') ? body.replace(/\s+/g, ' ').trim().slice(0, 4000) : '';
        if (text.length > s.snippet.length) s.content = text;
      } catch (e) {
        core.log(`web search: page not read (${e instanceof Error ? e.message : 'error'})`);
      }
    }),
  );
}

/**
 * Searches the web for `query` with the tenant's provider: one search (`searchCount` 1), results
 * ranked and de-duplicated, the first `maxResults` (else the tenant's count), the top pages' text
 * read through the SSRF guard. Throws 422 `web_search_unavailable` when search is off or has no
 * provider, 424 `web_search_failed` when the provider fails (nothing is charged then). `signal`
 * (a stopped answer, decision 050) ends the provider's request and the page reads at once; the
 * run then throws the signal's reason.
 */
async function runSearch(core: WebSearchCore, ctx: TenantContext, query: string, opts: { maxResults?: number; signal?: AbortSignal } = {}): Promise<WebSearchRun> {
  const { guard, providerTimeoutMs, log, server } = core;
  const s = await settingsOf(core, ctx.tenantId);
  if (!s.enabled || !s.provider) throw new AppError('web_search_unavailable');
  const q = query.replace(/\s+/g, ' ').trim().slice(0, 400);
  if (!q) return { sources: [], searchCount: 0 };
  const limit = Math.max(1, Math.min(20, opts.maxResults ?? s.maxResults));
  const { signal } = opts;
  const transport = s.provider.fromTenant ? guardedTransport(guard, providerTimeoutMs, signal) : trustedTransport(providerTimeoutMs, signal);
  let raw;
  try {
    raw = await createProvider(s.provider, transport).search(q, limit);
  } catch (e) {
    signal?.throwIfAborted();
    const f = e instanceof ProviderFailure ? e : new ProviderFailure(s.provider.kind, null, 'failed');
    log(`web search: ${f.provider} failed for tenant ${ctx.tenantId}: ${f.message}`);
    throw new AppError('web_search_failed', undefined, { provider: f.provider, ...(f.status !== null ? { status: f.status } : {}) });
  }
  const sources: Source[] = rankResults(q, raw, limit).map((r, i) => ({ index: i + 1, ...r }));
  if (server.fetchPages > 0) await enrich(core, sources, server.fetchPages, signal);
  signal?.throwIfAborted();
  return { sources, searchCount: 1 };
}

/** What a `source` event carries (and the history keeps): number, title, URL and snippet — not the page text. */
function sourceEvent(source: Source): WebSearchSource {
  return { index: source.index, title: source.title, url: source.url, snippet: source.snippet.slice(0, 300) };
}

/**
 * All the chat needs in one call, for a question sent with `web_search: true`: null when the
 * model or the tenant has no web search (the chat answers without it); else the prompt block to
 * add to the system prompt, the `source` events to send (in order, before the answer's text), and
 * the count and credit units to put on the answer's ledger row. Provider failures throw as `run`.
 */
async function forChat(core: WebSearchCore, ctx: TenantContext, model: { supportsWebSearch: boolean; webSearchCostE4: bigint }, question: string, now?: Date): Promise<ChatWebSearch | null> {
  if (!model.supportsWebSearch || !(await settingsOf(core, ctx.tenantId)).enabled) return null;
  const { sources, searchCount } = await runSearch(core, ctx, question);
  return {
    prompt: promptBlock(sources, now),
    events: sources.map((s) => sourceEvent(s)),
    searchCount,
    units: searchCostUnits(model.webSearchCostE4, searchCount),
  };
}

/** Saves the console's settings; the key is sealed, kept when `api_key` is absent, removed when null. */
async function saveTenantSettings(core: WebSearchCore, ctx: TenantContext, body: z.output<typeof saveWebSearchSettingsBody>): Promise<WebSearchSettings> {
  const { db, box } = core;
  const before = await findSettings(db, ctx.tenantId);
  const apiKeySealed = body.api_key === undefined ? undefined : body.api_key === null ? null : box.seal(body.api_key);
  const hasKey = apiKeySealed === undefined ? !!before?.apiKeySealed : apiKeySealed !== null;
  const provider: WebSearchProvider | null = body.provider;
  if (provider === 'searxng' && !body.url) throw new AppError('web_search_settings_invalid', 'SearXNG needs the URL of the instance', { field: 'url' });
  if ((provider === 'tavily' || provider === 'brave') && !hasKey) throw new AppError('web_search_settings_invalid', 'This provider needs an API key', { field: 'api_key' });
  const row = await saveSettings(db, ctx.tenantId, { isEnabled: body.is_enabled, provider, url: body.url, maxResults: body.max_results, apiKeySealed });
  core.caches.invalidate(ctx.tenantId);
  return toSettings(core, row);
}

/** Web search as the chat path and the console see it. */
export interface WebSearchService {
  enabledFor(ctx: TenantContext, model: { supportsWebSearch: boolean }): Promise<boolean>;
  run(ctx: TenantContext, query: string, opts?: { maxResults?: number; signal?: AbortSignal }): Promise<WebSearchRun>;
  forChat(ctx: TenantContext, model: { supportsWebSearch: boolean; webSearchCostE4: bigint }, question: string, now?: Date): Promise<ChatWebSearch | null>;
  /** The system-prompt text: the numbered sources and how to cite them ('' when there are none). */
  promptBlock(sources: Source[], now?: Date): string;
  sourceEvent(source: Source): WebSearchSource;
  /** The charge for `count` searches with `model`: its `web_search_cost_e4` per search, in credit units. */
  costUnits(model: { webSearchCostE4: bigint }, count: number): bigint;
  /** For members' chat: whether the tenant searches at all (the model's support is on each model). */
  status(ctx: TenantContext): Promise<WebSearchStatus>;
  getSettings(ctx: TenantContext): Promise<WebSearchSettings>;
  saveSettings(ctx: TenantContext, body: z.output<typeof saveWebSearchSettingsBody>): Promise<WebSearchSettings>;
}

/**
 * Web search for the chat (issue 27 §1, decision 035): which provider a tenant uses (console over
 * env), one search per question — ranked, de-duplicated, the top pages read through the SSRF guard —
 * the prompt block with numbered citations, and the charge per search (the model's
 * `web_search_cost_e4`). The chat path calls `enabledFor`, `run`, `promptBlock`, `sourceEvent` and
 * `costUnits`; the console calls `getSettings` / `saveSettings`.
 */
export function createWebSearchService(deps: WebSearchServiceDeps): WebSearchService {
  const core: WebSearchCore = {
    db: deps.db,
    caches: deps.caches,
    server: deps.config ?? DEFAULT_SERVER,
    box: createSecretBox(deps.secret),
    guard: deps.guard ?? {},
    providerTimeoutMs: deps.providerTimeoutMs ?? 10_000,
    log: deps.log ?? (() => undefined),
    settingsCache: deps.caches.scoped<{ value: Effective }>(10_000),
  };
  return {
    /**
     * Whether a chat may search: the model supports it, and the tenant has search on with a provider
     * (its console's, else the server's).
     */
    async enabledFor(ctx, model) {
      if (!model.supportsWebSearch) return false;
      return (await settingsOf(core, ctx.tenantId)).enabled;
    },
    run: (ctx, query, opts) => runSearch(core, ctx, query, opts),
    forChat: (ctx, model, question, now) => forChat(core, ctx, model, question, now),
    promptBlock: (sources, now) => promptBlock(sources, now),
    sourceEvent,
    costUnits: (model, count) => searchCostUnits(model.webSearchCostE4, count),
    status: async (ctx) => ({ is_enabled: (await settingsOf(core, ctx.tenantId)).enabled }),
    getSettings: async (ctx) => toSettings(core, await findSettings(core.db, ctx.tenantId)),
    saveSettings: (ctx, body) => saveTenantSettings(core, ctx, body),
  };
}
