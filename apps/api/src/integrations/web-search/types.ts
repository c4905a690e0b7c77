import type { WebSearchProvider } from '@app/contracts/web-search';

/** A result as a provider gives it, before ranking. */
export interface RawResult {
  title: string;
  url: string;
  snippet: string;
  /** The provider's own relevance (Tavily, SearXNG), when it gives one. */
  score?: number;
  /** Page text the provider already extracted (Tavily's raw content). */
  content?: string;
}

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
