import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withTenant } from '../db/tenant-scope';
import { type CacheHub, TENANTLESS } from './cache';
import type { MemberContext, MemberRow, TenantContext, TenantRow } from './context';
import { AppError } from './errors';
import type { TokenService } from './tokens';

export const TENANT_HEADER = 'x-tenant-subdomain';
export const ACCESS_HEADER = 'x-access-token';

/** How the request context finds its rows; `app.ts` passes the tenants' and members' services. */
export interface ContextLoaders {
  tenantBySubdomain(subdomain: string): Promise<TenantRow | undefined>;
  memberById(tenantId: number, id: number): Promise<MemberRow | undefined>;
  /** The tenant's sessions ended within an access token's life (sign-out): their tokens are refused. */
  endedSessions(tenantId: number): Promise<{ ids: ReadonlySet<string> }>;
}

/**
 * Resolves the tenant (header, else the default tenant) and the member behind the access token.
 * Both rows come from the invalidated caches (platform/cache.ts): deactivation, demotion or a
 * password change still takes effect on the next request, with no query on the hot path.
 */
export function registerRequestContext(app: FastifyInstance, deps: { loaders: ContextLoaders; tokens: TokenService; defaultTenant: string; caches: CacheHub }) {
  const tenants = deps.caches.scoped<TenantRow>(10_000);
  const members = deps.caches.scoped<MemberRow>();
  const tenantFor = (subdomain: string) => deps.caches.through(tenants, TENANTLESS, subdomain, () => deps.loaders.tenantBySubdomain(subdomain));
  const memberFor = (tenantId: number, id: number) => deps.caches.through(members, tenantId, String(id), () => deps.loaders.memberById(tenantId, id));
  // One set per tenant, dropped with the tenant's other rows when a session ends (the revocation's NOTIFY).
  const ended = deps.caches.scoped<{ ids: ReadonlySet<string> }>(10_000);
  const endedFor = (tenantId: number) => deps.caches.through(ended, tenantId, 'ended', () => deps.loaders.endedSessions(tenantId));

  app.decorateRequest('tenant', null);
  app.decorateRequest('member', null);

  async function resolve(req: FastifyRequest): Promise<void> {
    const config = req.routeOptions.config;
    const url = req.routeOptions.url;
    if (config.tenantless || !url?.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const header = req.headers[TENANT_HEADER];
    const subdomain = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() || deps.defaultTenant;
    const tenant = await tenantFor(subdomain);
    if (!tenant) throw new AppError('tenant_not_found', `Unknown tenant "${subdomain}"`);
    // A tenant the operator disabled (decision 040): every path of it, public ones and sign-in included.
    if (tenant.disabledAt) throw new AppError('not_eligible', 'This organisation is disabled; contact the service operator');
    req.tenant = tenant;

    const level = config.auth ?? 'member';
    if (level === 'none') return;
    const raw = req.headers[ACCESS_HEADER];
    const token = Array.isArray(raw) ? raw[0] : raw;
    if (!token) throw new AppError('unauthorized');
    const claims = await deps.tokens.verifyAccess(token);
    // A token is valid only for its own tenant.
    if (claims.tenantId !== tenant.id) throw new AppError('unauthorized');
    const [member, endedSessions] = await withTenant(tenant.id, () => Promise.all([memberFor(tenant.id, claims.memberId), claims.sessionId ? endedFor(tenant.id) : undefined]));
    if (!member || member.tokenVersion !== claims.tokenVersion) throw new AppError('token_expired');
    if (member.memberStatus !== 'active') throw new AppError('account_deactivated');
    // Signed out: the session's access tokens end with it, not when they expire.
    if (claims.sessionId && endedSessions?.ids.has(claims.sessionId)) throw new AppError('token_expired');
    if (level === 'admin' && !member.isAdmin) {
      throw new AppError('admin_required');
    }
    req.member = member;
  }

  // Who calls is settled first, from the headers alone: a caller without the token or the role a
  // route needs is refused before its body is read or validated (no field details for them).
  app.addHook('onRequest', (req, _reply, done) => {
    resolve(req).then(() => done(), done);
  });
  // Everything after validation (route hooks, the handler, streams it starts) runs in the tenant's
  // scope: the database shows that tenant's rows only (row-level security, db/tenant-scope.ts).
  // Entered here, not above: reading the body continues in the socket's async context, not ours.
  // An admin route's changes to audited tables are recorded with the admin and the route, in the
  // same transaction as the change (the audit triggers of migration 0015).
  app.addHook('preHandler', (req, _reply, done) => {
    if (!req.tenant) return done();
    const audit = req.member && req.routeOptions.config.auth === 'admin' ? { memberId: req.member.id, action: `${req.method} ${req.routeOptions.url}` } : undefined;
    withTenant(req.tenant.id, done, audit);
  });
}

export function tenantCtx(req: FastifyRequest): TenantContext {
  if (!req.tenant) throw new AppError('internal_error', 'Tenant not resolved');
  return { tenantId: req.tenant.id, tenant: req.tenant };
}

export function memberCtx(req: FastifyRequest): MemberContext {
  if (!req.tenant || !req.member) throw new AppError('unauthorized');
  return { tenantId: req.tenant.id, tenant: req.tenant, member: req.member };
}
