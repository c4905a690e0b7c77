import type { WebSearchProvider } from '@app/contracts/web-search';
import type { RawResult } from './web-search.rules';

/** An HTTP exchange with a provider; the service picks a trusted or a guarded one (decision 035). */
export type Transport = (url: string, init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string }) => Promise<{ status: number; body: Buffer }>;

export interface ProviderSettings {
  kind: WebSearchProvider;
  /** SearXNG's base URL; for Tavily and Brave a replacement of their public endpoint, or null. */
  url: string | null;
  apiKey: string | null;
}

/** Why a provider call failed, for the log and the error's details (never the key, never the body). */
export class ProviderFailure extends Error {
  constructor(
    readonly provider: WebSearchProvider,
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderFailure';
  }
}

export interface SearchProvider {
  kind: WebSearchProvider;
  search(query: string, count: number): Promise<RawResult[]>;
}

export const DEFAULT_ENDPOINTS = {
  tavily: 'https://api.tavily.com/search',
  brave: 'https://api.search.brave.com/res/v1/web/search',
} as const;

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

async function exchange(provider: WebSearchProvider, transport: Transport, url: string, init: Parameters<Transport>[1]): Promise<Record<string, unknown>> {
  let res: { status: number; body: Buffer };
  try {
    res = await transport(url, init);
  } catch (e) {
    throw new ProviderFailure(provider, null, e instanceof Error ? `${e.name}: ${e.message}` : 'request failed');
  }
  if (res.status < 200 || res.status >= 300) throw new ProviderFailure(provider, res.status, `answered ${res.status}`);
  try {
    const json: unknown = JSON.parse(res.body.toString('utf8'));
    if (json && typeof json === 'object' && !Array.isArray(json)) return json as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new ProviderFailure(provider, res.status, 'answered something that is not a JSON object');
}

const list = (v: unknown): Array<Record<string, unknown>> => (Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object') : []);

/** SearXNG: `GET {url}/search?q=…&format=json` (the instance must allow the json format). */
function searxng(s: ProviderSettings, transport: Transport): SearchProvider {
  const base = (s.url ?? '').replace(/\/+$/, '');
  return {
    kind: 'searxng',
    async search(query, count) {
      const url = `${base}/search?${new URLSearchParams({ q: query, format: 'json', safesearch: '1' })}`;
      const json = await exchange('searxng', transport, url, { method: 'GET', headers: { accept: 'application/json' } });
      return list(json.results)
        .slice(0, count * 3)
        .map((r) => ({ title: str(r.title), url: str(r.url), snippet: str(r.content), score: num(r.score) }));
    },
  };
}

/** Tavily: `POST https://api.tavily.com/search` with a bearer key; results carry a score and content. */
function tavily(s: ProviderSettings, transport: Transport): SearchProvider {
  return {
    kind: 'tavily',
    async search(query, count) {
      const json = await exchange('tavily', transport, s.url ?? DEFAULT_ENDPOINTS.tavily, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${s.apiKey ?? ''}` },
        body: JSON.stringify({ query, max_results: Math.min(20, count * 2), search_depth: 'basic', include_answer: false, include_images: false, include_raw_content: false }),
      });
      return list(json.results).map((r) => ({ title: str(r.title), url: str(r.url), snippet: str(r.content), score: num(r.score) }));
    },
  };
}

/** Brave: `GET https://api.search.brave.com/res/v1/web/search?q=…&count=…` with `X-Subscription-Token`. */
function brave(s: ProviderSettings, transport: Transport): SearchProvider {
  return {
    kind: 'brave',
    async search(query, count) {
      const url = `${s.url ?? DEFAULT_ENDPOINTS.brave}?${new URLSearchParams({ q: query, count: String(Math.min(20, count * 2)), safesearch: 'moderate', text_decorations: 'false' })}`;
      const json = await exchange('brave', transport, url, { method: 'GET', headers: { accept: 'application/json', 'x-subscription-token': s.apiKey ?? '' } });
      const web = json.web && typeof json.web === 'object' ? (json.web as Record<string, unknown>) : {};
      return list(web.results).map((r) => ({
        title: str(r.title),
        url: str(r.url),
        // Brave adds up to 5 longer excerpts; the first is usually the best snippet when the description is short.
        snippet: [str(r.description), ...(Array.isArray(r.extra_snippets) ? r.extra_snippets.filter((x): x is string => typeof x === 'string').slice(0, 1) : [])].filter(Boolean).join(' '),
      }));
    },
  };
}

export function createProvider(s: ProviderSettings, transport: Transport): SearchProvider {
  switch (s.kind) {
    case 'searxng':
      return searxng(s, transport);
    case 'tavily':
      return tavily(s, transport);
    case 'brave':
      return brave(s, transport);
  }
}
