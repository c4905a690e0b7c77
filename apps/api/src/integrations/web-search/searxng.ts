import { exchange, list, num, str } from './http';
import type { ProviderSettings, SearchProvider, Transport } from './types';

/** SearXNG: `GET {url}/search?q=…&format=json` (the instance must allow the json format). */
export function createSearxngProvider(s: ProviderSettings, transport: Transport): SearchProvider {
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
