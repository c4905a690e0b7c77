import type { PublishStatus } from '@app/contracts/chatbots';

/** This month as yyyymm (UTC), the key of a chatbot's month figures (the SQL's MONTH_KEY_SQL). */
export function monthKey(at = new Date()): number {
  return at.getUTCFullYear() * 100 + at.getUTCMonth() + 1;
}

/** Where a chatbot stands with publishing (spec §4), for its creator: a pending request first, then a rejection, then public or private. */
export function publishStatus(c: { waitingPublish: boolean; publishRejected: boolean; isPublic: boolean }): PublishStatus {
  if (c.waitingPublish) return 'waiting';
  if (c.publishRejected) return 'rejected';
  return c.isPublic ? 'public' : 'private';
}

/** The fields an admin reviews: a change to any of them waits for approval before the public sees it. */
export const REVIEWED_FIELDS = [
  'koName',
  'enName',
  'profileImageUrl',
  'koKeyFeatures',
  'enKeyFeatures',
  'systemInstructions',
  'llmModelId',
  'temperature',
  'topP',
  'tools',
  'maxToolSteps',
] as const;
export type Reviewed = {
  [K in (typeof REVIEWED_FIELDS)[number]]: K extends 'profileImageUrl' ? string | null : K extends 'llmModelId' | 'temperature' | 'topP' | 'maxToolSteps' ? number : K extends 'tools' ? string[] : string;
};

/** Two reviewed values alike: the tools as a set (their order is not a change). */
function sameValue(a: Reviewed[keyof Reviewed], b: Reviewed[keyof Reviewed]): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((t) => b.includes(t));
  return a === b;
}

export function releaseDiffers(draft: Reviewed, release: Reviewed): boolean {
  return REVIEWED_FIELDS.some((f) => !sameValue(draft[f], release[f]));
}

/** The reviewed fields of a draft: what a request asks to publish. */
export function snapshotOf(draft: Reviewed): Reviewed {
  return Object.fromEntries(REVIEWED_FIELDS.map((f) => [f, draft[f]])) as Reviewed;
}
