import type { CreditCheck, Usage } from '@app/contracts/credits';
import type { MemberGroupUsage } from '@app/contracts/member-groups';
import type { Executor, WritePart } from '../../db/client';
import type { MemberContext } from '../../platform/context';
import { findTenantBillingDay } from '../tenants/tenants.readonly';
import type { ChargedTotals, UsageCharge } from './credits.repo';
import { periodStart } from './credits.rules';
import { type CreditGrantRow, insertGrant, type NewGrant } from './grants.repo';
import { type BudgetScope, createLocalHolds } from './reservations';
import { createUsageCache } from './usage-cache';
import { admit, chargePart, settle } from './credits.charges';
import { creditCheck, grantUsage, groupUsage, memberUsage } from './credits.reports';

export type { BudgetScope, ChargedTotals, CreditGrantRow, NewGrant, UsageCharge };
export { releaseAbandonedReservations } from './reservations';
export { statusFrom, toCreditCheck } from './credits.budget';
export type { Admission, CreditsServiceDeps, CreditsState, GroupQuotas, OwnRecordLookup } from './credits.types';
import type { Admission, CreditsServiceDeps, CreditsState } from './credits.types';

function invalidate(s: CreditsState, tenantId: number): void {
  s.usage.invalidate(tenantId);
  s.groupQuotas.clearTenant(tenantId);
  s.grants.clearTenant(tenantId);
}

/**
 * Gives a member credits for a window (a plan's month, a purchase, an admin's grant) with its
 * ledger row. Inside a caller's transaction when `tx` is given: then call `invalidate(tenantId)`
 * once it has committed (before that, a check could read and keep the old figures).
 */
async function grant(s: CreditsState, tenantId: number, g: NewGrant, tx?: Executor): Promise<CreditGrantRow> {
  // Through the caller's transaction when there is one: a second connection could wait on it (PGlite has one).
  const on = tx ?? s.db;
  const billingDay = await findTenantBillingDay(on, tenantId);
  const row = await insertGrant(on, tenantId, g, periodStart(new Date(), billingDay ?? 1));
  if (!tx) invalidate(s, tenantId);
  return row;
}

/**
 * Credits own the ledger, the period totals and the budget rule (spec §4, §6; decision 031).
 * Before an answer chat calls `admit`, which reserves the estimated cost against the member's,
 * group's and tenant's remaining credit; after it `chargePart` (with the answer's other writes) and
 * `settle`. The figures come from per-process caches, so admission reads nothing from the database
 * while they hold:
 * - group quotas and a member's grants are cached like the other hot rows and dropped by triggers;
 * - used credits come from the usage cache (usage-cache.ts), which every charge of this process
 *   updates, which refreshes figures older than a second on a PostgreSQL server (other instances
 *   charge too), and which `invalidate` — or any invalidation of the tenant's cached rows —
 *   empties for a tenant;
 * - on the embedded database the process's holds complete the picture; on a server the database's
 *   `credit_reserve` decides, after the provider request has left (chat.open.ts).
 * The operations live in credits.charges.ts, credits.reports.ts and credits.budget.ts.
 */
export function createCreditsService(deps: CreditsServiceDeps) {
  const { database, caches } = deps;
  // One process owns an embedded database, so its own charges keep the figures exact; with a
  // server other instances charge too, and a figure older than a second is refreshed.
  const embedded = database.kind === 'pglite';
  const s: CreditsState = {
    ...deps,
    db: database.db,
    groupQuotas: caches.scoped<{ memberUnits: bigint; poolUnits: bigint | null }>(),
    grants: caches.scoped<{ units: bigint }>(),
    usage: createUsageCache(database, { maxAgeMs: embedded ? Number.POSITIVE_INFINITY : 1000 }),
    holds: createLocalHolds(),
    embedded,
  };
  caches.onInvalidate((tenantId) => s.usage.invalidate(tenantId));

  return {
    admit: (ctx: MemberContext, model: { isLowLlm: boolean }, estimateUnits: bigint): Promise<Admission> => admit(s, ctx, model, estimateUnits),
    chargePart: (tenantId: number, period: string, charges: UsageCharge[]): WritePart<Array<ChargedTotals | Error>> => chargePart(tenantId, period, charges),
    settle: (tenantId: number, memberId: number, admission: Admission, period: string, totals: ChargedTotals): { remainingUnits: bigint } => settle(s, tenantId, memberId, admission, period, totals),
    grant: (tenantId: number, g: NewGrant, tx?: Executor): Promise<CreditGrantRow> => grant(s, tenantId, g, tx),
    /** Something changed a tenant's figures outside a charge (an adjustment, a purchase): read them anew. */
    invalidate: (tenantId: number): void => invalidate(s, tenantId),
    grantUsage: (ctx: MemberContext, entries: ReadonlyArray<Pick<CreditGrantRow, 'id' | 'usageStartDate' | 'usageEndDate'>>, at?: Date): Promise<Map<number, number>> => grantUsage(s, ctx, entries, at),
    groupUsage: (ctx: MemberContext, at?: Date): Promise<MemberGroupUsage> => groupUsage(s, ctx, at),
    creditCheck: (ctx: MemberContext, memberId: number): Promise<CreditCheck> => creditCheck(s, ctx, memberId),
    usage: (ctx: MemberContext, memberId: number, at?: Date): Promise<Usage> => memberUsage(s, ctx, memberId, at),
  };
}
export type CreditsService = ReturnType<typeof createCreditsService>;
