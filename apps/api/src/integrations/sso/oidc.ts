import * as oidc from 'openid-client';
import { AppError } from '../../platform/errors';
import { guardedFetch, SsrfError } from '../../platform/ssrf';
import type { OidcClient, OidcSettings, SsoClientOptions } from './types';

/**
 * A tenant administrator typed the issuer URL: unless the operator allows private networks, every
 * request to the provider (discovery, keys, token, userinfo) goes through the SSRF guard (decision 035).
 */
function guardedOidcFetch(url: string, init: oidc.CustomFetchOptions): Promise<Response> {
  const headers: Record<string, string> = Object.fromEntries(Object.entries(init.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const body = init.body === undefined || init.body === null ? undefined : String(init.body);
  return guardedFetch(url, { method: init.method === 'POST' ? 'POST' : 'GET', headers, body, accept: headers.accept ?? 'application/json', maxRedirects: 0 })
    .then((r) => new Response(new Uint8Array(r.body), { status: r.status, headers: { 'content-type': r.contentType } }))
    .catch((err: unknown) => {
      throw err instanceof SsrfError ? new TypeError(`refused: ${err.message}`) : err;
    });
}

/** Discovered provider configurations, per platform version (a changed platform is discovered again). */
const discovered = new Map<string, Promise<oidc.Configuration>>();
const DISCOVERED_MAX = 1000;

export function createOidcClient(opts: SsoClientOptions): OidcClient {
  async function configuration(key: string, s: OidcSettings): Promise<oidc.Configuration> {
    let hit = discovered.get(key);
    if (!hit) {
      if (discovered.size >= DISCOVERED_MAX) discovered.clear();
      hit = oidc.discovery(new URL(s.issuerUrl), s.clientId, s.clientSecret ?? undefined, s.clientSecret ? undefined : oidc.None(), {
        execute: opts.allowHttp ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
        ...(opts.allowPrivateNetworks ? {} : { [oidc.customFetch]: guardedOidcFetch }),
      });
      discovered.set(key, hit);
      hit.catch(() => discovered.delete(key));
    }
    try {
      return await hit;
    } catch {
      throw new AppError('sso_failed');
    }
  }

  return {
    /** The provider's authorization URL with a fresh state, nonce and PKCE pair; the caller keeps them. */
    async authorize(key: string, s: OidcSettings, redirectUrl: string) {
      const config = await configuration(key, s);
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUrl,
        scope: s.scopes,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    /**
     * Exchanges the callback's code (PKCE, state and nonce checked) and answers the ID token's
     * claims merged with the userinfo's. A refused state or nonce, or a code the provider refuses,
     * is `sso_state_invalid`; an unreachable provider `sso_failed`.
     */
    /** The redirect URL has no query of its own: openid-client sends the callback URL without its query as `redirect_uri`. */
    async exchange(key: string, s: OidcSettings, callback: { redirectUrl: string; code: string; state: string; iss?: string }, expected: { state: string; nonce: string; codeVerifier: string }) {
      const config = await configuration(key, s);
      const current = new URL(callback.redirectUrl);
      current.searchParams.set('code', callback.code);
      current.searchParams.set('state', callback.state);
      if (callback.iss) current.searchParams.set('iss', callback.iss);
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(config, current, { pkceCodeVerifier: expected.codeVerifier, expectedState: expected.state, expectedNonce: expected.nonce, idTokenExpected: true });
      } catch (err) {
        throw refused(err) ? new AppError('sso_state_invalid') : new AppError('sso_failed');
      }
      const claims: Record<string, unknown> = { ...tokens.claims() };
      try {
        if (config.serverMetadata().userinfo_endpoint) Object.assign(claims, await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub)), { sub: claims.sub });
      } catch {
        // The ID token may hold everything; missing claims are told apart below (424).
      }
      return claims;
    },
  };
}

/** The provider answered and refused (a bad code, state, nonce or signature), as opposed to not answering. */
function refused(err: unknown): boolean {
  if (err instanceof oidc.ResponseBodyError || err instanceof oidc.AuthorizationResponseError) return true;
  const code = (err as { code?: string }).code ?? '';
  return code.startsWith('OAUTH_') && code !== 'OAUTH_RESPONSE_IS_NOT_CONFORM' && code !== 'OAUTH_HTTP_REQUEST_FORBIDDEN';
}
