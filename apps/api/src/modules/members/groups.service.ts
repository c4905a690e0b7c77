import type { createMemberGroupBody, listAdminMemberGroupsQuery, MemberGroup, MemberGroupList, PatchMemberGroupBody } from '@app/contracts/member-groups';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { CacheHub } from '../../platform/cache';
import type { MemberContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { pagination } from '../../platform/pagination';
import { creditsToUnits, unitsToDisplay } from '../credits/credits.rules';
import { deleteGroup, findGroupsByName, findGroupWithCount, insertGroup, listAllGroups, listGroupsWithCounts, type MemberGroupRow, removeMembership, updateGroup } from './groups.repo';
import { findMemberById } from './members.repo';

function toGroup(g: MemberGroupRow, memberCount: number): MemberGroup {
  return {
    id: g.id,
    ko_name: g.koName,
    en_name: g.enName,
    is_default: g.isDefault,
    credit_quota: g.creditQuotaUnits === null ? null : unitsToDisplay(g.creditQuotaUnits),
    member_credit_quota: unitsToDisplay(g.memberCreditQuotaUnits),
    member_count: memberCount,
    created_at: g.createdAt.toISOString(),
  };
}

export interface GroupsServiceDeps {
  db: Db;
  /** A quota or membership change is seen by the very next chat in this process (credits' group-quota cache). */
  caches: Pick<CacheHub, 'invalidate'>;
}

/** Korean and English names are each unique in the tenant; the 409 names which one is taken. */
async function assertNamesFree(deps: GroupsServiceDeps, tenantId: number, names: { koName?: string; enName?: string }, exceptId: number | null) {
  const taken = await findGroupsByName(deps.db, tenantId, names, exceptId);
  if (taken.some((g) => names.enName !== undefined && g.enName === names.enName)) throw new AppError('group_en_name_taken');
  if (taken.some((g) => names.koName !== undefined && g.koName === names.koName)) throw new AppError('group_ko_name_taken');
}

async function get(deps: GroupsServiceDeps, ctx: MemberContext, id: number): Promise<MemberGroup> {
  const row = await findGroupWithCount(deps.db, ctx.tenantId, id);
  if (!row) throw new AppError('group_not_found');
  return toGroup(row.group, row.memberCount);
}

async function list(deps: GroupsServiceDeps, ctx: MemberContext, q: z.output<typeof listAdminMemberGroupsQuery>): Promise<MemberGroupList> {
  const { rows, total } = await listGroupsWithCounts(deps.db, ctx.tenantId, { searchTerm: q.search_term || undefined, orderBy: q.order_by, page: q.page, size: q.size });
  return { items: rows.map((r) => toGroup(r.group, r.memberCount)), pagination: pagination(q.page, q.size, total) };
}

async function create(deps: GroupsServiceDeps, ctx: MemberContext, b: z.output<typeof createMemberGroupBody>): Promise<MemberGroup> {
  await assertNamesFree(deps, ctx.tenantId, { koName: b.ko_name, enName: b.en_name }, null);
  const row = await insertGroup(deps.db, ctx.tenantId, {
    koName: b.ko_name,
    enName: b.en_name,
    isDefault: b.is_default,
    creditQuotaUnits: b.credit_quota == null ? null : creditsToUnits(b.credit_quota),
    memberCreditQuotaUnits: creditsToUnits(b.member_credit_quota),
  });
  return toGroup(row, 0);
}

async function patch(deps: GroupsServiceDeps, ctx: MemberContext, id: number, b: PatchMemberGroupBody): Promise<MemberGroup> {
  const current = await findGroupWithCount(deps.db, ctx.tenantId, id);
  if (!current) throw new AppError('group_not_found');
  const changesCredits = b.credit_quota !== undefined || b.member_credit_quota !== undefined;
  // Spec §5: a default group's credit information cannot be changed.
  if (current.group.isDefault && changesCredits) throw new AppError('default_group_locked');
  await assertNamesFree(deps, ctx.tenantId, { koName: b.ko_name, enName: b.en_name }, id);
  await updateGroup(deps.db, ctx.tenantId, id, {
    ...(b.ko_name !== undefined && { koName: b.ko_name }),
    ...(b.en_name !== undefined && { enName: b.en_name }),
    ...(b.credit_quota !== undefined && { creditQuotaUnits: b.credit_quota === null ? null : creditsToUnits(b.credit_quota) }),
    ...(b.member_credit_quota !== undefined && { memberCreditQuotaUnits: creditsToUnits(b.member_credit_quota) }),
  });
  // A quota change is seen by the very next chat in this process (credits' group-quota cache).
  deps.caches.invalidate(ctx.tenantId);
  return get(deps, ctx, id);
}

async function remove(deps: GroupsServiceDeps, ctx: MemberContext, id: number): Promise<void> {
  const current = await findGroupWithCount(deps.db, ctx.tenantId, id);
  if (!current) throw new AppError('group_not_found');
  if (current.group.isDefault) throw new AppError('default_group_locked');
  await deleteGroup(deps.db, ctx.tenantId, id);
  deps.caches.invalidate(ctx.tenantId);
}

/** Takes a member out of an additional group (a member always keeps their default group). */
async function removeMember(deps: GroupsServiceDeps, ctx: MemberContext, groupId: number, memberId: number): Promise<void> {
  const group = await findGroupWithCount(deps.db, ctx.tenantId, groupId);
  if (!group) throw new AppError('group_not_found');
  const member = await findMemberById(deps.db, ctx.tenantId, memberId);
  if (!member) throw new AppError('not_found');
  if (member.defaultMemberGroupId === groupId) throw new AppError('default_group_locked', 'A member cannot be removed from their default group; change it instead');
  if (!(await removeMembership(deps.db, ctx.tenantId, groupId, memberId))) throw new AppError('not_found', 'The member is not in this group');
  deps.caches.invalidate(ctx.tenantId);
}

/** Member groups as the console manages them (spec §2 Member groups, §5 group names). */
export function createGroupsService(deps: GroupsServiceDeps) {
  return {
    get: (ctx: MemberContext, id: number) => get(deps, ctx, id),
    /** Every group of the tenant (names and quotas), for other modules' views (model access, usage). */
    all: (tenantId: number) => listAllGroups(deps.db, tenantId),
    list: (ctx: MemberContext, q: z.output<typeof listAdminMemberGroupsQuery>) => list(deps, ctx, q),
    create: (ctx: MemberContext, b: z.output<typeof createMemberGroupBody>) => create(deps, ctx, b),
    patch: (ctx: MemberContext, id: number, b: PatchMemberGroupBody) => patch(deps, ctx, id, b),
    remove: (ctx: MemberContext, id: number) => remove(deps, ctx, id),
    removeMember: (ctx: MemberContext, groupId: number, memberId: number) => removeMember(deps, ctx, groupId, memberId),
  };
}
export type GroupsService = ReturnType<typeof createGroupsService>;
