import type { CreditCheck, Usage } from '@app/contracts/credits';
import type { MemberGroupUsage } from '@app/contracts/member-groups';
import type { Database, Executor, WritePart } from '../../db/client';
import type { CacheHub } from '../../platform/cache';
import type { MemberContext, MemberRow, TenantRow } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { metricsEnabled, recordAdmissionRefused, recordCreditsCharged } from '../../platform/metrics';
import { findTenantBillingDay } from '../tenants/tenants.readonly';
import {
  type ChargedTotals,
  chargeUsagePart,
  type CreditFigures,
  findCreditFigures,
  findGroupQuotas,
  findLowLlmFree,
  findMemberSpent,
  findMemberSpentBefore,
  findMemberUsage,
  findRecentUsage,
  type UsageCharge,
  usageByGroup,
  usageByModel,
} from './credits.repo';
import {
  type CreditStatus,
  dayOf,
  depletedNotice,
  depletedScope,
  endedWithin,
  type GrantSpan,
  grantBudgetUnits,
  grantWindowUsage,
  periodEnd,
  periodStart,
  previousPeriodStart,
  unitsToDisplay,
} from './credits.rules';
import { type CreditGrantRow, findBudgetGrants, findGrantsBetween, insertGrant, type NewGrant } from './grants.repo';
import { type BudgetScope, createLocalHolds, type Holder, type LocalHold, releaseInDatabase, reserveInDatabase } from './reservations';
import { createUsageCache } from './usage-cache';

export type { BudgetScope, ChargedTotals, CreditGrantRow, NewGrant, UsageCharge };
export { releaseAbandonedReservations } from './reservations';

type MemberQuotaFields = Pick<MemberRow, 'id' | 'customCreditLimitUnits' | 'defaultMemberGroupId' | 'groupIds'>;

/** The member's budget is their custom limit, else their budget group's member quota (spec §6, decision 044), plus their grants. */
export function statusFrom(tenant: Pick<TenantRow, 'creditQuotaUnits'>, member: MemberQuotaFields, f: CreditFigures): CreditStatus {
  const quotaUnits = (member.customCreditLimitUnits ?? f.groupQuotaUnits) + f.grantUnits;
  return {
    quotaUnits,
    usedUnits: f.usedUnits,
    remainingUnits: quotaUnits - f.usedUnits,
    groupRemainingUnits: f.groupPoolUnits === null ? null : f.groupPoolUnits - f.groupUsedUnits,
    tenantRemainingUnits: tenant.creditQuotaUnits === null ? null : tenant.creditQuotaUnits - f.tenantUsedUnits,
  };
}

export function toCreditCheck(s: CreditStatus, extra: { planKind: string; lowLlmFree: boolean }): CreditCheck {
  const scope = depletedScope(s);
  return {
    remaining_credit: unitsToDisplay(s.remainingUnits),
    quota: unitsToDisplay(s.quotaUnits),
    used_credit: unitsToDisplay(s.usedUnits),
    group: { remaining_credit: s.groupRemainingUnits === null ? null : unitsToDisplay(s.groupRemainingUnits) },
    tenant: { remaining_credit: s.tenantRemainingUnits === null ? null : unitsToDisplay(s.tenantRemainingUnits) },
    depleted: scope,
    depleted_notice: scope ? depletedNotice(scope, extra.planKind, s.quotaUnits) : null,
    plan_kind: extra.planKind,
    is_low_llm_free: extra.lowLlmFree,
  };
}

/** The §8 variant of a refusal: which budget is spent, on which plan. */
function depleted(scope: BudgetScope, tenant: TenantRow, s: Pick<CreditStatus, 'remainingUnits' | 'tenantRemainingUnits' | 'quotaUnits'>): AppError {
  return new AppError('credits_depleted', undefined, {
    scope,
    notice: depletedNotice(scope, tenant.planKind, s.quotaUnits),
    plan_kind: tenant.planKind,
    member_remaining_credit: unitsToDisplay(s.remainingUnits),
    tenant_remaining_credit: s.tenantRemainingUnits === null ? null : unitsToDisplay(s.tenantRemainingUnits),
  });
}

/**
 * An admitted chat's hold on the credits its estimate needs, until its charge settles it (or it is
 * released: the answer never came). Low-cost models are admitted without one (spec §4).
 */
export interface Admission {
  status: CreditStatus;
  period: string;
  groupId: number | null;
  /** On a server: the database's atomic admission; refuses with 402 when another instance's chats took the rest. */
  confirm(): Promise<void>;
  /** The database reservation the charge deletes, once confirmed (null on the embedded database). */
  reservationId(): number | null;
  /** Idempotent: lets go of the hold without a charge. */
  release(): void;
}

/** What the credits module needs of the members module: the caller's own record (or 404 / 403), the tenant's groups. */
export interface OwnRecordLookup {
  ownRecord(ctx: MemberContext, id: number): Promise<MemberRow>;
}
export interface GroupQuotas {
  all(tenantId: number): Promise<Array<{ id: number; koName: string; enName: string; creditQuotaUnits: bigint | null }>>;
}

/** Seconds after which a reservation no charge settled is ignored (a crashed instance's): longer than any answer. */
const RESERVATION_TTL_SECONDS = 15 * 60;

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
 */
export function createCreditsService(database: Database, caches: CacheHub, members: OwnRecordLookup, groups: GroupQuotas) {
  const { db } = database;
  const groupQuotas = caches.scoped<{ memberUnits: bigint; poolUnits: bigint | null }>();
  const grants = caches.scoped<{ units: bigint }>();
  // One process owns an embedded database, so its own charges keep the figures exact; with a
  // server other instances charge too, and a figure older than a second is refreshed.
  const embedded = database.kind === 'pglite';
  const usage = createUsageCache(database, { maxAgeMs: embedded ? Number.POSITIVE_INFINITY : 1000 });
  const holds = createLocalHolds();
  caches.onInvalidate((tenantId) => usage.invalidate(tenantId));

  function invalidate(tenantId: number): void {
    usage.invalidate(tenantId);
    groupQuotas.clearTenant(tenantId);
    grants.clearTenant(tenantId);
  }

  async function quotasOf(tenantId: number, groupId: number | null) {
    if (groupId === null) return { memberUnits: 0n, poolUnits: null };
    return (await caches.through(groupQuotas, tenantId, String(groupId), () => findGroupQuotas(db, tenantId, groupId)))!;
  }
  /**
   * The group a member is budgeted under (decision 044): of their groups, the one whose member
   * quota is largest — the default group unless an additional group gives more (ties keep the
   * default group). Its member quota is the member's base quota (a custom limit overrides it), and
   * its pool and usage are the group budget the member's chats count against. Quotas come from
   * the cached group rows, so a member without additional groups costs what it did.
   */
  async function budgetGroupOf(tenantId: number, member: Pick<MemberRow, 'defaultMemberGroupId' | 'groupIds'>) {
    const ids = [...new Set([member.defaultMemberGroupId, ...member.groupIds].filter((id): id is number => id !== null))];
    if (ids.length <= 1) {
      const groupId = ids[0] ?? null;
      return { groupId, quotas: await quotasOf(tenantId, groupId) };
    }
    const all = await Promise.all(ids.map((id) => quotasOf(tenantId, id)));
    let best = 0;
    for (let i = 1; i < all.length; i++) if (all[i]!.memberUnits > all[best]!.memberUnits) best = i;
    return { groupId: ids[best]!, quotas: all[best]! };
  }
  /**
   * What the member's grants add to the budget on `at`'s day (decision 043), cached per member and
   * day: a fill reads the grants and the previous window's spending in one statement, and the
   * spending before the end days of grants that ended within the window when there are any. Every
   * input is dropped with the tenant's cached rows by a trigger (credit_grants; members: custom
   * limit and group; member_groups: quota; tenants: billing day) except those spendings, which no
   * longer change. `baseOf` (the base quota) is awaited only on a fill.
   */
  async function grantsOf(tenant: TenantRow, memberId: number, at: Date, baseOf: () => Promise<bigint>): Promise<bigint> {
    const day = dayOf(at);
    const load = async () => {
      const period = periodOf(tenant, at);
      const [base, held] = await Promise.all([baseOf(), findBudgetGrants(db, tenant.id, memberId, previousPeriodStart(period, tenant.billingDay), day)]);
      const spentBefore = await spentBeforeEnds(tenant, memberId, period, day, held.grants);
      return { units: grantBudgetUnits({ baseQuotaUnits: base, billingDay: tenant.billingDay, day, grants: held.grants, previousSpentUnits: held.previousSpentUnits, spentBefore }) };
    };
    return (await caches.through(grants, tenant.id, `${memberId}:${day}`, load))!.units;
  }

  const periodOf = (tenant: TenantRow, at = new Date()) => periodStart(at, tenant.billingDay);

  /** The spending before each day a grant ended within the window (none: no query). */
  async function spentBeforeEnds(tenant: TenantRow, memberId: number, period: string, day: string, held: readonly GrantSpan[]): Promise<Map<string, bigint>> {
    const days = endedWithin({ billingDay: tenant.billingDay, day, grants: held }, period);
    return days.length === 0 ? new Map() : findMemberSpentBefore(db, tenant.id, memberId, period, days);
  }

  /** The figures straight from the database, for the member's own pages (the group quotas from their trigger-dropped cache). */
  async function freshStatus(tenant: TenantRow, member: MemberQuotaFields, at = new Date()): Promise<CreditStatus> {
    const period = periodOf(tenant, at);
    const day = dayOf(at);
    const budget = await budgetGroupOf(tenant.id, member);
    const { grants: held, ...used } = await findCreditFigures(db, tenant.id, member.id, budget.groupId, period, day, previousPeriodStart(period, tenant.billingDay));
    const baseQuotaUnits = member.customCreditLimitUnits ?? budget.quotas.memberUnits;
    const spentBefore = await spentBeforeEnds(tenant, member.id, period, day, held.grants);
    const grantUnits = grantBudgetUnits({ baseQuotaUnits, billingDay: tenant.billingDay, day, grants: held.grants, previousSpentUnits: held.previousSpentUnits, spentBefore });
    return statusFrom(tenant, member, { groupQuotaUnits: budget.quotas.memberUnits, groupPoolUnits: budget.quotas.poolUnits, grantUnits, ...used });
  }

  return {
    /**
     * Before an answer: admits the chat, holding `estimateUnits` against every budget that has
     * something left, or refuses it with `credits_depleted` (402, with the spent budget's scope).
     * Low-cost models stay usable when depleted (spec §4) and hold nothing.
     */
    async admit(ctx: MemberContext, model: { isLowLlm: boolean }, estimateUnits: bigint): Promise<Admission> {
      const { member, tenant } = ctx;
      const now = new Date();
      const budget = await budgetGroupOf(ctx.tenantId, member);
      const h: Holder = { tenantId: ctx.tenantId, memberId: member.id, groupId: budget.groupId, period: periodOf(tenant, now) };
      const quotas = budget.quotas;
      const [grantUnits, loaded] = await Promise.all([
        grantsOf(tenant, h.memberId, now, async () => member.customCreditLimitUnits ?? quotas.memberUnits),
        usage.figures(h.tenantId, h.memberId, h.groupId, h.period),
      ]);
      // From here to the hold nothing awaits: no charge of this process settles in between.
      const used = usage.current(h.tenantId, h.memberId, h.groupId, h.period, loaded);
      const status = statusFrom(tenant, member, { groupQuotaUnits: quotas.memberUnits, groupPoolUnits: quotas.poolUnits, grantUnits, ...used });
      const free = { status, period: h.period, groupId: h.groupId, confirm: async () => undefined, reservationId: () => null, release: () => undefined };
      if (model.isLowLlm) return free;
      const held = holds.of(h);
      const left = {
        remainingUnits: status.remainingUnits - held.member,
        groupRemainingUnits: status.groupRemainingUnits === null ? null : status.groupRemainingUnits - held.group,
        tenantRemainingUnits: status.tenantRemainingUnits === null ? null : status.tenantRemainingUnits - held.tenant,
      };
      const scope = depletedScope(left);
      if (scope) {
        recordAdmissionRefused(`credits_${scope}`);
        throw depleted(scope, tenant, status);
      }
      const hold: LocalHold = holds.take(h, estimateUnits);
      if (embedded) return { ...free, release: () => hold.release() };

      let confirmed: Promise<number | null> | null = null;
      let id: number | null = null;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        hold.release();
        if (id !== null) releaseInDatabase(database, h.tenantId, id).catch(() => undefined);
      };
      return {
        ...free,
        confirm: () =>
          (confirmed ??= (async () => {
            const budgets = { memberUnits: status.quotaUnits, groupPoolUnits: quotas.poolUnits, tenantPoolUnits: tenant.creditQuotaUnits };
            const r = await reserveInDatabase(database, h, estimateUnits, budgets, RESERVATION_TTL_SECONDS);
            if ('refused' in r) {
              recordAdmissionRefused(`credits_${r.refused}`);
              release();
              throw depleted(r.refused, tenant, { remainingUnits: r.memberLeft, tenantRemainingUnits: r.tenantLeft, quotaUnits: status.quotaUnits });
            }
            id = r.id;
            // Released before the database answered: let go of the row as well.
            if (released) releaseInDatabase(database, h.tenantId, id).catch(() => undefined);
            return id;
          })()).then(() => undefined),
        reservationId: () => id,
        release,
      };
    },

    /**
     * After answers: the credits' share of closing them — their usage rows appended to the ledger
     * and the period totals and roll-ups moved, in one statement for a batch of one tenant and
     * period — which chat runs with the answers' other writes as one unit (decision 020). Its rows
     * read as each charge's totals, or an Error for one whose total is missing (never retried).
     */
    chargePart(tenantId: number, period: string, charges: UsageCharge[]): WritePart<Array<ChargedTotals | Error>> {
      const part = chargeUsagePart(tenantId, period, charges);
      if (!metricsEnabled()) return part;
      // `credits_charged_total` (decision 052): the charges this committed batch wrote (one already in the ledger got no total).
      return {
        call: part.call,
        read(rows) {
          const totals = part.read(rows);
          totals.forEach((t, i) => {
            if (!(t instanceof Error)) recordCreditsCharged(Number(charges[i]!.units), tenantId);
          });
          return totals;
        },
      };
    },

    /**
     * A charge committed: keep its totals for the next admission and let go of the admission's hold
     * in the same tick; the member's remaining credits against their budget.
     */
    settle(tenantId: number, memberId: number, admission: Admission, period: string, totals: ChargedTotals): { remainingUnits: bigint } {
      usage.record(tenantId, memberId, admission.groupId, period, totals);
      admission.release();
      return { remainingUnits: admission.status.quotaUnits - totals.memberUsedUnits };
    },


    /**
     * Gives a member credits for a window (a plan's month, a purchase, an admin's grant) with its
     * ledger row. Inside a caller's transaction when `tx` is given: then call `invalidate(tenantId)`
     * once it has committed (before that, a check could read and keep the old figures).
     */
    async grant(tenantId: number, g: NewGrant, tx?: Executor): Promise<CreditGrantRow> {
      // Through the caller's transaction when there is one: a second connection could wait on it (PGlite has one).
      const on = tx ?? db;
      const billingDay = await findTenantBillingDay(on, tenantId);
      const row = await insertGrant(on, tenantId, g, periodStart(new Date(), billingDay ?? 1));
      if (!tx) invalidate(tenantId);
      return row;
    },

    /** Something changed a tenant's figures outside a charge (an adjustment, a purchase): read them anew. */
    invalidate,

    /**
     * `usage` of the caller's credit entries (spec §3; decision 043), rounded down, by grant id: what
     * each grant covered of the spending beyond the base quota in the windows it was valid in, as of
     * `at`. A grant is weighed in its latest window so far, with the window before it (the budget's
     * one-window look-back); 0 for one not started yet. Only the caller's own grants are read, so an
     * id of anybody else's is 0.
     */
    async grantUsage(ctx: MemberContext, entries: ReadonlyArray<Pick<CreditGrantRow, 'id' | 'usageStartDate' | 'usageEndDate'>>, at = new Date()): Promise<Map<number, number>> {
      const { tenant, member } = ctx;
      const day = dayOf(at);
      const byPeriod = new Map<string, number[]>();
      for (const e of entries) {
        if (e.usageStartDate > day || e.usageEndDate <= e.usageStartDate) continue;
        // Its last day so far: today while it holds, else the day before its (exclusive) end.
        const last = e.usageEndDate > day ? at : new Date(Date.parse(`${e.usageEndDate}T00:00:00Z`) - 86_400_000);
        const period = periodOf(tenant, last);
        byPeriod.set(period, [...(byPeriod.get(period) ?? []), e.id]);
      }
      const usage = new Map(entries.map((e) => [e.id, 0]));
      if (byPeriod.size === 0) return usage;
      const periods = [...byPeriod.keys()];
      const previous = periods.map((p) => previousPeriodStart(p, tenant.billingDay));
      const from = previous.reduce((a, b) => (a < b ? a : b));
      const [quotas, held, spent] = await Promise.all([
        budgetGroupOf(ctx.tenantId, member).then((b) => b.quotas),
        findGrantsBetween(db, ctx.tenantId, member.id, from, day),
        findMemberSpent(db, ctx.tenantId, member.id, [...new Set([...periods, ...previous])]),
      ]);
      const baseQuotaUnits = member.customCreditLimitUnits ?? quotas.memberUnits;
      const spentBefore = await Promise.all(periods.map((period) => spentBeforeEnds(tenant, member.id, period, day, held)));
      for (const [i, period] of periods.entries()) {
        const { carried, current } = grantWindowUsage({
          spentBefore: spentBefore[i],
          baseQuotaUnits,
          billingDay: tenant.billingDay,
          period,
          day,
          grants: held,
          spentUnits: spent.get(period) ?? 0n,
          previousSpentUnits: spent.get(previous[i]!) ?? 0n,
        });
        for (const id of byPeriod.get(period)!) usage.set(id, unitsToDisplay((carried.get(id) ?? 0n) + (current.get(id) ?? 0n)));
      }
      return usage;
    },

    /** The console's usage per group this period (spec §7 `GET /admin/member-groups/usage/`). */
    async groupUsage(ctx: MemberContext, at = new Date()): Promise<MemberGroupUsage> {
      const period = periodOf(ctx.tenant, at);
      const [all, used] = await Promise.all([groups.all(ctx.tenantId), usageByGroup(db, ctx.tenantId, period)]);
      const byGroup = new Map(used.map((u) => [u.memberGroupId, u]));
      return {
        period_start: period,
        period_end: periodEnd(at, ctx.tenant.billingDay),
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
      const [status, planFree] = await Promise.all([freshStatus(ctx.tenant, member), findLowLlmFree(db, ctx.tenantId, member.id)]);
      // A member plan decides; without one, the tenant's plan (a free tenant plan gives no free use).
      return toCreditCheck(status, { planKind: ctx.tenant.planKind, lowLlmFree: planFree ?? ctx.tenant.planKind !== 'free' });
    },

    async usage(ctx: MemberContext, memberId: number, at = new Date()): Promise<Usage> {
      const member = await members.ownRecord(ctx, memberId);
      const period = periodOf(ctx.tenant, at);
      const since = new Date(at.getTime() - 30 * 86_400_000);
      const [status, totals, byModel, recent] = await Promise.all([
        freshStatus(ctx.tenant, member, at),
        findMemberUsage(db, ctx.tenantId, member.id, period),
        usageByModel(db, ctx.tenantId, member.id, period),
        findRecentUsage(db, ctx.tenantId, member.id, since),
      ]);
      return {
        period_start: period,
        period_end: periodEnd(at, ctx.tenant.billingDay),
        quota: unitsToDisplay(status.quotaUnits),
        used_credit: unitsToDisplay(status.usedUnits),
        remaining_credit: unitsToDisplay(status.remainingUnits),
        message_count: totals.messageCount,
        input_tokens: Number(totals.inputTokens),
        output_tokens: Number(totals.outputTokens),
        last_30_days: { used_credit: unitsToDisplay(recent.units), message_count: recent.messageCount },
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
