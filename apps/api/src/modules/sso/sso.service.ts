import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type {
  AdminSsoPlatform,
  CreateSsoPlatformBody,
  DirectoryVerifyResponse,
  PatchSsoPlatformBody,
  PublicSsoPlatform,
  SsoIdentityResponse,
  SsoSignUpResponse,
  directoryVerifyBody,
  ssoSignInBody,
  ssoSignUpBody,
  directorySendCodeBody,
} from '@app/contracts/sso';
import { jwtVerify, SignJWT } from 'jose';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { SsoPlatformRow } from '../../db/schema/sso';
import type { MemberContext, MemberRow, TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../integrations/mail/types';
import { mailBody, mailLanguage, type MailLanguage, tenantName } from '../../platform/mail-text';
import { newOpaqueToken } from '../../platform/tokens';
import type { AuthService } from '../auth/auth.service';
import type { InvitationsService } from '../invitations/invitations.service';
import type { PlatformEntry } from '../invitations/invitations.rules';
import { isUniqueViolation, type MembersService } from '../members/members.service';
import type { SignUpService } from '../sign-up/sign-up.service';
import { createSecretBox } from '../../integrations/secret-box';
import { maskEmail, maskPhone } from './sso.rules';
import type { DirectoryClient, OidcClient, OidcSettings } from '../../integrations/sso/types';
import { deletePlatform, findLogin, findPlatform, insertLogin, insertPlatform, isWhitelisted, listPlatforms, updateLogin, updatePlatform, useLogin } from './sso.repo';
import type { SmsSender } from '../../integrations/sms/types';

// What the composition root (app.ts) wires besides this service: the module's entry points.
export { createWhitelistService, WHITELIST_EXPORT_TASK } from './sso.whitelist';

/** Between the redirect to the provider and its callback; between the directory bind and the code. */
const LOGIN_TTL_MS = 10 * 60_000;
/** The sign-up token after a proven identity (spec §7 `sso_access_token`). */
const SIGN_UP_TOKEN_TTL_S = 15 * 60;
const CODE_TTL_MS = 10 * 60_000;
const CODE_RESEND_MS = 60_000;
const CODE_MAX_ATTEMPTS = 5;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export interface SsoDeps {
  secret: string;
  /** `SSO_ALLOW_HTTP`: an administrator may save a plain-http issuer (development and tests only). */
  allowHttp: boolean;
  oidc: OidcClient;
  directory: DirectoryClient;
  mailer: Mailer;
  sms: SmsSender;
  members: Pick<MembersService, 'findBySsoId' | 'findByEmail'>;
  /** SSO invitations (a bulk member file's SSO columns): the invitee becomes the member the administrator set up. */
  invitations: Pick<InvitationsService, 'acceptSso'>;
  auth: Pick<AuthService, 'issueFor'>;
  signUp: Pick<SignUpService, 'signUpSso'>;
}

interface Identity {
  ssoId: string;
  email: string;
  name: string;
}

export function createSsoService(db: Db, deps: SsoDeps) {
  const box = createSecretBox(deps.secret, 'sso-secrets');
  const tokenKey = createHash('sha256').update(`sso-sign-up:${deps.secret}`).digest();
  const codeHash = (loginId: number, code: string) => createHmac('sha256', deps.secret).update(`sso-code:${loginId}:${code}`).digest();

  function toAdmin(p: SsoPlatformRow): AdminSsoPlatform {
    const attrs = (p.attributes ?? {}) as Partial<AdminSsoPlatform['attributes']>;
    return {
      id: p.id,
      name: p.name,
      kind: p.kind === 'directory' ? 'directory' : 'oidc',
      is_enabled: p.isEnabled,
      requires_whitelist: p.requiresWhitelist,
      issuer_url: p.issuerUrl,
      client_id: p.clientId,
      client_secret_set: p.clientSecretSealed !== null,
      scopes: p.scopes,
      id_claim: p.idClaim,
      directory_url: p.directoryUrl,
      bind_dn_template: p.bindDnTemplate,
      base_dn: p.baseDn,
      attributes: { email: attrs.email ?? 'mail', name: attrs.name ?? 'cn', phone: attrs.phone ?? 'mobile' },
      verification_method: p.verificationMethod === 'sms' ? 'sms' : 'email',
      created_at: p.createdAt.toISOString(),
    };
  }

  function values(b: PatchSsoPlatformBody) {
    return {
      ...(b.name !== undefined && { name: b.name }),
      ...(b.is_enabled !== undefined && { isEnabled: b.is_enabled }),
      ...(b.requires_whitelist !== undefined && { requiresWhitelist: b.requires_whitelist }),
      ...(b.issuer_url !== undefined && { issuerUrl: b.issuer_url?.replace(/\/+$/, '') ?? null }),
      ...(b.client_id !== undefined && { clientId: b.client_id || null }),
      ...(b.client_secret !== undefined && { clientSecretSealed: b.client_secret ? box.seal(b.client_secret) : null }),
      ...(b.scopes !== undefined && { scopes: b.scopes }),
      ...(b.id_claim !== undefined && { idClaim: b.id_claim }),
      ...(b.directory_url !== undefined && { directoryUrl: b.directory_url || null }),
      ...(b.bind_dn_template !== undefined && { bindDnTemplate: b.bind_dn_template || null }),
      ...(b.base_dn !== undefined && { baseDn: b.base_dn || null }),
      ...(b.attributes !== undefined && { attributes: b.attributes }),
      ...(b.verification_method !== undefined && { verificationMethod: b.verification_method }),
    };
  }

  /** An enabled platform needs what its kind signs in with. */
  function assertComplete(p: SsoPlatformRow) {
    if (!p.isEnabled) return;
    const missing =
      p.kind === 'oidc'
        ? [!p.issuerUrl && 'issuer_url', !p.clientId && 'client_id'].filter(Boolean)
        : [!p.directoryUrl && 'directory_url', !p.bindDnTemplate && 'bind_dn_template'].filter(Boolean);
    if (missing.length > 0) throw new AppError('sso_settings_invalid', undefined, { field: missing[0] });
  }

  /** Tokens and the person's identity travel between the platform and the issuer: over TLS, unless the operator allows http. */
  function assertIssuerScheme(p: { issuerUrl?: string | null }) {
    if (p.issuerUrl && !deps.allowHttp && !/^https:\/\//i.test(p.issuerUrl)) {
      throw new AppError('sso_settings_invalid', 'The issuer URL must start with https://', { field: 'issuer_url' });
    }
  }

  /** A platform of this tenant, enabled, of the kind the flow needs; anything else is `sso_type_invalid`. */
  async function usable(ctx: TenantContext, id: number, kind: 'oidc' | 'directory'): Promise<SsoPlatformRow> {
    const p = await findPlatform(db, ctx.tenantId, id);
    if (!p || !p.isEnabled) throw new AppError('not_found');
    if (p.kind !== kind) throw new AppError('sso_type_invalid');
    return p;
  }

  function oidcSettings(p: SsoPlatformRow): { key: string; settings: OidcSettings } {
    const secret = p.clientSecretSealed ? box.open(p.clientSecretSealed) : null;
    if (!p.issuerUrl || !p.clientId || (p.clientSecretSealed && secret === null)) throw new AppError('sso_settings_invalid');
    return { key: `${p.tenantId}:${p.id}:${p.updatedAt.getTime()}`, settings: { issuerUrl: p.issuerUrl, clientId: p.clientId, clientSecret: secret, scopes: p.scopes } };
  }

  async function assertWhitelisted(ctx: TenantContext, p: SsoPlatformRow, email: string) {
    if (p.requiresWhitelist && !(await isWhitelisted(db, ctx.tenantId, email))) throw new AppError('sso_not_whitelisted');
  }

  /** A proven identity: a known SSO id signs in, an unknown one gets a token to sign up with. */
  async function complete(ctx: TenantContext, p: SsoPlatformRow, id: Identity): Promise<SsoIdentityResponse> {
    await assertWhitelisted(ctx, p, id.email);
    const member = (await deps.members.findBySsoId(ctx.tenantId, p.id, id.ssoId)) ?? (await fromInvitation(ctx, p, id.ssoId));
    if (member) return { ...(await signIn(ctx, member)), sso_status: 'signed_in' };
    // The email already has an account of its own (a password, or another platform's id): the person
    // is told at the callback, not after filling in the sign-up form whose sign-up would be 409.
    // Accounts are not joined on an email match: whoever controls a platform's email claim would
    // otherwise take over the member's account.
    if (await deps.members.findByEmail(ctx.tenantId, id.email)) {
      throw new AppError('already_registered', 'This email already has an account: sign in with it as before');
    }
    const token = await new SignJWT({ tid: ctx.tenantId, pid: p.id, email: id.email, name: id.name })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(id.ssoId)
      .setAudience('sso-sign-up')
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + SIGN_UP_TOKEN_TTL_S)
      .sign(tokenKey);
    return { sso_status: 'sign_up_required', sso_access_token: token, sso_platform_id: p.id, email: id.email, name: id.name, expires_in: SIGN_UP_TOKEN_TTL_S };
  }

  /**
   * An SSO invitation for this id (a bulk member file's SSO columns, decision 039): the person
   * becomes the member the administrator set up (email, name, groups, custom fields of the
   * invitation), active, with no sign-up form; the invitation is consumed and its seat taken over.
   */
  async function fromInvitation(ctx: TenantContext, p: SsoPlatformRow, ssoId: string): Promise<MemberRow | undefined> {
    try {
      return await deps.invitations.acceptSso(ctx, p.id, ssoId);
    } catch (err) {
      // Two callbacks at once: the other one made the member.
      if (isUniqueViolation(err) || (err instanceof AppError && err.code === 'invitation_used')) {
        const made = await deps.members.findBySsoId(ctx.tenantId, p.id, ssoId);
        if (made) return made;
      }
      throw err;
    }
  }

  async function signIn(ctx: TenantContext, member: MemberRow) {
    if (member.memberStatus === 'pending') throw new AppError('not_approved');
    if (member.memberStatus !== 'active') throw new AppError('not_eligible');
    return deps.auth.issueFor(ctx, member);
  }

  async function sendDirectoryCode(ctx: TenantContext, login: { id: number; email: string | null; phone: string | null }, method: 'email' | 'sms', lang: MailLanguage) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const destination = method === 'email' ? login.email : login.phone;
    if (!destination) throw new AppError('sso_claims_missing', undefined, { missing: [method === 'email' ? 'email' : 'phone'] });
    await updateLogin(db, ctx.tenantId, login.id, { codeHash: codeHash(login.id, code).toString('hex'), codeAttempts: 0, codeExpiresAt: new Date(Date.now() + CODE_TTL_MS) });
    const org = tenantName(ctx.tenant, lang);
    if (method === 'email') {
      await deps.mailer.send({
        to: destination,
        subject: lang === 'ko' ? `[${org}] 인증 코드 ${code}` : `[${org}] Your verification code ${code}`,
        ...mailBody(
          lang === 'ko'
            ? [`${org} 로그인 인증 코드입니다.`, code, '10분 동안 유효합니다. 요청하지 않았다면 이 메일을 무시하세요.']
            : [`Your sign-in verification code for ${org}:`, code, 'It is valid for 10 minutes. If you did not ask for it, ignore this mail.'],
        ),
      });
    } else {
      await deps.sms.send(destination, lang === 'ko' ? `[${org}] 인증 코드 ${code} (10분간 유효)` : `[${org}] Verification code ${code} (valid 10 minutes)`);
    }
    return { expires_in: CODE_TTL_MS / 1000, resend_after: CODE_RESEND_MS / 1000, destination: method === 'email' ? maskEmail(destination) : maskPhone(destination) };
  }

  return {
    // Console.
    async adminList(ctx: MemberContext): Promise<{ items: AdminSsoPlatform[] }> {
      return { items: (await listPlatforms(db, ctx.tenantId)).map(toAdmin) };
    },
    async create(ctx: MemberContext, b: CreateSsoPlatformBody): Promise<AdminSsoPlatform> {
      const draft = { tenantId: ctx.tenantId, id: 0, createdAt: new Date(), updatedAt: new Date(), ...defaults(), ...values(b), kind: b.kind, name: b.name } as SsoPlatformRow;
      assertComplete(draft);
      assertIssuerScheme(draft);
      return toAdmin(await insertPlatform(db, ctx.tenantId, { ...values(b), kind: b.kind, name: b.name }));
    },
    async patch(ctx: MemberContext, id: number, b: PatchSsoPlatformBody): Promise<AdminSsoPlatform> {
      const current = await findPlatform(db, ctx.tenantId, id);
      if (!current) throw new AppError('not_found');
      const v = values(b);
      assertComplete({ ...current, ...v } as SsoPlatformRow);
      if (v.issuerUrl !== undefined) assertIssuerScheme(v);
      if (Object.keys(v).length === 0) return toAdmin(current);
      return toAdmin((await updatePlatform(db, ctx.tenantId, id, v))!);
    },
    async remove(ctx: MemberContext, id: number): Promise<void> {
      try {
        if (!(await deletePlatform(db, ctx.tenantId, id))) throw new AppError('not_found');
      } catch (err) {
        if ((err as { code?: string }).code === '23503' || (err as { cause?: { code?: string } }).cause?.code === '23503') throw new AppError('sso_platform_in_use');
        throw err;
      }
    },

    /** The tenant's platforms as a bulk member file may name them (enabled or not: a disabled one is "SSO platform missing"). */
    async fileEntries(tenantId: number): Promise<PlatformEntry[]> {
      return (await listPlatforms(db, tenantId)).map((p) => ({ id: p.id, name: p.name, kind: p.kind, isEnabled: p.isEnabled }));
    },

    // Sign-in page.
    async publicList(ctx: TenantContext): Promise<{ items: PublicSsoPlatform[] }> {
      return {
        items: (await listPlatforms(db, ctx.tenantId, { enabledOnly: true })).map((p) => ({
          id: p.id,
          name: p.name,
          kind: p.kind === 'directory' ? ('directory' as const) : ('oidc' as const),
          verification_method: p.verificationMethod === 'sms' ? ('sms' as const) : ('email' as const),
        })),
      };
    },

    /** OIDC step 1: the provider's URL; state, nonce and the PKCE verifier stay on the server. */
    async authorize(ctx: TenantContext, id: number, redirectUrl: string): Promise<{ authorization_url: string }> {
      const p = await usable(ctx, id, 'oidc');
      const { key, settings } = oidcSettings(p);
      const a = await deps.oidc.authorize(key, settings, redirectUrl);
      await insertLogin(db, ctx.tenantId, { platformId: p.id, handleHash: sha256(a.state), nonce: a.nonce, codeVerifier: a.codeVerifier, redirectUrl, expiresAt: new Date(Date.now() + LOGIN_TTL_MS) });
      return { authorization_url: a.url };
    },

    /** OIDC step 2 (spec §7 `/auth/sso-sign-in/`): the callback's code, once, for the state this server issued. */
    async signIn(ctx: TenantContext, b: z.output<typeof ssoSignInBody>): Promise<SsoIdentityResponse> {
      const p = await usable(ctx, b.sso_platform_id, 'oidc');
      const login = await findLogin(db, ctx.tenantId, p.id, sha256(b.state));
      if (!login || login.redirectUrl !== b.redirect_url || !login.nonce || !login.codeVerifier) throw new AppError('sso_state_invalid');
      if (!(await useLogin(db, ctx.tenantId, login.id))) throw new AppError('sso_state_invalid');
      const { key, settings } = oidcSettings(p);
      const claims = await deps.oidc.exchange(key, settings, { redirectUrl: b.redirect_url, code: b.code, state: b.state, iss: b.iss }, { state: b.state, nonce: login.nonce, codeVerifier: login.codeVerifier });
      const ssoId = claims[p.idClaim];
      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
      const missing = [
        (typeof ssoId !== 'string' && typeof ssoId !== 'number') || String(ssoId) === '' ? p.idClaim : null,
        // An address the provider has not verified cannot pass a whitelist or become an account.
        !email || claims.email_verified === false ? 'email' : null,
      ].filter((m): m is string => m !== null);
      if (missing.length > 0) throw new AppError('sso_claims_missing', undefined, { missing });
      const name = [claims.name, claims.preferred_username, claims.given_name].find((v): v is string => typeof v === 'string' && v.trim() !== '')?.trim() ?? email.split('@')[0]!;
      return complete(ctx, p, { ssoId: String(ssoId), email, name: name.slice(0, 100) });
    },

    /** Spec §7 `/auth/sso-sign-up/`: the sign-up form's fields for the identity the token proves. */
    async signUp(ctx: TenantContext, b: z.output<typeof ssoSignUpBody>): Promise<SsoSignUpResponse> {
      let claims: { tid?: unknown; pid?: unknown; email?: unknown; sub?: string };
      try {
        ({ payload: claims } = await jwtVerify(b.sso_access_token, tokenKey, { algorithms: ['HS256'], audience: 'sso-sign-up' }));
      } catch {
        throw new AppError('sso_token_invalid');
      }
      if (claims.tid !== ctx.tenantId || claims.pid !== b.sso_platform_id || !claims.sub || typeof claims.email !== 'string') throw new AppError('sso_token_invalid');
      const p = await findPlatform(db, ctx.tenantId, b.sso_platform_id);
      if (!p || !p.isEnabled) throw new AppError('sso_type_invalid');
      // The platform proved this address; another one would be an unproven account.
      if (b.email !== claims.email) throw new AppError('sso_type_invalid', 'The email differs from the one the platform proved');
      await assertWhitelisted(ctx, p, b.email);
      if (await deps.members.findBySsoId(ctx.tenantId, p.id, claims.sub)) throw new AppError('already_registered');
      const res = await deps.signUp.signUpSso(ctx, b, { platformId: p.id, ssoId: claims.sub });
      const member = res.member_status === 'active' ? await deps.members.findBySsoId(ctx.tenantId, p.id, claims.sub) : undefined;
      return { member_status: res.member_status, email: res.email, session: member ? await deps.auth.issueFor(ctx, member) : null };
    },

    /** Directory: bind with id and password (step 1), or complete with the code (step 2). */
    async verify(ctx: TenantContext, id: number, b: z.output<typeof directoryVerifyBody>): Promise<DirectoryVerifyResponse> {
      const p = await usable(ctx, id, 'directory');
      if ('user_id' in b) {
        if (!p.directoryUrl || !p.bindDnTemplate) throw new AppError('sso_settings_invalid');
        const attrs = toAdmin(p).attributes;
        const person = await deps.directory.bindAndRead({ url: p.directoryUrl, bindDnTemplate: p.bindDnTemplate, attributes: attrs }, b.user_id, b.user_pw);
        const method = b.method ?? toAdmin(p).verification_method;
        if (!person.email) throw new AppError('sso_claims_missing', undefined, { missing: ['email'] });
        if (method === 'sms' && !person.phone) throw new AppError('sso_claims_missing', undefined, { missing: ['phone'] });
        await assertWhitelisted(ctx, p, person.email);
        const verificationId = newOpaqueToken();
        const authToken = newOpaqueToken();
        await insertLogin(db, ctx.tenantId, {
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
      const login = await findLogin(db, ctx.tenantId, p.id, sha256(b.verification_id));
      if (!login || !login.authTokenHash || !timingSafeEqual(Buffer.from(login.authTokenHash, 'hex'), Buffer.from(sha256(b.auth_token), 'hex'))) throw new AppError('sso_state_invalid');
      if (!login.codeHash || !login.codeExpiresAt) throw new AppError('code_incorrect');
      if (login.codeExpiresAt.getTime() <= Date.now() || login.codeAttempts >= CODE_MAX_ATTEMPTS) throw new AppError('code_expired');
      if (!timingSafeEqual(Buffer.from(login.codeHash, 'hex'), codeHash(login.id, b.code))) {
        await updateLogin(db, ctx.tenantId, login.id, { codeAttempts: login.codeAttempts + 1 });
        throw new AppError('code_incorrect');
      }
      if (!(await useLogin(db, ctx.tenantId, login.id))) throw new AppError('sso_state_invalid');
      return complete(ctx, p, { ssoId: login.ssoId!, email: login.email!, name: login.name ?? login.ssoId! });
    },

    /** Directory: the code, by email (the mail of "Accounts") or SMS, to the person the bind found. */
    async sendCode(ctx: TenantContext, id: number, b: z.output<typeof directorySendCodeBody>, language: string | undefined) {
      const p = await usable(ctx, id, 'directory');
      const login = await findLogin(db, ctx.tenantId, p.id, sha256(b.verification_id));
      if (!login || login.ssoId !== b.user_id.toLowerCase()) throw new AppError('sso_state_invalid');
      if (login.codeExpiresAt && login.codeExpiresAt.getTime() - CODE_TTL_MS + CODE_RESEND_MS > Date.now()) {
        throw new AppError('rate_limited', undefined, { retry_after_seconds: Math.ceil((login.codeExpiresAt.getTime() - CODE_TTL_MS + CODE_RESEND_MS - Date.now()) / 1000) });
      }
      return sendDirectoryCode(ctx, login, b.method, mailLanguage(language));
    },
  };
}
export type SsoService = ReturnType<typeof createSsoService>;

function defaults() {
  return {
    isEnabled: true,
    requiresWhitelist: false,
    issuerUrl: null,
    clientId: null,
    clientSecretSealed: null,
    scopes: 'openid email profile',
    idClaim: 'sub',
    directoryUrl: null,
    bindDnTemplate: null,
    baseDn: null,
    attributes: {},
    verificationMethod: 'email',
  };
}

