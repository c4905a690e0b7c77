import type { z } from 'zod';

/**
 * An endpoint as the contract declares it (decision 054): method, path, who may call it, its
 * params, query and body, its success response and the error statuses it may answer. The API
 * registers its Fastify routes from these tables (`platform/endpoints.ts`), the OpenAPI document
 * follows from the routes, and the web's client is typed from them through the generated,
 * zod-free route table (`routes.gen.ts`), so no path or response type is written twice.
 */
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** `operator`: the operator API's key, no tenant (decision 040); such endpoints are also `tenantless`. */
export type EndpointAuth = 'none' | 'member' | 'admin' | 'operator';

/** The statuses of the spec's catalogue (§8) an endpoint may answer with an error body. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 423 | 424 | 428 | 429 | 500 | 502 | 503;

export type SuccessStatus = 200 | 201 | 202 | 204;

export interface EndpointDef {
  method: Method;
  /** Fastify's form, relative to `/api`: `/admin/categories/:id/`. */
  path: `/${string}`;
  /** Who may call it; `member` when absent. */
  auth?: EndpointAuth;
  /** Skip tenant resolution (docs, health, the operator API). */
  tenantless?: boolean;
  /** A payload that fails its schema is a 400 `bad_request` instead of a 422 (spec §8: sign-in). */
  malformedIsBadRequest?: boolean;
  /** OpenAPI tags. */
  tags: readonly string[];
  summary?: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body. A multipart upload leaves this out and says `multipart: true`. */
  body?: z.ZodType;
  multipart?: boolean;
  /** The success status; 200 when absent. */
  status?: SuccessStatus;
  /**
   * The success body. `null` for an answer that is not JSON (an event stream, a file, a
   * redirect): the handler writes it itself and the client reads it with `apiFetch`.
   */
  response: z.ZodType | null;
  /** Further success statuses with a body of their own (a 204 beside a stream). */
  alsoAnswers?: Partial<Record<SuccessStatus | 301 | 302 | 303, z.ZodType>>;
  errors: readonly ErrorStatus[];
}

/**
 * Declares a contract file's endpoints; the generator (`routes-gen.ts`) finds every such table.
 * `base`: where the paths are served — `/api` (the web's API, in its route table) unless said
 * otherwise; the developer API's `/v1` is for outside clients and stays out of the web's table.
 */
// Free of side effects (a new object, no mutation), so a bundle that imports a contract file for a
// constant drops the table, and with it zod (decision 007).
/*#__NO_SIDE_EFFECTS__*/
export function defineEndpoints<const T extends Record<string, EndpointDef>>(table: T, opts: { base?: '/api' | '/v1' } = {}): T {
  return { ...table, [ENDPOINT_TABLE]: opts.base ?? '/api' };
}

export const ENDPOINT_TABLE = Symbol.for('app.endpointTable');

export function isEndpointTable(v: unknown): v is Record<string, EndpointDef> {
  return typeof v === 'object' && v !== null && typeof (v as Record<symbol, unknown>)[ENDPOINT_TABLE] === 'string';
}

/** Where a table's paths are served (`/api` or `/v1`). */
export const baseOf = (table: Record<string, EndpointDef>) => (table as unknown as Record<symbol, string>)[ENDPOINT_TABLE] ?? '/api';

// ---- what a client sees of an endpoint -------------------------------------------------------

type Input<S> = S extends z.ZodType ? z.input<S> : never;
type Output<S> = S extends z.ZodType ? z.output<S> : never;

/** The success body a client receives. */
export type ResponseOf<E extends EndpointDef> = E['response'] extends z.ZodType ? Output<E['response']> : Response;
export type ParamsOf<E extends EndpointDef> = Input<E['params']>;
export type QueryOf<E extends EndpointDef> = Input<E['query']>;
export type BodyOf<E extends EndpointDef> = Input<E['body']>;

/** What a call passes: params when the path has any, query when it takes one, body when it takes one. */
export type CallArgs<E extends EndpointDef> = (E['params'] extends z.ZodType ? { params: ParamsOf<E> } : { params?: never }) &
  (E['query'] extends z.ZodType ? { query?: QueryOf<E> } : { query?: never }) &
  (E['body'] extends z.ZodType ? { body: BodyOf<E> } : { body?: never }) & { signal?: AbortSignal };

/** Whether a call may leave its argument out (no params, no body). */
export type ArgsOptional<E extends EndpointDef> = E['params'] extends z.ZodType ? false : E['body'] extends z.ZodType ? false : true;

/** An endpoint as the web holds it at run time: method and path, typed by the contract's declaration. */
export interface EndpointRef<E extends EndpointDef = EndpointDef> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** Phantom: carries the declaration's types, never present at run time. */
  readonly __endpoint?: E;
}

export type RefsOf<T extends Record<string, EndpointDef>> = { readonly [K in keyof T]: EndpointRef<T[K]> };
