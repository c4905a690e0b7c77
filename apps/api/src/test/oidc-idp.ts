import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person at the test IdP; claims left out are absent from the ID token and userinfo. */
export interface IdpAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, IdpAccount>;
  /**
   * Follows an authorization URL as a browser would, signing in as `login` at the interaction
   * page, and answers the callback URL the IdP redirects to (with code, state and iss).
   */
  signInAs(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (`oidc-provider`) on loopback for the SSO tests (architecture §8: real
 * peers). Its interaction page is a one-field form: the account to sign in as, no password.
 */
export async function startTestIdp(opts: { redirectUris: string[]; accounts?: Record<string, IdpAccount> }): Promise<TestIdp> {
  const accounts = new Map(Object.entries(opts.accounts ?? {}));
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'platform-test';
  const clientSecret = 'test-client-secret-0123456789';
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: opts.redirectUris, grant_types: ['authorization_code'], response_types: ['code'] }],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['test-idp-cookie-key'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...account }) };
    },
  });
  const callback = provider.callback();
  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const m = /^\/interaction\/([^/]+)$/.exec(url.pathname);
    if (!m) return void callback(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        const login = url.searchParams.get('login');
        if (!login) {
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.end(`<!doctype html><title>Test IdP</title><form method="get"><label>Account <input name="login" autofocus></label> <button type="submit">Sign in to the test IdP</button></form>`);
          return;
        }
        const grant = new provider.Grant({ accountId: login, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { login: { accountId: login }, consent: { grantId } }, { mergeWithLastSubmission: false });
      } catch (err) {
        res.statusCode = 500;
        res.end(String(err));
      }
    })();
  });

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    async signInAs(authorizationUrl, login) {
      const jar = new Map<string, string>();
      let next = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop++) {
        if (next.origin !== issuer) return next;
        if (/^\/interaction\/[^/]+$/.test(next.pathname) && !next.searchParams.has('login')) next.searchParams.set('login', login);
        const res = await fetch(next, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
        for (const c of res.headers.getSetCookie()) {
          const [pair] = c.split(';');
          const i = pair!.indexOf('=');
          jar.set(pair!.slice(0, i), pair!.slice(i + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`test IdP answered ${res.status} without a redirect: ${(await res.text()).slice(0, 300)}`);
        next = new URL(location, next);
      }
      throw new Error('too many redirects at the test IdP');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
