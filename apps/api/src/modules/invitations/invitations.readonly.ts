import type { Executor } from '../../db/client';
import { namesOf } from '../../db/read-only';
import { invitations } from '../../db/schema/invitations';

// What the invitations module lends other modules (decision 055), read-only.

/** The names of invitations (the invited person's name) by id, for the audit log's entries. */
export function namesOfInvitations(db: Executor, tenantId: number, ids: number[]) {
  return namesOf(db, invitations, invitations.name, invitations.name, tenantId, ids);
}
