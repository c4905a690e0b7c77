import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { members } from '../../db/schema/index';
import { buildTestApp, PASSWORD, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signIn = (email: string, password = PASSWORD, tenant = () => t.a) =>
  t.call(tenant(), null, { method: 'POST', url: '/api/auth/sign-in/', payload: { email, password } });

describe('tenancy', () => {
  it('GET /tenants/ returns the tenant names and logo', async () => {
    const res = await t.call(t.a, null, { method: 'GET', url: '/api/tenants/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ logo_url: null, ko_name: 'acme 코', en_name: 'acme en' });
  });
  it('an unknown tenant is 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tenants/', headers: { 'x-tenant-subdomain': 'nope' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('tenant_not_found');
  });
  it('no header falls back to DEFAULT_TENANT', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tenants/' });
    expect(res.json().en_name).toBe('acme en');
  });
  it("a token is refused with another tenant's header", async () => {
    const token = await t.signIn(t.a, t.a.member.email);
    const own = await t.call(t.a, token, { method: 'GET', url: `/api/members/${t.a.member.id}/` });
    expect(own.statusCode).toBe(200);
    const res = await t.call(t.b, token, { method: 'GET', url: `/api/members/${t.a.member.id}/` });
    expect(res.statusCode).toBe(401);
  });
});

describe('sign-in', () => {
  it('saves the language chosen on the sign-in page to the member; without one the saved language stays', async () => {
    const email = t.a.other.email;
    const before = (await signIn(email)).json().language as string;
    const chosen = before === 'en' ? 'ja' : 'en';
    const res = await t.call(t.a, null, { method: 'POST', url: '/api/auth/sign-in/', payload: { email, password: PASSWORD, language: chosen } });
    expect(res.statusCode).toBe(200);
    expect(res.json().language).toBe(chosen);
    const [row] = await t.database.db.select({ language: members.language }).from(members).where(eq(members.email, email));
    expect(row!.language).toBe(chosen);
    expect((await signIn(email)).json().language).toBe(chosen);
    // A wrong password changes nothing; an unknown language is a bad request.
    const refused = await t.call(t.a, null, { method: 'POST', url: '/api/auth/sign-in/', payload: { email, password: 'wrong-passw0rd!', language: before } });
    expect(refused.statusCode).toBe(401);
    expect((await signIn(email)).json().language).toBe(chosen);
    expect((await t.call(t.a, null, { method: 'POST', url: '/api/auth/sign-in/', payload: { email, password: PASSWORD, language: 'xx' } })).statusCode).toBe(400);
    await t.call(t.a, null, { method: 'POST', url: '/api/auth/sign-in/', payload: { email, password: PASSWORD, language: before } });
  });
  it('answers the access token, the member fields and a refresh cookie', async () => {
    const res = await signIn(t.a.member.email);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: t.a.member.id, email: t.a.member.email, is_admin: false, language: 'ko' });
    expect(body.access_token).toEqual(expect.any(String));
    expect(res.cookies.find((c) => c.name === 'refresh_token')?.httpOnly).toBe(true);
  });
  it('400 for a malformed payload', async () => {
    expect((await signIn('not-an-email')).statusCode).toBe(400);
    expect((await t.call(t.a, null, { method: 'POST', url: '/api/auth/sign-in/', payload: { email: 'a@b.c' } })).statusCode).toBe(400);
  });
  it('401 for a wrong password or unknown email', async () => {
    const wrong = await signIn(t.a.member.email, 'Wrong-pass1!');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('invalid_credentials');
    expect((await signIn('nobody@acme.test')).statusCode).toBe(401);
  });
  it("401 for another tenant's member", async () => {
    expect((await signIn(t.b.member.email)).statusCode).toBe(401);
  });
  it('403 when not yet approved, 423 when not eligible', async () => {
    await t.database.db.update(members).set({ memberStatus: 'pending' }).where(eq(members.id, t.a.other.id));
    expect((await signIn(t.a.other.email)).statusCode).toBe(403);
    await t.database.db.update(members).set({ memberStatus: 'rejected' }).where(eq(members.id, t.a.other.id));
    expect((await signIn(t.a.other.email)).statusCode).toBe(423);
    await t.database.db.update(members).set({ memberStatus: 'active' }).where(eq(members.id, t.a.other.id));
  });
});

describe('refresh', () => {
  it('rotates the refresh token; reuse of an old one revokes the family', async () => {
    const first = (await signIn(t.a.member.email)).json();
    const r1 = await t.call(t.a, null, { method: 'POST', url: '/api/auth/refresh/', payload: { refresh_token: first.refresh_token } });
    expect(r1.statusCode).toBe(200);
    const second = r1.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second).toMatchObject({ id: t.a.member.id, email: t.a.member.email });
    // Reusing the rotated token fails and ends the family: the newest token dies too.
    const reuse = await t.call(t.a, null, { method: 'POST', url: '/api/auth/refresh/', payload: { refresh_token: first.refresh_token } });
    expect(reuse.statusCode).toBe(401);
    const after = await t.call(t.a, null, { method: 'POST', url: '/api/auth/refresh/', payload: { refresh_token: second.refresh_token } });
    expect(after.statusCode).toBe(401);
  });
  it('works from the cookie', async () => {
    const res = await signIn(t.a.member.email);
    const cookie = res.cookies.find((c) => c.name === 'refresh_token')!;
    const r = await t.call(t.a, null, { method: 'POST', url: '/api/auth/refresh/', cookies: { refresh_token: cookie.value } });
    expect(r.statusCode).toBe(200);
  });
  it('401 without or with an unknown token, and in another tenant', async () => {
    expect((await t.call(t.a, null, { method: 'POST', url: '/api/auth/refresh/', payload: {} })).statusCode).toBe(401);
    expect((await t.call(t.a, null, { method: 'POST', url: '/api/auth/refresh/', payload: { refresh_token: 'x' } })).statusCode).toBe(401);
    const { refresh_token } = (await signIn(t.a.member.email)).json();
    expect((await t.call(t.b, null, { method: 'POST', url: '/api/auth/refresh/', payload: { refresh_token } })).statusCode).toBe(401);
  });
  it('403 for a deactivated member, and the access token stops working at once', async () => {
    const body = (await signIn(t.a.other.email)).json();
    await t.database.db.update(members).set({ memberStatus: 'deactivated' }).where(eq(members.id, t.a.other.id));
    const r = await t.call(t.a, null, { method: 'POST', url: '/api/auth/refresh/', payload: { refresh_token: body.refresh_token } });
    expect(r.statusCode).toBe(403);
    const me = await t.call(t.a, body.access_token, { method: 'GET', url: `/api/members/${t.a.other.id}/` });
    expect(me.statusCode).toBe(403);
    await t.database.db.update(members).set({ memberStatus: 'active' }).where(eq(members.id, t.a.other.id));
  });
});

describe('sign-out and change-password', () => {
  it('sign-out revokes the refresh token', async () => {
    const { refresh_token } = (await signIn(t.a.member.email)).json();
    expect((await t.call(t.a, null, { method: 'POST', url: '/api/auth/sign-out/', payload: { refresh_token } })).statusCode).toBe(200);
    expect((await t.call(t.a, null, { method: 'POST', url: '/api/auth/refresh/', payload: { refresh_token } })).statusCode).toBe(401);
  });
  it('sign-out ends the session’s access token at once; the member’s other sessions go on', async () => {
    const me = `/api/members/${t.a.member.id}/`;
    const one = (await signIn(t.a.member.email)).json();
    const two = (await signIn(t.a.member.email)).json();
    // Cached as signed in.
    expect((await t.call(t.a, one.access_token, { method: 'GET', url: me })).statusCode).toBe(200);
    expect((await t.call(t.a, null, { method: 'POST', url: '/api/auth/sign-out/', payload: { refresh_token: one.refresh_token } })).statusCode).toBe(200);
    const after = await t.call(t.a, one.access_token, { method: 'GET', url: me });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('token_expired');
    expect((await t.call(t.a, two.access_token, { method: 'GET', url: me })).statusCode).toBe(200);
    // A client that holds only the access token signs out with it: the session's refresh token ends too.
    expect((await t.call(t.a, two.access_token, { method: 'POST', url: '/api/auth/sign-out/', payload: {} })).statusCode).toBe(200);
    expect((await t.call(t.a, two.access_token, { method: 'GET', url: me })).statusCode).toBe(401);
    expect((await t.call(t.a, null, { method: 'POST', url: '/api/auth/refresh/', payload: { refresh_token: two.refresh_token } })).statusCode).toBe(401);
    // Another tenant's header does not sign anyone out.
    const three = (await signIn(t.a.member.email)).json();
    expect((await t.call(t.b, three.access_token, { method: 'POST', url: '/api/auth/sign-out/', payload: {} })).statusCode).toBe(200);
    expect((await t.call(t.a, three.access_token, { method: 'GET', url: me })).statusCode).toBe(200);
  });
  it('change-password checks the current one, and ends other sessions', async () => {
    const old = (await signIn(t.a.other.email)).json();
    const wrong = await t.call(t.a, old.access_token, { method: 'POST', url: '/api/auth/change-password/', payload: { password: 'nope', new_password: 'N3w-passw0rd!' } });
    expect(wrong.statusCode).toBe(422);
    const weak = await t.call(t.a, old.access_token, { method: 'POST', url: '/api/auth/change-password/', payload: { password: PASSWORD, new_password: 'abcdefgh' } });
    expect(weak.statusCode).toBe(422);
    const ok = await t.call(t.a, old.access_token, { method: 'POST', url: '/api/auth/change-password/', payload: { password: PASSWORD, new_password: 'N3w-passw0rd!' } });
    expect(ok.statusCode).toBe(200);
    // The old access token and refresh token no longer work; the new pair does.
    expect((await t.call(t.a, old.access_token, { method: 'GET', url: `/api/members/${t.a.other.id}/` })).statusCode).toBe(401);
    expect((await t.call(t.a, null, { method: 'POST', url: '/api/auth/refresh/', payload: { refresh_token: old.refresh_token } })).statusCode).toBe(401);
    expect((await t.call(t.a, ok.json().access_token, { method: 'GET', url: `/api/members/${t.a.other.id}/` })).statusCode).toBe(200);
    expect((await signIn(t.a.other.email, 'N3w-passw0rd!')).statusCode).toBe(200);
    await t.call(t.a, ok.json().access_token, { method: 'POST', url: '/api/auth/change-password/', payload: { password: 'N3w-passw0rd!', new_password: PASSWORD } });
  });
  it('401 without a token, 401 with a garbage token', async () => {
    expect((await t.call(t.a, null, { method: 'GET', url: `/api/members/${t.a.member.id}/` })).statusCode).toBe(401);
    expect((await t.call(t.a, 'garbage', { method: 'GET', url: `/api/members/${t.a.member.id}/` })).statusCode).toBe(401);
  });
});

describe('forgot password', () => {
  const reset = (email: string, tenant = () => t.a) => t.call(tenant(), null, { method: 'POST', url: '/api/auth/reset-password/', payload: { email, language: 'en' } });
  const temporaryOf = (text: string) => /(?:Temporary password|임시 비밀번호): (\S+)/.exec(text)?.[1] ?? '';
  const forget = (email: string) => t.database.db.execute(sql`update password_resets set created_at = created_at - interval '2 hours' where email = ${email}`);

  it('mails a temporary password; the old one keeps working until it is used; then a new one must be chosen', async () => {
    const email = t.a.other.email;
    expect((await reset(email)).statusCode).toBe(200);
    const mail = (await t.mail.next(email)).text;
    const temporary = temporaryOf(mail);
    expect(temporary.length).toBeGreaterThanOrEqual(8);
    // The mail says what happens below: the old password works until the temporary one is used, then no more.
    expect(mail).toContain('Signing in with it makes it your password: your old password no longer works, and you choose a new one right away.');
    expect(mail).toContain('unless the temporary password is used, your current password stays as it is.');
    // Nobody can lock a member out: the old password still works.
    expect((await signIn(email)).statusCode).toBe(200);
    const withTemp = await signIn(email, temporary);
    expect(withTemp.statusCode).toBe(200);
    expect(withTemp.json().must_change_password).toBe(true);
    // Used once: it is now the password, and the old one no longer works.
    expect((await signIn(email)).statusCode).toBe(401);
    const token = withTemp.json().access_token as string;
    const changed = await t.call(t.a, token, { method: 'POST', url: '/api/auth/change-password/', payload: { password: temporary, new_password: PASSWORD } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().must_change_password).toBe(false);
    expect((await signIn(email)).json().must_change_password).toBe(false);
    await forget(email);
  });

  it('the Korean mail says the same: the old password stops working once the temporary one is used', async () => {
    const email = t.a.other.email;
    const res = await t.call(t.a, null, { method: 'POST', url: '/api/auth/reset-password/', payload: { email, language: 'ko' } });
    expect(res.statusCode).toBe(200);
    const mail = (await t.mail.next(email)).text;
    expect(temporaryOf(mail).length).toBeGreaterThanOrEqual(8);
    expect(mail).toContain('임시 비밀번호로 로그인하면 그것이 비밀번호가 되어 기존 비밀번호로는 더 이상 로그인할 수 없으며');
    expect(mail).toContain('임시 비밀번호를 쓰지 않는 한 기존 비밀번호가 그대로 유지됩니다.');
    expect(mail).not.toContain('기존 비밀번호는 계속 사용할 수 있습니다');
    await forget(email);
  });

  it('expires after 30 minutes', async () => {
    const email = t.a.other.email;
    await reset(email);
    const temporary = temporaryOf((await t.mail.next(email)).text);
    await t.database.db.execute(sql`update members set temp_password_expires_at = now() - interval '1 second' where email = ${email}`);
    expect((await signIn(email, temporary)).statusCode).toBe(401);
    await forget(email);
  });

  it('answers the same for an unknown email, sends nothing, and limits sends (429)', async () => {
    const unknown = `nobody-${Date.now()}@example.test`;
    const res = await reset(unknown);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    await expect(t.mail.next(unknown, 300)).rejects.toThrow();
    const again = await reset(unknown);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.details.retry_after_seconds).toBeGreaterThan(0);
    expect((await reset('not-an-email')).statusCode).toBe(400);
  });

  it('424 when the mail cannot be sent, and no temporary password is left behind', async () => {
    const email = t.a.admin.email;
    t.mail.refuse.add(email);
    const res = await reset(email);
    expect(res.statusCode).toBe(424);
    t.mail.refuse.delete(email);
    const [row] = await t.database.db.select({ hash: members.tempPasswordHash }).from(members).where(eq(members.email, email));
    expect(row!.hash).toBeNull();
  });
});
