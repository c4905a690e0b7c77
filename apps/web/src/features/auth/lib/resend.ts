import { ApiError } from '../../../lib/api-client';

/** Whole seconds left until `deadline` (ms), never below zero; 0.2 s left still reads 1. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * How long until another mail may be asked for: the send's own `resend_after`, or a 429's
 * `retry_after_seconds`; null when the answer says nothing about it.
 */
export function resendDelay(outcome: { resend_after: number } | unknown): number | null {
  if (outcome instanceof ApiError) {
    if (outcome.status !== 429) return null;
    const d = outcome.details as { retry_after_seconds?: unknown } | undefined;
    return typeof d?.retry_after_seconds === 'number' && d.retry_after_seconds > 0 ? Math.ceil(d.retry_after_seconds) : null;
  }
  if (typeof outcome === 'object' && outcome !== null && 'resend_after' in outcome) {
    const s = (outcome as { resend_after: unknown }).resend_after;
    return typeof s === 'number' && s > 0 ? s : null;
  }
  return null;
}
