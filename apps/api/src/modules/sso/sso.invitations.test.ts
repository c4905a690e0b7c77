import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, memberGroups, members } from '../../db/schema/index';
import { startTestIdp, type TestIdp } from '../../test/oidc-idp';
import { buildTestApp, type TestApp, type TestTenant } from '../../test/test-app';

// A bulk member file's SSO columns (spec §5 "SSO id required and valid", §8 "SSO platform
// missing", decision 039): row errors, and the invitee who signs in through the platform
// becoming the member the administrator set up.
const REDIRECT = 'http://localhost:3100/auth';
let t: TestApp;
let idp: TestIdp;
let adminA: string;
let adminB: string;
let platformId: number;
let platformB: number;
let researchId: number;

beforeAll(async () => {
  idp = await startTestIdp({
    redirectUris: [REDIRECT],
    accounts: {
      'emp-1001': { email: 'dana.personal@corp.test', email_verified: true, name: 'Dana at the IdP' },
      'emp-1002': { email: 'eve@corp.test', email_verified: true, name: 'Eve' },
    },
  });
  t = await buildTestApp({ config: { sso: { secret: null, allowPrivateNetworks: true, allowHttp: true, sms: { kind: 'outbox', dir: mkdtempSync(path.join(tmpdir(), 'sms-')) } } } });
  adminA = await t.signIn(t.a, t.a.admin.email);
  adminB = await t.signIn(t.b, t.b.admin.email);
  const created = await post(t.a, adminA, '/api/admin/sso-platforms/', { kind: 'oidc', name: 'Corp IdP', issuer_url: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret });
  expect(created.statusCode, created.body).toBe(201);
  platformId = created.json().id;
  const off = await post(t.a, adminA, '/api/admin/sso-platforms/', { kind: 'oidc', name: 'Old IdP', issuer_url: idp.issuer, client_id: 'x', is_enabled: false });
  expect(off.statusCode, off.body).toBe(201);
  const other = await post(t.b, adminB, '/api/admin/sso-platforms/', { kind: 'oidc', name: 'B IdP', issuer_url: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret });
  platformB = other.json().id;
  const [g] = await t.database.db.insert(memberGroups).values({ tenantId: t.a.id, koName: '연구팀', enName: 'Research' }).returning();
  researchId = g!.id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

function post(tenant: TestTenant, token: string | null, url: string, payload: object) {
  return t.call(tenant, token, { method: 'POST', url, payload, headers: { origin: 'https://acme.example.test' } });
}

async function callback(tenant: TestTenant, id: number, login: string) {
  const auth = await post(tenant, null, `/api/sso-platforms/${id}/authorize/`, { redirect_url: REDIRECT });
  expect(auth.statusCode, auth.body).toBe(200);
  const back = await idp.signInAs(auth.json().authorization_url, login);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, iss: back.searchParams.get('iss') ?? undefined, sso_platform_id: id, redirect_url: REDIRECT };
}

describe('bulk member file with SSO ids', () => {
  it('row errors: platform missing (unknown, disabled, another tenant’s, id without platform), SSO id missing or invalid, SSO id taken', async () => {
    await t.database.db.update(members).set({ ssoPlatformId: platformId, ssoId: 'taken-by-member' }).where(eq(members.email, t.a.member.email));
    const rows = [
      { row: 2, name: 'A', email: 'sso-a@example.test', sso_platform: 'Nowhere IdP', sso_id: 'x1' },
      { row: 3, name: 'A', email: 'sso-b@example.test', sso_platform: 'Old IdP', sso_id: 'x2' },
      { row: 4, name: 'A', email: 'sso-c@example.test', sso_platform: String(platformB), sso_id: 'x3' },
      { row: 5, name: 'A', email: 'sso-d@example.test', sso_platform_id: platformB, sso_id: 'x4' },
      { row: 6, name: 'A', email: 'sso-e@example.test', sso_id: 'x5' },
      { row: 7, name: 'A', email: 'sso-f@example.test', sso_platform: 'Corp IdP', sso_id: '' },
      { row: 8, name: 'A', email: 'sso-g@example.test', sso_platform: 'corp idp', sso_id: 'y'.repeat(256) },
      { row: 9, name: 'A', email: 'sso-h@example.test', sso_platform: 'Corp IdP', sso_id: 'bad\u0007id' },
      { row: 10, name: 'A', email: 'sso-i@example.test', sso_platform: 'Corp IdP', sso_id: 'taken-by-member' },
      { row: 11, name: 'Fine', email: 'sso-j@example.test', sso_platform: String(platformId), sso_id: 'x6' },
      { row: 12, name: 'A', email: 'sso-k@example.test', sso_platform: 'Corp IdP', sso_id: 'x6' },
      { row: 13, name: 'Password', email: 'plain@example.test' },
    ];
    const res = await post(t.a, adminA, '/api/admin/invitations/bulk/', { members: rows, require_custom_fields: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((i: { row: number; error_code: string | null }) => [i.row, i.error_code])).toEqual([
      [2, 'sso_platform_missing'],
      [3, 'sso_platform_missing'],
      [4, 'sso_platform_missing'],
      [5, 'sso_platform_missing'],
      [6, 'sso_platform_missing'],
      [7, 'sso_id_invalid'],
      [8, 'sso_id_invalid'],
      [9, 'sso_id_invalid'],
      [10, 'sso_id_exists'],
      [11, null],
      [12, 'sso_id_exists'],
      [13, null],
    ]);
    // The SSO invitation's mail has no temporary password; the password one still has.
    const mail = await t.mail.next('sso-j@example.test');
    expect(mail.text).not.toMatch(/Temporary password|임시 비밀번호/);
    expect(mail.text).toContain('Corp IdP');
    expect((await t.mail.next('plain@example.test')).text).toMatch(/Temporary password|임시 비밀번호/);
    // An open invitation's SSO id is taken for the next file too.
    const again = await post(t.a, adminA, '/api/admin/invitations/bulk/', { members: [{ name: 'B', email: 'sso-l@example.test', sso_platform: 'Corp IdP', sso_id: 'x6' }] });
    expect(again.json().items[0].error_code).toBe('sso_id_exists');
    const list = (await t.call(t.a, adminA, { method: 'GET', url: '/api/admin/invitations/?search_term=sso-j' })).json();
    expect(list.items[0]).toMatchObject({ email: 'sso-j@example.test', sso_platform_id: platformId, sso_id: 'x6' });
    // Sent again: still no temporary password, in the mail or stored.
    const resent = await post(t.a, adminA, `/api/admin/invitations/${list.items[0].id}/resend/`, {});
    expect(resent.statusCode, resent.body).toBe(200);
    expect((await t.mail.next('sso-j@example.test')).text).not.toMatch(/Temporary password|임시 비밀번호/);
    const [stored] = await t.database.db.select().from(invitations).where(eq(invitations.email, 'sso-j@example.test'));
    expect(stored!.tempPasswordHash).toBeNull();
    await t.database.db.update(members).set({ ssoPlatformId: null, ssoId: null }).where(eq(members.email, t.a.member.email));
  });

  it('the invitee signs in through the platform and becomes the member the admin set up; a password accept is refused', async () => {
    const res = await post(t.a, adminA, '/api/admin/invitations/bulk/', {
      members: [{ row: 2, name: 'Dana Choi', email: 'dana@acme.test', additional_groups: ['Research'], sso_platform: 'Corp IdP', sso_id: 'emp-1001' }],
    });
    expect(res.json().items[0], res.body).toMatchObject({ status: 'invited', error_code: null });
    await t.mail.next('dana@acme.test');
    const [inv] = await t.database.db.select().from(invitations).where(eq(invitations.email, 'dana@acme.test'));
    expect(inv!.tempPasswordHash).toBeNull();
    // The password path refuses it (before any password is checked).
    const verify = await t.call(t.a, null, { method: 'GET', url: `/api/invitations/${inv!.hashId}/verify/` });
    expect(verify.json()).toMatchObject({ email: 'dana@acme.test', sso_platform_id: platformId });
    const refused = await post(t.a, null, `/api/invitations/${inv!.hashId}/accept/`, { email: 'dana@acme.test', name: 'Dana', password: 'N3w-password!', temporary_password: 'guess' });
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'invitation_sso']);
    // Another tenant's sign-in with the same IdP account finds nothing of tenant A's.
    const inB = await post(t.b, null, '/api/auth/sso-sign-in/', await callback(t.b, platformB, 'emp-1001'));
    expect(inB.json().sso_status, inB.body).toBe('sign_up_required');
    // Through tenant A's platform: signed in, no sign-up form.
    const signIn = await post(t.a, null, '/api/auth/sso-sign-in/', await callback(t.a, platformId, 'emp-1001'));
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json()).toMatchObject({ sso_status: 'signed_in', email: 'dana@acme.test', name: 'Dana Choi' });
    expect(signIn.json().member_group_ids).toEqual([t.a.defaultGroupId, researchId].sort((a, b) => a - b));
    const [member] = await t.database.db.select().from(members).where(eq(members.email, 'dana@acme.test'));
    expect(member).toMatchObject({ ssoPlatformId: platformId, ssoId: 'emp-1001', passwordHash: null, memberStatus: 'active' });
    const [used] = await t.database.db.select().from(invitations).where(eq(invitations.id, inv!.id));
    expect(used!.acceptedMemberId).toBe(member!.id);
    // The next sign-in is an ordinary one.
    const next = await post(t.a, null, '/api/auth/sso-sign-in/', await callback(t.a, platformId, 'emp-1001'));
    expect(next.json()).toMatchObject({ sso_status: 'signed_in', email: 'dana@acme.test' });
    // Someone else at the IdP is not made a member by it.
    const eve = await post(t.a, null, '/api/auth/sso-sign-in/', await callback(t.a, platformId, 'emp-1002'));
    expect(eve.json().sso_status).toBe('sign_up_required');
  });
});
