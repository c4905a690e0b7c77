import type { DepletedNotice } from '@app/contracts/credits';
/** Credits are kept exactly as integer "units" of 1e-8 credit (spec §9: no fraction lost). */
export const UNITS_PER_CREDIT = 100_000_000n;
/** Model costs are stored as credits per 10K tokens × 10^4. */
export const COST_SCALE = 10_000;

export function costToE4(creditsPer10k: number): bigint {
  return BigInt(Math.round(creditsPer10k * COST_SCALE));
}
export function e4ToCost(e4: bigint): number {
  return Number(e4) / COST_SCALE;
}
export function creditsToUnits(credits: number): bigint {
  // Whole credits and up to 4 decimals are exact; quotas are set in whole credits.
  return BigInt(Math.round(credits * COST_SCALE)) * (UNITS_PER_CREDIT / BigInt(COST_SCALE));
}

/** units = tokens × (credits per 10K × 10^4): tokens/10^4 × cost/… = tokens × costE4 / 10^8 credits. */
export function usageUnits(inputTokens: number, outputTokens: number, inputCostE4: bigint, outputCostE4: bigint): bigint {
  return BigInt(inputTokens) * inputCostE4 + BigInt(outputTokens) * outputCostE4;
}

/** Shown credits are rounded down (spec §9), also below zero. */
export function unitsToDisplay(units: bigint): number {
  const q = units / UNITS_PER_CREDIT;
  return Number(units < 0n && units % UNITS_PER_CREDIT !== 0n ? q - 1n : q);
}
export function unitsToExact(units: bigint): number {
  return Number(units) / Number(UNITS_PER_CREDIT);
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The start of the monthly billing window holding `at` (UTC) as `YYYY-MM-DD`: the latest
 * `billingDay` (1–28, the tenant's) on or before it. Day 1 is the calendar month.
 */
export function periodStart(at: Date = new Date(), billingDay = 1): string {
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  return ymd(new Date(Date.UTC(y, at.getUTCDate() >= billingDay ? m : m - 1, billingDay)));
}
/** The end (exclusive) of the billing window holding `at`. */
export function periodEnd(at: Date = new Date(), billingDay = 1): string {
  const start = new Date(`${periodStart(at, billingDay)}T00:00:00Z`);
  return ymd(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, billingDay)));
}
/** The UTC day of `at`, `YYYY-MM-DD`: the day credit grants' windows are compared with. */
export function dayOf(at: Date = new Date()): string {
  return ymd(at);
}
const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);
/** The start of the billing window before the one starting on `period` (`YYYY-MM-DD`). */
export function previousPeriodStart(period: string, billingDay = 1): string {
  return periodStart(new Date(dayDate(period).getTime() - 86_400_000), billingDay);
}

/** A member's credit grant as the attribution sees it (decision 043). */
export interface GrantSpan {
  id: number;
  units: bigint;
  /** `YYYY-MM-DD`, inclusive. */
  startDate: string;
  /** `YYYY-MM-DD`, exclusive. */
  endDate: string;
}

export interface GrantInWindow {
  id: number;
  units: bigint;
  endDate: string;
  /** What the grant covered in the window before: it has only the rest left for this one. */
  carriedUsage: bigint;
}

/** The order grants are drawn on: the one ending first first, ties by lower id. */
const endingFirst = (a: { id: number; endDate: string }, b: { id: number; endDate: string }) => (a.endDate === b.endDate ? a.id - b.id : a.endDate < b.endDate ? -1 : 1);

/**
 * What of a billing window's spending each grant valid in it covered (decision 043). Spending up
 * to the base quota (custom limit or group quota) is the base's; beyond it, the grants in the
 * order they end (ties: lower id first), each up to what it has left. Spending beyond the base and
 * every grant (an admitted answer may overshoot by its estimate, decision 031) is nobody's. Every
 * grant given has an entry, 0 when it covered nothing.
 */
export function attributeToGrants(baseQuotaUnits: bigint, spentUnits: bigint, grants: readonly GrantInWindow[]): Map<number, bigint> {
  const used = new Map<number, bigint>();
  let over = spentUnits - baseQuotaUnits;
  const inOrder = [...grants].sort(endingFirst);
  for (const g of inOrder) {
    const left = g.units - g.carriedUsage;
    const take = over <= 0n || left <= 0n ? 0n : over < left ? over : left;
    used.set(g.id, take);
    over -= take;
  }
  return used;
}

export interface GrantWindowInput {
  /** The member's current base quota: its history is not stored, so the window before is taken with it too. */
  baseQuotaUnits: bigint;
  billingDay: number;
  /** The start of the window the figures are for. */
  period: string;
  /** The day they are as of: grants starting after it are left out. */
  day: string;
  grants: readonly GrantSpan[];
  /** The member's spending in `period`, and in the window before it. */
  spentUnits: bigint;
  previousSpentUnits: bigint;
  /**
   * The member's spending in `period` before each day a grant ended within it (`endedWithin`):
   * such a grant covered only spending up to its end. A day missing here counts the window's.
   */
  spentBefore?: ReadonlyMap<string, bigint>;
}

/**
 * What each grant covered in the window before `period`, which it carries into `period`. One
 * window back and no further: grants last about a month, so one valid in `period` began in it or
 * in the window before, and the window before is settled (its spending no longer changes). The
 * grants that began before that window enter it whole (what they covered earlier is not looked
 * up): they take its spending first, as they end first, so a grant's carried use can come out
 * lower than it was, never higher.
 */
export function carriedUsage(i: Pick<GrantWindowInput, 'baseQuotaUnits' | 'billingDay' | 'period' | 'grants' | 'previousSpentUnits'>): Map<number, bigint> {
  const previous = previousPeriodStart(i.period, i.billingDay);
  const inPrevious = i.grants.filter((g) => g.startDate < i.period && g.endDate > previous);
  return attributeToGrants(i.baseQuotaUnits, i.previousSpentUnits, inPrevious.map((g) => ({ ...g, carriedUsage: 0n })));
}

/** The grants valid in the window starting `period` that have started by `day`. */
function grantsInWindow(i: Pick<GrantWindowInput, 'billingDay' | 'day' | 'grants'>, period: string): GrantSpan[] {
  const end = periodEnd(dayDate(period), i.billingDay);
  return i.grants.filter((g) => g.startDate <= i.day && g.startDate < end && g.endDate > period);
}

/**
 * The days grants valid in the window starting `period` ended within it by `day` (the window's
 * own end excluded: a grant ending then covered the whole window): the days the spending before
 * which is needed (`spentBefore`).
 */
export function endedWithin(i: Pick<GrantWindowInput, 'billingDay' | 'day' | 'grants'>, period: string): string[] {
  const end = periodEnd(dayDate(period), i.billingDay);
  return [...new Set(grantsInWindow(i, period).filter((g) => g.endDate <= i.day && g.endDate < end).map((g) => g.endDate))].sort();
}

/**
 * The window's grants, each that ended within it capped at what it had carried in plus what it
 * covered of the spending before its end (`spentAt` its end day): its credits cannot cover
 * anything after that.
 */
function capEnded(i: Pick<GrantWindowInput, 'baseQuotaUnits' | 'day'>, grants: GrantSpan[], carried: ReadonlyMap<number, bigint>, spentAt: (day: string) => bigint): GrantSpan[] {
  const out = grants.map((g) => ({ ...g }));
  for (const g of out.filter((x) => x.endDate <= i.day).sort(endingFirst)) {
    const then = out.filter((x) => x.startDate < g.endDate);
    const covered = attributeToGrants(i.baseQuotaUnits, spentAt(g.endDate), then.map((x) => ({ ...x, carriedUsage: carried.get(x.id) ?? 0n }))).get(g.id) ?? 0n;
    g.units = (carried.get(g.id) ?? 0n) + covered;
  }
  return out;
}

/** What each grant covered in the window before `period` (`carried`) and in `period` up to `day` (`current`). */
export function grantWindowUsage(i: GrantWindowInput): { carried: Map<number, bigint>; current: Map<number, bigint> } {
  const carried = carriedUsage(i);
  const inPeriod = capEnded(i, grantsInWindow(i, i.period), carried, (d) => i.spentBefore?.get(d) ?? i.spentUnits);
  const current = attributeToGrants(i.baseQuotaUnits, i.spentUnits, inPeriod.map((g) => ({ ...g, carriedUsage: carried.get(g.id) ?? 0n })));
  return { carried, current };
}

/**
 * What a member's grants add to the budget on `day`: each grant valid that day its credits less
 * what it covered in the window before (credits carried across a window's turn are not spent
 * twice), and each grant that ended within this window what it covered of this window's spending
 * before its end day (`spentBefore`; a day missing there counts nothing) — no more (its credits
 * cannot be spent after its end) and no less (what it covered is not charged again to the grants
 * still valid). Spending only grows, so the credit history's attribution (`grantWindowUsage`)
 * gives an ended grant exactly that, and the remaining credit is the base's rest plus what the
 * history shows left on the grants valid today. It does not depend on the window's spending so
 * far: the credits service caches it per member and day.
 */
export function grantBudgetUnits(i: Omit<GrantWindowInput, 'period' | 'spentUnits' | 'spentBefore'> & { spentBefore: ReadonlyMap<string, bigint> }): bigint {
  const period = periodStart(dayDate(i.day), i.billingDay);
  const carried = carriedUsage({ ...i, period });
  let units = 0n;
  for (const g of capEnded(i, grantsInWindow(i, period), carried, (d) => i.spentBefore.get(d) ?? 0n)) {
    const left = g.units - (carried.get(g.id) ?? 0n);
    if (left > 0n) units += left;
  }
  return units;
}

export interface CreditStatus {
  /** The member's budget this period: custom limit or the group's member quota, plus grants. */
  quotaUnits: bigint;
  usedUnits: bigint;
  remainingUnits: bigint;
  /** null when the member's group has no pool. */
  groupRemainingUnits: bigint | null;
  /** null when the tenant has no tenant-wide pool. */
  tenantRemainingUnits: bigint | null;
}

/** Spec §4: depleted when member remaining ≤ 0, or tenant remaining is not null and ≤ 0 (and, the same, a group's pool). */
export function isDepleted(status: Pick<CreditStatus, 'remainingUnits' | 'tenantRemainingUnits'> & { groupRemainingUnits?: bigint | null }): boolean {
  return depletedScope({ groupRemainingUnits: null, ...status }) !== null;
}

/**
 * Spec §8's text for a spent budget (contracts `depletedNoticeSchema`): the tenant's or the group's;
 * the member's own on a free plan or a team plan — the team plan's promise of a recharge only to a
 * member whose month gives credits (`quotaUnits` > 0: a member with a limit of 0 gets none) — else
 * the member's plain text.
 */
export function depletedNotice(scope: 'tenant' | 'group' | 'member', planKind: string, quotaUnits: bigint): DepletedNotice {
  if (scope !== 'member') return scope;
  if (planKind === 'free') return 'free_plan';
  if (planKind === 'team' && quotaUnits > 0n) return 'team_plan';
  return 'member';
}

/** Which budget is spent, the widest first: tenant, group, member; null when none is. */
export function depletedScope(s: Pick<CreditStatus, 'remainingUnits' | 'tenantRemainingUnits' | 'groupRemainingUnits'>): 'tenant' | 'group' | 'member' | null {
  if (s.tenantRemainingUnits !== null && s.tenantRemainingUnits <= 0n) return 'tenant';
  if (s.groupRemainingUnits !== null && s.groupRemainingUnits <= 0n) return 'group';
  if (s.remainingUnits <= 0n) return 'member';
  return null;
}
