import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { buildTestApp, PASSWORD, type TestApp } from '../test/test-app';
import { rateLimitsConfig } from './rate-limits';
import { HSTS } from './security-headers';
import { fastifyTrustProxy, parseTrustProxy } from './trust-proxy';

// Issue 22 §4–5: abuse limits with 429 and retry-after, security headers, the refresh cookie.

const errorShape = { error: { code: expect.any(String), message: expect.any(String) } };

describe('security headers and the refresh cookie', () => {
  let t: TestApp;
  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>');
    t = await buildTestApp({ config: { webDist } });
  });
  afterAll(() => t.close());

  it('the web app page carries a CSP without inline scripts, no framing, nosniff and a referrer policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard/chat' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    // Images from elsewhere: HTTPS only (and only those a member chose to load; the renderer fetches none).
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('API answers and errors carry the same headers, and an error body holds no internals', async () => {
    const res = await t.call(t.a, null, { method: 'GET', url: '/api/sessions/' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.json()).toEqual(errorShape);
    expect(res.body).not.toMatch(/at \w+ \(|node_modules|\.ts:\d+/);
  });

  it('bodies are limited per route: a sign-in reads 16 KB, a form 256 KB, a chat message 1 MB', async () => {
    const big = (n: number) => 'x'.repeat(n);
    const signIn = await t.call(t.a, null, { method: 'POST', url: '/api/auth/sign-in/', payload: { email: t.a.member.email, password: big(20 * 1024) } });
    expect(signIn.statusCode).toBe(413);
    expect(signIn.json()).toEqual(errorShape);
    const admin = await t.signIn(t.a, t.a.admin.email);
    const form = await t.call(t.a, admin, { method: 'POST', url: '/api/admin/announcements/', payload: { title: 't', content: big(300 * 1024) } });
    expect(form.statusCode).toBe(413);
    expect(form.json().error.code).toBe('payload_too_large');
    // 285 KB of chat text within its 100,000 characters is read (and refused for another reason:
    // the chatbot does not exist).
    const chat = await t.call(t.a, admin, { method: 'POST', url: '/api/chatbots/999999/chat/', payload: { text: '가'.repeat(95_000) } });
    expect(chat.statusCode).not.toBe(413);
    const tooBig = await t.call(t.a, admin, { method: 'POST', url: '/api/chatbots/999999/chat/', payload: { text: big(1100 * 1024) } });
    expect(tooBig.statusCode).toBe(413);
  });

  it('the refresh cookie is HttpOnly, SameSite=Lax, scoped to the auth routes; Secure when the request came over HTTPS', async () => {
    const res = await t.call(t.a, null, { method: 'POST', url: '/api/auth/sign-in/', payload: { email: t.a.member.email, password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^refresh_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/auth\//);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('no HSTS over plain http, and a forwarded https is not believed without TRUST_PROXY', async () => {
    const res = await t.call(t.a, null, { method: 'GET', url: '/api/sso-platforms/', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('abuse limits (in memory)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      config: {
        rateLimits: rateLimitsConfig({
          signInPerAccount: { max: 3, windowSeconds: 600 },
          signInPerAccountAddress: { max: 3, windowSeconds: 600 },
          signInPerAddress: { max: 8, windowSeconds: 600 },
          chatPerMember: { max: 2, windowSeconds: 60 },
          passwordResetPerAddress: { max: 2, windowSeconds: 600 },
          codesPerAddress: { max: 2, windowSeconds: 600 },
        }),
      },
    });
  });
  afterAll(() => t.close());

  const signIn = (email: string, password = 'wrong-Passw0rd', ip = '10.0.0.1') =>
    t.call(t.a, null, { method: 'POST', url: '/api/auth/sign-in/', payload: { email, password }, remoteAddress: ip });

  it('wrong passwords for one email from one address: the 4th attempt of that pair is 429 with retry-after, right password or not', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn(t.a.other.email, 'wrong-Passw0rd', '10.1.0.1')).statusCode).toBe(401);
    const res = await signIn(t.a.other.email, PASSWORD, '10.1.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: { code: 'rate_limited', message: expect.stringMatching(/try again/), details: { retry_after_seconds: expect.any(Number), limit: 'signInPerAccountAddress' } } });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(600);
    // Case and spacing do not make a new account key.
    expect((await signIn(`  ${t.a.other.email.toUpperCase()} `, PASSWORD, '10.1.0.1')).statusCode).toBe(429);
    // The same email at another tenant is another account.
    const other = await t.call(t.b, null, { method: 'POST', url: '/api/auth/sign-in/', payload: { email: t.a.other.email, password: 'x-Passw0rd' }, remoteAddress: '10.1.0.1' });
    expect(other.statusCode).toBe(401);
  });

  it('wrong passwords from everywhere slow the email down for other addresses, never lock its owner out', async () => {
    // Tenant B's member: tenant A's accounts sign in from the default address in the tests below.
    const signInB = (password: string, ip: string) => t.call(t.b, null, { method: 'POST', url: '/api/auth/sign-in/', payload: { email: t.b.member.email, password }, remoteAddress: ip });
    // The owner signs in from the office.
    expect((await signInB(PASSWORD, '10.7.0.1')).statusCode).toBe(200);
    // Someone else tries passwords from many addresses: the email's budget (3) is spent.
    for (let i = 0; i < 3; i++) expect((await signInB('wrong-Passw0rd', `10.7.1.${i}`)).statusCode).toBe(401);
    // Past it, an address the email has not signed in from gets one attempt, then waits.
    expect((await signInB('wrong-Passw0rd', '10.7.1.10')).statusCode).toBe(401);
    const slowed = await signInB('wrong-Passw0rd', '10.7.1.11');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error.details).toEqual({ retry_after_seconds: expect.any(Number), limit: 'signInPerAccount' });
    const wait = slowed.json().error.details.retry_after_seconds as number;
    expect(wait).toBeLessThanOrEqual(2);
    // The owner's own address is not slowed by any of it.
    for (let i = 0; i < 2; i++) expect((await signInB(PASSWORD, '10.7.0.1')).statusCode).toBe(200);
    // From a new address the owner is slowed down, not locked out: after the wait the password works.
    await new Promise((r) => setTimeout(r, wait * 1000 + 100));
    expect((await signInB(PASSWORD, '10.7.2.1')).statusCode).toBe(200);
  });

  it('sign-in per address: many accounts from one address are cut off too', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 9; i++) codes.push((await signIn(`nobody${i}@acme.test`, 'wrong-Passw0rd', '10.2.0.1')).statusCode);
    expect(codes.slice(0, 8).every((c) => c === 401)).toBe(true);
    expect(codes[8]).toBe(429);
    // Another address is not affected.
    expect((await signIn(t.a.admin.email, PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('an unknown email and a known one take the same path (no account enumeration by status or body)', async () => {
    const known = await signIn(t.a.admin.email, 'wrong-Passw0rd', '10.3.0.1');
    const unknown = await signIn('nobody-at-all@acme.test', 'wrong-Passw0rd', '10.3.0.2');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());
  });

  it('password resets per address: many emails from one address are cut off', async () => {
    const reset = (i: number) => t.call(t.a, null, { method: 'POST', url: '/api/auth/reset-password/', payload: { email: `nobody-reset${i}@acme.test` }, remoteAddress: '10.4.0.1' });
    const first = [(await reset(1)).statusCode, (await reset(2)).statusCode];
    expect(first).not.toContain(429);
    const third = await reset(3);
    expect(third.statusCode).toBe(429);
    expect(third.json().error).toMatchObject({ code: 'rate_limited', details: { limit: 'passwordResetPerAddress' } });
  });

  it('verification codes per address', async () => {
    const send = (i: number) => t.call(t.a, null, { method: 'POST', url: '/api/auth/code/', payload: { email: `code${i}@acme.test` }, remoteAddress: '10.5.0.1' });
    const first = [(await send(1)).statusCode, (await send(2)).statusCode];
    expect(first).not.toContain(429);
    const third = await send(3);
    expect(third.statusCode).toBe(429);
    expect(third.json().error).toMatchObject({ code: 'rate_limited', details: { limit: 'codesPerAddress' } });
  });

  it('requests the 60 s resend cooldown refuses do not count toward the hourly limit of codes and resets', async () => {
    let n = 0;
    const post = (url: string, email: string) => t.call(t.a, null, { method: 'POST', url, payload: { email }, remoteAddress: `10.6.0.${(n += 1)}` });
    for (const [url, table] of [
      ['/api/auth/code/', 'verification_codes'],
      ['/api/auth/reset-password/', 'password_resets'],
    ] as const) {
      const email = `impatient-${table}@acme.test`;
      expect((await post(url, email)).statusCode).toBe(200);
      // Six impatient clicks within the minute: each refused by the cooldown, none mailed.
      for (let i = 0; i < 6; i++) {
        const again = await post(url, email);
        expect(again.statusCode).toBe(429);
        expect(again.json().error.details.retry_after_seconds).toBeLessThanOrEqual(60);
      }
      await t.database.db.execute(sql`update ${sql.identifier(table)} set created_at = created_at - interval '61 seconds' where email = ${email}`);
      // A minute after the one mail sent: the second of the hour's five goes.
      expect((await post(url, email)).statusCode).toBe(200);
    }
  });

  it('chat per member: over the limit is 429 before anything streams; another member is not affected', async () => {
    const token = await t.signIn(t.a, t.a.member.email);
    const chat = (tok: string) => t.call(t.a, tok, { method: 'POST', url: '/api/chatbots/999999/chat/', payload: { content: 'hi' } });
    expect((await chat(token)).statusCode).not.toBe(429);
    expect((await chat(token)).statusCode).not.toBe(429);
    const third = await chat(token);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    const admin = await t.signIn(t.a, t.a.admin.email);
    expect((await chat(admin)).statusCode).not.toBe(429);
  });
});

describe('abuse limits shared through Redis', () => {
  let one: TestApp;
  let two: TestApp;
  const email = `shared-${randomBytes(6).toString('hex')}@acme.test`;
  beforeAll(async () => {
    const config = { redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', rateLimits: rateLimitsConfig({ signInPerAccountAddress: { max: 2, windowSeconds: 60 } }) };
    one = await buildTestApp({ config });
    two = await buildTestApp({ config });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('attempts on one instance count on the other', async () => {
    const attempt = (t: TestApp) => t.call(t.a, null, { method: 'POST', url: '/api/auth/sign-in/', payload: { email, password: 'wrong-Passw0rd' } });
    expect((await attempt(one)).statusCode).toBe(401);
    expect((await attempt(two)).statusCode).toBe(401);
    const third = await attempt(one);
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('behind the documented proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  // As deployed (compose.yaml): TRUST_PROXY=true, the API reached only through nginx on 10.0.0.2.
  const trustProxy = loadConfig({ TRUST_PROXY: 'true', JWT_SECRET: 'x'.repeat(32), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cfg-')) }).trustProxy;
  const PROXY = '10.0.0.2';
  beforeAll(async () => {
    t = await buildTestApp({
      config: {
        trustProxy,
        rateLimits: rateLimitsConfig({ signInPerAddress: { max: 5, windowSeconds: 600 }, codesPerAddress: { max: 3, windowSeconds: 600 }, publicChatPerAddress: { max: 3, windowSeconds: 60 } }),
      },
    });
  });
  afterAll(() => t.close());

  /** What a client that writes its own X-Forwarded-For looks like once a proxy that appends has passed it on. */
  const rotated = (i: number, client: string) => ({ 'x-forwarded-for': `203.0.113.${i}, ${client}` });

  it('rotating the left-most X-Forwarded-For entry does not escape the per-address limits', async () => {
    const statuses = async (n: number, url: string, payload: (i: number) => object, client: string) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await t.call(t.a, null, { method: 'POST', url, payload: payload(i), remoteAddress: PROXY, headers: rotated(i, client) })).statusCode);
      return out;
    };
    const signIns = await statuses(6, '/api/auth/sign-in/', (i) => ({ email: `rotate${i}@acme.test`, password: 'wrong-Passw0rd' }), '198.51.100.7');
    expect(signIns).toEqual([401, 401, 401, 401, 401, 429]);
    const codes = await statuses(4, '/api/auth/code/', (i) => ({ email: `rotate-code${i}@acme.test` }), '198.51.100.8');
    expect(codes.slice(0, 3)).not.toContain(429);
    expect(codes[3]).toBe(429);
    const chats = await statuses(4, '/api/public/chatbots/999999/chat/', () => ({ text: 'hi' }), '198.51.100.9');
    expect(chats.slice(0, 3)).not.toContain(429);
    expect(chats[3]).toBe(429);
    // The address the proxy saw is the client's: another client behind the same proxy is not limited.
    expect((await t.call(t.a, null, { method: 'POST', url: '/api/auth/sign-in/', payload: { email: t.a.member.email, password: PASSWORD }, remoteAddress: PROXY, headers: rotated(1, '198.51.100.10') })).statusCode).toBe(200);
  });

  it('the address Fastify takes for each TRUST_PROXY form', async () => {
    const ipUnder = async (value: string, remoteAddress: string, forwarded: string) => {
      const app = Fastify({ trustProxy: fastifyTrustProxy(parseTrustProxy(value)!) });
      app.get('/', (req) => ({ ip: req.ip }));
      try {
        return (await app.inject({ method: 'GET', url: '/', remoteAddress, headers: { 'x-forwarded-for': forwarded } })).json().ip;
      } finally {
        await app.close();
      }
    };
    expect(await ipUnder('false', '10.0.0.2', '203.0.113.1, 198.51.100.7')).toBe('10.0.0.2');
    expect(await ipUnder('true', '10.0.0.2', '203.0.113.1, 198.51.100.7')).toBe('198.51.100.7');
    expect(await ipUnder('2', '10.0.0.2', '203.0.113.1, 198.51.100.7, 10.0.0.1')).toBe('198.51.100.7');
    // An address list: the listed proxies are skipped wherever they stand; anyone else is the client.
    expect(await ipUnder('10.0.0.0/8', '10.0.0.2', '203.0.113.1, 198.51.100.7, 10.0.0.1')).toBe('198.51.100.7');
    expect(await ipUnder('10.0.0.0/8', '192.0.2.50', '198.51.100.7')).toBe('192.0.2.50');
  });

  it('HSTS only on requests that came over HTTPS, as the trusted proxy says', async () => {
    const get = (remoteAddress: string, proto?: string) => t.call(t.a, null, { method: 'GET', url: '/api/sso-platforms/', remoteAddress, headers: proto ? { 'x-forwarded-proto': proto } : {} });
    expect((await get(PROXY, 'https')).headers['strict-transport-security']).toBe(HSTS);
    expect((await get(PROXY, 'http')).headers['strict-transport-security']).toBeUndefined();
    expect((await get(PROXY)).headers['strict-transport-security']).toBeUndefined();
  });

  it('TRUST_PROXY forms: true is one hop; hop counts; address lists; anything else fails at start', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,loopback,::1,fd00::/8')).toEqual(['127.0.0.1', '10.0.0.0/8', 'loopback', '::1', 'fd00::/8']);
    for (const bad of ['yes', '10.0.0.0/33', 'proxy.local', '1,2']) expect(parseTrustProxy(bad)).toBeNull();
    expect(() => loadConfig({ TRUST_PROXY: 'yes', JWT_SECRET: 'x'.repeat(32) })).toThrow(/TRUST_PROXY/);
  });
});
