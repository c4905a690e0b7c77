import type { Member, PatchMemberBody } from '@app/contracts/members';
import type { Db, Executor } from '../../db/client';
import type { MemberRow, memberGroups, members } from '../../db/schema/index';
import type { MemberContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { toMember } from './members.mapper';
import { bumpTokenVersion, findMemberByEmail, findMemberById, findMemberGroupIds, insertMember, insertMemberGroup, updateMember } from './members.repo';

export function createMembersService(db: Db) {
  /** Members reach only their own record here (404 none, 403 another's); admins manage others under /admin. */
  async function ownRecord(ctx: MemberContext, id: number): Promise<MemberRow> {
    if (id === ctx.member.id) return ctx.member;
    const other = await findMemberById(db, ctx.tenantId, id);
    throw new AppError(other ? 'forbidden' : 'not_found');
  }

  async function view(tenantId: number, row: MemberRow): Promise<Member> {
    return toMember(row, await findMemberGroupIds(db, tenantId, row));
  }

  return {
    ownRecord,
    view,
    findById: (tenantId: number, id: number) => findMemberById(db, tenantId, id),
    findByEmail: (tenantId: number, email: string) => findMemberByEmail(db, tenantId, email),
    /** All groups of a member: the default group plus additional ones. */
    groupIds: (tenantId: number, member: Pick<MemberRow, 'id' | 'defaultMemberGroupId'>) => findMemberGroupIds(db, tenantId, member),
    /** A new password ends every other session: older access tokens stop working. */
    async setPassword(tenantId: number, id: number, passwordHash: string): Promise<MemberRow | undefined> {
      await updateMember(db, tenantId, id, { passwordHash });
      await bumpTokenVersion(db, tenantId, id);
      return findMemberById(db, tenantId, id);
    },
    async get(ctx: MemberContext, id: number): Promise<Member> {
      return view(ctx.tenantId, await ownRecord(ctx, id));
    },
    async patch(ctx: MemberContext, id: number, body: PatchMemberBody): Promise<Member> {
      await ownRecord(ctx, id);
      const row = await updateMember(db, ctx.tenantId, id, body);
      if (!row) throw new AppError('not_found');
      return view(ctx.tenantId, row);
    },
  };
}
export type MembersService = ReturnType<typeof createMembersService>;

/** A tenant's first rows, written inside its creation transaction (tenants.service). */
export const provisionMember = (tx: Executor, tenantId: number, values: Omit<typeof members.$inferInsert, 'tenantId' | 'id'>) => insertMember(tx, tenantId, values);
export const provisionMemberGroup = (tx: Executor, tenantId: number, values: Omit<typeof memberGroups.$inferInsert, 'tenantId' | 'id'>) =>
  insertMemberGroup(tx, tenantId, values);
