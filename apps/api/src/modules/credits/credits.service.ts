import type { CreditCheck, Usage } from '@app/contracts/credits';
import type { MemberGroupUsage } from '@app/contracts/member-groups';
import type { Database, Executor, WritePart } from '../../db/client';
import type { CacheHub } from '../../platform/cache';
import type { MemberContext, MemberRow, TenantRow } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { type ChargedTotals, chargeUsagePart, type CreditFigures, findCreditFigures, findGroupMemberQuota, findMemberUsage, type UsageCharge, usageByGroup, usageByModel } from './credits.repo';
import { type CreditStatus, isDepleted, periodEnd, periodStart, unitsToDisplay } from './credits.rules';
import { activeGrantUnits, type CreditGrantRow, insertGrant, type NewGrant } from './grants.repo';
import { createUsageCache } from './usage-cache';

export type { ChargedTotals, CreditGrantRow, NewGrant, UsageCharge };

type MemberQuotaFields = Pick<MemberRow, 'id' | 'customCreditLimitUnits' | 'defaultMemberGroupId'>;

/** Monthly quota is the member's custom limit, else the default group's member quota (spec §6). */
export function statusFrom(tenant: Pick<TenantRow, 'creditQuotaUnits'>, member: MemberQuotaFields, f: CreditFigures): CreditStatus {
  const quotaUnits = member.customCreditLimitUnits ?? f.groupQuotaUnits;
  return {
    quotaUnits,
    usedUnits: f.usedUnits,
    remainingUnits: quotaUnits - f.usedUnits,
    tenantRemainingUnits: tenant.creditQuotaUnits === null ? null : tenant.creditQuotaUnits - f.tenantUsedUnits,
  };
}

export function toCreditCheck(s: CreditStatus): CreditCheck {
  return {
    remaining_credit: unitsToDisplay(s.remainingUnits),
    quota: unitsToDisplay(s.quotaUnits),
    used_credit: unitsToDisplay(s.usedUnits),
    tenant: { remaining_credit: s.tenantRemainingUnits === null ? null : unitsToDisplay(s.tenantRemainingUnits) },
  };
}

/** What the credits module needs of the members module: the caller's own record (or 404 / 403), the tenant's groups. */
export interface OwnRecordLookup {
  ownRecord(ctx: MemberContext, id: number): Promise<MemberRow>;
}
export interface GroupQuotas {
  all(tenantId: number): Promise<Array<{ id: number; koName: string; enName: string; creditQuotaUnits: bigint | null }>>;
}

/**
 * Credits own the ledger, the monthly totals and the figures of the depletion rule (spec §4).
 * Chat asks `check` before an answer and `charge` after it; both work on per-process figures, so a
 * chat reads nothing from the database for its credits while the caches hold:
 * - group quotas are cached like the other hot rows and dropped by the groups' trigger;
 * - used credits come from the usage cache (usage-cache.ts), which every charge of this process
 *   updates, which refreshes figures older than a second on a PostgreSQL server (other instances
 *   charge too), and which `invalidate` — or any invalidation of the tenant's cached rows —
 *   empties for a tenant.
 */
export function createCreditsService(database: Database, caches: CacheHub, members: OwnRecordLookup, groups: GroupQuotas) {
  const { db } = database;
  const groupQuotas = caches.scoped<{ units: bigint }>();
  // One process owns an embedded database, so its own charges keep the figures exact; with a
  // server other instances charge too, and a figure older than a second is refreshed.
  const usage = createUsageCache(database, { maxAgeMs: database.kind === 'pglite' ? Number.POSITIVE_INFINITY : 1000 });
  caches.onInvalidate((tenantId) => usage.invalidate(tenantId));

  async function groupQuota(tenantId: number, groupId: number | null): Promise<bigint> {
    if (groupId === null) return 0n;
    const hit = await caches.through(groupQuotas, tenantId, String(groupId), async () => ({ units: await findGroupMemberQuota(db, tenantId, groupId) }));
    return hit!.units;
  }

  /** The member's figures this month from the per-process caches. */
  async function currentStatus(ctx: MemberContext, period: string): Promise<CreditStatus> {
    const { member } = ctx;
    const [groupQuotaUnits, used] = await Promise.all([
      member.customCreditLimitUnits === null ? groupQuota(ctx.tenantId, member.defaultMemberGroupId) : Promise.resolve(0n),
      usage.figures(ctx.tenantId, member.id, member.defaultMemberGroupId, period),
    ]);
    return statusFrom(ctx.tenant, member, { groupQuotaUnits, ...used });
  }

  /** The figures straight from the database, for the member's own pages. */
  async function freshStatus(tenant: TenantRow, member: MemberQuotaFields, at = new Date()): Promise<CreditStatus> {
    return statusFrom(tenant, member, await findCreditFigures(db, tenant.id, member.id, member.defaultMemberGroupId, periodStart(at)));
  }

  return {
    /**
     * Before an answer: the member's status, or `credits_depleted` (402) when they are depleted and
     * the model is not a low-cost one (those stay usable, spec §4).
     */
    async check(ctx: MemberContext, model: { isLowLlm: boolean }): Promise<CreditStatus> {
      const status = await currentStatus(ctx, periodStart());
      if (isDepleted(status) && !model.isLowLlm) {
        throw new AppError('credits_depleted', undefined, {
          member_remaining_credit: unitsToDisplay(status.remainingUnits),
          tenant_remaining_credit: status.tenantRemainingUnits === null ? null : unitsToDisplay(status.tenantRemainingUnits),
        });
      }
      return status;
    },

    /**
     * After answers: the credits' share of closing them — their usage rows appended to the ledger
     * and the monthly totals moved, in one statement for a batch of one tenant and month — which
     * chat runs with the answers' other writes as one unit (decision 020). Its rows read as each
     * charge's totals, or an Error for one whose total is missing (never retried: it committed).
     */
    chargePart(tenantId: number, period: string, charges: UsageCharge[]): WritePart<Array<ChargedTotals | Error>> {
      return chargeUsagePart(tenantId, period, charges);
    },

    /** A charge committed: keep its totals for the next check; the member's remaining credits against `quotaUnits`. */
    settle(tenantId: number, memberId: number, period: string, quotaUnits: bigint, totals: ChargedTotals): { remainingUnits: bigint } {
      usage.record(tenantId, memberId, period, totals);
      return { remainingUnits: quotaUnits - totals.memberUsedUnits };
    },

    /**
     * Gives a member credits for a window (a plan's month, a purchase, an admin's grant) with its
     * ledger row. Inside a caller's transaction when `tx` is given: then call `invalidate(tenantId)`
     * once it has committed (before that, a check could read and keep the old figures).
     */
    async grant(tenantId: number, g: NewGrant, tx?: Executor): Promise<CreditGrantRow> {
      const row = await insertGrant(tx ?? db, tenantId, g, periodStart());
      if (!tx) this.invalidate(tenantId);
      return row;
    },

    /** Something changed a tenant's figures outside a charge (an adjustment, a purchase): read them anew. */
    invalidate(tenantId: number): void {
      usage.invalidate(tenantId);
      groupQuotas.clearTenant(tenantId);
    },

    /** The console's usage per group this month (spec §7 `GET /admin/member-groups/usage/`). */
    async groupUsage(ctx: MemberContext, at = new Date()): Promise<MemberGroupUsage> {
      const period = periodStart(at);
      const [all, used] = await Promise.all([groups.all(ctx.tenantId), usageByGroup(db, ctx.tenantId, period)]);
      const byGroup = new Map(used.map((u) => [u.memberGroupId, u]));
      return {
        period_start: period,
        period_end: periodEnd(at),
        items: all.map((g) => ({
          member_group_id: g.id,
          ko_name: g.koName,
          en_name: g.enName,
          credit_quota: g.creditQuotaUnits === null ? null : unitsToDisplay(g.creditQuotaUnits),
          used_credit: unitsToDisplay(BigInt(byGroup.get(g.id)?.units ?? 0)),
          message_count: byGroup.get(g.id)?.messageCount ?? 0,
        })),
      };
    },

    async creditCheck(ctx: MemberContext, memberId: number): Promise<CreditCheck> {
      const member = await members.ownRecord(ctx, memberId);
      return toCreditCheck(await freshStatus(ctx.tenant, member));
    },

    async usage(ctx: MemberContext, memberId: number, at = new Date()): Promise<Usage> {
      const member = await members.ownRecord(ctx, memberId);
      const period = periodStart(at);
      const [status, totals, byModel] = await Promise.all([
        freshStatus(ctx.tenant, member, at),
        findMemberUsage(db, ctx.tenantId, member.id, period),
        usageByModel(db, ctx.tenantId, member.id, period),
      ]);
      return {
        period_start: period,
        period_end: periodEnd(at),
        quota: unitsToDisplay(status.quotaUnits),
        used_credit: unitsToDisplay(status.usedUnits),
        remaining_credit: unitsToDisplay(status.remainingUnits),
        message_count: totals.messageCount,
        input_tokens: Number(totals.inputTokens),
        output_tokens: Number(totals.outputTokens),
        by_model: byModel.map((r) => ({
          llm_model_id: r.llmModelId ?? 0,
          display_name: r.displayName,
          message_count: r.messageCount,
          input_tokens: r.inputTokens,
          output_tokens: r.outputTokens,
          used_credit: unitsToDisplay(BigInt(r.units)),
        })),
      };
    },
  };
}
export type CreditsService = ReturnType<typeof createCreditsService>;
