/**
 * Single sign-on protocol clients (decision 039). A tenant's SSO platform is tenant data naming
 * its protocol (`kind`); each protocol has one client here, built once from the operator's options.
 */
export interface SsoClientOptions {
  /** Plain http issuers (development and tests). */
  allowHttp: boolean;
  /** Providers and directories may be on private or loopback addresses: reached directly instead of through the SSRF guard. */
  allowPrivateNetworks: boolean;
}

export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string | null;
  scopes: string;
}

/** OpenID Connect: the redirect to the provider, then the callback's code exchanged for the person's claims. */
export interface OidcClient {
  /** The provider's authorization URL with a fresh state, nonce and PKCE pair; the caller keeps them. */
  authorize(key: string, s: OidcSettings, redirectUrl: string): Promise<{ url: string; state: string; nonce: string; codeVerifier: string }>;
  /**
   * Exchanges the callback's code (PKCE, state and nonce checked) and answers the ID token's
   * claims merged with the userinfo's. A refused state or nonce, or a code the provider refuses,
   * is `sso_state_invalid`; an unreachable provider `sso_failed`.
   */
  exchange(
    key: string,
    s: OidcSettings,
    callback: { redirectUrl: string; code: string; state: string; iss?: string },
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<Record<string, unknown>>;
}

export interface DirectorySettings {
  url: string;
  bindDnTemplate: string;
  attributes: { email: string; name: string; phone: string };
}

export interface DirectoryPerson {
  email: string | null;
  name: string | null;
  phone: string | null;
}

/** A directory (LDAP): the person binds with their own id and password, and their entry is read. */
export interface DirectoryClient {
  /** `sso_credentials_invalid` (401) for a wrong id or password; `sso_failed` (424) when the directory does not answer. */
  bindAndRead(s: DirectorySettings, userId: string, password: string): Promise<DirectoryPerson>;
}

/** One client per platform `kind`. */
export interface SsoClients {
  oidc: OidcClient;
  directory: DirectoryClient;
}
