import type { Executor } from '../../db/client';
import { namesOf } from '../../db/read-only';
import { policies } from '../../db/schema/sign-up';

// What the sign-up module lends other modules (decision 055), read-only.

/** The names of policies by id, for the audit log's entries. */
export function namesOfPolicies(db: Executor, tenantId: number, ids: number[]) {
  return namesOf(db, policies, policies.koName, policies.enName, tenantId, ids);
}
