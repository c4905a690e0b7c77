import { baseUrlOf } from '../chat-client';
import type { TestApp, TestTenant } from '../test-app';

export interface HttpResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * A call over real HTTP: `inject` does not finish an event stream (the chat answers one), and the
 * matrix calls every route the same way. Tenant header and token as in `TestApp.call`.
 */
export async function send(t: TestApp, tenant: TestTenant, token: string | null, opts: { method: string; url: string; payload?: unknown }): Promise<HttpResponse> {
  const base = await baseUrlOf(t);
  await t.settle();
  const headers: Record<string, string> = { 'x-tenant-subdomain': tenant.subdomain };
  if (token) headers['x-access-token'] = token;
  if (opts.payload !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + opts.url, { method: opts.method, headers, body: opts.payload === undefined ? undefined : JSON.stringify(opts.payload) });
  const body = await res.text();
  return { statusCode: res.status, headers: Object.fromEntries(res.headers), body, json: () => JSON.parse(body) };
}
