import type { Member, PatchMemberBody } from '@app/contracts/members';
import type { Db } from '../../db/client';
import type { MemberContext } from '../../platform/context';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { creditStatus, memberUsage, toCreditCheck } from '../credits/credits.service';
import { toMember } from './members.mapper';
import { findMemberById, findMemberGroupIds, updateMember } from './members.repo';

/** Members reach only their own record here; admins manage others under /admin. */
async function ownRecord(db: Db, ctx: MemberContext, id: number) {
  if (id === ctx.member.id) return ctx.member;
  const other = await findMemberById(db, ctx.tenantId, id);
  if (!other) throw notFound();
  throw forbidden();
}

export function createMembersService(db: Db) {
  return {
    async get(ctx: MemberContext, id: number): Promise<Member> {
      const row = await ownRecord(db, ctx, id);
      return toMember(row, await findMemberGroupIds(db, ctx.tenantId, row));
    },
    async patch(ctx: MemberContext, id: number, body: PatchMemberBody): Promise<Member> {
      await ownRecord(db, ctx, id);
      const row = await updateMember(db, ctx.tenantId, id, body);
      if (!row) throw new AppError('not_found', 404, 'The data does not exist');
      return toMember(row, await findMemberGroupIds(db, ctx.tenantId, row));
    },
    async creditCheck(ctx: MemberContext, id: number) {
      const row = await ownRecord(db, ctx, id);
      return toCreditCheck(await creditStatus(db, ctx.tenant, row));
    },
    async usage(ctx: MemberContext, id: number) {
      const row = await ownRecord(db, ctx, id);
      return memberUsage(db, ctx.tenant, row);
    },
  };
}
export type MembersService = ReturnType<typeof createMembersService>;
