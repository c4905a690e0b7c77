import type { FastifyInstance, RouteOptions } from 'fastify';
import type { AuthLevel } from './context';

/** The OpenAPI extension naming who may call an operation (read by the access-matrix test). */
export const ACCESS_EXTENSION = 'x-access';

/** Who may call a route, from its config; `undefined` for an auth level this module does not know. */
export function accessOf(config: RouteOptions['config']): AuthLevel | undefined {
  // The operator API: no tenant, its own key (modules/operator).
  if (config?.auth === 'operator') return config.tenantless ? 'operator' : undefined;
  if (config?.tenantless) return 'none';
  const level: unknown = config?.auth ?? 'member';
  return level === 'none' || level === 'member' || level === 'admin' ? level : undefined;
}

/**
 * Writes each route's access level into its schema, so the OpenAPI document says it: public
 * routes (`auth: 'none'`, `tenantless`) get `security: []` (no token), every route gets
 * `x-access: 'none' | 'member' | 'admin' | 'operator'` (@fastify/swagger copies `x-` keys into the
 * operation); operator routes ask for the `operatorKey` scheme instead of a member's token.
 * A route with an unknown level gets no `x-access`, and the access matrix refuses it.
 * Register before the routes: `onRoute` sees only routes added after it.
 */
export function registerRouteSecurity(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    if (schema.hide) return;
    const access = accessOf(route.config);
    const extra: Record<string, unknown> = {};
    if (access) extra[ACCESS_EXTENSION] = access;
    if (access === 'none' && schema.security === undefined) extra.security = [];
    if (access === 'operator' && schema.security === undefined) extra.security = [{ operatorKey: [] }];
    route.schema = { ...schema, ...extra };
  });
}
