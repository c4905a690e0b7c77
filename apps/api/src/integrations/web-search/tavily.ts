import { exchange, list, num, str } from './http';
import type { ProviderSettings, SearchProvider, Transport } from './types';

const ENDPOINT = 'https://api.tavily.com/search';

/** Tavily: `POST https://api.tavily.com/search` with a bearer key; results carry a score and content. */
export function createTavilyProvider(s: ProviderSettings, transport: Transport): SearchProvider {
  return {
    kind: 'tavily',
    async search(query, count) {
      const json = await exchange('tavily', transport, s.url ?? ENDPOINT, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${s.apiKey ?? ''}` },
        body: JSON.stringify({ query, max_results: Math.min(20, count * 2), search_depth: 'basic', include_answer: false, include_images: false, include_raw_content: false }),
      });
      return list(json.results).map((r) => ({ title: str(r.title), url: str(r.url), snippet: str(r.content), score: num(r.score) }));
    },
  };
}
