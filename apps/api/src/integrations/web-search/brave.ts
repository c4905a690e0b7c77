import { exchange, list, str } from './http';
import type { ProviderSettings, SearchProvider, Transport } from './types';

const ENDPOINT = 'https://api.search.brave.com/res/v1/web/search';

/** Brave: `GET https://api.search.brave.com/res/v1/web/search?q=…&count=…` with `X-Subscription-Token`. */
export function createBraveProvider(s: ProviderSettings, transport: Transport): SearchProvider {
  return {
    kind: 'brave',
    async search(query, count) {
      const url = `${s.url ?? ENDPOINT}?${new URLSearchParams({ q: query, count: String(Math.min(20, count * 2)), safesearch: 'moderate', text_decorations: 'false' })}`;
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
