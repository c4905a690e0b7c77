import type { Policy } from '@app/contracts/sign-up-settings';

/**
 * Spec §5: a mandatory policy may be agreed to only once it was read to the bottom (text),
 * watched to the end (video) or opened (link). Optional ones may be ticked at any time.
 */

/** Within a few pixels of the bottom counts as the bottom (fractional scroll positions, zoom). */
const BOTTOM_SLACK_PX = 4;

export function isScrolledToEnd(el: { scrollTop: number; clientHeight: number; scrollHeight: number }, slack = BOTTOM_SLACK_PX): boolean {
  return el.scrollTop + el.clientHeight >= el.scrollHeight - slack;
}

/** Seconds covered by played ranges, overlaps counted once. */
export function coveredSeconds(ranges: ReadonlyArray<readonly [number, number]>): number {
  const sorted = [...ranges].filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [s, e] of sorted) {
    if (e <= end) continue;
    total += e - Math.max(s, end);
    end = e;
  }
  return total;
}

/**
 * Watched to the end: what was played covers the whole video (a second of slack for the last
 * frame), so skipping ahead to the end does not count.
 */
export function isWatchedToEnd(ranges: ReadonlyArray<readonly [number, number]>, duration: number, slack = 1): boolean {
  if (!Number.isFinite(duration) || duration <= 0) return false;
  return coveredSeconds(ranges) >= duration - slack;
}

export function timeRanges(tr: TimeRanges): Array<[number, number]> {
  return Array.from({ length: tr.length }, (_, i) => [tr.start(i), tr.end(i)] as [number, number]);
}

/** Whether the checkbox may be ticked, given the policies already read, watched or opened. */
export function canAgree(policy: Pick<Policy, 'id' | 'is_mandatory'>, seen: ReadonlySet<number>): boolean {
  return !policy.is_mandatory || seen.has(policy.id);
}

/** The mandatory policies not agreed to yet. */
export function missingMandatory<P extends Pick<Policy, 'id' | 'is_mandatory'>>(policies: P[], agreed: readonly number[]): P[] {
  return policies.filter((p) => p.is_mandatory && !agreed.includes(p.id));
}
