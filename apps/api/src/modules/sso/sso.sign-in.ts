import { createHash } from 'node:crypto';
import type { SsoIdentityResponse, SsoSignUpResponse, ssoSignInBody, ssoSignUpBody } from '@app/contracts/sso';
import { jwtVerify, SignJWT } from 'jose';
import type { z } from 'zod';
import type { SsoPlatformRow } from '../../db/schema/sso';
import type { MemberRow, TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { isUniqueViolation } from '../members/members.service';
import type { OidcSettings } from '../../integrations/sso/types';
import { findLogin, findPlatform, insertLogin, isWhitelisted, useLogin } from './sso.repo';
import type { SsoRuntime } from './sso.types';

// Signing in through a platform (decision 039): what both kinds share, and the OIDC flow.

/** Between the redirect to the provider and its callback; between the directory bind and the code. */
export const LOGIN_TTL_MS = 10 * 60_000;
/** The sign-up token after a proven identity (spec §7 `sso_access_token`). */
const SIGN_UP_TOKEN_TTL_S = 15 * 60;

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

interface Identity {
  ssoId: string;
  email: string;
  name: string;
}

/** A platform of this tenant, enabled, of the kind the flow needs; anything else is `sso_type_invalid`. */
export async function usable(rt: SsoRuntime, ctx: TenantContext, id: number, kind: 'oidc' | 'directory'): Promise<SsoPlatformRow> {
  const p = await findPlatform(rt.db, ctx.tenantId, id);
  if (!p || !p.isEnabled) throw new AppError('not_found');
  if (p.kind !== kind) throw new AppError('sso_type_invalid');
  return p;
}

function oidcSettings(rt: SsoRuntime, p: SsoPlatformRow): { key: string; settings: OidcSettings } {
  const secret = p.clientSecretSealed ? rt.box.open(p.clientSecretSealed) : null;
  if (!p.issuerUrl || !p.clientId || (p.clientSecretSealed && secret === null)) throw new AppError('sso_settings_invalid');
  return { key: `${p.tenantId}:${p.id}:${p.updatedAt.getTime()}`, settings: { issuerUrl: p.issuerUrl, clientId: p.clientId, clientSecret: secret, scopes: p.scopes } };
}

export async function assertWhitelisted(rt: SsoRuntime, ctx: TenantContext, p: SsoPlatformRow, email: string) {
  if (p.requiresWhitelist && !(await isWhitelisted(rt.db, ctx.tenantId, email))) throw new AppError('sso_not_whitelisted');
}

/** A proven identity: a known SSO id signs in, an unknown one gets a token to sign up with. */
export async function complete(rt: SsoRuntime, ctx: TenantContext, p: SsoPlatformRow, id: Identity): Promise<SsoIdentityResponse> {
  await assertWhitelisted(rt, ctx, p, id.email);
  const member = (await rt.members.findBySsoId(ctx.tenantId, p.id, id.ssoId)) ?? (await fromInvitation(rt, ctx, p, id.ssoId));
  if (member) return { ...(await signInMember(rt, ctx, member)), sso_status: 'signed_in' };
  // The email already has an account of its own (a password, or another platform's id): the person
  // is told at the callback, not after filling in the sign-up form whose sign-up would be 409.
  // Accounts are not joined on an email match: whoever controls a platform's email claim would
  // otherwise take over the member's account.
  if (await rt.members.findByEmail(ctx.tenantId, id.email)) {
    throw new AppError('already_registered', 'This email already has an account: sign in with it as before');
  }
  const token = await new SignJWT({ tid: ctx.tenantId, pid: p.id, email: id.email, name: id.name })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(id.ssoId)
    .setAudience('sso-sign-up')
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + SIGN_UP_TOKEN_TTL_S)
    .sign(rt.tokenKey);
  return { sso_status: 'sign_up_required', sso_access_token: token, sso_platform_id: p.id, email: id.email, name: id.name, expires_in: SIGN_UP_TOKEN_TTL_S };
}

/**
 * An SSO invitation for this id (a bulk member file's SSO columns, decision 039): the person
 * becomes the member the administrator set up (email, name, groups, custom fields of the
 * invitation), active, with no sign-up form; the invitation is consumed and its seat taken over.
 */
async function fromInvitation(rt: SsoRuntime, ctx: TenantContext, p: SsoPlatformRow, ssoId: string): Promise<MemberRow | undefined> {
  try {
    return await rt.invitations.acceptSso(ctx, p.id, ssoId);
  } catch (err) {
    // Two callbacks at once: the other one made the member.
    if (isUniqueViolation(err) || (err instanceof AppError && err.code === 'invitation_used')) {
      const made = await rt.members.findBySsoId(ctx.tenantId, p.id, ssoId);
      if (made) return made;
    }
    throw err;
  }
}

async function signInMember(rt: SsoRuntime, ctx: TenantContext, member: MemberRow) {
  if (member.memberStatus === 'pending') throw new AppError('not_approved');
  if (member.memberStatus !== 'active') throw new AppError('not_eligible');
  return rt.auth.issueFor(ctx, member);
}

/** OIDC step 1: the provider's URL; state, nonce and the PKCE verifier stay on the server. */
export async function authorize(rt: SsoRuntime, ctx: TenantContext, id: number, redirectUrl: string): Promise<{ authorization_url: string }> {
  const p = await usable(rt, ctx, id, 'oidc');
  const { key, settings } = oidcSettings(rt, p);
  const a = await rt.oidc.authorize(key, settings, redirectUrl);
  await insertLogin(rt.db, ctx.tenantId, { platformId: p.id, handleHash: sha256(a.state), nonce: a.nonce, codeVerifier: a.codeVerifier, redirectUrl, expiresAt: new Date(Date.now() + LOGIN_TTL_MS) });
  return { authorization_url: a.url };
}

/** OIDC step 2 (spec §7 `/auth/sso-sign-in/`): the callback's code, once, for the state this server issued. */
export async function signIn(rt: SsoRuntime, ctx: TenantContext, b: z.output<typeof ssoSignInBody>): Promise<SsoIdentityResponse> {
  const p = await usable(rt, ctx, b.sso_platform_id, 'oidc');
  const login = await findLogin(rt.db, ctx.tenantId, p.id, sha256(b.state));
  if (!login || login.redirectUrl !== b.redirect_url || !login.nonce || !login.codeVerifier) throw new AppError('sso_state_invalid');
  if (!(await useLogin(rt.db, ctx.tenantId, login.id))) throw new AppError('sso_state_invalid');
  const { key, settings } = oidcSettings(rt, p);
  const claims = await rt.oidc.exchange(key, settings, { redirectUrl: b.redirect_url, code: b.code, state: b.state, iss: b.iss }, { state: b.state, nonce: login.nonce, codeVerifier: login.codeVerifier });
  const ssoId = claims[p.idClaim];
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  const missing = [
    (typeof ssoId !== 'string' && typeof ssoId !== 'number') || String(ssoId) === '' ? p.idClaim : null,
    // An address the provider has not verified cannot pass a whitelist or become an account.
    !email || claims.email_verified === false ? 'email' : null,
  ].filter((m): m is string => m !== null);
  if (missing.length > 0) throw new AppError('sso_claims_missing', undefined, { missing });
  const name = [claims.name, claims.preferred_username, claims.given_name].find((v): v is string => typeof v === 'string' && v.trim() !== '')?.trim() ?? email.split('@')[0]!;
  return complete(rt, ctx, p, { ssoId: String(ssoId), email, name: name.slice(0, 100) });
}

/** Spec §7 `/auth/sso-sign-up/`: the sign-up form's fields for the identity the token proves. */
export async function signUp(rt: SsoRuntime, ctx: TenantContext, b: z.output<typeof ssoSignUpBody>): Promise<SsoSignUpResponse> {
  let claims: { tid?: unknown; pid?: unknown; email?: unknown; sub?: string };
  try {
    ({ payload: claims } = await jwtVerify(b.sso_access_token, rt.tokenKey, { algorithms: ['HS256'], audience: 'sso-sign-up' }));
  } catch {
    throw new AppError('sso_token_invalid');
  }
  if (claims.tid !== ctx.tenantId || claims.pid !== b.sso_platform_id || !claims.sub || typeof claims.email !== 'string') throw new AppError('sso_token_invalid');
  const p = await findPlatform(rt.db, ctx.tenantId, b.sso_platform_id);
  if (!p || !p.isEnabled) throw new AppError('sso_type_invalid');
  // The platform proved this address; another one would be an unproven account.
  if (b.email !== claims.email) throw new AppError('sso_type_invalid', 'The email differs from the one the platform proved');
  await assertWhitelisted(rt, ctx, p, b.email);
  if (await rt.members.findBySsoId(ctx.tenantId, p.id, claims.sub)) throw new AppError('already_registered');
  const res = await rt.signUp.signUpSso(ctx, b, { platformId: p.id, ssoId: claims.sub });
  const member = res.member_status === 'active' ? await rt.members.findBySsoId(ctx.tenantId, p.id, claims.sub) : undefined;
  return { member_status: res.member_status, email: res.email, session: member ? await rt.auth.issueFor(ctx, member) : null };
}
