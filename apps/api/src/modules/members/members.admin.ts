import type { AdminMember, AdminMemberList, BulkMembersResponse, listAdminMembersQuery, PatchAdminMemberBody } from '@app/contracts/admin-members';
import type { z } from 'zod';
import { creditsToUnits } from '../credits/credits.rules';
import type { memberRequests, MemberRow } from '../../db/schema/members';
import type { MemberContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { pagination } from '../../platform/pagination';
import { checkCustomFields, checkGroups } from './members.fields';
import { allGroupIds, toMember } from './members.mapper';
import { bumpTokenVersion, countAdmins, deleteMember, findMemberById, findMemberGroupIds, findPendingRequest, listMembersForAdmin, membershipsOf, setMemberGroups, updateMember } from './members.repo';
import type { MembersServiceDeps } from './members.types';

// The console's members (spec §2 Members): the list, one member's page, edits and deletion.

type MemberRequestRow = typeof memberRequests.$inferSelect;

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

async function adminViewOf(deps: MembersServiceDeps, tenantId: number, member: MemberRow, request: MemberRequestRow | null): Promise<AdminMember> {
  return adminView(member, await findMemberGroupIds(deps.db, tenantId, member), request);
}

/** Deletes a member (their sessions with them); never oneself, never the last administrator. */
export async function adminDelete(deps: MembersServiceDeps, ctx: MemberContext, id: number): Promise<void> {
  const member = await findMemberById(deps.db, ctx.tenantId, id);
  if (!member) throw new AppError('not_found');
  if (id === ctx.member.id) throw new AppError('own_account_locked');
  if (member.isAdmin && member.memberStatus === 'active' && (await countAdmins(deps.db, ctx.tenantId)) <= 1) throw new AppError('last_admin');
  await deleteMember(deps.db, ctx.tenantId, id);
}

export async function listForAdmin(deps: MembersServiceDeps, ctx: MemberContext, q: z.output<typeof listAdminMembersQuery>): Promise<AdminMemberList> {
  const { rows, total } = await listMembersForAdmin(deps.db, ctx.tenantId, {
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
  const additional = await membershipsOf(deps.db, ctx.tenantId, rows.map((r) => r.member.id));
  const items = rows.map(({ member, request }) =>
    adminView(member, allGroupIds(member.defaultMemberGroupId, additional.filter((m) => m.memberId === member.id).map((m) => m.groupId)), request),
  );
  return { items, pagination: pagination(q.page, q.size, total) };
}

export async function adminGet(deps: MembersServiceDeps, ctx: MemberContext, id: number): Promise<AdminMember> {
  const member = await findMemberById(deps.db, ctx.tenantId, id);
  if (!member) throw new AppError('not_found');
  return adminViewOf(deps, ctx.tenantId, member, (await findPendingRequest(deps.db, ctx.tenantId, id)) ?? null);
}

/**
 * An administrator edits a member: name, groups, custom fields, custom credit limit, admin
 * right, active or deactivated. Nobody removes their own admin right or deactivates themselves,
 * and the last active administrator stays one. Demotion and deactivation end the member's
 * sessions (their token version moves; the cached row is dropped by the members trigger).
 */
export async function adminPatch(deps: MembersServiceDeps, ctx: MemberContext, id: number, b: PatchAdminMemberBody): Promise<AdminMember> {
  const { db } = deps;
  const member = await findMemberById(db, ctx.tenantId, id);
  if (!member) throw new AppError('not_found');
  const demotes = b.is_admin === false && member.isAdmin;
  const deactivates = b.member_status === 'deactivated' && member.memberStatus === 'active';
  if ((demotes || deactivates) && id === ctx.member.id) throw new AppError('own_account_locked');
  if ((demotes || deactivates) && member.isAdmin && (await countAdmins(db, ctx.tenantId)) <= 1) throw new AppError('last_admin');
  const defaultGroup = b.default_member_group_id ?? member.defaultMemberGroupId;
  if (b.default_member_group_id !== undefined || b.member_group_ids !== undefined) {
    const extra = b.member_group_ids ?? (await findMemberGroupIds(db, ctx.tenantId, member)).filter((g) => g !== member.defaultMemberGroupId);
    await checkGroups(deps, ctx.tenantId, defaultGroup!, extra);
  }
  const customFields = b.custom_fields === undefined ? undefined : await checkCustomFields(deps, ctx.tenantId, b.custom_fields, { kind: 'admin', member });
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
  return adminViewOf(deps, ctx.tenantId, (await findMemberById(db, ctx.tenantId, id))!, null);
}

/** Several members' custom monthly limit at once (null: back to their group's). */
export async function bulkCreditQuota(deps: MembersServiceDeps, ctx: MemberContext, ids: number[], quota: number | null): Promise<BulkMembersResponse> {
  const items: BulkMembersResponse['items'] = [];
  for (const id of ids) {
    const row = await updateMember(deps.db, ctx.tenantId, id, { customCreditLimitUnits: quota === null ? null : creditsToUnits(quota) });
    items.push({ member_id: id, ok: !!row, error_code: row ? null : 'not_found' });
  }
  return { items };
}

export async function bulkDelete(deps: MembersServiceDeps, ctx: MemberContext, ids: number[]): Promise<BulkMembersResponse> {
  const items: BulkMembersResponse['items'] = [];
  for (const id of ids) {
    try {
      await adminDelete(deps, ctx, id);
      items.push({ member_id: id, ok: true, error_code: null });
    } catch (err) {
      items.push({ member_id: id, ok: false, error_code: err instanceof AppError ? err.code : 'internal_error' });
    }
  }
  return { items };
}
