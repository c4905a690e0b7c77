import { createDirectoryClient } from './ldap';
import { createOidcClient } from './oidc';
import type { SsoClientOptions, SsoClients } from './types';

/** One factory per SSO platform `kind`. */
const registry: { [K in keyof SsoClients]: (opts: SsoClientOptions) => SsoClients[K] } = {
  oidc: createOidcClient,
  directory: createDirectoryClient,
};

/** The protocol clients, from the operator's SSO options (`SSO_ALLOW_HTTP`, `SSO_ALLOW_PRIVATE_NETWORKS`). */
export function createSsoClients(opts: SsoClientOptions): SsoClients {
  return { oidc: registry.oidc(opts), directory: registry.directory(opts) };
}
