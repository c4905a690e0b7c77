import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, ssoLogins, ssoPlatforms } from '../../db/schema/index';
import { startTestIdp, type TestIdp } from '../../test/oidc-idp';
import { buildTestApp, type TestApp, type TestTenant } from '../../test/test-app';

// Single sign-on with OpenID Connect against a real provider on loopback (oidc-provider), the
// console's platforms and the whitelist (issue 29).
const REDIRECT = 'http://localhost:3100/auth';
let t: TestApp;
let idp: TestIdp;
let adminA: string;
let adminB: string;
let platformId: number;

beforeAll(async () => {
  idp = await startTestIdp({
    redirectUris: [REDIRECT],
    accounts: {
      alice: { email: 'alice@corp.test', email_verified: true, name: 'Alice Kim' },
      bob: { email: 'bob@corp.test', email_verified: true, name: 'Bob Lee' },
      carol: { email: 'carol@corp.test', email_verified: true, name: 'Carol Park' },
      // The same email as tenant a's member, who signed up with a password.
      twin: { email: 'member@acme.test', email_verified: true, name: 'Password Member' },
      noemail: { name: 'No Email' },
      unverified: { email: 'unverified@corp.test', email_verified: false, name: 'Unverified' },
    },
  });
  t = await buildTestApp({
    config: { sso: { secret: null, allowPrivateNetworks: true, allowHttp: true, sms: { kind: 'outbox', dir: mkdtempSync(path.join(tmpdir(), 'sms-')) } } },
  });
  adminA = await t.signIn(t.a, t.a.admin.email);
  adminB = await t.signIn(t.b, t.b.admin.email);
  await t.call(t.a, adminA, { method: 'PATCH', url: '/api/admin/sign-up-settings/', payload: { auto_approve: true } });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const post = (tenant: TestTenant, token: string | null, url: string, payload: object) => t.call(tenant, token, { method: 'POST', url, payload });

/** Authorize at the app, sign in at the IdP, answer the callback's parameters. */
async function callback(tenant: TestTenant, id: number, login: string) {
  const auth = await post(tenant, null, `/api/sso-platforms/${id}/authorize/`, { redirect_url: REDIRECT });
  expect(auth.statusCode, auth.body).toBe(200);
  const back = await idp.signInAs(auth.json().authorization_url, login);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, iss: back.searchParams.get('iss') ?? undefined, sso_platform_id: id, redirect_url: REDIRECT };
}

function signUpBody(identity: { sso_access_token: string; email: string; name: string }, tenant: TestTenant) {
  return { email: identity.email, name: identity.name, language: 'en', default_member_group_id: tenant.defaultGroupId, sso_access_token: identity.sso_access_token, sso_platform_id: platformId };
}

describe('SSO platforms in the console', () => {
  it('an admin creates an OIDC platform; the secret is sealed at rest and never returned', async () => {
    const res = await post(t.a, adminA, '/api/admin/sso-platforms/', { kind: 'oidc', name: 'Corp IdP', issuer_url: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret });
    expect(res.statusCode, res.body).toBe(201);
    platformId = res.json().id;
    expect(res.json()).toMatchObject({ kind: 'oidc', name: 'Corp IdP', client_secret_set: true, scopes: 'openid email profile', id_claim: 'sub', requires_whitelist: false });
    expect(res.body).not.toContain(idp.clientSecret);
    const list = await t.call(t.a, adminA, { method: 'GET', url: '/api/admin/sso-platforms/' });
    expect(list.body).not.toContain(idp.clientSecret);
    const [row] = await t.database.db.select().from(ssoPlatforms).where(eq(ssoPlatforms.id, platformId));
    expect(row!.clientSecretSealed).toMatch(/^v1\./);
    expect(row!.clientSecretSealed).not.toContain(idp.clientSecret);
  });

  it('an enabled platform needs what its kind signs in with', async () => {
    const res = await post(t.a, adminA, '/api/admin/sso-platforms/', { kind: 'oidc', name: 'Half' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'sso_settings_invalid', details: { field: 'issuer_url' } });
  });

  it('GET /sso-platforms/ lists the enabled platforms, names and kinds only, without a token', async () => {
    const off = await post(t.a, adminA, '/api/admin/sso-platforms/', { kind: 'oidc', name: 'Off', is_enabled: false });
    expect(off.statusCode).toBe(201);
    const res = await t.call(t.a, null, { method: 'GET', url: '/api/sso-platforms/' });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([{ id: platformId, name: 'Corp IdP', kind: 'oidc', verification_method: 'email' }]);
    expect((await t.call(t.b, null, { method: 'GET', url: '/api/sso-platforms/' })).json().items).toEqual([]);
  });

  it('members cannot manage platforms; another tenant cannot see, change or use them', async () => {
    const member = await t.signIn(t.a, t.a.member.email);
    expect((await t.call(t.a, member, { method: 'GET', url: '/api/admin/sso-platforms/' })).statusCode).toBe(403);
    expect((await t.call(t.b, adminB, { method: 'GET', url: '/api/admin/sso-platforms/' })).json().items).toEqual([]);
    expect((await t.call(t.b, adminB, { method: 'PATCH', url: `/api/admin/sso-platforms/${platformId}/`, payload: { name: 'Taken' } })).statusCode).toBe(404);
    expect((await t.call(t.b, adminB, { method: 'DELETE', url: `/api/admin/sso-platforms/${platformId}/` })).statusCode).toBe(404);
    expect((await post(t.b, null, `/api/sso-platforms/${platformId}/authorize/`, { redirect_url: REDIRECT })).statusCode).toBe(404);
    // A callback of tenant A presented to tenant B finds no platform there.
    const cb = await callback(t.a, platformId, 'carol');
    expect((await post(t.b, null, '/api/auth/sso-sign-in/', cb)).statusCode).toBe(404);
  });
});

describe('OIDC sign-in and sign-up', () => {
  let aliceToken: string;

  it('an unknown SSO id goes to sign-up with a short-lived token; the sign-up signs in', async () => {
    const res = await post(t.a, null, '/api/auth/sso-sign-in/', await callback(t.a, platformId, 'alice'));
    expect(res.statusCode, res.body).toBe(200);
    const identity = res.json();
    expect(identity).toMatchObject({ sso_status: 'sign_up_required', email: 'alice@corp.test', name: 'Alice Kim', sso_platform_id: platformId, expires_in: 900 });
    aliceToken = identity.sso_access_token;

    const up = await post(t.a, null, '/api/auth/sso-sign-up/', signUpBody(identity, t.a));
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json()).toMatchObject({ member_status: 'active', email: 'alice@corp.test', session: { email: 'alice@corp.test', sso_id: 'alice' } });
    expect(up.headers['set-cookie']).toContain('refresh_token=');
    const me = await t.call(t.a, up.json().session.access_token, { method: 'GET', url: `/api/members/${up.json().session.id}/` });
    expect(me.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(members).where(and(eq(members.tenantId, t.a.id), eq(members.email, 'alice@corp.test')));
    expect(row).toMatchObject({ ssoPlatformId: platformId, ssoId: 'alice', passwordHash: null });
  });

  it('a known SSO id signs in', async () => {
    const res = await post(t.a, null, '/api/auth/sso-sign-in/', await callback(t.a, platformId, 'alice'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sso_status: 'signed_in', email: 'alice@corp.test', sso_id: 'alice' });
    expect(res.json().access_token).toBeTruthy();
    expect(res.headers['set-cookie']).toContain('refresh_token=');
    // The console sees the member's SSO id (spec §3).
    const listed = (await t.call(t.a, adminA, { method: 'GET', url: `/api/admin/members/${res.json().id}/` })).json();
    expect(listed.sso_id).toBe('alice');
  });

  it('an SSO id is unique per platform and tenant: a second sign-up with the same identity is refused', async () => {
    const res = await post(t.a, null, '/api/auth/sso-sign-up/', signUpBody({ sso_access_token: aliceToken, email: 'alice@corp.test', name: 'Alice' }, t.a));
    expect(res.statusCode).toBe(409);
    await expect(
      t.database.db.insert(members).values({ tenantId: t.a.id, email: 'other-alice@corp.test', name: 'Alice 2', ssoPlatformId: platformId, ssoId: 'alice' }),
    ).rejects.toThrow();
  });

  it('a wrong, reused or foreign state is refused; so is a wrong nonce', async () => {
    const cb = await callback(t.a, platformId, 'bob');
    expect((await post(t.a, null, '/api/auth/sso-sign-in/', { ...cb, state: 'forged-state' })).json().error.code).toBe('sso_state_invalid');
    const ok = await post(t.a, null, '/api/auth/sso-sign-in/', cb);
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await post(t.a, null, '/api/auth/sso-sign-in/', cb);
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('sso_state_invalid');

    const auth = await post(t.a, null, `/api/sso-platforms/${platformId}/authorize/`, { redirect_url: REDIRECT });
    await t.database.db.update(ssoLogins).set({ nonce: 'not-the-nonce-sent' }).where(eq(ssoLogins.tenantId, t.a.id));
    const back = await idp.signInAs(auth.json().authorization_url, 'bob');
    const res = await post(t.a, null, '/api/auth/sso-sign-in/', { code: back.searchParams.get('code'), state: back.searchParams.get('state'), iss: back.searchParams.get('iss'), sso_platform_id: platformId, redirect_url: REDIRECT });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('sso_state_invalid');
  });

  it('missing essential claims are 424 (no email, or an unverified one)', async () => {
    for (const login of ['noemail', 'unverified']) {
      const res = await post(t.a, null, '/api/auth/sso-sign-in/', await callback(t.a, platformId, login));
      expect(res.statusCode, res.body).toBe(424);
      expect(res.json().error).toMatchObject({ code: 'sso_claims_missing', details: { missing: ['email'] } });
    }
  });

  it('an email that already has a password account is told so at the callback (409), not given a sign-up form', async () => {
    const res = await post(t.a, null, '/api/auth/sso-sign-in/', await callback(t.a, platformId, 'twin'));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('already_registered');
    // The account is untouched: it still signs in with its password and has no SSO id.
    expect(await t.signIn(t.a, t.a.member.email)).toBeTruthy();
    const [row] = await t.database.db.select().from(members).where(and(eq(members.tenantId, t.a.id), eq(members.id, t.a.member.id)));
    expect(row!.ssoId).toBeNull();
  });

  it('a sign-up token proves one identity: another email, another tenant or a forged token is refused', async () => {
    const identity = (await post(t.a, null, '/api/auth/sso-sign-in/', await callback(t.a, platformId, 'carol'))).json();
    expect((await post(t.a, null, '/api/auth/sso-sign-up/', { ...signUpBody(identity, t.a), email: 'mallory@corp.test' })).json().error.code).toBe('sso_type_invalid');
    expect((await post(t.b, null, '/api/auth/sso-sign-up/', signUpBody(identity, t.b))).json().error.code).toBe('sso_token_invalid');
    expect((await post(t.a, null, '/api/auth/sso-sign-up/', { ...signUpBody(identity, t.a), sso_access_token: `${identity.sso_access_token}x` })).json().error.code).toBe('sso_token_invalid');
  });
});

describe('SSO rules', () => {
  it('an SSO member cannot invite (403), has no password to reset or change, and cannot sign in with one', async () => {
    const [alice] = await t.database.db.select().from(members).where(and(eq(members.tenantId, t.a.id), eq(members.email, 'alice@corp.test')));
    await t.database.db.update(members).set({ isAdmin: true }).where(and(eq(members.tenantId, t.a.id), eq(members.id, alice!.id)));
    const session = (await post(t.a, null, '/api/auth/sso-sign-in/', await callback(t.a, platformId, 'alice'))).json();
    const invite = await post(t.a, session.access_token, '/api/admin/invitations/bulk/', { members: [{ name: 'Dan', email: 'dan@acme.test' }] });
    expect(invite.statusCode).toBe(403);
    expect(invite.json().error.code).toBe('sso_member_cannot_invite');

    const before = t.mail.messages.length;
    expect((await post(t.a, null, '/api/auth/reset-password/', { email: 'alice@corp.test' })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(t.mail.messages.slice(before).filter((m) => m.to.includes('alice@corp.test'))).toEqual([]);
    const [after] = await t.database.db.select().from(members).where(and(eq(members.tenantId, t.a.id), eq(members.id, alice!.id)));
    expect(after!.tempPasswordHash).toBeNull();
    const change = await post(t.a, session.access_token, '/api/auth/change-password/', { password: 'anything', new_password: 'N3w-passw0rd!' });
    expect(change.json().error.code).toBe('sso_no_password');
    expect((await post(t.a, null, '/api/auth/sign-in/', { email: 'alice@corp.test', password: 'anything' })).statusCode).toBe(401);
  });

  it('a platform with members cannot be deleted (409); an unused one can', async () => {
    expect((await t.call(t.a, adminA, { method: 'DELETE', url: `/api/admin/sso-platforms/${platformId}/` })).json().error.code).toBe('sso_platform_in_use');
  });
});

describe('SSO whitelist', () => {
  it('a platform that requires it refuses emails not on the tenant whitelist (sign-in and sign-up)', async () => {
    const patched = await t.call(t.a, adminA, { method: 'PATCH', url: `/api/admin/sso-platforms/${platformId}/`, payload: { requires_whitelist: true } });
    expect(patched.json().requires_whitelist).toBe(true);
    const refused = await post(t.a, null, '/api/auth/sso-sign-in/', await callback(t.a, platformId, 'alice'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('sso_not_whitelisted');

    // Tenant B's whitelist does not let anyone into tenant A.
    expect((await post(t.b, adminB, '/api/admin/sso-member-whitelist/bulk-upsert/', { sso_member_whitelist: [{ email: 'alice@corp.test' }] })).json()).toEqual({ created: 1, existing: 0 });
    expect((await post(t.a, null, '/api/auth/sso-sign-in/', await callback(t.a, platformId, 'alice'))).statusCode).toBe(403);

    const up = await post(t.a, adminA, '/api/admin/sso-member-whitelist/bulk-upsert/', { sso_member_whitelist: [{ email: 'Alice@corp.test' }, { email: 'alice@corp.test' }, { email: 'erin@corp.test' }] });
    expect(up.json()).toEqual({ created: 2, existing: 1 });
    expect((await post(t.a, null, '/api/auth/sso-sign-in/', await callback(t.a, platformId, 'alice'))).json().sso_status).toBe('signed_in');
  });

  it('lists 10 a page, newest first by default, searches and orders; bulk delete; invalid emails refuse the batch', async () => {
    const emails = Array.from({ length: 12 }, (_, i) => ({ email: `w${String(i).padStart(2, '0')}@list.test` }));
    expect((await post(t.a, adminA, '/api/admin/sso-member-whitelist/bulk-upsert/', { sso_member_whitelist: emails })).json()).toEqual({ created: 12, existing: 0 });
    const page1 = (await t.call(t.a, adminA, { method: 'GET', url: '/api/admin/sso-member-whitelist/' })).json();
    expect(page1.items).toHaveLength(10);
    expect(page1.items[0].email).toBe('w11@list.test');
    expect(page1.pagination).toEqual({ page: 1, page_size: 10, total_pages: 2, total_items: 14 });
    const search = (await t.call(t.a, adminA, { method: 'GET', url: '/api/admin/sso-member-whitelist/?search_term=W0&order_by=email.asc' })).json();
    expect(search.items.map((i: { email: string }) => i.email)).toEqual(Array.from({ length: 10 }, (_, i) => `w0${i}@list.test`));
    const bad = await post(t.a, adminA, '/api/admin/sso-member-whitelist/bulk-upsert/', { sso_member_whitelist: [{ email: 'ok@list.test' }, { email: 'not an email' }] });
    expect(bad.statusCode).toBe(422);

    const ids = search.items.slice(0, 3).map((i: { id: number }) => i.id);
    // Another tenant's admin deletes nothing of it, and reads none of it.
    expect((await post(t.b, adminB, '/api/admin/sso-member-whitelist/bulk-delete/', { sso_member_whitelist_ids: ids })).json()).toEqual({ deleted: 0 });
    const bList = (await t.call(t.b, adminB, { method: 'GET', url: '/api/admin/sso-member-whitelist/?size=100' })).json();
    expect(bList.items.map((i: { email: string }) => i.email)).toEqual(['alice@corp.test']);
    expect((await post(t.a, adminA, '/api/admin/sso-member-whitelist/bulk-delete/', { sso_member_whitelist_ids: ids })).json()).toEqual({ deleted: 3 });
    const member = await t.signIn(t.a, t.a.member.email);
    expect((await t.call(t.a, member, { method: 'GET', url: '/api/admin/sso-member-whitelist/' })).statusCode).toBe(403);
  });

  it('exports the whitelist as a task (CSV), readable by the tenant admins only', async () => {
    const started = await t.call(t.a, adminA, { method: 'GET', url: '/api/admin/sso-member-whitelist/export-task/' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ kind: 'sso_whitelist_export', status: 'running' });
    let task = started.json();
    for (let i = 0; i < 200 && task.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      task = (await t.call(t.a, adminA, { method: 'GET', url: `/api/tasks/${task.id}/` })).json();
    }
    expect(task).toMatchObject({ status: 'completed', done: 11, total: 11 });
    expect(task.file_name).toMatch(/^sso-whitelist-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await t.call(t.a, adminA, { method: 'GET', url: task.download_url });
    const lines = file.rawPayload.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('email,created_at');
    expect(lines).toHaveLength(12);
    expect(lines.some((l) => l.startsWith('erin@corp.test,'))).toBe(true);
    expect((await t.call(t.b, adminB, { method: 'GET', url: `/api/tasks/${task.id}/download/` })).statusCode).toBe(404);
    const whitelistOfB = await t.database.db.execute(sql`select count(*)::int as n from sso_member_whitelist where tenant_id = ${t.b.id}`);
    expect(whitelistOfB).toBeTruthy();
  });
});
