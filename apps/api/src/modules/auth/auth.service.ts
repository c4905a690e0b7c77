import { randomUUID } from 'node:crypto';
import type { AuthResponse, ChangePasswordBody, resetPasswordBody, SignInBody } from '@app/contracts/auth';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { CacheHub } from '../../platform/cache';
import type { MemberContext, MemberRow, TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../integrations/mail/types';
import { mailBody, mailLanguage, tenantName } from '../../platform/mail-text';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { MAIL_SEND_LIMITS, type SendLimit, secondsUntilAllowed, sendWindowMs } from '../../platform/send-limits';
import type { SignInLimits } from '../../platform/sign-in-limits';
import { hashToken, newOpaqueToken, type TokenService } from '../../platform/tokens';
import type { MembersService } from '../members/members.service';
import { generatePassword } from '../tenants/tenants.service';
import { claimRefreshToken, findRefreshToken, insertPasswordReset, insertRefreshToken, resetsSince, revokeAllForMember, revokedFamiliesSince, revokeFamily } from './auth.repo';

/** A mailed temporary password works for 30 minutes, once. */
const TEMP_PASSWORD_TTL_MS = 30 * 60_000;

const invalidCredentials = () => new AppError('invalid_credentials');

/** What auth needs of the members module. */
export type AuthMembers = Pick<MembersService, 'findById' | 'findByEmail' | 'view' | 'setPassword' | 'update'>;

export interface AuthServiceDeps {
  db: Db;
  tokens: TokenService;
  members: AuthMembers;
  mailer: Mailer;
  refreshTtlDays: number;
  /** How long an access token lives: how far back an ended session still has live tokens. */
  accessTtlSeconds: number;
  resetLimits?: SendLimit[];
  signInLimits: SignInLimits;
  /** Drops a tenant's cached rows in this process at once (other processes hear the database's NOTIFY). */
  caches: Pick<CacheHub, 'invalidate'>;
}

async function issue(deps: AuthServiceDeps, tenantId: number, member: MemberRow, familyId: string): Promise<AuthResponse> {
  const refresh = newOpaqueToken();
  await insertRefreshToken(deps.db, tenantId, {
    memberId: member.id,
    familyId,
    tokenHash: hashToken(refresh),
    expiresAt: new Date(Date.now() + deps.refreshTtlDays * 86_400_000),
  });
  const access = await deps.tokens.signAccess({ memberId: member.id, tenantId, tokenVersion: member.tokenVersion, sessionId: familyId });
  return { ...(await deps.members.view(tenantId, member)), access_token: access, refresh_token: refresh, must_change_password: member.mustChangePassword };
}

/** `address`: where the attempt comes from; wrong passwords are counted per email and address (decision 047). */
async function signIn(deps: AuthServiceDeps, ctx: TenantContext, body: SignInBody, address: string): Promise<AuthResponse> {
  const { members } = deps;
  await deps.signInLimits.check(ctx.tenantId, body.email, address);
  let member = await members.findByEmail(ctx.tenantId, body.email);
  // Hash even for an unknown email, so timing does not tell which emails exist.
  const ok = await verifyPassword(member?.passwordHash ?? DUMMY_HASH, body.password);
  // The mailed temporary password, once, within its 30 minutes: it becomes the password, and a
  // new one must be chosen before anything else. Until then the old password keeps working.
  const temporary =
    !ok && !!member?.tempPasswordHash && !!member.tempPasswordExpiresAt && member.tempPasswordExpiresAt.getTime() > Date.now() && (await verifyPassword(member.tempPasswordHash, body.password));
  if (!member || !(ok || temporary)) {
    await deps.signInLimits.failed(ctx.tenantId, body.email, address);
    throw invalidCredentials();
  }
  await deps.signInLimits.succeeded(ctx.tenantId, body.email, address);
  if (member.memberStatus === 'pending') throw new AppError('not_approved');
  if (member.memberStatus !== 'active') throw new AppError('not_eligible');
  if (temporary) {
    member = (await members.update(ctx.tenantId, member.id, { passwordHash: member.tempPasswordHash, tempPasswordHash: null, tempPasswordExpiresAt: null, mustChangePassword: true }))!;
  }
  // A language chosen on the sign-in page is the member's choice from now on.
  if (body.language && body.language !== member.language) member = (await members.update(ctx.tenantId, member.id, { language: body.language })) ?? member;
  return issue(deps, ctx.tenantId, member, randomUUID());
}

async function refresh(deps: AuthServiceDeps, ctx: TenantContext, token: string | undefined): Promise<AuthResponse> {
  const { db } = deps;
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
  const member = await deps.members.findById(ctx.tenantId, row.memberId);
  if (!member) throw new AppError('token_expired');
  if (member.memberStatus !== 'active') {
    await revokeFamily(db, ctx.tenantId, row.familyId);
    throw new AppError('account_deactivated');
  }
  return issue(deps, ctx.tenantId, member, row.familyId);
}

/**
 * Ends the session of the refresh token, or else of the access token: both stop working at once,
 * on every instance (the revocation's NOTIFY drops the cached set of ended sessions, decision 047).
 */
async function signOut(deps: AuthServiceDeps, ctx: TenantContext, refreshToken: string | undefined, accessToken: string | undefined): Promise<void> {
  let familyId = refreshToken ? (await findRefreshToken(deps.db, ctx.tenantId, hashToken(refreshToken)))?.familyId : undefined;
  if (!familyId && accessToken) {
    const claims = await deps.tokens.verifyAccess(accessToken).catch(() => null);
    if (claims?.tenantId === ctx.tenantId && claims.sessionId) familyId = claims.sessionId;
  }
  if (!familyId) return;
  await revokeFamily(deps.db, ctx.tenantId, familyId);
  deps.caches.invalidate(ctx.tenantId);
}

/** Sessions ended within an access token's life: a token of one of them is refused (platform/request-context.ts). */
async function endedSessions(deps: AuthServiceDeps, tenantId: number): Promise<{ ids: ReadonlySet<string> }> {
  // A margin over the token's life: a refresh racing the sign-out signs its token a moment after.
  const since = new Date(Date.now() - (deps.accessTtlSeconds + 300) * 1000);
  return { ids: new Set(await revokedFamiliesSince(deps.db, tenantId, since)) };
}

async function changePassword(deps: AuthServiceDeps, ctx: MemberContext, body: ChangePasswordBody): Promise<AuthResponse> {
  if (ctx.member.ssoId !== null && ctx.member.passwordHash === null) throw new AppError('sso_no_password');
  if (!(await verifyPassword(ctx.member.passwordHash, body.password))) {
    throw new AppError('password_incorrect');
  }
  // Every other session ends: older access tokens and refresh families stop working.
  const member = await deps.members.setPassword(ctx.tenantId, ctx.member.id, await hashPassword(body.new_password));
  await revokeAllForMember(deps.db, ctx.tenantId, ctx.member.id);
  if (!member) throw new AppError('token_expired');
  return issue(deps, ctx.tenantId, member, randomUUID());
}

/**
 * Forgot password: mails a temporary password valid 30 minutes. The answer is the same whether
 * or not the email is registered; sends are limited like the sign-up code.
 */
async function resetPassword(deps: AuthServiceDeps, ctx: TenantContext, body: z.output<typeof resetPasswordBody>): Promise<void> {
  const { db, members } = deps;
  const resetLimits = deps.resetLimits ?? MAIL_SEND_LIMITS;
  const email = body.email;
  const now = new Date();
  const wait = secondsUntilAllowed(await resetsSince(db, ctx.tenantId, email, new Date(now.getTime() - sendWindowMs(resetLimits))), now, resetLimits);
  if (wait > 0) throw new AppError('rate_limited', undefined, { retry_after_seconds: wait });
  await insertPasswordReset(db, ctx.tenantId, email);
  const member = await members.findByEmail(ctx.tenantId, email);
  // An SSO member has no password here to reset: their platform holds it (issue 29 §5).
  if (!member || member.memberStatus !== 'active' || member.ssoId !== null) return;
  const temporary = generatePassword();
  await members.update(ctx.tenantId, member.id, { tempPasswordHash: await hashPassword(temporary), tempPasswordExpiresAt: new Date(now.getTime() + TEMP_PASSWORD_TTL_MS) });
  const lang = mailLanguage(body.language ?? member.language);
  const org = tenantName(ctx.tenant, lang);
  try {
    await deps.mailer.send({
      to: member.email,
      subject: lang === 'ko' ? `[${org}] 임시 비밀번호` : `[${org}] Your temporary password`,
      ...mailBody(
        lang === 'ko'
          ? [`${member.name}님, 비밀번호 재설정을 요청하셨습니다.`, `임시 비밀번호: ${temporary}`, '30분 안에 한 번 사용할 수 있습니다. 임시 비밀번호로 로그인하면 그것이 비밀번호가 되어 기존 비밀번호로는 더 이상 로그인할 수 없으며, 바로 새 비밀번호를 정하게 됩니다.', '요청하지 않았다면 이 메일을 무시하세요. 임시 비밀번호를 쓰지 않는 한 기존 비밀번호가 그대로 유지됩니다.']
          : [`Hello ${member.name}, you asked to reset your password.`, `Temporary password: ${temporary}`, 'It works once, within 30 minutes. Signing in with it makes it your password: your old password no longer works, and you choose a new one right away.', 'If you did not ask for this, ignore this mail: unless the temporary password is used, your current password stays as it is.'],
      ),
    });
  } catch (err) {
    await members.update(ctx.tenantId, member.id, { tempPasswordHash: null, tempPasswordExpiresAt: null });
    throw err;
  }
}

export function createAuthService(deps: AuthServiceDeps) {
  return {
    /** Tokens for a member whose identity another flow proved (single sign-on, decision 039). */
    issueFor: (ctx: TenantContext, member: MemberRow) => issue(deps, ctx.tenantId, member, randomUUID()),
    signIn: (ctx: TenantContext, body: SignInBody, address: string) => signIn(deps, ctx, body, address),
    refresh: (ctx: TenantContext, token: string | undefined) => refresh(deps, ctx, token),
    signOut: (ctx: TenantContext, refreshToken: string | undefined, accessToken: string | undefined) => signOut(deps, ctx, refreshToken, accessToken),
    endedSessions: (tenantId: number) => endedSessions(deps, tenantId),
    changePassword: (ctx: MemberContext, body: ChangePasswordBody) => changePassword(deps, ctx, body),
    resetPassword: (ctx: TenantContext, body: z.output<typeof resetPasswordBody>) => resetPassword(deps, ctx, body),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

// argon2id hash of a random string, used to spend the same time on unknown emails.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$WY/+iXz0NwTY80OZZeDXnA$/Ka91/gLBDYyJIpIj12VNzVPGl5ZwIQHBx8XQf3PnjU';
