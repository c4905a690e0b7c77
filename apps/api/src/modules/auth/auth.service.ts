import { randomUUID } from 'node:crypto';
import type { AuthResponse, ChangePasswordBody, SignInBody } from '@app/contracts/auth';
import type { Db } from '../../db/client';
import type { MemberContext, MemberRow, TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { hashPassword, isStrongPassword, verifyPassword } from '../../platform/passwords';
import { hashToken, newOpaqueToken, type TokenService } from '../../platform/tokens';
import type { MembersService } from '../members/members.service';
import { claimRefreshToken, findRefreshToken, insertRefreshToken, revokeAllForMember, revokeFamily } from './auth.repo';

const invalidCredentials = () => new AppError('invalid_credentials');

/** What auth needs of the members module. */
export type AuthMembers = Pick<MembersService, 'findById' | 'findByEmail' | 'view' | 'setPassword'>;

export function createAuthService(db: Db, tokens: TokenService, members: AuthMembers, opts: { refreshTtlDays: number }) {
  async function issue(tenantId: number, member: MemberRow, familyId: string): Promise<AuthResponse> {
    const refresh = newOpaqueToken();
    await insertRefreshToken(db, tenantId, {
      memberId: member.id,
      familyId,
      tokenHash: hashToken(refresh),
      expiresAt: new Date(Date.now() + opts.refreshTtlDays * 86_400_000),
    });
    const access = await tokens.signAccess({ memberId: member.id, tenantId, tokenVersion: member.tokenVersion });
    return { ...(await members.view(tenantId, member)), access_token: access, refresh_token: refresh };
  }

  return {
    async signIn(ctx: TenantContext, body: SignInBody): Promise<AuthResponse> {
      const member = await members.findByEmail(ctx.tenantId, body.email);
      // Hash even for an unknown email, so timing does not tell which emails exist.
      const ok = await verifyPassword(member?.passwordHash ?? DUMMY_HASH, body.password);
      if (!member || !ok) throw invalidCredentials();
      if (member.memberStatus === 'pending') throw new AppError('not_approved');
      if (member.memberStatus !== 'active') throw new AppError('not_eligible');
      return issue(ctx.tenantId, member, randomUUID());
    },

    async refresh(ctx: TenantContext, token: string | undefined): Promise<AuthResponse> {
      if (!token) throw new AppError('token_expired');
      const row = await findRefreshToken(db, ctx.tenantId, hashToken(token));
      if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) {
        throw new AppError('token_expired');
      }
      if (!(await claimRefreshToken(db, ctx.tenantId, row.id))) {
        // A rotated token came back: someone holds a copy. End the whole family.
        await revokeFamily(db, ctx.tenantId, row.familyId);
        throw new AppError('token_expired');
      }
      const member = await members.findById(ctx.tenantId, row.memberId);
      if (!member) throw new AppError('token_expired');
      if (member.memberStatus !== 'active') {
        await revokeFamily(db, ctx.tenantId, row.familyId);
        throw new AppError('account_deactivated');
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
        throw new AppError('password_incorrect');
      }
      if (!isStrongPassword(body.new_password)) {
        throw new AppError('password_too_weak');
      }
      // Every other session ends: older access tokens and refresh families stop working.
      const member = await members.setPassword(ctx.tenantId, ctx.member.id, await hashPassword(body.new_password));
      await revokeAllForMember(db, ctx.tenantId, ctx.member.id);
      if (!member) throw new AppError('token_expired');
      return issue(ctx.tenantId, member, randomUUID());
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

// argon2id hash of a random string, used to spend the same time on unknown emails.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$WY/+iXz0NwTY80OZZeDXnA$/Ka91/gLBDYyJIpIj12VNzVPGl5ZwIQHBx8XQf3PnjU';
