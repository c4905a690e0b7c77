import type { AuthResponse } from '@app/contracts/auth';
import { routes } from '@app/contracts/routes.gen';
import type { ErrorBody } from '@app/contracts/common';
import type { ArgsOptional, CallArgs, EndpointDef, EndpointRef, ResponseOf } from '@app/contracts/endpoint';
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
      // An /auth/ path is never retried after a refresh: no loop.
      const body = await api(routes.auth.refresh, { body: {} });
      authStore.setFromAuth(body);
      return body;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

// ---- calls by endpoint (decision 054) --------------------------------------------------------

type ArgsFor<E extends EndpointDef> = ArgsOptional<E> extends true ? [args?: CallArgs<E>] : [args: CallArgs<E>];

/** The endpoint's path with its params filled in, e.g. `/admin/categories/:id/` → `/admin/categories/7/`. */
export function pathOf(ref: EndpointRef, params?: object): string {
  return ref.path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const value = (params as Record<string, unknown> | undefined)?.[key];
    if (value === undefined || value === null || value === '') throw new Error(`${ref.method} ${ref.path}: param ${key} is missing`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Calls an endpoint of the contracts' route table (`@app/contracts/routes.gen`): its params,
 * query and body are typed by the declaration, and so is the answer.
 */
export async function api<E extends EndpointDef>(ref: EndpointRef<E>, ...[args]: ArgsFor<E>): Promise<ResponseOf<E>> {
  const res = await apiFetch(ref, (args ?? {}) as Parameters<typeof apiFetch<E>>[1]);
  // Not re-parsed: the server serialises every answer through the same zod contract, and zod
  // stays out of the initial bundle (decision 007).
  return (res.status === 204 ? undefined : await res.json()) as ResponseOf<E>;
}

/** The endpoint's URL (with `/api`), for a link, an image or a download the browser fetches itself. */
export function apiUrl<E extends EndpointDef>(ref: EndpointRef<E>, args?: { params?: CallArgs<E>['params']; query?: CallArgs<E>['query'] }): string {
  return buildUrl(pathOf(ref, args?.params as object | undefined), args?.query as Query | undefined);
}

/**
 * The raw `Response` of an endpoint whose answer is not JSON (an event stream, a file) or whose
 * body is not JSON (a multipart upload: pass `form`). Sends the tenant and token headers and
 * retries once after refreshing an expired token; a non-2xx answer throws `ApiError`.
 * `anonymous`: no token and no refresh (a visitor's request in a browser signed in elsewhere).
 */
export async function apiFetch<E extends EndpointDef>(
  ref: EndpointRef<E>,
  args: Omit<CallArgs<E>, 'body'> & { body?: CallArgs<E>['body']; form?: FormData; headers?: Record<string, string>; anonymous?: boolean } = {} as never,
): Promise<Response> {
  const a = args as { params?: object; query?: Query; body?: unknown; form?: FormData; signal?: AbortSignal; headers?: Record<string, string>; anonymous?: boolean };
  const url = buildUrl(pathOf(ref, a.params), a.query);
  const headers = { ...apiHeaders(a.body !== undefined), ...a.headers };
  if (a.anonymous) delete headers['x-access-token'];
  const send = () =>
    fetch(url, {
      method: ref.method,
      headers,
      body: a.form ?? (a.body === undefined ? undefined : JSON.stringify(a.body)),
      signal: a.signal,
      credentials: 'same-origin',
    });
  let res = await send();
  if (res.status === 401 && !a.anonymous && authStore.get().accessToken && !ref.path.startsWith('/auth/')) {
    await refreshSession();
    headers['x-access-token'] = authStore.get().accessToken ?? '';
    res = await send();
  }
  if (!res.ok) throw await toApiError(res);
  return res;
}
