import { randomUUID } from 'node:crypto';
import type { AuthResponse, ChangePasswordBody, SignInBody } from '@app/contracts/auth';
import type { Db } from '../../db/client';
import type { MemberContext, TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { hashPassword, isStrongPassword, verifyPassword } from '../../platform/passwords';
import { hashToken, newOpaqueToken, type TokenService } from '../../platform/tokens';
import { toMember } from '../members/members.mapper';
import { bumpTokenVersion, findMemberByEmail, findMemberById, findMemberGroupIds, type MemberRow, updateMember } from '../members/members.repo';
import { claimRefreshToken, findRefreshToken, insertRefreshToken, revokeAllForMember, revokeFamily } from './auth.repo';

const invalidCredentials = () => new AppError('invalid_credentials', 401, 'Incorrect email or password');

export function createAuthService(db: Db, tokens: TokenService, opts: { refreshTtlDays: number }) {
  async function issue(tenantId: number, member: MemberRow, familyId: string): Promise<AuthResponse> {
    const refresh = newOpaqueToken();
    await insertRefreshToken(db, tenantId, {
      memberId: member.id,
      familyId,
      tokenHash: hashToken(refresh),
      expiresAt: new Date(Date.now() + opts.refreshTtlDays * 86_400_000),
    });
    const access = await tokens.signAccess({ memberId: member.id, tenantId, tokenVersion: member.tokenVersion });
    return { ...toMember(member, await findMemberGroupIds(db, tenantId, member)), access_token: access, refresh_token: refresh };
  }

  return {
    async signIn(ctx: TenantContext, body: SignInBody): Promise<AuthResponse> {
      const member = await findMemberByEmail(db, ctx.tenantId, body.email);
      // Hash even for an unknown email, so timing does not tell which emails exist.
      const ok = await verifyPassword(member?.passwordHash ?? DUMMY_HASH, body.password);
      if (!member || !ok) throw invalidCredentials();
      if (member.memberStatus === 'pending') throw new AppError('not_approved', 403, 'Not yet approved by the administrator');
      if (member.memberStatus !== 'active') throw new AppError('not_eligible', 423, 'Not eligible to use the service');
      return issue(ctx.tenantId, member, randomUUID());
    },

    async refresh(ctx: TenantContext, token: string | undefined): Promise<AuthResponse> {
      if (!token) throw new AppError('token_expired', 401, 'Session expired; log in again');
      const row = await findRefreshToken(db, ctx.tenantId, hashToken(token));
      if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) {
        throw new AppError('token_expired', 401, 'Session expired; log in again');
      }
      if (!(await claimRefreshToken(db, ctx.tenantId, row.id))) {
        // A rotated token came back: someone holds a copy. End the whole family.
        await revokeFamily(db, ctx.tenantId, row.familyId);
        throw new AppError('token_expired', 401, 'Session expired; log in again');
      }
      const member = await findMemberById(db, ctx.tenantId, row.memberId);
      if (!member) throw new AppError('token_expired', 401, 'Session expired; log in again');
      if (member.memberStatus !== 'active') {
        await revokeFamily(db, ctx.tenantId, row.familyId);
        throw new AppError('account_deactivated', 403, 'Account deactivated');
      }
      return issue(ctx.tenantId, member, row.familyId);
    },

    async signOut(ctx: TenantContext, token: string | undefined): Promise<void> {
      if (!token) return;
      const row = await findRefreshToken(db, ctx.tenantId, hashToken(token));
      if (row) await revokeFamily(db, ctx.tenantId, row.familyId);
    },

    async changePassword(ctx: MemberContext, body: ChangePasswordBody): Promise<AuthResponse> {
      if (!(await verifyPassword(ctx.member.passwordHash, body.password))) {
        throw new AppError('invalid_credentials', 422, 'Current password is incorrect');
      }
      if (!isStrongPassword(body.new_password)) {
        throw new AppError('validation_error', 422, 'Password needs at least 8 characters with letters, numbers and special characters');
      }
      await updateMember(db, ctx.tenantId, ctx.member.id, { passwordHash: await hashPassword(body.new_password) });
      // Every other session ends: older access tokens and refresh families stop working.
      await bumpTokenVersion(db, ctx.tenantId, ctx.member.id);
      await revokeAllForMember(db, ctx.tenantId, ctx.member.id);
      const member = await findMemberById(db, ctx.tenantId, ctx.member.id);
      return issue(ctx.tenantId, member!, randomUUID());
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

// argon2id hash of a random string, used to spend the same time on unknown emails.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$WY/+iXz0NwTY80OZZeDXnA$/Ka91/gLBDYyJIpIj12VNzVPGl5ZwIQHBx8XQf3PnjU';
