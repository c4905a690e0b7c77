import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { namesOf, viewBuilder } from '../../db/read-only';
import { customFields, memberGroups, memberRequests, members } from '../../db/schema/members';

// What the members module lends other modules' queries (decision 055), read-only. A view is a
// subquery joined like a table; PostgreSQL flattens it, so the plan is the table's.

/**
 * A member's name, email and admin flag, by `(tenant_id, id)`, under the name given: who asked
 * (billing requests, publish requests), who reviewed, who appears in the audit log.
 */
export function memberNamesView<N extends string>(name: N) {
  return viewBuilder
    .select({ tenantId: members.tenantId, id: members.id, name: members.name, email: members.email, isAdmin: members.isAdmin })
    .from(members)
    .as(name);
}

/** A group's names, by `(tenant_id, id)`: a chatbot's allowed and requested groups. */
export const memberGroupNames = viewBuilder
  .select({ tenantId: memberGroups.tenantId, id: memberGroups.id, koName: memberGroups.koName, enName: memberGroups.enName })
  .from(memberGroups)
  .as('member_groups');

/** A group's credit quotas (per member, and the pool): the credits module's admission reads them. */
export async function findGroupCreditQuotas(db: Executor, tenantId: number, groupId: number) {
  return db.query.memberGroups.findFirst({
    columns: { memberCreditQuotaUnits: true, creditQuotaUnits: true },
    where: and(eq(memberGroups.tenantId, tenantId), eq(memberGroups.id, groupId)),
  });
}

/** Of these SSO ids of a platform, those a member already signs in with (an SSO invitation is not sent to them). */
export async function findMemberSsoIds(db: Executor, tenantId: number, platformId: number, ssoIds: string[]): Promise<string[]> {
  if (ssoIds.length === 0) return [];
  const rows = await db
    .select({ ssoId: members.ssoId })
    .from(members)
    .where(and(eq(members.tenantId, tenantId), eq(members.ssoPlatformId, platformId), inArray(members.ssoId, ssoIds)));
  return rows.map((r) => r.ssoId!);
}

// The names of rows by id, for the audit log's entries.

export function namesOfMembers(db: Executor, tenantId: number, ids: number[]) {
  return namesOf(db, members, members.name, members.name, tenantId, ids);
}

export function namesOfMemberGroups(db: Executor, tenantId: number, ids: number[]) {
  return namesOf(db, memberGroups, memberGroups.koName, memberGroups.enName, tenantId, ids);
}

export function namesOfCustomFields(db: Executor, tenantId: number, ids: number[]) {
  return namesOf(db, customFields, customFields.koName, customFields.enName, tenantId, ids);
}

/** A request is named by the member who made it. */
export function namesOfMemberRequests(db: Executor, tenantId: number, ids: number[]) {
  return db
    .select({ id: memberRequests.id, ko: members.name, en: members.name })
    .from(memberRequests)
    .innerJoin(members, and(eq(members.tenantId, memberRequests.tenantId), eq(members.id, memberRequests.memberId)))
    .where(and(eq(memberRequests.tenantId, tenantId), inArray(memberRequests.id, ids)));
}
