import type { AdminMember, AdminMemberList, BulkMembersResponse, listAdminMembersQuery, PatchAdminMemberBody, ProcessPendingResponse } from '@app/contracts/admin-members';
import type { z } from 'zod';
import { creditsToUnits } from '../credits/credits.rules';
import type { GroupChange, Member, PatchMemberBody } from '@app/contracts/members';
import type { CreateCustomFieldBody, CustomField, MemberCountCheck, MemberGroupSummaryList, PatchCustomFieldBody } from '@app/contracts/sign-up-settings';
import type { Db, Executor } from '../../db/client';
import type { customFields, MemberRow, memberGroups, memberRequests, members } from '../../db/schema/members';
import type { MemberContext, TenantContext, TenantRow } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../integrations/mail/types';
import { mailBody, mailLanguage, tenantName } from '../../platform/mail-text';
import { pagination } from '../../platform/pagination';
import { exportMembersCsv } from './members.export';
import { allGroupIds, toMember } from './members.mapper';
import {
  findReleaseNotesSeen,
  setReleaseNotesSeen,
  setReleaseNotesSeenOfAdmins,
  addMemberToGroups,
  bumpTokenVersion,
  countAdmins,
  countSeats,
  deleteMember,
  deleteCustomField,
  findDefaultGroup,
  findPendingRequest,
  findGroupsByIds,
  findMemberByCustomValue,
  findMembersByEmails,
  findMemberByEmail,
  findMemberBySsoId,
  findMemberById,
  findMemberGroupIds,
  insertCustomField,
  insertMember,
  insertMemberGroup,
  insertMemberRequest,
  listCustomFields,
  listMemberGroups,
  listMembersForAdmin,
  lockAndCountSeats,
  membershipsOf,
  setMemberGroups,
  settleMemberRequests,
  updateCustomField,
  updateMember,
  withdrawGroupChange,
} from './members.repo';

type CustomFieldRow = typeof customFields.$inferSelect;
type MemberRequestRow = typeof memberRequests.$inferSelect;
export type CustomFieldValues = Record<string, string | number>;

export function toCustomField(f: CustomFieldRow): CustomField {
  return {
    id: f.id,
    ko_name: f.koName,
    en_name: f.enName,
    field_type: f.fieldType === 'number' ? 'number' : 'text',
    is_signup_field: f.isSignupField,
    is_searchable: f.isSearchable,
    is_required: f.isRequired,
    is_editable: f.isEditable,
    is_unique: f.isUnique,
    sort_order: f.sortOrder,
  };
}

/** Throws `member_limit_reached` (402) when the tenant has no seat left; call inside the writing transaction. */
/** Seats still free under the tenant's plan, the tenant locked until the transaction ends (Infinity: no limit). */
export async function freeSeats(tx: Executor, tenant: Pick<TenantRow, 'id' | 'maxMembers'>): Promise<number> {
  if (tenant.maxMembers === null) return Infinity;
  return tenant.maxMembers - (await lockAndCountSeats(tx, tenant.id));
}

export async function assertSeatFree(tx: Executor, tenant: Pick<TenantRow, 'id' | 'maxMembers'>): Promise<void> {
  const taken = await lockAndCountSeats(tx, tenant.id);
  if (tenant.maxMembers !== null && taken >= tenant.maxMembers) throw new AppError('member_limit_reached');
}

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

export function createMembersService(db: Db, mailer: Mailer) {
  /** Members reach only their own record here (404 none, 403 another's); admins manage others under /admin. */
  async function ownRecord(ctx: MemberContext, id: number): Promise<MemberRow> {
    if (id === ctx.member.id) return ctx.member;
    const other = await findMemberById(db, ctx.tenantId, id);
    throw new AppError(other ? 'forbidden' : 'not_found');
  }

  async function view(tenantId: number, row: MemberRow): Promise<Member> {
    return toMember(row, await findMemberGroupIds(db, tenantId, row));
  }

  /**
   * Custom field values as given at sign-up (`signup`: the sign-up fields, required ones present)
   * or by the member on their page (`edit`: editable fields only, the others kept): numbers
   * numeric, unique ones unique. Returns the values to store.
   */
  async function checkCustomFields(
    tenantId: number,
    given: CustomFieldValues,
    /** `optional`: required fields may be left empty (an invitation the invitee completes). */
    mode: { kind: 'signup'; optional?: boolean } | { kind: 'edit'; member: MemberRow } | { kind: 'admin'; member: MemberRow },
    /** The tenant's fields when the caller checks many rows at once (`customFieldRows`). */
    preloaded?: readonly CustomFieldRow[],
  ): Promise<CustomFieldValues> {
    const fields = preloaded ?? (await listCustomFields(db, tenantId));
    const byId = new Map(fields.map((f) => [String(f.id), f]));
    const out: CustomFieldValues = mode.kind === 'signup' ? {} : { ...((mode.member.customFields ?? {}) as CustomFieldValues) };
    // Sign-up fills the sign-up fields, a member the editable ones, an administrator any.
    const inScope = (f: CustomFieldRow) => (mode.kind === 'signup' ? f.isSignupField : mode.kind === 'edit' ? f.isEditable : true);
    for (const key of Object.keys(given)) {
      const f = byId.get(key);
      if (!f || !inScope(f)) throw new AppError('custom_field_invalid', undefined, { field: key });
    }
    for (const f of fields) {
      const key = String(f.id);
      if (!inScope(f)) continue;
      const raw = given[key];
      const value = typeof raw === 'string' ? raw.trim() : raw;
      if (value === undefined || value === '') {
        if (mode.kind !== 'signup' && raw === undefined) continue;
        if (f.isRequired && !(mode.kind === 'signup' && mode.optional)) throw new AppError('custom_field_required', undefined, { field: key });
        delete out[key];
        continue;
      }
      if (f.fieldType === 'number' && (typeof value === 'number' ? !Number.isFinite(value) : !/^-?\d+(\.\d+)?$/.test(value))) {
        throw new AppError('custom_field_invalid', undefined, { field: key });
      }
      const stored = f.fieldType === 'number' ? String(Number(value)) : String(value);
      if (f.isUnique && (await findMemberByCustomValue(db, tenantId, f.id, stored, mode.kind === 'signup' ? null : mode.member.id))) {
        throw new AppError('custom_field_duplicated', undefined, { field: key });
      }
      out[key] = stored;
    }
    return out;
  }

  /**
   * The member's default group is one of the tenant's default groups (flagged so: the groups a
   * member belongs to first, e.g. an affiliation) and the additional groups exist and are not
   * default groups (spec §5).
   */
  async function checkGroups(tenantId: number, defaultId: number, extraIds: number[]): Promise<void> {
    if (extraIds.includes(defaultId)) throw new AppError('group_invalid', 'An additional group cannot be the default group');
    const ids = [...new Set([defaultId, ...extraIds])];
    const found = new Map((await findGroupsByIds(db, tenantId, ids)).map((g) => [g.id, g]));
    if (found.size !== ids.length) throw new AppError('group_invalid');
    if (!found.get(defaultId)!.isDefault) throw new AppError('group_invalid', 'Choose a default group');
    if (extraIds.some((id) => found.get(id)!.isDefault)) throw new AppError('group_invalid', 'An additional group cannot be a default group');
  }

  /** The console's view of a member: `groupIds` all their groups, `request` their latest request. */
  function adminView(member: MemberRow, groupIds: number[], request: MemberRequestRow | null): AdminMember {
    const pending = request?.status === 'pending';
    return {
      ...toMember(member, groupIds),
      pending_request: pending ? (request.kind === 'group_change' ? 'group_change' : 'registration') : null,
      requested_groups: pending && request.kind === 'group_change' ? request.payload : null,
      requested_at: request?.createdAt.toISOString() ?? null,
      rejection_reason: request?.status === 'rejected' ? request.reason : null,
    };
  }

  async function adminViewOf(tenantId: number, member: MemberRow, request: MemberRequestRow | null): Promise<AdminMember> {
    return adminView(member, await findMemberGroupIds(db, tenantId, member), request);
  }

  /** Deletes a member (their sessions with them); never oneself, never the last administrator. */
  async function adminDelete(ctx: MemberContext, id: number): Promise<void> {
    const member = await findMemberById(db, ctx.tenantId, id);
    if (!member) throw new AppError('not_found');
    if (id === ctx.member.id) throw new AppError('own_account_locked');
    if (member.isAdmin && member.memberStatus === 'active' && (await countAdmins(db, ctx.tenantId)) <= 1) throw new AppError('last_admin');
    await deleteMember(db, ctx.tenantId, id);
  }

  async function mailDecision(tenant: TenantRow, member: MemberRow, approved: boolean, reason: string | null, kind: 'registration' | 'group_change') {
    const lang = mailLanguage(member.language);
    const org = tenantName(tenant, lang);
    if (kind === 'group_change') {
      const subject = approved
        ? lang === 'ko' ? `[${org}] 그룹 변경이 승인되었습니다` : `[${org}] Your group change was approved`
        : lang === 'ko' ? `[${org}] 그룹 변경 요청이 거절되었습니다` : `[${org}] Your group change was not approved`;
      const lines = approved
        ? lang === 'ko' ? [`${member.name}님, 요청하신 그룹 변경이 승인되었습니다.`] : [`Hello ${member.name}, your group change was approved.`]
        : lang === 'ko' ? [`${member.name}님, 그룹 변경 요청이 거절되었습니다.`, `사유: ${reason}`] : [`Hello ${member.name}, your group change was not approved.`, `Reason: ${reason}`];
      await mailer.send({ to: member.email, subject, ...mailBody(lines) });
      return;
    }
    const subject = approved
      ? lang === 'ko' ? `[${org}] 가입이 승인되었습니다` : `[${org}] Your registration was approved`
      : lang === 'ko' ? `[${org}] 가입 요청이 거절되었습니다` : `[${org}] Your registration was not approved`;
    const body = approved
      ? mailBody(lang === 'ko' ? [`${member.name}님, 안녕하세요.`, `${org}의 관리자가 가입을 승인했습니다. 이제 로그인할 수 있습니다.`] : [`Hello ${member.name},`, `An administrator of ${org} approved your registration. You can sign in now.`])
      : mailBody(lang === 'ko' ? [`${member.name}님, 안녕하세요.`, `${org}의 관리자가 가입 요청을 거절했습니다.`, `사유: ${reason}`] : [`Hello ${member.name},`, `An administrator of ${org} did not approve your registration.`, `Reason: ${reason}`]);
    await mailer.send({ to: member.email, subject, ...body });
  }

  /**
   * Approves (a seat permitting) or rejects one pending member, then mails them. A mail that
   * fails undoes the decision: the member stays pending and the admin sees 424.
   */
  async function decide(ctx: MemberContext, memberId: number, approve: boolean, reason: string | null): Promise<'active' | 'rejected'> {
    const member = await findMemberById(db, ctx.tenantId, memberId);
    if (!member) throw new AppError('not_found');
    const request = await findPendingRequest(db, ctx.tenantId, memberId);
    if (request?.kind === 'group_change' && request.payload) return decideGroupChange(ctx, member, request.payload, approve, reason);
    if (member.memberStatus !== 'pending') throw new AppError('conflict', 'The member has no pending request');
    const status = approve ? 'active' : 'rejected';
    await db.transaction(async (tx) => {
      if (approve) await assertSeatFree(tx, ctx.tenant);
      await updateMember(tx, ctx.tenantId, memberId, { memberStatus: status });
      await settleMemberRequests(tx, ctx.tenantId, memberId, { status: approve ? 'approved' : 'rejected', reason, processedBy: ctx.member.id });
    });
    try {
      await mailDecision(ctx.tenant, member, approve, reason, 'registration');
    } catch (err) {
      await db.transaction(async (tx) => {
        await updateMember(tx, ctx.tenantId, memberId, { memberStatus: 'pending' });
        await insertMemberRequest(tx, ctx.tenantId, memberId, 'registration');
      });
      throw err;
    }
    return status;
  }

  /** A group change: approved, the member's groups become the requested ones; either way the member is mailed. */
  async function decideGroupChange(
    ctx: MemberContext,
    member: MemberRow,
    wanted: { default_member_group_id: number; member_group_ids: number[] },
    approve: boolean,
    reason: string | null,
  ): Promise<'active' | 'rejected'> {
    const before = { defaultMemberGroupId: member.defaultMemberGroupId, groupIds: await findMemberGroupIds(db, ctx.tenantId, member) };
    if (approve) await checkGroups(ctx.tenantId, wanted.default_member_group_id, wanted.member_group_ids);
    await db.transaction(async (tx) => {
      if (approve) {
        await updateMember(tx, ctx.tenantId, member.id, { defaultMemberGroupId: wanted.default_member_group_id });
        await setMemberGroups(tx, ctx.tenantId, member.id, wanted.member_group_ids);
      }
      await settleMemberRequests(tx, ctx.tenantId, member.id, { status: approve ? 'approved' : 'rejected', reason, processedBy: ctx.member.id });
    });
    try {
      await mailDecision(ctx.tenant, member, approve, reason, 'group_change');
    } catch (err) {
      await db.transaction(async (tx) => {
        if (approve) {
          await updateMember(tx, ctx.tenantId, member.id, { defaultMemberGroupId: before.defaultMemberGroupId });
          await setMemberGroups(tx, ctx.tenantId, member.id, before.groupIds.filter((g) => g !== before.defaultMemberGroupId));
        }
        await insertMemberRequest(tx, ctx.tenantId, member.id, 'group_change', wanted);
      });
      throw err;
    }
    return approve ? 'active' : 'rejected';
  }

  return {
    ownRecord,
    view,
    /** The last release whose notes the member closed (members.release_notes_seen_version; the release-notes module's). */
    releaseNotesSeen: (tenantId: number, memberId: number) => findReleaseNotesSeen(db, tenantId, memberId),
    markReleaseNotesSeen: (tenantId: number, memberId: number, version: string) => setReleaseNotesSeen(db, tenantId, memberId, version),
    checkCustomFields,
    checkGroups,
    findById: (tenantId: number, id: number) => findMemberById(db, tenantId, id),
    /** The tenant's default group: where members go who chose none. */
    async defaultGroupId(tenantId: number): Promise<number> {
      const group = await findDefaultGroup(db, tenantId);
      if (!group) throw new AppError('group_invalid');
      return group.id;
    },
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
    /** A new password ends every other session: older access tokens stop working. */
    async setPassword(tenantId: number, id: number, passwordHash: string): Promise<MemberRow | undefined> {
      await updateMember(db, tenantId, id, { passwordHash, mustChangePassword: false, tempPasswordHash: null, tempPasswordExpiresAt: null });
      await bumpTokenVersion(db, tenantId, id);
      return findMemberById(db, tenantId, id);
    },
    async get(ctx: MemberContext, id: number): Promise<Member> {
      return view(ctx.tenantId, await ownRecord(ctx, id));
    },
    async patch(ctx: MemberContext, id: number, body: PatchMemberBody): Promise<Member> {
      const own = await ownRecord(ctx, id);
      const values: Partial<MemberRow> = {};
      if (body.name !== undefined) values.name = body.name;
      if (body.language !== undefined) values.language = body.language;
      if (body.custom_fields !== undefined) values.customFields = await checkCustomFields(ctx.tenantId, body.custom_fields, { kind: 'edit', member: own });
      const row = await updateMember(db, ctx.tenantId, id, values);
      if (!row) throw new AppError('not_found');
      return view(ctx.tenantId, row);
    },
    async memberCountCheck(ctx: TenantContext): Promise<MemberCountCheck> {
      const count = await countSeats(db, ctx.tenantId);
      const max = ctx.tenant.maxMembers;
      return { available: max === null || count < max, member_count: count, max_members: max };
    },
    seatsTaken: (tenantId: number) => countSeats(db, tenantId),
    async groupSummaries(ctx: TenantContext, q: { page: number; size: number; is_default?: boolean; search_term?: string; order_by: string }): Promise<MemberGroupSummaryList> {
      const { rows, total } = await listMemberGroups(db, ctx.tenantId, { isDefault: q.is_default, searchTerm: q.search_term || undefined, orderBy: q.order_by, page: q.page, size: q.size });
      return { items: rows.map((g) => ({ id: g.id, ko_name: g.koName, en_name: g.enName, is_default: g.isDefault })), pagination: pagination(q.page, q.size, total) };
    },
    async customFields(ctx: TenantContext, f: { is_signup_field?: boolean; is_searchable?: boolean; is_editable?: boolean }) {
      const rows = await listCustomFields(db, ctx.tenantId, { isSignupField: f.is_signup_field, isSearchable: f.is_searchable, isEditable: f.is_editable });
      return { items: rows.map(toCustomField) };
    },
    async createCustomField(ctx: MemberContext, b: CreateCustomFieldBody): Promise<CustomField> {
      return toCustomField(await insertCustomField(db, ctx.tenantId, customFieldValues(b)));
    },
    async patchCustomField(ctx: MemberContext, id: number, b: PatchCustomFieldBody): Promise<CustomField> {
      const row = await updateCustomField(db, ctx.tenantId, id, customFieldValues(b));
      if (!row) throw new AppError('not_found');
      return toCustomField(row);
    },
    async deleteCustomField(ctx: MemberContext, id: number): Promise<void> {
      if (!(await deleteCustomField(db, ctx.tenantId, id))) throw new AppError('not_found');
    },
    async listForAdmin(ctx: MemberContext, q: z.output<typeof listAdminMembersQuery>): Promise<AdminMemberList> {
      const { rows, total } = await listMembersForAdmin(db, ctx.tenantId, {
        status: q.member_status,
        hasPendingRequest: q.has_pending_request,
        searchTerm: q.search_term || undefined,
        groupId: q.member_group_id,
        isAdmin: q.is_admin,
        orderBy: q.order_by,
        page: q.page,
        size: q.size,
      });
      // The page's additional groups in one query, not one per member.
      const additional = await membershipsOf(db, ctx.tenantId, rows.map((r) => r.member.id));
      const items = rows.map(({ member, request }) =>
        adminView(member, allGroupIds(member.defaultMemberGroupId, additional.filter((m) => m.memberId === member.id).map((m) => m.groupId)), request),
      );
      return { items, pagination: pagination(q.page, q.size, total) };
    },
    async adminGet(ctx: MemberContext, id: number): Promise<AdminMember> {
      const member = await findMemberById(db, ctx.tenantId, id);
      if (!member) throw new AppError('not_found');
      return adminViewOf(ctx.tenantId, member, (await findPendingRequest(db, ctx.tenantId, id)) ?? null);
    },
    /**
     * An administrator edits a member: name, groups, custom fields, custom credit limit, admin
     * right, active or deactivated. Nobody removes their own admin right or deactivates themselves,
     * and the last active administrator stays one. Demotion and deactivation end the member's
     * sessions (their token version moves; the cached row is dropped by the members trigger).
     */
    async adminPatch(ctx: MemberContext, id: number, b: PatchAdminMemberBody): Promise<AdminMember> {
      const member = await findMemberById(db, ctx.tenantId, id);
      if (!member) throw new AppError('not_found');
      const demotes = b.is_admin === false && member.isAdmin;
      const deactivates = b.member_status === 'deactivated' && member.memberStatus === 'active';
      if ((demotes || deactivates) && id === ctx.member.id) throw new AppError('own_account_locked');
      if ((demotes || deactivates) && member.isAdmin && (await countAdmins(db, ctx.tenantId)) <= 1) throw new AppError('last_admin');
      const defaultGroup = b.default_member_group_id ?? member.defaultMemberGroupId;
      if (b.default_member_group_id !== undefined || b.member_group_ids !== undefined) {
        const extra = b.member_group_ids ?? (await findMemberGroupIds(db, ctx.tenantId, member)).filter((g) => g !== member.defaultMemberGroupId);
        await checkGroups(ctx.tenantId, defaultGroup!, extra);
      }
      const customFields = b.custom_fields === undefined ? undefined : await checkCustomFields(ctx.tenantId, b.custom_fields, { kind: 'admin', member });
      await db.transaction(async (tx) => {
        await updateMember(tx, ctx.tenantId, id, {
          ...(b.name !== undefined && { name: b.name }),
          ...(b.default_member_group_id !== undefined && { defaultMemberGroupId: b.default_member_group_id }),
          ...(customFields !== undefined && { customFields }),
          ...(b.custom_credit_limit !== undefined && { customCreditLimitUnits: b.custom_credit_limit === null ? null : creditsToUnits(b.custom_credit_limit) }),
          ...(b.is_admin !== undefined && { isAdmin: b.is_admin }),
          ...(b.member_status !== undefined && { memberStatus: b.member_status }),
        });
        if (b.member_group_ids !== undefined) await setMemberGroups(tx, ctx.tenantId, id, b.member_group_ids.filter((g) => g !== defaultGroup));
        if (demotes || deactivates) await bumpTokenVersion(tx, ctx.tenantId, id);
      });
      return adminViewOf(ctx.tenantId, (await findMemberById(db, ctx.tenantId, id))!, null);
    },
    adminDelete,
    /** Several members' custom monthly limit at once (null: back to their group's). */
    async bulkCreditQuota(ctx: MemberContext, ids: number[], quota: number | null): Promise<BulkMembersResponse> {
      const items: BulkMembersResponse['items'] = [];
      for (const id of ids) {
        const row = await updateMember(db, ctx.tenantId, id, { customCreditLimitUnits: quota === null ? null : creditsToUnits(quota) });
        items.push({ member_id: id, ok: !!row, error_code: row ? null : 'not_found' });
      }
      return { items };
    },
    async bulkDelete(ctx: MemberContext, ids: number[]): Promise<BulkMembersResponse> {
      const items: BulkMembersResponse['items'] = [];
      for (const id of ids) {
        try {
          await adminDelete(ctx, id);
          items.push({ member_id: id, ok: true, error_code: null });
        } catch (err) {
          items.push({ member_id: id, ok: false, error_code: err instanceof AppError ? err.code : 'internal_error' });
        }
      }
      return { items };
    },
    async processPending(ctx: MemberContext, memberId: number, approve: boolean, reason: string | null): Promise<Member> {
      await decide(ctx, memberId, approve, reason);
      const row = await findMemberById(db, ctx.tenantId, memberId);
      return view(ctx.tenantId, row!);
    },
    /** The members export (a background task's handler): every member as CSV into `file`. */
    exportCsv: (tenantId: number, file: string, report: (done: number, total: number) => Promise<void>) => exportMembersCsv(db, tenantId, file, report),
    /** The member's pending group change, if any. */
    async groupChange(ctx: MemberContext, id: number): Promise<GroupChange> {
      await ownRecord(ctx, id);
      const request = await findPendingRequest(db, ctx.tenantId, id);
      return request?.kind === 'group_change'
        ? { status: 'pending', requested: request.payload, requested_at: request.createdAt.toISOString() }
        : { status: 'none', requested: null, requested_at: null };
    },
    /** A member asks to change groups; a pending request of theirs is replaced. An administrator decides. */
    async requestGroupChange(ctx: MemberContext, id: number, b: { default_member_group_id: number; member_group_ids: number[] }): Promise<GroupChange> {
      await ownRecord(ctx, id);
      if (ctx.member.memberStatus !== 'active') throw new AppError('conflict', 'The account is not active');
      await checkGroups(ctx.tenantId, b.default_member_group_id, b.member_group_ids);
      const payload = { default_member_group_id: b.default_member_group_id, member_group_ids: [...new Set(b.member_group_ids)] };
      const request = await db.transaction(async (tx) => {
        await withdrawGroupChange(tx, ctx.tenantId, id);
        return insertMemberRequest(tx, ctx.tenantId, id, 'group_change', payload);
      });
      return { status: 'pending', requested: payload, requested_at: request.createdAt.toISOString() };
    },
    /** Withdraws the member's pending group change (spec §7 `DELETE /members/{id}/group-queues/`). */
    async withdrawGroupChange(ctx: MemberContext, id: number): Promise<void> {
      await ownRecord(ctx, id);
      if (!(await withdrawGroupChange(db, ctx.tenantId, id))) throw new AppError('not_found', 'There is no pending group change');
    },
    /** Several at once: each decided on its own, so one failure (a full plan, a mail) fails that member alone. */
    async processPendingBulk(ctx: MemberContext, memberIds: number[], approve: boolean, reason: string | null): Promise<ProcessPendingResponse> {
      const items: ProcessPendingResponse['items'] = [];
      for (const id of memberIds) {
        try {
          items.push({ member_id: id, status: await decide(ctx, id, approve, reason), error_code: null });
        } catch (err) {
          items.push({ member_id: id, status: 'failed', error_code: err instanceof AppError ? err.code : 'internal_error' });
        }
      }
      return { items };
    },
  };
}
export type MembersService = ReturnType<typeof createMembersService>;

/** Every admin of the tenant has seen `version`'s release notes (the seed's new tenant; release-notes module). */
export function markReleaseNotesSeenOfAdmins(db: Db, tenantId: number, version: string): Promise<void> {
  return setReleaseNotesSeenOfAdmins(db, tenantId, version);
}

function customFieldValues(b: PatchCustomFieldBody) {
  return {
    ...(b.ko_name !== undefined && { koName: b.ko_name }),
    ...(b.en_name !== undefined && { enName: b.en_name }),
    ...(b.field_type !== undefined && { fieldType: b.field_type }),
    ...(b.is_signup_field !== undefined && { isSignupField: b.is_signup_field }),
    ...(b.is_searchable !== undefined && { isSearchable: b.is_searchable }),
    ...(b.is_required !== undefined && { isRequired: b.is_required }),
    ...(b.is_editable !== undefined && { isEditable: b.is_editable }),
    ...(b.is_unique !== undefined && { isUnique: b.is_unique }),
    ...(b.sort_order !== undefined && { sortOrder: b.sort_order }),
  } as { koName: string; enName: string };
}

/** A tenant's first rows, written inside its creation transaction (tenants.service). */
export const provisionMember = (tx: Executor, tenantId: number, values: Omit<typeof members.$inferInsert, 'tenantId' | 'id'>) => insertMember(tx, tenantId, values);
export const provisionMemberGroup = (tx: Executor, tenantId: number, values: Omit<typeof memberGroups.$inferInsert, 'tenantId' | 'id'>) =>
  insertMemberGroup(tx, tenantId, values);
