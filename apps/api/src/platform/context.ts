import type { MemberRow } from '../modules/members/members.repo';

export interface TenantRow {
  id: number;
  subdomain: string;
  koName: string;
  enName: string;
  logoUrl: string | null;
  creditQuotaUnits: bigint | null;
}

/** What every service receives: the tenant boundary and, when signed in, the acting member. */
export interface TenantContext {
  tenantId: number;
  tenant: TenantRow;
}
export interface MemberContext extends TenantContext {
  member: MemberRow;
}

export type AuthLevel = 'none' | 'member' | 'admin';

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
    /** Status for a payload that fails its schema. Default 422 (spec §8); sign-in uses 400. */
    validationStatus?: number;
  }
}
