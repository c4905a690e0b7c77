import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { DirectoryVerifyResponse, directorySendCodeBody, directoryVerifyBody } from '@app/contracts/sso';
import type { z } from 'zod';
import type { TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { mailBody, mailLanguage, type MailLanguage, tenantName } from '../../platform/mail-text';
import { newOpaqueToken } from '../../platform/tokens';
import { toAdmin } from './sso.mapper';
import { findLogin, insertLogin, updateLogin, useLogin } from './sso.repo';
import { maskEmail, maskPhone } from './sso.rules';
import type { SsoRuntime } from './sso.types';
import { assertWhitelisted, complete, LOGIN_TTL_MS, sha256, usable } from './sso.sign-in';

// A directory platform (decision 039): a bind with the person's id and password, then a code by email or SMS.

const CODE_TTL_MS = 10 * 60_000;
const CODE_RESEND_MS = 60_000;
const CODE_MAX_ATTEMPTS = 5;

const codeHash = (rt: SsoRuntime, loginId: number, code: string) => createHmac('sha256', rt.secret).update(`sso-code:${loginId}:${code}`).digest();

async function sendDirectoryCode(rt: SsoRuntime, ctx: TenantContext, login: { id: number; email: string | null; phone: string | null }, method: 'email' | 'sms', lang: MailLanguage) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const destination = method === 'email' ? login.email : login.phone;
  if (!destination) throw new AppError('sso_claims_missing', undefined, { missing: [method === 'email' ? 'email' : 'phone'] });
  await updateLogin(rt.db, ctx.tenantId, login.id, { codeHash: codeHash(rt, login.id, code).toString('hex'), codeAttempts: 0, codeExpiresAt: new Date(Date.now() + CODE_TTL_MS) });
  const org = tenantName(ctx.tenant, lang);
  if (method === 'email') {
    await rt.mailer.send({
      to: destination,
      subject: lang === 'ko' ? `[${org}] 인증 코드 ${code}` : `[${org}] Your verification code ${code}`,
      ...mailBody(
        lang === 'ko'
          ? [`${org} 로그인 인증 코드입니다.`, code, '10분 동안 유효합니다. 요청하지 않았다면 이 메일을 무시하세요.']
          : [`Your sign-in verification code for ${org}:`, code, 'It is valid for 10 minutes. If you did not ask for it, ignore this mail.'],
      ),
    });
  } else {
    await rt.sms.send(destination, lang === 'ko' ? `[${org}] 인증 코드 ${code} (10분간 유효)` : `[${org}] Verification code ${code} (valid 10 minutes)`);
  }
  return { expires_in: CODE_TTL_MS / 1000, resend_after: CODE_RESEND_MS / 1000, destination: method === 'email' ? maskEmail(destination) : maskPhone(destination) };
}

/** Directory: bind with id and password (step 1), or complete with the code (step 2). */
export async function verify(rt: SsoRuntime, ctx: TenantContext, id: number, b: z.output<typeof directoryVerifyBody>): Promise<DirectoryVerifyResponse> {
  const p = await usable(rt, ctx, id, 'directory');
  if ('user_id' in b) {
    if (!p.directoryUrl || !p.bindDnTemplate) throw new AppError('sso_settings_invalid');
    const attrs = toAdmin(p).attributes;
    const person = await rt.directory.bindAndRead({ url: p.directoryUrl, bindDnTemplate: p.bindDnTemplate, attributes: attrs }, b.user_id, b.user_pw);
    const method = b.method ?? toAdmin(p).verification_method;
    if (!person.email) throw new AppError('sso_claims_missing', undefined, { missing: ['email'] });
    if (method === 'sms' && !person.phone) throw new AppError('sso_claims_missing', undefined, { missing: ['phone'] });
    await assertWhitelisted(rt, ctx, p, person.email);
    const verificationId = newOpaqueToken();
    const authToken = newOpaqueToken();
    await insertLogin(rt.db, ctx.tenantId, {
      platformId: p.id,
      handleHash: sha256(verificationId),
      authTokenHash: sha256(authToken),
      ssoId: b.user_id.toLowerCase(),
      email: person.email,
      name: (person.name ?? b.user_id).slice(0, 100),
      phone: person.phone,
      expiresAt: new Date(Date.now() + LOGIN_TTL_MS),
    });
    return { sso_status: 'code_required', verification_id: verificationId, auth_token: authToken, method, destination: method === 'email' ? maskEmail(person.email) : maskPhone(person.phone!) };
  }
  const login = await findLogin(rt.db, ctx.tenantId, p.id, sha256(b.verification_id));
  if (!login || !login.authTokenHash || !timingSafeEqual(Buffer.from(login.authTokenHash, 'hex'), Buffer.from(sha256(b.auth_token), 'hex'))) throw new AppError('sso_state_invalid');
  if (!login.codeHash || !login.codeExpiresAt) throw new AppError('code_incorrect');
  if (login.codeExpiresAt.getTime() <= Date.now() || login.codeAttempts >= CODE_MAX_ATTEMPTS) throw new AppError('code_expired');
  if (!timingSafeEqual(Buffer.from(login.codeHash, 'hex'), codeHash(rt, login.id, b.code))) {
    await updateLogin(rt.db, ctx.tenantId, login.id, { codeAttempts: login.codeAttempts + 1 });
    throw new AppError('code_incorrect');
  }
  if (!(await useLogin(rt.db, ctx.tenantId, login.id))) throw new AppError('sso_state_invalid');
  return complete(rt, ctx, p, { ssoId: login.ssoId!, email: login.email!, name: login.name ?? login.ssoId! });
}

/** Directory: the code, by email (the mail of "Accounts") or SMS, to the person the bind found. */
export async function sendCode(rt: SsoRuntime, ctx: TenantContext, id: number, b: z.output<typeof directorySendCodeBody>, language: string | undefined) {
  const p = await usable(rt, ctx, id, 'directory');
  const login = await findLogin(rt.db, ctx.tenantId, p.id, sha256(b.verification_id));
  if (!login || login.ssoId !== b.user_id.toLowerCase()) throw new AppError('sso_state_invalid');
  if (login.codeExpiresAt && login.codeExpiresAt.getTime() - CODE_TTL_MS + CODE_RESEND_MS > Date.now()) {
    throw new AppError('rate_limited', undefined, { retry_after_seconds: Math.ceil((login.codeExpiresAt.getTime() - CODE_TTL_MS + CODE_RESEND_MS - Date.now()) / 1000) });
  }
  return sendDirectoryCode(rt, ctx, login, b.method, mailLanguage(language));
}
