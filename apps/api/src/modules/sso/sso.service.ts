import { createHash } from 'node:crypto';
import type {
  AdminSsoPlatform,
  CreateSsoPlatformBody,
  directorySendCodeBody,
  directoryVerifyBody,
  PatchSsoPlatformBody,
  PublicSsoPlatform,
  ssoSignInBody,
  ssoSignUpBody,
} from '@app/contracts/sso';
import type { z } from 'zod';
import type { SsoPlatformRow } from '../../db/schema/sso';
import type { MemberContext, TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { createSecretBox } from '../../integrations/secret-box';
import { sendCode, verify } from './sso.directory';
import { toAdmin } from './sso.mapper';
import { deletePlatform, findPlatform, insertPlatform, listPlatforms, updatePlatform } from './sso.repo';
import { authorize, signIn, signUp } from './sso.sign-in';
import type { SsoRuntime, SsoServiceDeps } from './sso.types';

export type { SsoRuntime, SsoServiceDeps } from './sso.types';

// What the composition root (app.ts) wires besides this service: the module's entry points.
export { createWhitelistService, WHITELIST_EXPORT_TASK } from './sso.whitelist';

function values(rt: SsoRuntime, b: PatchSsoPlatformBody) {
  return {
    ...(b.name !== undefined && { name: b.name }),
    ...(b.is_enabled !== undefined && { isEnabled: b.is_enabled }),
    ...(b.requires_whitelist !== undefined && { requiresWhitelist: b.requires_whitelist }),
    ...(b.issuer_url !== undefined && { issuerUrl: b.issuer_url?.replace(/\/+$/, '') ?? null }),
    ...(b.client_id !== undefined && { clientId: b.client_id || null }),
    ...(b.client_secret !== undefined && { clientSecretSealed: b.client_secret ? rt.box.seal(b.client_secret) : null }),
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
function assertIssuerScheme(rt: SsoRuntime, p: { issuerUrl?: string | null }) {
  if (p.issuerUrl && !rt.allowHttp && !/^https:\/\//i.test(p.issuerUrl)) {
    throw new AppError('sso_settings_invalid', 'The issuer URL must start with https://', { field: 'issuer_url' });
  }
}

async function adminList(rt: SsoRuntime, ctx: MemberContext): Promise<{ items: AdminSsoPlatform[] }> {
  return { items: (await listPlatforms(rt.db, ctx.tenantId)).map(toAdmin) };
}

async function create(rt: SsoRuntime, ctx: MemberContext, b: CreateSsoPlatformBody): Promise<AdminSsoPlatform> {
  const draft = { tenantId: ctx.tenantId, id: 0, createdAt: new Date(), updatedAt: new Date(), ...defaults(), ...values(rt, b), kind: b.kind, name: b.name } as SsoPlatformRow;
  assertComplete(draft);
  assertIssuerScheme(rt, draft);
  return toAdmin(await insertPlatform(rt.db, ctx.tenantId, { ...values(rt, b), kind: b.kind, name: b.name }));
}

async function patch(rt: SsoRuntime, ctx: MemberContext, id: number, b: PatchSsoPlatformBody): Promise<AdminSsoPlatform> {
  const current = await findPlatform(rt.db, ctx.tenantId, id);
  if (!current) throw new AppError('not_found');
  const v = values(rt, b);
  assertComplete({ ...current, ...v } as SsoPlatformRow);
  if (v.issuerUrl !== undefined) assertIssuerScheme(rt, v);
  if (Object.keys(v).length === 0) return toAdmin(current);
  return toAdmin((await updatePlatform(rt.db, ctx.tenantId, id, v))!);
}

async function remove(rt: SsoRuntime, ctx: MemberContext, id: number): Promise<void> {
  try {
    if (!(await deletePlatform(rt.db, ctx.tenantId, id))) throw new AppError('not_found');
  } catch (err) {
    if ((err as { code?: string }).code === '23503' || (err as { cause?: { code?: string } }).cause?.code === '23503') throw new AppError('sso_platform_in_use');
    throw err;
  }
}

/** The sign-in page's list: enabled platforms only. */
async function publicList(rt: SsoRuntime, ctx: TenantContext): Promise<{ items: PublicSsoPlatform[] }> {
  return {
    items: (await listPlatforms(rt.db, ctx.tenantId, { enabledOnly: true })).map((p) => ({
      id: p.id,
      name: p.name,
      kind: p.kind === 'directory' ? ('directory' as const) : ('oidc' as const),
      verification_method: p.verificationMethod === 'sms' ? ('sms' as const) : ('email' as const),
    })),
  };
}

/**
 * Single sign-on (decision 039): the console's platforms, and signing in through one (OIDC in
 * `sso.sign-in.ts`, a directory in `sso.directory.ts`). The bulk member file reads the platforms
 * through `sso.readonly.ts`, so this service needs the invitations service and not the reverse.
 */
export function createSsoService(deps: SsoServiceDeps) {
  const rt: SsoRuntime = {
    ...deps,
    box: createSecretBox(deps.secret, 'sso-secrets'),
    tokenKey: createHash('sha256').update(`sso-sign-up:${deps.secret}`).digest(),
  };
  return {
    // Console.
    adminList: (ctx: MemberContext) => adminList(rt, ctx),
    create: (ctx: MemberContext, b: CreateSsoPlatformBody) => create(rt, ctx, b),
    patch: (ctx: MemberContext, id: number, b: PatchSsoPlatformBody) => patch(rt, ctx, id, b),
    remove: (ctx: MemberContext, id: number) => remove(rt, ctx, id),
    // Sign-in page.
    publicList: (ctx: TenantContext) => publicList(rt, ctx),
    authorize: (ctx: TenantContext, id: number, redirectUrl: string) => authorize(rt, ctx, id, redirectUrl),
    signIn: (ctx: TenantContext, b: z.output<typeof ssoSignInBody>) => signIn(rt, ctx, b),
    signUp: (ctx: TenantContext, b: z.output<typeof ssoSignUpBody>) => signUp(rt, ctx, b),
    verify: (ctx: TenantContext, id: number, b: z.output<typeof directoryVerifyBody>) => verify(rt, ctx, id, b),
    sendCode: (ctx: TenantContext, id: number, b: z.output<typeof directorySendCodeBody>, language: string | undefined) => sendCode(rt, ctx, id, b, language),
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
