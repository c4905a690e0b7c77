import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import type { z } from 'zod';
import { errorBody } from '@app/contracts/common';
import type { EndpointDef } from '@app/contracts/endpoint';

/**
 * Registers Fastify routes from a contract's endpoint table (decision 054). The route's schema —
 * params, querystring, body, the success response and an error body for each declared error
 * status — and its access config come from the declaration, so the OpenAPI document, the access
 * matrix and the fuzzer see exactly what the web's client is typed from. The table's type makes
 * every endpoint need a handler, and each handler's request and return types follow from it.
 */
type Out<S> = S extends z.ZodType ? z.output<S> : unknown;
type Success<E extends EndpointDef> = E['response'] extends z.ZodType ? z.input<E['response']> : unknown;

export type EndpointRequest<E extends EndpointDef> = FastifyRequest<{ Params: Out<E['params']>; Querystring: Out<E['query']>; Body: Out<E['body']> }>;

/** Returns the success body (sent with the declared status), or the reply when it answered itself. */
export type EndpointHandler<E extends EndpointDef> = (req: EndpointRequest<E>, reply: FastifyReply) => Success<E> | FastifyReply | Promise<Success<E> | FastifyReply | void>;

/** A handler with the route options that are about this server, not the contract. */
export interface EndpointImpl<E extends EndpointDef> {
  handler: EndpointHandler<E>;
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  onRequest?: onRequestHookHandler | onRequestHookHandler[];
  bodyLimit?: number;
  /** Left out of the OpenAPI document. */
  hide?: boolean;
}

export type Implementation<T extends Record<string, EndpointDef>> = { [K in keyof T]: EndpointHandler<T[K]> | EndpointImpl<T[K]> };

/** The Fastify schema of a declaration (exported for tests). */
export function routeSchema(def: EndpointDef, hide = false) {
  const response: Record<number, z.ZodType> = {};
  if (def.response) response[def.status ?? 200] = def.response;
  for (const [status, body] of Object.entries(def.alsoAnswers ?? {})) if (body) response[Number(status)] = body;
  for (const status of def.errors) response[status] = errorBody;
  return {
    tags: [...def.tags],
    ...(def.summary ? { summary: def.summary } : {}),
    ...(def.description ? { description: def.description } : {}),
    ...(def.params ? { params: def.params } : {}),
    ...(def.query ? { querystring: def.query } : {}),
    ...(def.body ? { body: def.body } : {}),
    ...(hide ? { hide: true } : {}),
    // No declared answer (a redirect or a file with no error statuses): OpenAPI's default 200.
    ...(Object.keys(response).length ? { response } : {}),
  };
}

export function implement<T extends Record<string, EndpointDef>>(app: FastifyInstance, table: T, impl: Implementation<T>): void {
  for (const [name, def] of Object.entries(table)) {
    const given = (impl as Record<string, EndpointHandler<EndpointDef> | EndpointImpl<EndpointDef> | undefined>)[name];
    if (!given) throw new Error(`endpoint ${name} (${def.method} ${def.path}) has no handler`);
    const { handler, ...options }: EndpointImpl<EndpointDef> = typeof given === 'function' ? { handler: given } : given;
    const status = def.status ?? 200;
    const handle = handler as (req: FastifyRequest, reply: FastifyReply) => unknown;
    app.route({
      method: def.method,
      url: def.path,
      schema: routeSchema(def, options.hide),
      config: { auth: def.auth ?? 'member', ...(def.tenantless ? { tenantless: true } : {}), ...(def.malformedIsBadRequest ? { malformedIsBadRequest: true } : {}) },
      ...(options.preHandler ? { preHandler: options.preHandler } : {}),
      ...(options.onRequest ? { onRequest: options.onRequest } : {}),
      ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
      handler:
        status === 200
          ? handle
          : (req, reply) => {
              reply.code(status);
              return handle(req, reply);
            },
    });
  }
}
