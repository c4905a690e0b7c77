import type { AdminSsoPlatform } from '@app/contracts/sso';
import type { SsoPlatformRow } from '../../db/schema/sso';

/** A platform as the console shows it: its client secret only as "set". */
export function toAdmin(p: SsoPlatformRow): AdminSsoPlatform {
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
