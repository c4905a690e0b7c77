import { timingSafeEqual } from 'node:crypto';
import type { SignUpResponse } from '@app/contracts/auth';
import type { acceptInvitationBody, InvitationVerify } from '@app/contracts/invitations';
import type { z } from 'zod';
import type { MemberRow, TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { hashToken } from '../../platform/tokens';
import { createMemberRecord, isUniqueViolation } from '../members/members.service';
import { checkAgreements, recordAgreements } from '../sign-up/sign-up.service';
import { acceptInvitation, findInvitationByHash, findOpenSsoInvitation, type InvitationRow } from './invitations.repo';
import type { InvitationsServiceDeps } from './invitations.types';

// Accepting an invitation (spec §4): with the mailed temporary password, or through an SSO platform.

/** The open invitation of a hash, or the §8 error: not found, already used, expired. */
async function open(deps: Pick<InvitationsServiceDeps, 'db'>, ctx: TenantContext, hash: string): Promise<InvitationRow> {
  const inv = await findInvitationByHash(deps.db, ctx.tenantId, hash);
  if (!inv) throw new AppError('invitation_not_found');
  if (inv.acceptedAt) throw new AppError('invitation_used');
  if (inv.expiresAt.getTime() <= Date.now()) throw new AppError('invitation_expired');
  return inv;
}

export async function verify(deps: Pick<InvitationsServiceDeps, 'db'>, ctx: TenantContext, hash: string): Promise<InvitationVerify> {
  const inv = await open(deps, ctx, hash);
  return { email: inv.email, name: inv.name, expires_at: inv.expiresAt.toISOString(), custom_fields: inv.customFields, sso_platform_id: inv.ssoPlatformId };
}

/**
 * An SSO invitation for this id of the platform (decision 039), once the platform has proven
 * the person: the member the administrator set up (email, name, groups, custom fields), active,
 * with no password and no sign-up form; the invitation is consumed and its seat taken over.
 * Undefined when no open invitation carries the id.
 */
export async function acceptSso(deps: InvitationsServiceDeps, ctx: TenantContext, platformId: number, ssoId: string): Promise<MemberRow | undefined> {
  const { db } = deps;
  const inv = await findOpenSsoInvitation(db, ctx.tenantId, platformId, ssoId);
  if (!inv) return undefined;
  const defaultGroup = inv.defaultMemberGroupId ?? (await deps.members.defaultGroupId(ctx.tenantId));
  return db.transaction(async (tx) => {
    const member = await createMemberRecord(tx, ctx.tenantId, {
      email: inv.email,
      name: inv.name,
      passwordHash: null,
      sso: { platformId, ssoId },
      language: 'ko',
      memberStatus: 'active',
      defaultMemberGroupId: defaultGroup,
      memberGroupIds: inv.memberGroupIds,
      customFields: inv.customFields,
    });
    if (!(await acceptInvitation(tx, ctx.tenantId, inv.id, member.id))) throw new AppError('invitation_used');
    return member;
  });
}

export async function accept(deps: InvitationsServiceDeps, ctx: TenantContext, hash: string, body: z.output<typeof acceptInvitationBody>): Promise<SignUpResponse> {
  const { db } = deps;
  const inv = await open(deps, ctx, hash);
  if (body.email !== inv.email) throw new AppError('invitation_not_found', 'The email does not match the invitation');
  // An SSO invitation is accepted by signing in through its platform, never with a password.
  if (inv.ssoPlatformId !== null || inv.tempPasswordHash === null) throw new AppError('invitation_sso');
  const given = Buffer.from(hashToken(body.temporary_password), 'hex');
  if (!timingSafeEqual(given, Buffer.from(inv.tempPasswordHash, 'hex'))) throw new AppError('temporary_password_incorrect');
  // What the administrator filled in stands unless the invitee changes it.
  const customFields = await deps.members.checkCustomFields(ctx.tenantId, { ...inv.customFields, ...body.custom_fields }, { kind: 'signup' });
  const agreements = await checkAgreements(db, ctx.tenantId, body.agreements);
  const defaultGroup = inv.defaultMemberGroupId ?? (await deps.members.defaultGroupId(ctx.tenantId));
  const passwordHash = await hashPassword(body.password);
  try {
    await db.transaction(async (tx) => {
      // The invitation held the seat; the member takes it over.
      const member = await createMemberRecord(tx, ctx.tenantId, {
        email: inv.email,
        name: body.name,
        passwordHash,
        language: body.language,
        memberStatus: 'active',
        defaultMemberGroupId: defaultGroup,
        memberGroupIds: inv.memberGroupIds,
        customFields,
      });
      if (!(await acceptInvitation(tx, ctx.tenantId, inv.id, member.id))) throw new AppError('invitation_used');
      await recordAgreements(tx, ctx.tenantId, member.id, agreements);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('already_registered');
    throw err;
  }
  return { member_status: 'active', email: inv.email };
}
