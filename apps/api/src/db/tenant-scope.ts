import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose rows the database shows the statements of the current async context (the second wall,
 * docs/decisions/028). The app's connections run as the non-owner role `chat_app`, on which every
 * tenant table has a row-level policy comparing `tenant_id` with the transaction's
 * `app.tenant_id` setting:
 * - inside `withTenant(id, …)` each statement (or transaction) first sets `app.tenant_id` for its
 *   transaction: a query that forgets its tenant filter sees only that tenant's rows;
 * - outside any scope nothing sets it: every tenant table looks empty;
 * - `asOwner(…)` switches the transaction back to the connecting (owner) role: start-up
 *   maintenance and the jobs that serve every tenant (the task queue's claim) use it, by name.
 * A request enters its tenant's scope as soon as the tenant is resolved (platform/request-context.ts).
 * Mind that drizzle's query builders run when awaited, not when built: `withTenant(id, () =>
 * db.select()…)` returns a query that runs in the scope of whoever awaits it; write
 * `withTenant(id, async () => await db.select()…)`.
 */
export type Scope = { kind: 'tenant'; tenantId: number; audit?: AuditActor } | { kind: 'owner' };
/** An admin's request: its changes to audited tables are recorded with who and what (migration 0015). */
export interface AuditActor {
  memberId: number;
  /** The route, e.g. `PATCH /api/admin/members/:id/`. */
  action: string;
}

const storage = new AsyncLocalStorage<Scope>();
const OWNER: Scope = { kind: 'owner' };

export function withTenant<T>(tenantId: number, fn: () => T, audit?: AuditActor): T {
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`invalid tenant id ${tenantId}`);
  return storage.run(audit ? { kind: 'tenant', tenantId, audit } : { kind: 'tenant', tenantId }, fn);
}

export function asOwner<T>(fn: () => T): T {
  return storage.run(OWNER, fn);
}

export function currentScope(): Scope | undefined {
  return storage.getStore();
}

/** The role the app's connections take; created by migration 0014 with its grants and policies. */
export const APP_ROLE = 'chat_app';

/** The statement (prepared once per connection under `name`) that opens a scope inside a transaction, and its parameters. */
export function scopeStatement(scope: Scope): { name: string; sql: string; params: string[] } {
  if (scope.kind === 'owner') {
    // Back to the connecting (owner) role until the transaction ends.
    return { name: 'scope_owner', sql: "select set_config('role', $1, true)", params: ['none'] };
  }
  if (scope.audit) {
    return {
      name: 'scope_admin',
      sql: "select set_config('app.tenant_id', $1, true), set_config('app.actor_id', $2, true), set_config('app.action', $3, true)",
      params: [String(scope.tenantId), String(scope.audit.memberId), scope.audit.action],
    };
  }
  return { name: 'scope_tenant', sql: "select set_config('app.tenant_id', $1, true)", params: [String(scope.tenantId)] };
}
