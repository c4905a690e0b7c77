import type { GroupChange, Member, PatchMemberBody } from '@app/contracts/members';
import type { MemberRow } from '../../db/schema/members';
import type { MemberContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { checkCustomFields, checkGroups } from './members.fields';
import { toMember } from './members.mapper';
import { findMemberById, findMemberGroupIds, findPendingRequest, insertMemberRequest, updateMember, withdrawGroupChange as withdrawGroupChangeRow } from './members.repo';
import type { MembersServiceDeps } from './members.types';

// A member's own record: their page, and the group change they ask for.

/** Members reach only their own record here (404 none, 403 another's); admins manage others under /admin. */
export async function ownRecord(deps: Pick<MembersServiceDeps, 'db'>, ctx: MemberContext, id: number): Promise<MemberRow> {
  if (id === ctx.member.id) return ctx.member;
  const other = await findMemberById(deps.db, ctx.tenantId, id);
  throw new AppError(other ? 'forbidden' : 'not_found');
}

export async function view(deps: Pick<MembersServiceDeps, 'db'>, tenantId: number, row: MemberRow): Promise<Member> {
  return toMember(row, await findMemberGroupIds(deps.db, tenantId, row));
}

export async function get(deps: MembersServiceDeps, ctx: MemberContext, id: number): Promise<Member> {
  return view(deps, ctx.tenantId, await ownRecord(deps, ctx, id));
}

export async function patch(deps: MembersServiceDeps, ctx: MemberContext, id: number, body: PatchMemberBody): Promise<Member> {
  const own = await ownRecord(deps, ctx, id);
  const values: Partial<MemberRow> = {};
  if (body.name !== undefined) values.name = body.name;
  if (body.language !== undefined) values.language = body.language;
  if (body.custom_fields !== undefined) values.customFields = await checkCustomFields(deps, ctx.tenantId, body.custom_fields, { kind: 'edit', member: own });
  const row = await updateMember(deps.db, ctx.tenantId, id, values);
  if (!row) throw new AppError('not_found');
  return view(deps, ctx.tenantId, row);
}

/** The member's pending group change, if any. */
export async function groupChange(deps: MembersServiceDeps, ctx: MemberContext, id: number): Promise<GroupChange> {
  await ownRecord(deps, ctx, id);
  const request = await findPendingRequest(deps.db, ctx.tenantId, id);
  return request?.kind === 'group_change'
    ? { status: 'pending', requested: request.payload, requested_at: request.createdAt.toISOString() }
    : { status: 'none', requested: null, requested_at: null };
}

/** A member asks to change groups; a pending request of theirs is replaced. An administrator decides. */
export async function requestGroupChange(deps: MembersServiceDeps, ctx: MemberContext, id: number, b: { default_member_group_id: number; member_group_ids: number[] }): Promise<GroupChange> {
  await ownRecord(deps, ctx, id);
  if (ctx.member.memberStatus !== 'active') throw new AppError('conflict', 'The account is not active');
  await checkGroups(deps, ctx.tenantId, b.default_member_group_id, b.member_group_ids);
  const payload = { default_member_group_id: b.default_member_group_id, member_group_ids: [...new Set(b.member_group_ids)] };
  const request = await deps.db.transaction(async (tx) => {
    await withdrawGroupChangeRow(tx, ctx.tenantId, id);
    return insertMemberRequest(tx, ctx.tenantId, id, 'group_change', payload);
  });
  return { status: 'pending', requested: payload, requested_at: request.createdAt.toISOString() };
}

/** Withdraws the member's pending group change (spec §7 `DELETE /members/{id}/group-queues/`). */
export async function withdrawGroupChange(deps: MembersServiceDeps, ctx: MemberContext, id: number): Promise<void> {
  await ownRecord(deps, ctx, id);
  if (!(await withdrawGroupChangeRow(deps.db, ctx.tenantId, id))) throw new AppError('not_found', 'There is no pending group change');
}
