import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoLogins } from '../../db/schema/index';
import { startTestDirectory, type TestDirectory } from '../../test/ldap-directory';
import { buildTestApp, type TestApp, type TestTenant } from '../../test/test-app';
import { escapeDnValue } from '../../integrations/sso/ldap';

// Directory platforms (issue 29 §3): a bind against a real LDAP server on loopback (ldapjs), then
// a code by email (the real SMTP peer) or SMS (the outbox), then sign-in or SSO sign-up.
let t: TestApp;
let dir: TestDirectory;
let smsDir: string;
let adminA: string;
let platformId: number;

beforeAll(async () => {
  dir = await startTestDirectory({
    dana: { password: 'dana-pw!', attributes: { cn: 'Dana Choi', mail: 'dana@corp.test', mobile: '010-2345-6789' } },
    eve: { password: 'eve-pw!', attributes: { cn: 'Eve' } },
    frank: { password: 'frank-pw!', attributes: { cn: 'Frank at the directory', mail: 'frank@corp.test' } },
  });
  smsDir = mkdtempSync(path.join(tmpdir(), 'sms-'));
  t = await buildTestApp({ config: { sso: { secret: null, allowPrivateNetworks: true, allowHttp: false, sms: { kind: 'outbox', dir: smsDir } } } });
  adminA = await t.signIn(t.a, t.a.admin.email);
  await t.call(t.a, adminA, { method: 'PATCH', url: '/api/admin/sign-up-settings/', payload: { auto_approve: true } });
  const res = await post(t.a, adminA, '/api/admin/sso-platforms/', { kind: 'directory', name: 'Corp LDAP', directory_url: dir.url, bind_dn_template: dir.bindDnTemplate, base_dn: dir.baseDn });
  expect(res.statusCode, res.body).toBe(201);
  platformId = res.json().id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await dir?.close();
});

const post = (tenant: TestTenant, token: string | null, url: string, payload: object) => t.call(tenant, token, { method: 'POST', url, payload });
const verify = (payload: object, tenant = t.a) => post(tenant, null, `/api/sso-platforms/${platformId}/verify/`, payload);

describe('issuer scheme without SSO_ALLOW_HTTP', () => {
  it('an http:// issuer is refused when a platform is created or changed (422 on issuer_url); https:// is saved', async () => {
    const plain = await post(t.a, adminA, '/api/admin/sso-platforms/', { kind: 'oidc', name: 'Plain IdP', issuer_url: 'http://idp.example.test', client_id: 'x' });
    expect(plain.statusCode).toBe(422);
    expect(plain.json().error).toMatchObject({ code: 'sso_settings_invalid', details: { field: 'issuer_url' } });
    const off = await post(t.a, adminA, '/api/admin/sso-platforms/', { kind: 'oidc', name: 'Plain off', issuer_url: 'HTTP://idp.example.test', client_id: 'x', is_enabled: false });
    expect(off.statusCode).toBe(422);
    const tls = await post(t.a, adminA, '/api/admin/sso-platforms/', { kind: 'oidc', name: 'TLS IdP', issuer_url: 'https://idp.example.test', client_id: 'x', is_enabled: false });
    expect(tls.statusCode, tls.body).toBe(201);
    const patched = await t.call(t.a, adminA, { method: 'PATCH', url: `/api/admin/sso-platforms/${tls.json().id}/`, payload: { issuer_url: 'http://idp.example.test' } });
    expect(patched.statusCode).toBe(422);
    expect(patched.json().error.details).toEqual({ field: 'issuer_url' });
    const list = (await t.call(t.a, adminA, { method: 'GET', url: '/api/admin/sso-platforms/' })).json();
    expect(list.items.map((p: { issuer_url: string | null }) => p.issuer_url)).not.toContain('http://idp.example.test');
    await t.call(t.a, adminA, { method: 'DELETE', url: `/api/admin/sso-platforms/${tls.json().id}/` });
  });
});

describe('directory platforms', () => {
  it('an SSO invitation from a bulk file: the directory id (any case) signs in as the member the admin set up (decision 039)', async () => {
    const res = await t.call(t.a, adminA, {
      method: 'POST',
      url: '/api/admin/invitations/bulk/',
      payload: { members: [{ name: 'Frank Yoon', email: 'frank@acme.test', sso_platform: 'corp ldap', sso_id: 'FRANK' }] },
      headers: { origin: 'https://acme.example.test' },
    });
    expect(res.json().items[0], res.body).toMatchObject({ status: 'invited', error_code: null });
    await t.mail.next('frank@acme.test');
    const step1 = (await verify({ user_id: 'frank', user_pw: 'frank-pw!' })).json();
    await post(t.a, null, `/api/sso-platforms/${platformId}/send-code/`, { method: 'email', user_id: 'frank', verification_id: step1.verification_id });
    const code = /\b(\d{6})\b/.exec((await t.mail.next('frank@corp.test')).text)![1]!;
    const done = await verify({ code, verification_id: step1.verification_id, auth_token: step1.auth_token });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ sso_status: 'signed_in', email: 'frank@acme.test', name: 'Frank Yoon', sso_id: 'frank' });
    const list = (await t.call(t.a, adminA, { method: 'GET', url: '/api/admin/invitations/?search_term=frank%40acme' })).json();
    expect(list.items[0]).toMatchObject({ status: 'accepted', sso_platform_id: platformId, sso_id: 'frank' });
  });

  it('a wrong password is refused (401); a directory that does not answer is 424', async () => {
    const res = await verify({ user_id: 'dana', user_pw: 'wrong' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('sso_credentials_invalid');
    expect((await verify({ user_id: 'nobody', user_pw: 'x' })).statusCode).toBe(401);
    const dead = await post(t.a, adminA, '/api/admin/sso-platforms/', { kind: 'directory', name: 'Dead', directory_url: 'ldap://127.0.0.1:9', bind_dn_template: dir.bindDnTemplate });
    const res2 = await post(t.a, null, `/api/sso-platforms/${dead.json().id}/verify/`, { user_id: 'dana', user_pw: 'dana-pw!' });
    expect(res2.statusCode).toBe(424);
    await t.call(t.a, adminA, { method: 'DELETE', url: `/api/admin/sso-platforms/${dead.json().id}/` });
  });

  it('binds, mails a code, and the code signs up then signs in', async () => {
    const step1 = await verify({ user_id: 'dana', user_pw: 'dana-pw!' });
    expect(step1.statusCode, step1.body).toBe(200);
    expect(step1.json()).toMatchObject({ sso_status: 'code_required', method: 'email', destination: 'd***@corp.test' });
    const { verification_id, auth_token } = step1.json();
    const sent = await post(t.a, null, `/api/sso-platforms/${platformId}/send-code/`, { method: 'email', user_id: 'dana', verification_id });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await t.mail.next('dana@corp.test');
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;

    expect((await verify({ code: code === '000000' ? '111111' : '000000', verification_id, auth_token })).json().error.code).toBe('code_incorrect');
    expect((await verify({ code, verification_id, auth_token: 'forged' })).json().error.code).toBe('sso_state_invalid');
    const done = await verify({ code, verification_id, auth_token });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ sso_status: 'sign_up_required', email: 'dana@corp.test', name: 'Dana Choi' });
    // The code is single use.
    expect((await verify({ code, verification_id, auth_token })).statusCode).toBe(401);

    const identity = done.json();
    const up = await post(t.a, null, '/api/auth/sso-sign-up/', { email: identity.email, name: identity.name, default_member_group_id: t.a.defaultGroupId, sso_access_token: identity.sso_access_token, sso_platform_id: platformId });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().session).toMatchObject({ email: 'dana@corp.test', sso_id: 'dana' });

    const again = (await verify({ user_id: 'dana', user_pw: 'dana-pw!' })).json();
    await post(t.a, null, `/api/sso-platforms/${platformId}/send-code/`, { method: 'email', user_id: 'dana', verification_id: again.verification_id });
    const code2 = /\b(\d{6})\b/.exec((await t.mail.next('dana@corp.test')).text)![1]!;
    const signedIn = await verify({ code: code2, verification_id: again.verification_id, auth_token: again.auth_token });
    expect(signedIn.json()).toMatchObject({ sso_status: 'signed_in', email: 'dana@corp.test' });
    expect(signedIn.headers['set-cookie']).toContain('refresh_token=');
  });

  it('sends the code by SMS through the provider (the outbox by default); an expired code is refused', async () => {
    const step1 = (await verify({ user_id: 'dana', user_pw: 'dana-pw!', method: 'sms' })).json();
    expect(step1).toMatchObject({ method: 'sms', destination: '***-****-6789' });
    const sent = await post(t.a, null, `/api/sso-platforms/${platformId}/send-code/`, { method: 'sms', user_id: 'dana', verification_id: step1.verification_id });
    expect(sent.statusCode, sent.body).toBe(200);
    const files = readdirSync(smsDir);
    expect(files).toHaveLength(1);
    const text = readFileSync(path.join(smsDir, files[0]!), 'utf8');
    expect(text).toContain('To: 010-2345-6789');
    const code = /\b(\d{6})\b/.exec(text)![1]!;
    // A resend within a minute waits.
    expect((await post(t.a, null, `/api/sso-platforms/${platformId}/send-code/`, { method: 'sms', user_id: 'dana', verification_id: step1.verification_id })).statusCode).toBe(429);
    await t.database.db.update(ssoLogins).set({ codeExpiresAt: sql`now() - interval '1 second'` }).where(eq(ssoLogins.tenantId, t.a.id));
    const res = await verify({ code, verification_id: step1.verification_id, auth_token: step1.auth_token });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('code_expired');
  });

  it('a person without an email in the directory is 424 (missing essential information)', async () => {
    const res = await verify({ user_id: 'eve', user_pw: 'eve-pw!' });
    expect(res.statusCode).toBe(424);
    expect(res.json().error.code).toBe('sso_claims_missing');
  });

  it("another tenant's platform is never usable; an OIDC step on a directory platform is refused", async () => {
    expect((await verify({ user_id: 'dana', user_pw: 'dana-pw!' }, t.b)).statusCode).toBe(404);
    const step1 = (await verify({ user_id: 'dana', user_pw: 'dana-pw!' })).json();
    expect((await post(t.b, null, `/api/sso-platforms/${platformId}/send-code/`, { method: 'email', user_id: 'dana', verification_id: step1.verification_id })).statusCode).toBe(404);
    expect((await post(t.a, null, `/api/sso-platforms/${platformId}/authorize/`, { redirect_url: 'http://localhost:3100/auth' })).json().error.code).toBe('sso_type_invalid');
  });

  it('escapes the typed id into one DN value (no injection into the bind DN)', () => {
    expect(escapeDnValue('dana,ou=admins')).toBe('dana\\,ou\\=admins');
    expect(escapeDnValue(' #x ')).toBe('\\ #x\\ ');
  });
});
