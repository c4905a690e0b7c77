import type { Executor } from '../../db/client';
import { namesOf } from '../../db/read-only';
import { announcements } from '../../db/schema/announcements';

// What the announcements module lends other modules (decision 055), read-only.

/** The names of announcements (their titles) by id, for the audit log's entries. */
export function namesOfAnnouncements(db: Executor, tenantId: number, ids: number[]) {
  return namesOf(db, announcements, announcements.title, announcements.title, tenantId, ids);
}
