import type { WebSearchProvider } from '@app/contracts/web-search';
import { createBraveProvider } from './brave';
import { createSearxngProvider } from './searxng';
import { createTavilyProvider } from './tavily';
import type { ProviderSettings, SearchProvider, Transport } from './types';

/** One factory per provider `kind` (the operator's `WEB_SEARCH_*` config or a tenant's settings, decision 035). */
const registry: Record<WebSearchProvider, (s: ProviderSettings, transport: Transport) => SearchProvider> = {
  searxng: createSearxngProvider,
  tavily: createTavilyProvider,
  brave: createBraveProvider,
};

/** The provider the settings name, talking through `transport` (trusted for the operator's, guarded for a tenant's). */
export function createProvider(s: ProviderSettings, transport: Transport): SearchProvider {
  return registry[s.kind](s, transport);
}
