import type { listAdminMembersQuery, PatchAdminMemberBody } from '@app/contracts/admin-members';
import type { PatchMemberBody } from '@app/contracts/members';
import type { CreateCustomFieldBody, MemberCountCheck, MemberGroupSummaryList, PatchCustomFieldBody } from '@app/contracts/sign-up-settings';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import type { MemberRow, memberGroups, members } from '../../db/schema/members';
import type { MemberContext, TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { pagination } from '../../platform/pagination';
import { adminDelete, adminGet, adminPatch, bulkCreditQuota, bulkDelete, listForAdmin } from './members.admin';
import { processPending, processPendingBulk } from './members.decisions';
import { exportMembersCsv } from './members.export';
import {
  checkCustomFields,
  checkGroups,
  createCustomField,
  type CustomFieldMode,
  type CustomFieldRow,
  type CustomFieldValues,
  deleteCustomField,
  listFields,
  patchCustomField,
} from './members.fields';
import { get, groupChange, ownRecord, patch, requestGroupChange, view, withdrawGroupChange } from './members.own';
import {
  findReleaseNotesSeen,
  setReleaseNotesSeen,
  setReleaseNotesSeenOfAdmins,
  addMemberToGroups,
  bumpTokenVersion,
  countSeats,
  findDefaultGroup,
  findMembersByEmails,
  findMemberByEmail,
  findMemberBySsoId,
  findMemberById,
  findMemberGroupIds,
  insertMember,
  insertMemberGroup,
  insertMemberRequest,
  listCustomFields,
  listMemberGroups,
  updateMember,
} from './members.repo';
import type { MembersServiceDeps } from './members.types';
export type { MembersServiceDeps } from './members.types';

// What other modules call besides the service (decision 020): seats counted under the tenant's
// lock, a member written inside their transaction, the custom fields' mapping.
export { assertSeatFree, freeSeats } from './members.seats';
export { toCustomField, type CustomFieldValues } from './members.fields';

/** CSV cells as the member export writes them (other modules' exports share the rule). */
export { csvCell } from './members.export';

export interface NewMember {
  email: string;
  name: string;
  /** null: an SSO member, who signs in through their platform only. */
  passwordHash: string | null;
  /** Single sign-on: the platform and the person's id there (unique per platform and tenant). */
  sso?: { platformId: number; ssoId: string };
  language: string;
  memberStatus: 'active' | 'pending';
  defaultMemberGroupId: number;
  memberGroupIds: number[];
  customFields: CustomFieldValues;
}

/** Writes a member and their extra groups (inside the caller's transaction); 409 when the email is taken. */
export async function createMemberRecord(tx: Executor, tenantId: number, m: NewMember): Promise<MemberRow> {
  if (await findMemberByEmail(tx, tenantId, m.email)) throw new AppError('already_registered');
  const row = await insertMember(tx, tenantId, {
    email: m.email,
    name: m.name,
    passwordHash: m.passwordHash,
    language: m.language,
    memberStatus: m.memberStatus,
    defaultMemberGroupId: m.defaultMemberGroupId,
    customFields: m.customFields,
    ...(m.sso && { ssoPlatformId: m.sso.platformId, ssoId: m.sso.ssoId }),
  });
  await addMemberToGroups(tx, tenantId, row.id, m.memberGroupIds.filter((g) => g !== m.defaultMemberGroupId));
  if (m.memberStatus === 'pending') await insertMemberRequest(tx, tenantId, row.id, 'registration');
  return row;
}

/** Postgres' unique violation (two sign-ups of one email racing): the index decides. */
export const isUniqueViolation = (err: unknown) =>
  (err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505';

/** The tenant's default group: where members go who chose none. */
async function defaultGroupId(deps: MembersServiceDeps, tenantId: number): Promise<number> {
  const group = await findDefaultGroup(deps.db, tenantId);
  if (!group) throw new AppError('group_invalid');
  return group.id;
}

/** A new password ends every other session: older access tokens stop working. */
async function setPassword(deps: MembersServiceDeps, tenantId: number, id: number, passwordHash: string): Promise<MemberRow | undefined> {
  await updateMember(deps.db, tenantId, id, { passwordHash, mustChangePassword: false, tempPasswordHash: null, tempPasswordExpiresAt: null });
  await bumpTokenVersion(deps.db, tenantId, id);
  return findMemberById(deps.db, tenantId, id);
}

async function memberCountCheck(deps: MembersServiceDeps, ctx: TenantContext): Promise<MemberCountCheck> {
  const count = await countSeats(deps.db, ctx.tenantId);
  const max = ctx.tenant.maxMembers;
  return { available: max === null || count < max, member_count: count, max_members: max };
}

async function groupSummaries(deps: MembersServiceDeps, ctx: TenantContext, q: GroupSummariesQuery): Promise<MemberGroupSummaryList> {
  const { rows, total } = await listMemberGroups(deps.db, ctx.tenantId, { isDefault: q.is_default, searchTerm: q.search_term || undefined, orderBy: q.order_by, page: q.page, size: q.size });
  return { items: rows.map((g) => ({ id: g.id, ko_name: g.koName, en_name: g.enName, is_default: g.isDefault })), pagination: pagination(q.page, q.size, total) };
}

type GroupSummariesQuery = { page: number; size: number; is_default?: boolean; search_term?: string; order_by: string };
type Report = (done: number, total: number) => Promise<void>;

/**
 * Members (spec §2, §4, §5): a member's own record, the console's members, custom fields and
 * pending requests; each operation is a function of `members.own.ts`, `members.admin.ts`,
 * `members.decisions.ts` or `members.fields.ts`, given the deps.
 */
export function createMembersService(deps: MembersServiceDeps) {
  const { db } = deps;
  return {
    ownRecord: (ctx: MemberContext, id: number) => ownRecord(deps, ctx, id),
    view: (tenantId: number, row: MemberRow) => view(deps, tenantId, row),
    /** The last release whose notes the member closed (members.release_notes_seen_version; the release-notes module's). */
    releaseNotesSeen: (tenantId: number, memberId: number) => findReleaseNotesSeen(db, tenantId, memberId),
    markReleaseNotesSeen: (tenantId: number, memberId: number, version: string) => setReleaseNotesSeen(db, tenantId, memberId, version),
    checkCustomFields: (tenantId: number, given: CustomFieldValues, mode: CustomFieldMode, preloaded?: readonly CustomFieldRow[]) => checkCustomFields(deps, tenantId, given, mode, preloaded),
    checkGroups: (tenantId: number, defaultId: number, extraIds: number[]) => checkGroups(deps, tenantId, defaultId, extraIds),
    findById: (tenantId: number, id: number) => findMemberById(db, tenantId, id),
    defaultGroupId: (tenantId: number) => defaultGroupId(deps, tenantId),
    findByEmail: (tenantId: number, email: string) => findMemberByEmail(db, tenantId, email),
    /** The member a platform knows by this SSO id (issue 29). */
    findBySsoId: (tenantId: number, platformId: number, ssoId: string) => findMemberBySsoId(db, tenantId, platformId, ssoId),
    /** The members among these emails (a bulk invite checks a batch at once). */
    findByEmails: (tenantId: number, emails: string[]) => findMembersByEmails(db, tenantId, emails),
    /** The tenant's custom fields, for `checkCustomFields` over many rows. */
    customFieldRows: (tenantId: number) => listCustomFields(db, tenantId),
    /** All groups of a member: the default group plus additional ones. */
    groupIds: (tenantId: number, member: Pick<MemberRow, 'id' | 'defaultMemberGroupId'>) => findMemberGroupIds(db, tenantId, member),
    update: (tenantId: number, id: number, values: Partial<Omit<MemberRow, 'tenantId' | 'id'>>) => updateMember(db, tenantId, id, values),
    setPassword: (tenantId: number, id: number, passwordHash: string) => setPassword(deps, tenantId, id, passwordHash),
    get: (ctx: MemberContext, id: number) => get(deps, ctx, id),
    patch: (ctx: MemberContext, id: number, body: PatchMemberBody) => patch(deps, ctx, id, body),
    memberCountCheck: (ctx: TenantContext) => memberCountCheck(deps, ctx),
    seatsTaken: (tenantId: number) => countSeats(db, tenantId),
    groupSummaries: (ctx: TenantContext, q: GroupSummariesQuery) => groupSummaries(deps, ctx, q),
    customFields: (ctx: TenantContext, f: { is_signup_field?: boolean; is_searchable?: boolean; is_editable?: boolean }) => listFields(deps, ctx, f),
    createCustomField: (ctx: MemberContext, b: CreateCustomFieldBody) => createCustomField(deps, ctx, b),
    patchCustomField: (ctx: MemberContext, id: number, b: PatchCustomFieldBody) => patchCustomField(deps, ctx, id, b),
    deleteCustomField: (ctx: MemberContext, id: number) => deleteCustomField(deps, ctx, id),
    listForAdmin: (ctx: MemberContext, q: z.output<typeof listAdminMembersQuery>) => listForAdmin(deps, ctx, q),
    adminGet: (ctx: MemberContext, id: number) => adminGet(deps, ctx, id),
    adminPatch: (ctx: MemberContext, id: number, b: PatchAdminMemberBody) => adminPatch(deps, ctx, id, b),
    adminDelete: (ctx: MemberContext, id: number) => adminDelete(deps, ctx, id),
    bulkCreditQuota: (ctx: MemberContext, ids: number[], quota: number | null) => bulkCreditQuota(deps, ctx, ids, quota),
    bulkDelete: (ctx: MemberContext, ids: number[]) => bulkDelete(deps, ctx, ids),
    processPending: (ctx: MemberContext, memberId: number, approve: boolean, reason: string | null) => processPending(deps, ctx, memberId, approve, reason),
    /** The members export (a background task's handler): every member as CSV into `file`. */
    exportCsv: (tenantId: number, file: string, report: Report) => exportMembersCsv(db, tenantId, file, report),
    groupChange: (ctx: MemberContext, id: number) => groupChange(deps, ctx, id),
    requestGroupChange: (ctx: MemberContext, id: number, b: { default_member_group_id: number; member_group_ids: number[] }) => requestGroupChange(deps, ctx, id, b),
    withdrawGroupChange: (ctx: MemberContext, id: number) => withdrawGroupChange(deps, ctx, id),
    processPendingBulk: (ctx: MemberContext, memberIds: number[], approve: boolean, reason: string | null) => processPendingBulk(deps, ctx, memberIds, approve, reason),
  };
}
export type MembersService = ReturnType<typeof createMembersService>;

/** Every admin of the tenant has seen `version`'s release notes (the seed's new tenant; release-notes module). */
export function markReleaseNotesSeenOfAdmins(db: Db, tenantId: number, version: string): Promise<void> {
  return setReleaseNotesSeenOfAdmins(db, tenantId, version);
}

/** A tenant's first rows, written inside its creation transaction (tenants.service). */
export const provisionMember = (tx: Executor, tenantId: number, values: Omit<typeof members.$inferInsert, 'tenantId' | 'id'>) => insertMember(tx, tenantId, values);
export const provisionMemberGroup = (tx: Executor, tenantId: number, values: Omit<typeof memberGroups.$inferInsert, 'tenantId' | 'id'>) =>
  insertMemberGroup(tx, tenantId, values);
