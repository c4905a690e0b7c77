import type { WebSearchProvider } from '@app/contracts/web-search';
import { ProviderFailure, type Transport } from './types';

export const str = (v: unknown) => (typeof v === 'string' ? v : '');
export const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** One request to a provider: its JSON object, or a `ProviderFailure`. */
export async function exchange(provider: WebSearchProvider, transport: Transport, url: string, init: Parameters<Transport>[1]): Promise<Record<string, unknown>> {
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

/** The objects of a JSON array (anything else: none). */
export const list = (v: unknown): Array<Record<string, unknown>> => (Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object') : []);
