import type { AuthResponse } from '@app/contracts/auth';
import type { ErrorBody } from '@app/contracts/common';
import { authStore } from './auth-store';
import { currentTenant } from './tenant';

export const API_BASE = '/api';

/** Any non-2xx answer. `status` drives the §8 message map; `code` refines it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export function buildUrl(path: string, query?: Query): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return `${API_BASE}${path}${s ? `?${s}` : ''}`;
}

export function apiHeaders(json: boolean): Record<string, string> {
  const h: Record<string, string> = {};
  if (json) h['content-type'] = 'application/json';
  const tenant = currentTenant();
  if (tenant) h['x-tenant-subdomain'] = tenant;
  const token = authStore.get().accessToken;
  if (token) h['x-access-token'] = token;
  return h;
}

export async function toApiError(res: Response): Promise<ApiError> {
  let body: Partial<ErrorBody> = {};
  try {
    body = (await res.json()) as ErrorBody;
  } catch {
    /* not JSON: keep the status */
  }
  return new ApiError(res.status, body.error?.code ?? 'unknown', body.error?.message ?? res.statusText, body.error?.details);
}

let refreshing: Promise<AuthResponse> | null = null;

/**
 * Exchanges the refresh cookie for a new access token. Concurrent callers share one request:
 * refresh tokens rotate, and a second use of the same one would end the session.
 */
export function refreshSession(): Promise<AuthResponse> {
  refreshing ??= (async () => {
    try {
      const res = await fetch(buildUrl('/auth/refresh/'), { method: 'POST', headers: apiHeaders(true), body: '{}', credentials: 'same-origin' });
      if (!res.ok) throw await toApiError(res);
      const body = (await res.json()) as AuthResponse;
      authStore.setFromAuth(body);
      return body;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Sends with the tenant and token headers; retries once after refreshing an expired token.
 * `T` is the contract's inferred response type. Responses are not re-parsed here: the server
 * serialises every response through the same zod contract, and zod stays out of the initial
 * bundle (decision 007).
 */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const send = () =>
    fetch(buildUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers: apiHeaders(opts.body !== undefined),
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
      credentials: 'same-origin',
    });
  let res = await send();
  if (res.status === 401 && authStore.get().accessToken && !path.startsWith('/auth/')) {
    await refreshSession();
    res = await send();
  }
  if (!res.ok) throw await toApiError(res);
  return (res.status === 204 ? undefined : await res.json()) as T;
}
