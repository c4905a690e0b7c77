import type { UsageCharge } from '../modules/credits/credits.service';

let nextMessage = 1_000_000;

/**
 * One answer's charge row as `chargeUsage` takes it, for tests that charge the ledger directly:
 * `units` as input credits unless `split` says otherwise, no web search, images or masking, and a
 * message id of its own.
 */
export function usageCharge(who: { memberId: number; memberGroupId: number | null; llmModelId: number }, units: bigint, split: Partial<UsageCharge> = {}): UsageCharge {
  return {
    ...who,
    sessionId: 1,
    messageId: (nextMessage += 1),
    inputTokens: 10,
    outputTokens: 10,
    units,
    inputUnits: units,
    outputUnits: 0n,
    maskingUnits: 0n,
    webSearchCount: 0,
    webSearchUnits: 0n,
    imageCount: 0,
    imageUnits: 0n,
    reservationId: null,
    ...split,
  };
}
