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

/** Which budget is spent, the widest first: tenant, group, member; null when none is. */
export function depletedScope(s: Pick<CreditStatus, 'remainingUnits' | 'tenantRemainingUnits' | 'groupRemainingUnits'>): 'tenant' | 'group' | 'member' | null {
  if (s.tenantRemainingUnits !== null && s.tenantRemainingUnits <= 0n) return 'tenant';
  if (s.groupRemainingUnits !== null && s.groupRemainingUnits <= 0n) return 'group';
  if (s.remainingUnits <= 0n) return 'member';
  return null;
}
