import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberGroups, tenants, verificationCodes } from '../../db/schema/index';
import { buildTestApp, type TestApp, type TestTenant } from '../../test/test-app';

// Sign-up through the real app with mail over real SMTP (the test's smtp-server): the code is read
// out of the delivered message, as a person would.
let t: TestApp;
let adminToken: string;
let extraGroupId: number;

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await t.signIn(t.a, t.a.admin.email);
  const [g] = await t.database.db.insert(memberGroups).values({ tenantId: t.a.id, koName: '연구팀', enName: 'Research' }).returning();
  extraGroupId = g!.id;
});
afterAll(() => t.close());

const post = (tenant: TestTenant, url: string, payload: unknown, token: string | null = null) => t.call(tenant, token, { method: 'POST', url, payload: payload as object });
const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
let seq = 0;
const freshEmail = () => `person${(seq += 1)}-${Date.now()}@example.test`;

async function requestCode(tenant: TestTenant, email: string, language = 'en') {
  const res = await post(tenant, '/api/auth/code/', { email, language });
  expect(res.statusCode, res.body).toBe(200);
  return codeOf((await t.mail.next(email)).text);
}
const signUpPayload = (tenant: TestTenant, email: string, code: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: 'Str0ng-pass!',
  name: 'New Person',
  language: 'en',
  auth_code: code,
  default_member_group_id: tenant.defaultGroupId,
  ...extra,
});
/** Lets the next code be sent at once: the send limit counts rows of the last minute and hour. */
const forgetSends = (email: string) => t.database.db.execute(sql`update verification_codes set created_at = created_at - interval '2 hours' where email = ${email}`);

describe('verification code', () => {
  it('mails a 6-digit code in the asked language with the tenant name, valid 10 minutes', async () => {
    const email = freshEmail();
    const res = await post(t.a, '/api/auth/code/', { email, language: 'ko' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ expires_in: 600, resend_after: 60 });
    const mail = await t.mail.next(email);
    expect(mail.subject).toContain('acme 코');
    expect(mail.subject).toContain('인증 코드');
    expect(codeOf(mail.text)).toMatch(/^\d{6}$/);
    // Stored hashed: the code itself is nowhere in the table.
    const rows = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.email, email));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(codeOf(mail.text));
  });

  it('400 for an invalid email, 409 for a member, 429 with the seconds to wait', async () => {
    const bad = await post(t.a, '/api/auth/code/', { email: 'not-an-email', language: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('email_invalid');
    const member = await post(t.a, '/api/auth/code/', { email: t.a.member.email, language: 'en' });
    expect(member.statusCode).toBe(409);
    expect(member.json().error.code).toBe('already_registered');
    const email = freshEmail();
    await requestCode(t.a, email);
    const again = await post(t.a, '/api/auth/code/', { email, language: 'en' });
    expect(again.statusCode).toBe(429);
    expect(again.json().error.details.retry_after_seconds).toBeGreaterThan(50);
  });

  it('at most five an hour per email', async () => {
    const email = freshEmail();
    for (let i = 0; i < 5; i += 1) {
      await requestCode(t.a, email);
      await t.database.db.execute(sql`update verification_codes set created_at = created_at - interval '61 seconds' where email = ${email}`);
    }
    const sixth = await post(t.a, '/api/auth/code/', { email, language: 'en' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.details.retry_after_seconds).toBeGreaterThan(3000);
  });

  it('424 when the mail server refuses, and the code neither counts nor works', async () => {
    const email = freshEmail();
    t.mail.refuse.add(email);
    const res = await post(t.a, '/api/auth/code/', { email, language: 'en' });
    expect(res.statusCode).toBe(424);
    expect(res.json().error.code).toBe('mail_failed');
    expect(await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.email, email))).toEqual([]);
    t.mail.refuse.delete(email);
    // Not rate-limited by the failed attempt.
    await requestCode(t.a, email);
  });
});

describe('sign-up', () => {
  it('with approval: the member is pending, sign-in says not yet approved (403)', async () => {
    const email = freshEmail();
    const code = await requestCode(t.a, email);
    const res = await post(t.a, '/api/auth/sign-up/', signUpPayload(t.a, email, code, { member_group_ids: [extraGroupId] }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ member_status: 'pending', email });
    const signIn = await post(t.a, '/api/auth/sign-in/', { email, password: 'Str0ng-pass!' });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.code).toBe('not_approved');
    // The console's pending list shows it.
    const pending = await t.call(t.a, adminToken, { method: 'GET', url: '/api/admin/members/?member_status=pending' });
    const row = pending.json().items.find((m: { email: string }) => m.email === email);
    expect(row).toMatchObject({ pending_request: 'registration', member_group_ids: [t.a.defaultGroupId, extraGroupId].sort((a, b) => a - b) });
  });

  it('with auto-approval the member signs in at once; the code is single use', async () => {
    await t.database.db.update(tenants).set({ autoApprove: true }).where(eq(tenants.id, t.b.id));
    const email = freshEmail();
    const code = await requestCode(t.b, email);
    const res = await post(t.b, '/api/auth/sign-up/', signUpPayload(t.b, email, code));
    expect(res.json()).toEqual({ member_status: 'active', email });
    const signIn = await post(t.b, '/api/auth/sign-in/', { email, password: 'Str0ng-pass!' });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ email, member_status: 'active', must_change_password: false });
    const twice = await post(t.b, '/api/auth/sign-up/', signUpPayload(t.b, email, code));
    expect(twice.statusCode).toBe(409);
    await t.database.db.update(tenants).set({ autoApprove: false }).where(eq(tenants.id, t.b.id));
  });

  it('401 for a wrong code, a separate message for an expired one, and five wrong guesses end a code', async () => {
    const email = freshEmail();
    const code = await requestCode(t.a, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await post(t.a, '/api/auth/sign-up/', signUpPayload(t.a, email, wrong));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('code_incorrect');
    for (let i = 0; i < 4; i += 1) await post(t.a, '/api/auth/sign-up/', signUpPayload(t.a, email, wrong));
    const spent = await post(t.a, '/api/auth/sign-up/', signUpPayload(t.a, email, code));
    expect(spent.json().error.code).toBe('code_expired');

    const other = freshEmail();
    const fresh = await requestCode(t.a, other);
    await t.database.db.execute(sql`update verification_codes set expires_at = now() - interval '1 second' where email = ${other}`);
    const expired = await post(t.a, '/api/auth/sign-up/', signUpPayload(t.a, other, fresh));
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('code_expired');
  });

  it('a resend replaces the previous code', async () => {
    const email = freshEmail();
    const first = await requestCode(t.a, email);
    await forgetSends(email);
    const second = await requestCode(t.a, email);
    if (first !== second) {
      const old = await post(t.a, '/api/auth/sign-up/', signUpPayload(t.a, email, first));
      expect(old.json().error.code).toBe('code_incorrect');
    }
    expect((await post(t.a, '/api/auth/sign-up/', signUpPayload(t.a, email, second))).statusCode).toBe(201);
  });

  it('422 with the field for every §5 rule', async () => {
    const email = freshEmail();
    const code = await requestCode(t.a, email);
    const check = async (extra: Record<string, unknown>, status: number, codeName: string) => {
      const res = await post(t.a, '/api/auth/sign-up/', signUpPayload(t.a, email, code, extra));
      expect([res.statusCode, res.json().error.code], JSON.stringify(extra)).toEqual([status, codeName]);
      return res.json().error;
    };
    expect((await check({ name: 'A' }, 422, 'name_invalid')).details[0].path).toBe('/name');
    await check({ name: 'x'.repeat(101) }, 422, 'name_invalid');
    await check({ password: 'short1!' }, 422, 'password_too_weak');
    await check({ password: 'NoDigitsHere!' }, 422, 'password_too_weak');
    await check({ password: 'NoSpecial123' }, 422, 'password_too_weak');
    await check({ default_member_group_id: undefined }, 422, 'group_invalid');
    await check({ default_member_group_id: 999_999 }, 422, 'group_invalid');
    await check({ member_group_ids: [t.a.defaultGroupId] }, 422, 'group_invalid');
    // Another tenant's group is no group here.
    await check({ default_member_group_id: t.b.defaultGroupId }, 422, 'group_invalid');
  });

  it('custom fields: required, numeric, unique; mandatory policies agreed', async () => {
    const field = (body: object) => t.call(t.a, adminToken, { method: 'POST', url: '/api/admin/custom-fields/', payload: body });
    const dept = (await field({ ko_name: '부서', en_name: 'Department', is_required: true })).json();
    const age = (await field({ ko_name: '사번', en_name: 'Employee no.', field_type: 'number', is_unique: true })).json();
    const policy = (await t.call(t.a, adminToken, { method: 'POST', url: '/api/admin/policies/', payload: { ko_name: '이용약관', en_name: 'Terms', content: '# Terms\n\nBe kind.', is_mandatory: true } })).json();
    const optional = (await t.call(t.a, adminToken, { method: 'POST', url: '/api/admin/policies/', payload: { ko_name: '마케팅', en_name: 'Marketing', kind: 'link', url: 'https://example.test/m', is_mandatory: false } })).json();
    // What the sign-up page reads, without a token.
    const fields = (await t.call(t.a, null, { method: 'GET', url: '/api/custom-fields/?is_signup_field=true' })).json().items;
    expect(fields.map((f: { en_name: string }) => f.en_name)).toEqual(['Department', 'Employee no.']);
    const policies = (await t.call(t.a, null, { method: 'GET', url: '/api/policies/' })).json().items;
    expect(policies.map((p: { en_name: string; is_mandatory: boolean }) => [p.en_name, p.is_mandatory])).toEqual([['Terms', true], ['Marketing', false]]);

    const email = freshEmail();
    const code = await requestCode(t.a, email);
    const attempt = (extra: Record<string, unknown>) => post(t.a, '/api/auth/sign-up/', signUpPayload(t.a, email, code, extra));
    expect((await attempt({ agreements: [policy.id] })).json().error.code).toBe('custom_field_required');
    expect((await attempt({ custom_fields: { [dept.id]: 'Sales', [age.id]: 'forty' }, agreements: [policy.id] })).json().error.code).toBe('custom_field_invalid');
    expect((await attempt({ custom_fields: { [dept.id]: 'Sales' }, agreements: [optional.id] })).json().error.code).toBe('policy_not_agreed');
    const ok = await attempt({ custom_fields: { [dept.id]: 'Sales', [age.id]: '1042' }, agreements: [policy.id, optional.id] });
    expect(ok.statusCode, ok.body).toBe(201);

    const next = freshEmail();
    const code2 = await requestCode(t.a, next);
    const dup = await post(t.a, '/api/auth/sign-up/', signUpPayload(t.a, next, code2, { custom_fields: { [dept.id]: 'Ops', [age.id]: 1042 }, agreements: [policy.id] }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('custom_field_duplicated');
    // Clean up for the other tests of this tenant.
    for (const id of [dept.id, age.id]) await t.call(t.a, adminToken, { method: 'DELETE', url: `/api/admin/custom-fields/${id}/` });
    for (const id of [policy.id, optional.id]) await t.call(t.a, adminToken, { method: 'DELETE', url: `/api/admin/policies/${id}/` });
  });

  it('402 when the plan is full, and two sign-ups for the last seat admit exactly one', async () => {
    await t.database.db.update(tenants).set({ autoApprove: true }).where(eq(tenants.id, t.b.id));
    const seats = (await t.call(t.b, null, { method: 'GET', url: '/api/tenants/member-count-check/' })).json();
    expect(seats).toMatchObject({ available: true, max_members: null });
    await t.database.db.update(tenants).set({ maxMembers: seats.member_count + 1 }).where(eq(tenants.id, t.b.id));
    const [e1, e2] = [freshEmail(), freshEmail()];
    const [c1, c2] = [await requestCode(t.b, e1), await requestCode(t.b, e2)];
    const results = await Promise.all([post(t.b, '/api/auth/sign-up/', signUpPayload(t.b, e1, c1)), post(t.b, '/api/auth/sign-up/', signUpPayload(t.b, e2, c2))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 402]);
    expect(results.find((r) => r.statusCode === 402)!.json().error.code).toBe('member_limit_reached');
    const after = (await t.call(t.b, null, { method: 'GET', url: '/api/tenants/member-count-check/' })).json();
    expect(after).toEqual({ available: false, member_count: seats.member_count + 1, max_members: seats.member_count + 1 });
    await t.database.db.update(tenants).set({ maxMembers: null, autoApprove: false }).where(eq(tenants.id, t.b.id));
  });

  it("groups and fields of one tenant are not another's", async () => {
    const groups = (await t.call(t.b, null, { method: 'GET', url: '/api/member-groups/' })).json().items;
    expect(groups.map((g: { id: number }) => g.id)).not.toContain(extraGroupId);
    const fields = await t.call(t.b, null, { method: 'GET', url: '/api/custom-fields/' });
    expect(fields.json().items).toEqual([]);
    // An admin of another tenant cannot reach this tenant's settings.
    const bAdmin = await t.signIn(t.b, t.b.admin.email);
    const res = await t.call(t.a, bAdmin, { method: 'GET', url: '/api/admin/sign-up-settings/' });
    expect(res.statusCode).toBe(401);
    const member = await t.signIn(t.a, t.a.member.email);
    expect((await t.call(t.a, member, { method: 'GET', url: '/api/admin/sign-up-settings/' })).statusCode).toBe(403);
  });
});

describe('approval', () => {
  async function pendingMember(language = 'en') {
    const email = freshEmail();
    const code = await requestCode(t.a, email);
    await post(t.a, '/api/auth/sign-up/', signUpPayload(t.a, email, code, { language }));
    const list = (await t.call(t.a, adminToken, { method: 'GET', url: `/api/admin/members/?member_status=pending&search_term=${encodeURIComponent(email)}` })).json();
    return { email, id: list.items[0].id as number };
  }

  it('an admin approves: the member is mailed and signs in', async () => {
    const { email, id } = await pendingMember();
    const res = await post(t.a, `/api/admin/members/${id}/process-pending-request/`, { approve: true }, adminToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().member_status).toBe('active');
    expect((await t.mail.next(email)).subject).toContain('approved');
    expect((await post(t.a, '/api/auth/sign-in/', { email, password: 'Str0ng-pass!' })).statusCode).toBe(200);
  });

  it('rejection needs a reason, which is mailed in the member’s language; a rejected member gets 423', async () => {
    const { email, id } = await pendingMember('ko');
    const noReason = await post(t.a, `/api/admin/members/${id}/process-pending-request/`, { approve: false }, adminToken);
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().error.code).toBe('reason_required');
    const res = await post(t.a, `/api/admin/members/${id}/process-pending-request/`, { approve: false, reason: '소속을 확인할 수 없습니다' }, adminToken);
    expect(res.json().member_status).toBe('rejected');
    const mail = await t.mail.next(email);
    expect(mail.subject).toContain('거절');
    expect(mail.text).toContain('소속을 확인할 수 없습니다');
    const signIn = await post(t.a, '/api/auth/sign-in/', { email, password: 'Str0ng-pass!' });
    expect(signIn.statusCode).toBe(423);
  });

  it('bulk: each decided on its own; a failed mail leaves that member pending (424 for one)', async () => {
    const a = await pendingMember();
    const b = await pendingMember();
    t.mail.refuse.add(b.email);
    const res = await post(t.a, '/api/admin/members/bulk/process-pending-request/', { member_ids: [a.id, b.id, 999_999], approve: true }, adminToken);
    expect(res.json().items).toEqual([
      { member_id: a.id, status: 'active', error_code: null },
      { member_id: b.id, status: 'failed', error_code: 'mail_failed' },
      { member_id: 999_999, status: 'failed', error_code: 'not_found' },
    ]);
    t.mail.refuse.delete(b.email);
    const still = (await t.call(t.a, adminToken, { method: 'GET', url: `/api/admin/members/?member_status=pending&search_term=${encodeURIComponent(b.email)}` })).json();
    expect(still.items).toHaveLength(1);
  });

  it('approval refuses with 402 when the plan is full', async () => {
    const { id } = await pendingMember();
    const seats = (await t.call(t.a, null, { method: 'GET', url: '/api/tenants/member-count-check/' })).json();
    await t.database.db.update(tenants).set({ maxMembers: seats.member_count }).where(eq(tenants.id, t.a.id));
    const res = await post(t.a, `/api/admin/members/${id}/process-pending-request/`, { approve: true }, adminToken);
    expect(res.statusCode).toBe(402);
    await t.database.db.update(tenants).set({ maxMembers: null }).where(eq(tenants.id, t.a.id));
  });

  it("an admin cannot decide another tenant's member, nor a member a request", async () => {
    const { id } = await pendingMember();
    const bAdmin = await t.signIn(t.b, t.b.admin.email);
    expect((await post(t.b, `/api/admin/members/${id}/process-pending-request/`, { approve: true }, bAdmin)).statusCode).toBe(404);
    const member = await t.signIn(t.a, t.a.member.email);
    expect((await post(t.a, `/api/admin/members/${id}/process-pending-request/`, { approve: true }, member)).statusCode).toBe(403);
  });
});

