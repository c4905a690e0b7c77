import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { SendCodeResponse, SignUpResponse } from '@app/contracts/auth';
import type { createPolicyBody, PatchPolicyBody, Policy, PolicyList, SignUpSettings } from '@app/contracts/sign-up-settings';
import type { signUpBody, sendCodeBody } from '@app/contracts/auth';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import type { policies } from '../../db/schema/sign-up';
import type { MemberContext, TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../integrations/mail/types';
import { mailBody, mailLanguage, tenantName } from '../../platform/mail-text';
import { hashPassword } from '../../platform/passwords';
import { MAIL_SEND_LIMITS, type SendLimit, secondsUntilAllowed, sendWindowMs } from '../../platform/send-limits';
import { assertSeatFree, createMemberRecord, isUniqueViolation, type MembersService } from '../members/members.service';
import { updateTenant } from '../tenants/tenants.service';
import {
  bumpCodeAttempts,
  countCodesSince,
  deletePolicy,
  deleteVerificationCode,
  findLatestCode,
  insertAgreements,
  insertPolicy,
  insertVerificationCode,
  listPolicies,
  updatePolicy,
  useCode,
} from './sign-up.repo';

/** A code is valid for 10 minutes and for five wrong guesses. */
const CODE_TTL_MS = 10 * 60_000;
const CODE_MAX_ATTEMPTS = 5;

type PolicyRow = typeof policies.$inferSelect;

export function toPolicy(p: PolicyRow): Policy {
  return {
    id: p.id,
    ko_name: p.koName,
    en_name: p.enName,
    kind: p.kind === 'video' ? 'video' : p.kind === 'link' ? 'link' : 'text',
    content: p.content,
    url: p.url,
    is_mandatory: p.isMandatory,
    sort_order: p.sortOrder,
  };
}

/** Every mandatory policy of the tenant is among the agreed ones, and every agreed one exists. */
export async function checkAgreements(db: Executor, tenantId: number, agreed: number[]): Promise<number[]> {
  const all = await listPolicies(db, tenantId);
  const ids = new Set(all.map((p) => p.id));
  if (agreed.some((id) => !ids.has(id))) throw new AppError('policy_not_agreed', 'An agreed policy does not exist');
  const given = new Set(agreed);
  if (all.some((p) => p.isMandatory && !given.has(p.id))) throw new AppError('policy_not_agreed');
  return [...given];
}

/** Writes agreements inside the caller's transaction (sign-up, accepted invitation). */
export const recordAgreements = (tx: Executor, tenantId: number, memberId: number, policyIds: number[]) => insertAgreements(tx, tenantId, memberId, policyIds);

export interface SignUpServiceDeps {
  db: Db;
  mailer: Mailer;
  /** Keys the codes' hashes. */
  secret: string;
  members: Pick<MembersService, 'findByEmail' | 'checkGroups' | 'checkCustomFields' | 'seatsTaken'>;
  /** Codes mailed to one email (`mailSendLimits(codesPerEmail)`); counted over codes sent. */
  codeLimits?: SendLimit[];
}

const hashCode = (deps: SignUpServiceDeps, tenantId: number, email: string, code: string) => createHmac('sha256', deps.secret).update(`${tenantId}:${email}:${code}`).digest();

type AccountFields = Pick<z.output<typeof signUpBody>, 'email' | 'name' | 'language' | 'default_member_group_id' | 'member_group_ids' | 'custom_fields' | 'agreements'>;

async function createAccount(
  deps: SignUpServiceDeps,
  ctx: TenantContext,
  body: AccountFields,
  passwordHash: string | null,
  inTransaction?: (tx: Executor) => Promise<void>,
  sso?: { platformId: number; ssoId: string },
): Promise<SignUpResponse & { memberId: number }> {
  const { db } = deps;
  await deps.members.checkGroups(ctx.tenantId, body.default_member_group_id, body.member_group_ids);
  const customFields = await deps.members.checkCustomFields(ctx.tenantId, body.custom_fields, { kind: 'signup' });
  const agreements = await checkAgreements(db, ctx.tenantId, body.agreements);
  const status = ctx.tenant.autoApprove ? 'active' : 'pending';
  try {
    const memberId = await db.transaction(async (tx) => {
      // A pending sign-up takes its seat when approved; an auto-approved one now. Either way a
      // full plan refuses new sign-ups (spec §8: 402).
      await assertSeatFree(tx, ctx.tenant);
      await inTransaction?.(tx);
      const member = await createMemberRecord(tx, ctx.tenantId, {
        email: body.email,
        name: body.name,
        passwordHash,
        language: body.language,
        memberStatus: status,
        defaultMemberGroupId: body.default_member_group_id,
        memberGroupIds: body.member_group_ids,
        customFields,
        sso,
      });
      await recordAgreements(tx, ctx.tenantId, member.id, agreements);
      return member.id;
    });
    return { member_status: status, email: body.email, memberId };
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('already_registered');
    throw err;
  }
}

async function sendCode(deps: SignUpServiceDeps, ctx: TenantContext, body: z.output<typeof sendCodeBody>): Promise<SendCodeResponse> {
  const { db } = deps;
  const codeLimits = deps.codeLimits ?? MAIL_SEND_LIMITS;
  const { email } = body;
  if (await deps.members.findByEmail(ctx.tenantId, email)) throw new AppError('already_registered');
  const now = new Date();
  const wait = secondsUntilAllowed(await countCodesSince(db, ctx.tenantId, email, new Date(now.getTime() - sendWindowMs(codeLimits))), now, codeLimits);
  if (wait > 0) throw new AppError('rate_limited', undefined, { retry_after_seconds: wait });
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = await insertVerificationCode(db, ctx.tenantId, { email, codeHash: hashCode(deps, ctx.tenantId, email, code).toString('hex'), expiresAt: new Date(now.getTime() + CODE_TTL_MS) });
  const lang = mailLanguage(body.language);
  const org = tenantName(ctx.tenant, lang);
  try {
    await deps.mailer.send({
      to: email,
      subject: lang === 'ko' ? `[${org}] 인증 코드 ${code}` : `[${org}] Your verification code ${code}`,
      ...mailBody(
        lang === 'ko'
          ? [`${org} 가입 인증 코드입니다.`, code, '10분 동안 유효합니다. 요청하지 않았다면 이 메일을 무시하세요.']
          : [`Your verification code for ${org}:`, code, 'It is valid for 10 minutes. If you did not ask for it, ignore this mail.'],
      ),
    });
  } catch (err) {
    // Nothing half-made: a code that was never delivered neither counts nor works.
    await deleteVerificationCode(db, ctx.tenantId, row.id);
    throw err;
  }
  return { expires_in: CODE_TTL_MS / 1000, resend_after: secondsUntilAllowed([now], now) };
}

async function signUp(deps: SignUpServiceDeps, ctx: TenantContext, body: z.output<typeof signUpBody>): Promise<SignUpResponse> {
  const { db } = deps;
  const { email } = body;
  if (await deps.members.findByEmail(ctx.tenantId, email)) throw new AppError('already_registered');
  const code = await findLatestCode(db, ctx.tenantId, email);
  if (!code || code.usedAt) throw new AppError('code_incorrect');
  if (code.expiresAt.getTime() <= Date.now() || code.attempts >= CODE_MAX_ATTEMPTS) throw new AppError('code_expired');
  if (!timingSafeEqual(Buffer.from(code.codeHash, 'hex'), hashCode(deps, ctx.tenantId, email, body.auth_code))) {
    await bumpCodeAttempts(db, ctx.tenantId, code.id);
    throw new AppError('code_incorrect');
  }
  const res = await createAccount(deps, ctx, body, await hashPassword(body.password), async (tx) => {
    if (!(await useCode(tx, ctx.tenantId, code.id))) throw new AppError('code_incorrect');
  });
  return { member_status: res.member_status, email: res.email };
}

/**
 * SSO sign-up (spec §7 `/auth/sso-sign-up/`): the same groups, custom fields, agreements, seats
 * and approval as a sign-up, for an identity the SSO module proved; the member has no password.
 */
async function signUpSso(deps: SignUpServiceDeps, ctx: TenantContext, body: AccountFields, sso: { platformId: number; ssoId: string }): Promise<SignUpResponse & { memberId: number }> {
  if (await deps.members.findByEmail(ctx.tenantId, body.email)) throw new AppError('already_registered');
  return createAccount(deps, ctx, body, null, undefined, sso);
}

async function patchPolicy(deps: SignUpServiceDeps, ctx: MemberContext, id: number, b: PatchPolicyBody): Promise<Policy> {
  const row = await updatePolicy(deps.db, ctx.tenantId, id, policyValues(b));
  if (!row) throw new AppError('not_found');
  return toPolicy(row);
}

async function removePolicy(deps: SignUpServiceDeps, ctx: MemberContext, id: number): Promise<void> {
  if (!(await deletePolicy(deps.db, ctx.tenantId, id))) throw new AppError('not_found');
}

async function patchSettings(deps: SignUpServiceDeps, ctx: MemberContext, b: { auto_approve: boolean }): Promise<SignUpSettings> {
  const row = await updateTenant(deps.db, ctx.tenantId, { autoApprove: b.auto_approve });
  return { auto_approve: row!.autoApprove, max_members: row!.maxMembers, member_count: await deps.members.seatsTaken(ctx.tenantId) };
}

/**
 * Sign-up (spec §4): a code mailed to the address, then the account — active at once when the
 * tenant auto-approves, else pending until an administrator decides (members.service).
 */
export function createSignUpService(deps: SignUpServiceDeps) {
  const { db } = deps;
  return {
    sendCode: (ctx: TenantContext, body: z.output<typeof sendCodeBody>) => sendCode(deps, ctx, body),
    signUp: (ctx: TenantContext, body: z.output<typeof signUpBody>) => signUp(deps, ctx, body),
    signUpSso: (ctx: TenantContext, body: AccountFields, sso: { platformId: number; ssoId: string }) => signUpSso(deps, ctx, body, sso),
    policies: async (ctx: TenantContext): Promise<PolicyList> => ({ items: (await listPolicies(db, ctx.tenantId)).map(toPolicy) }),
    createPolicy: async (ctx: MemberContext, b: z.output<typeof createPolicyBody>): Promise<Policy> => toPolicy(await insertPolicy(db, ctx.tenantId, policyValues(b))),
    patchPolicy: (ctx: MemberContext, id: number, b: PatchPolicyBody) => patchPolicy(deps, ctx, id, b),
    deletePolicy: (ctx: MemberContext, id: number) => removePolicy(deps, ctx, id),
    settings: async (ctx: TenantContext): Promise<SignUpSettings> => ({ auto_approve: ctx.tenant.autoApprove, max_members: ctx.tenant.maxMembers, member_count: await deps.members.seatsTaken(ctx.tenantId) }),
    patchSettings: (ctx: MemberContext, b: { auto_approve: boolean }) => patchSettings(deps, ctx, b),
  };
}
export type SignUpService = ReturnType<typeof createSignUpService>;

function policyValues(b: PatchPolicyBody) {
  return {
    ...(b.ko_name !== undefined && { koName: b.ko_name }),
    ...(b.en_name !== undefined && { enName: b.en_name }),
    ...(b.kind !== undefined && { kind: b.kind }),
    ...(b.content !== undefined && { content: b.content }),
    ...(b.url !== undefined && { url: b.url ?? null }),
    ...(b.is_mandatory !== undefined && { isMandatory: b.is_mandatory }),
    ...(b.sort_order !== undefined && { sortOrder: b.sort_order }),
  } as { koName: string; enName: string };
}
