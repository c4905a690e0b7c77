/** A limit on mails of one kind to one address: at most `max` within `windowMs`. */
export interface SendLimit {
  max: number;
  windowMs: number;
}

/** Verification codes and temporary passwords: one a minute, five an hour, per email and tenant. */
export const MAIL_SEND_LIMITS: SendLimit[] = [
  { max: 1, windowMs: 60_000 },
  { max: 5, windowMs: 3_600_000 },
];

/**
 * The mail limits of one kind of mail: one a minute (the resend cooldown) and `hourly` (a
 * `RATE_LIMITS` budget: `codesPerEmail`, `passwordResetPerAccount`). Counted over the mails sent,
 * so a request the cooldown refuses spends nothing of the hourly budget (decision 047).
 */
export function mailSendLimits(hourly: { max: number; windowSeconds: number }): SendLimit[] {
  return [MAIL_SEND_LIMITS[0]!, { max: hourly.max, windowMs: hourly.windowSeconds * 1000 }];
}
/** How far back the sends that `limits` count go. */
export const sendWindowMs = (limits: SendLimit[]) => Math.max(...limits.map((l) => l.windowMs));

/**
 * Seconds until another send is allowed, given the times of earlier sends (any order); 0 when
 * one may go now.
 */
export function secondsUntilAllowed(sentAt: Date[], now: Date, limits: SendLimit[] = MAIL_SEND_LIMITS): number {
  let wait = 0;
  const times = sentAt.map((d) => d.getTime()).sort((a, b) => b - a);
  for (const { max, windowMs } of limits) {
    const inWindow = times.filter((t) => now.getTime() - t < windowMs);
    if (inWindow.length < max) continue;
    // The oldest send that keeps the window full must leave it first.
    const blocking = inWindow[max - 1]!;
    wait = Math.max(wait, Math.ceil((blocking + windowMs - now.getTime()) / 1000));
  }
  return wait;
}
