import type { MemberRow, TenantRow } from '../db/schema/index';

export type { MemberRow, TenantRow };

/** What every service receives: the tenant boundary and, when signed in, the acting member. */
export interface TenantContext {
  tenantId: number;
  tenant: TenantRow;
}
export interface MemberContext extends TenantContext {
  member: MemberRow;
}

/** `operator`: the operator API's key, no tenant (decision 040); the route must also be `tenantless`. */
export type AuthLevel = 'none' | 'member' | 'admin' | 'operator';

declare module 'fastify' {
  interface FastifyRequest {
    tenant: TenantRow | null;
    member: MemberRow | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route. Default 'member'. 'none' still resolves the tenant. */
    auth?: AuthLevel;
    /** Skip tenant resolution entirely (docs, health). */
    tenantless?: boolean;
    /** A payload that fails its schema is a 400 `bad_request` instead of a 422 (spec §8: sign-in). */
    malformedIsBadRequest?: boolean;
  }
}
