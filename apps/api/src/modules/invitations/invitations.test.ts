import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberGroups, tenants } from '../../db/schema/index';
import { buildTestApp, type TestApp, type TestTenant } from '../../test/test-app';

// Invitations through the real app, the link and the temporary password read out of the mail that
// the test's SMTP server received.
let t: TestApp;
let adminToken: string;
let researchId: number;

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await t.signIn(t.a, t.a.admin.email);
  const [g] = await t.database.db.insert(memberGroups).values({ tenantId: t.a.id, koName: '연구팀', enName: 'Research' }).returning();
  researchId = g!.id;
});
afterAll(() => t.close());

let seq = 0;
const freshEmail = () => `invitee${(seq += 1)}-${Date.now()}@example.test`;
const invite = (tenant: TestTenant, token: string, members: object[]) =>
  t.call(tenant, token, { method: 'POST', url: '/api/admin/invitations/bulk/', payload: { members }, headers: { origin: 'https://acme.example.test' } });
/** The hash from the mail's link and the temporary password from its text. */
function readInvitation(text: string) {
  const hash = /\/auth\?invitation=([\w-]+)/.exec(text)?.[1] ?? '';
  const temporary = /(?:Temporary password|임시 비밀번호): (\S+)/.exec(text)?.[1] ?? '';
  return { hash, temporary };
}
const accept = (tenant: TestTenant, hash: string, body: object) => t.call(tenant, null, { method: 'POST', url: `/api/invitations/${hash}/accept/`, payload: body });

describe('invitations', () => {
  it('an admin invites; the person opens the mailed link, accepts with the temporary password and signs in', async () => {
    const email = freshEmail();
    const res = await invite(t.a, adminToken, [{ name: 'Invited One', email, member_group_ids: [researchId] }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toEqual([{ row: null, email, status: 'invited', error_code: null, error_field: null, invitation_id: expect.any(Number) }]);
    const mail = await t.mail.next(email);
    expect(mail.text).toContain('https://acme.example.test/auth?invitation=');
    const { hash, temporary } = readInvitation(mail.text);
    expect(hash.length).toBeGreaterThanOrEqual(32);

    const verify = await t.call(t.a, null, { method: 'GET', url: `/api/invitations/${hash}/verify/` });
    expect(verify.json()).toMatchObject({ email, name: 'Invited One' });

    const body = { email, name: 'Invited One', password: 'N3w-password!', temporary_password: temporary };
    const wrong = await accept(t.a, hash, { ...body, temporary_password: 'nope' });
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([401, 'temporary_password_incorrect']);
    const missing = await accept(t.a, hash, { ...body, temporary_password: '' });
    expect([missing.statusCode, missing.json().error.code]).toEqual([422, 'temporary_password_required']);
    const ok = await accept(t.a, hash, body);
    expect(ok.statusCode, ok.body).toBe(201);
    const signIn = await t.call(t.a, null, { method: 'POST', url: '/api/auth/sign-in/', payload: { email, password: 'N3w-password!' } });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().member_group_ids).toEqual([t.a.defaultGroupId, researchId].sort((a, b) => a - b));

    // Used once only.
    const again = await accept(t.a, hash, body);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'invitation_used']);
    const list = (await t.call(t.a, adminToken, { method: 'GET', url: `/api/admin/invitations/?search_term=${encodeURIComponent(email)}` })).json();
    expect(list.items[0]).toMatchObject({ email, status: 'accepted' });
  });

  it('not found, expired after 7 days, and another tenant’s hash is not found', async () => {
    expect((await t.call(t.a, null, { method: 'GET', url: '/api/invitations/no-such-hash/verify/' })).json().error.code).toBe('invitation_not_found');
    const email = freshEmail();
    await invite(t.a, adminToken, [{ name: 'Late One', email }]);
    const { hash, temporary } = readInvitation((await t.mail.next(email)).text);
    expect((await t.call(t.b, null, { method: 'GET', url: `/api/invitations/${hash}/verify/` })).statusCode).toBe(404);
    await t.database.db.execute(sql`update invitations set expires_at = now() - interval '1 minute' where email = ${email}`);
    const res = await accept(t.a, hash, { email, name: 'Late One', password: 'N3w-password!', temporary_password: temporary });
    expect([res.statusCode, res.json().error.code]).toEqual([404, 'invitation_expired']);
  });

  it('row errors (spec §8 upload row errors), each row failing alone, its line echoed back', async () => {
    const invited = freshEmail();
    await invite(t.a, adminToken, [{ name: 'Once', email: invited }]);
    await t.mail.next(invited);
    const refused = freshEmail();
    t.mail.refuse.add(refused);
    const pending = freshEmail();
    const { members } = await import('../../db/schema/index');
    await t.database.db.insert(members).values({ tenantId: t.a.id, email: pending, name: 'Waiting', passwordHash: 'x', memberStatus: 'pending', defaultMemberGroupId: t.a.defaultGroupId });
    const defaultName = (await t.call(t.a, adminToken, { method: 'GET', url: `/api/admin/member-groups/${t.a.defaultGroupId}/` })).json().en_name as string;
    const field = (await t.call(t.a, adminToken, { method: 'POST', url: '/api/admin/custom-fields/', payload: { ko_name: '사번', en_name: 'Employee no', is_required: true, is_unique: true, field_type: 'number' } })).json();
    await t.database.db.update(members).set({ customFields: { [field.id]: '1001' } }).where(eq(members.email, t.a.member.email));
    const cf = (v: string) => ({ [String(field.id)]: v });
    const ok = { name: 'Fine', custom_fields: cf('2001') };
    const rows = [
      { row: 2, ...ok, email: `${'x'.repeat(250)}@example.test` },
      { row: 3, ...ok, email: 'not-an-email' },
      { row: 4, ...ok, name: '   ', email: freshEmail() },
      { row: 5, ...ok, name: 'N'.repeat(101), email: freshEmail() },
      { row: 6, ...ok, email: t.a.member.email },
      { row: 7, ...ok, email: invited },
      { row: 8, ...ok, email: pending },
      { row: 9, ...ok, email: freshEmail(), group: 'No such group' },
      { row: 10, ...ok, email: freshEmail(), default_member_group_id: t.b.defaultGroupId },
      { row: 11, ...ok, email: freshEmail(), group: 'Research' },
      { row: 12, ...ok, email: freshEmail(), additional_groups: ['Nowhere'] },
      { row: 13, ...ok, email: freshEmail(), additional_groups: [defaultName] },
      { row: 14, name: 'Fine', email: freshEmail(), custom_fields: cf('abc') },
      { row: 15, name: 'Fine', email: freshEmail(), custom_fields: {} },
      { row: 16, name: 'Fine', email: freshEmail(), custom_fields: cf('1001') },
      { row: 17, name: 'Fine', email: freshEmail(), custom_fields: { '999999': 'x', ...cf('2002') } },
      { row: 18, ...ok, email: refused },
      { row: 19, name: '  Trimmed  ', email: `  ${freshEmail().toUpperCase()} `, additional_groups: ['research'], custom_fields: cf('2003') },
    ];
    const res = await t.call(t.a, adminToken, { method: 'POST', url: '/api/admin/invitations/bulk/', payload: { members: rows, require_custom_fields: true }, headers: { origin: 'https://acme.example.test' } });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as Array<{ row: number; error_code: string | null; error_field: string | null; status: string }>;
    expect(items.map((i) => [i.row, i.error_code])).toEqual([
      [2, 'email_too_long'],
      [3, 'email_invalid'],
      [4, 'name_invalid'],
      [5, 'name_invalid'],
      [6, 'already_registered'],
      [7, 'invitation_exists'],
      [8, 'approval_requested'],
      [9, 'group_not_found'],
      [10, 'group_not_found'],
      [11, 'group_not_found'],
      [12, 'group_not_found'],
      [13, 'default_group_as_additional'],
      [14, 'custom_field_invalid'],
      [15, 'custom_field_required'],
      [16, 'custom_field_duplicated'],
      [17, 'custom_field_invalid'],
      [18, 'mail_failed'],
      [19, null],
    ]);
    expect(items[12]!.error_field).toBe(String(field.id));
    // From the single-invite form (no file), a required field may stay empty: the invitee fills it in.
    const formRow = await invite(t.a, adminToken, [{ name: 'Form', email: freshEmail() }]);
    expect(formRow.json().items[0]).toMatchObject({ status: 'invited' });
    await t.mail.next(formRow.json().items[0].email);
    expect(items[17]).toMatchObject({ status: 'invited' });
    // Nothing half-made: the refused one left no invitation behind.
    const list = (await t.call(t.a, adminToken, { method: 'GET', url: `/api/admin/invitations/?search_term=${encodeURIComponent(refused)}` })).json();
    expect(list.items).toEqual([]);
    t.mail.refuse.delete(refused);
    const trimmed = (await t.call(t.a, adminToken, { method: 'GET', url: `/api/admin/invitations/?search_term=${encodeURIComponent(rows[17]!.email.trim().toLowerCase())}` })).json();
    expect(trimmed.items[0]).toMatchObject({ name: 'Trimmed', member_group_ids: [researchId], default_member_group_id: t.a.defaultGroupId });

    // The invitee finds the administrator's values filled in and need not repeat them.
    const email = rows[17]!.email.trim().toLowerCase();
    const { hash, temporary } = readInvitation((await t.mail.next(email)).text);
    const verify = (await t.call(t.a, null, { method: 'GET', url: `/api/invitations/${hash}/verify/` })).json();
    expect(verify.custom_fields).toEqual(cf('2003'));
    const accepted = await accept(t.a, hash, { email, name: 'Trimmed', password: 'N3w-password!', temporary_password: temporary });
    expect(accepted.statusCode, accepted.body).toBe(201);
    await t.call(t.a, adminToken, { method: 'DELETE', url: `/api/admin/custom-fields/${field.id}/` });
  });

  it('the console reads the batch size; members and another tenant cannot', async () => {
    const res = await t.call(t.a, adminToken, { method: 'GET', url: '/api/admin/invitations/bulk-settings/' });
    expect(res.json()).toEqual({ batch_size: 100, max_rows_per_request: 500 });
    const member = await t.signIn(t.a, t.a.member.email);
    expect((await t.call(t.a, member, { method: 'GET', url: '/api/admin/invitations/bulk-settings/' })).statusCode).toBe(403);
    const tooMany = await invite(t.a, adminToken, Array.from({ length: 501 }, (_, i) => ({ name: 'X', email: `x${i}@example.test` })));
    expect(tooMany.statusCode).toBe(422);
  });

  it('an open invitation takes a seat: a full plan refuses the next one (402)', async () => {
    const seats = (await t.call(t.a, null, { method: 'GET', url: '/api/tenants/member-count-check/' })).json();
    await t.database.db.update(tenants).set({ maxMembers: seats.member_count + 1 }).where(eq(tenants.id, t.a.id));
    const [first, second] = [freshEmail(), freshEmail()];
    const res = await invite(t.a, adminToken, [{ name: 'Fits', email: first }, { name: 'Does not', email: second }]);
    expect(res.json().items.map((i: { status: string; error_code: string | null }) => [i.status, i.error_code])).toEqual([['invited', null], ['failed', 'member_limit_reached']]);
    await t.database.db.update(tenants).set({ maxMembers: null }).where(eq(tenants.id, t.a.id));
  });

  it('resend mails a new temporary password (the old one stops working); bulk delete; list filters and paging', async () => {
    const email = freshEmail();
    const created = (await invite(t.a, adminToken, [{ name: 'Resent', email }])).json().items[0];
    const first = readInvitation((await t.mail.next(email)).text);
    const resent = await t.call(t.a, adminToken, { method: 'POST', url: `/api/admin/invitations/${created.invitation_id}/resend/`, headers: { origin: 'https://acme.example.test' } });
    expect(resent.statusCode, resent.body).toBe(200);
    const second = readInvitation((await t.mail.next(email)).text);
    expect(second.hash).toBe(first.hash);
    expect(second.temporary).not.toBe(first.temporary);
    const old = await accept(t.a, first.hash, { email, name: 'Resent', password: 'N3w-password!', temporary_password: first.temporary });
    expect(old.statusCode).toBe(401);

    const page = (await t.call(t.a, adminToken, { method: 'GET', url: '/api/admin/invitations/?size=2&page=1&order_by=email&order_type=asc&status=pending' })).json();
    expect(page.items.length).toBeLessThanOrEqual(2);
    expect(page.items.every((i: { status: string }) => i.status === 'pending')).toBe(true);
    expect(page.pagination.total_items).toBeGreaterThanOrEqual(2);

    // Another tenant's admin deletes nothing here.
    const bAdmin = await t.signIn(t.b, t.b.admin.email);
    const foreign = await t.call(t.b, bAdmin, { method: 'POST', url: '/api/admin/invitations/bulk/delete/', payload: { invitation_ids: [created.invitation_id] } });
    expect(foreign.statusCode).toBe(404);
    const del = await t.call(t.a, adminToken, { method: 'POST', url: '/api/admin/invitations/bulk/delete/', payload: { invitation_ids: [created.invitation_id] } });
    expect(del.json()).toEqual({ deleted: 1 });
    expect((await t.call(t.a, null, { method: 'GET', url: `/api/invitations/${first.hash}/verify/` })).statusCode).toBe(404);
  });

  it('members cannot invite or list invitations', async () => {
    const member = await t.signIn(t.a, t.a.member.email);
    expect((await invite(t.a, member, [{ name: 'X', email: freshEmail() }])).statusCode).toBe(403);
    expect((await t.call(t.a, member, { method: 'GET', url: '/api/admin/invitations/' })).statusCode).toBe(403);
  });
});
