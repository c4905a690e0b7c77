import type { ProcessPendingResponse } from '@app/contracts/admin-members';
import type { Member } from '@app/contracts/members';
import type { MemberRow } from '../../db/schema/members';
import type { MemberContext, TenantRow } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { mailBody, mailLanguage, tenantName } from '../../platform/mail-text';
import { checkGroups } from './members.fields';
import { view } from './members.own';
import { findMemberById, findMemberGroupIds, findPendingRequest, insertMemberRequest, setMemberGroups, settleMemberRequests, updateMember } from './members.repo';
import { assertSeatFree } from './members.seats';
import type { MembersServiceDeps } from './members.types';

// An administrator's decisions on pending requests (a registration, a group change), mailed to the member.

async function mailDecision(deps: MembersServiceDeps, tenant: TenantRow, member: MemberRow, approved: boolean, reason: string | null, kind: 'registration' | 'group_change') {
  const lang = mailLanguage(member.language);
  const org = tenantName(tenant, lang);
  if (kind === 'group_change') {
    const subject = approved
      ? lang === 'ko' ? `[${org}] 그룹 변경이 승인되었습니다` : `[${org}] Your group change was approved`
      : lang === 'ko' ? `[${org}] 그룹 변경 요청이 거절되었습니다` : `[${org}] Your group change was not approved`;
    const lines = approved
      ? lang === 'ko' ? [`${member.name}님, 요청하신 그룹 변경이 승인되었습니다.`] : [`Hello ${member.name}, your group change was approved.`]
      : lang === 'ko' ? [`${member.name}님, 그룹 변경 요청이 거절되었습니다.`, `사유: ${reason}`] : [`Hello ${member.name}, your group change was not approved.`, `Reason: ${reason}`];
    await deps.mailer.send({ to: member.email, subject, ...mailBody(lines) });
    return;
  }
  const subject = approved
    ? lang === 'ko' ? `[${org}] 가입이 승인되었습니다` : `[${org}] Your registration was approved`
    : lang === 'ko' ? `[${org}] 가입 요청이 거절되었습니다` : `[${org}] Your registration was not approved`;
  const body = approved
    ? mailBody(lang === 'ko' ? [`${member.name}님, 안녕하세요.`, `${org}의 관리자가 가입을 승인했습니다. 이제 로그인할 수 있습니다.`] : [`Hello ${member.name},`, `An administrator of ${org} approved your registration. You can sign in now.`])
    : mailBody(lang === 'ko' ? [`${member.name}님, 안녕하세요.`, `${org}의 관리자가 가입 요청을 거절했습니다.`, `사유: ${reason}`] : [`Hello ${member.name},`, `An administrator of ${org} did not approve your registration.`, `Reason: ${reason}`]);
  await deps.mailer.send({ to: member.email, subject, ...body });
}

/**
 * Approves (a seat permitting) or rejects one pending member, then mails them. A mail that
 * fails undoes the decision: the member stays pending and the admin sees 424.
 */
async function decide(deps: MembersServiceDeps, ctx: MemberContext, memberId: number, approve: boolean, reason: string | null): Promise<'active' | 'rejected'> {
  const { db } = deps;
  const member = await findMemberById(db, ctx.tenantId, memberId);
  if (!member) throw new AppError('not_found');
  const request = await findPendingRequest(db, ctx.tenantId, memberId);
  if (request?.kind === 'group_change' && request.payload) return decideGroupChange(deps, ctx, member, request.payload, approve, reason);
  if (member.memberStatus !== 'pending') throw new AppError('conflict', 'The member has no pending request');
  const status = approve ? 'active' : 'rejected';
  await db.transaction(async (tx) => {
    if (approve) await assertSeatFree(tx, ctx.tenant);
    await updateMember(tx, ctx.tenantId, memberId, { memberStatus: status });
    await settleMemberRequests(tx, ctx.tenantId, memberId, { status: approve ? 'approved' : 'rejected', reason, processedBy: ctx.member.id });
  });
  try {
    await mailDecision(deps, ctx.tenant, member, approve, reason, 'registration');
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
  deps: MembersServiceDeps,
  ctx: MemberContext,
  member: MemberRow,
  wanted: { default_member_group_id: number; member_group_ids: number[] },
  approve: boolean,
  reason: string | null,
): Promise<'active' | 'rejected'> {
  const { db } = deps;
  const before = { defaultMemberGroupId: member.defaultMemberGroupId, groupIds: await findMemberGroupIds(db, ctx.tenantId, member) };
  if (approve) await checkGroups(deps, ctx.tenantId, wanted.default_member_group_id, wanted.member_group_ids);
  await db.transaction(async (tx) => {
    if (approve) {
      await updateMember(tx, ctx.tenantId, member.id, { defaultMemberGroupId: wanted.default_member_group_id });
      await setMemberGroups(tx, ctx.tenantId, member.id, wanted.member_group_ids);
    }
    await settleMemberRequests(tx, ctx.tenantId, member.id, { status: approve ? 'approved' : 'rejected', reason, processedBy: ctx.member.id });
  });
  try {
    await mailDecision(deps, ctx.tenant, member, approve, reason, 'group_change');
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

export async function processPending(deps: MembersServiceDeps, ctx: MemberContext, memberId: number, approve: boolean, reason: string | null): Promise<Member> {
  await decide(deps, ctx, memberId, approve, reason);
  const row = await findMemberById(deps.db, ctx.tenantId, memberId);
  return view(deps, ctx.tenantId, row!);
}

/** Several at once: each decided on its own, so one failure (a full plan, a mail) fails that member alone. */
export async function processPendingBulk(deps: MembersServiceDeps, ctx: MemberContext, memberIds: number[], approve: boolean, reason: string | null): Promise<ProcessPendingResponse> {
  const items: ProcessPendingResponse['items'] = [];
  for (const id of memberIds) {
    try {
      items.push({ member_id: id, status: await decide(deps, ctx, id, approve, reason), error_code: null });
    } catch (err) {
      items.push({ member_id: id, status: 'failed', error_code: err instanceof AppError ? err.code : 'internal_error' });
    }
  }
  return { items };
}
