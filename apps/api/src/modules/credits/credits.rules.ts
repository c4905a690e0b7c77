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

/** First day of the month (UTC) as `YYYY-MM-DD`: the monthly quota window. */
export function periodStart(at: Date = new Date()): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;
}
export function periodEnd(at: Date = new Date()): string {
  const next = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return next.toISOString().slice(0, 10);
}

export interface CreditStatus {
  quotaUnits: bigint;
  usedUnits: bigint;
  remainingUnits: bigint;
  /** null when the tenant has no tenant-wide pool. */
  tenantRemainingUnits: bigint | null;
}

/** Spec §4: depleted when member remaining ≤ 0, or tenant remaining is not null and ≤ 0. */
export function isDepleted(status: Pick<CreditStatus, 'remainingUnits' | 'tenantRemainingUnits'>): boolean {
  return status.remainingUnits <= 0n || (status.tenantRemainingUnits !== null && status.tenantRemainingUnits <= 0n);
}
