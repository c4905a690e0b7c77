import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;
let bToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  [token, bToken] = await Promise.all([t.signIn(t.a, t.a.member.email), t.signIn(t.b, t.b.member.email)]);
});
afterAll(() => t.close());

describe('members', () => {
  it('GET own record', async () => {
    const res = await t.call(t.a, token, { method: 'GET', url: `/api/members/${t.a.member.id}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: t.a.member.id, email: t.a.member.email, is_admin: false, default_member_group_id: t.a.defaultGroupId, member_group_ids: [t.a.defaultGroupId] });
    expect(res.json()).not.toHaveProperty('password_hash');
  });
  it('PATCH own name and language; never is_admin', async () => {
    const res = await t.call(t.a, token, { method: 'PATCH', url: `/api/members/${t.a.member.id}/`, payload: { name: 'Renamed', language: 'en' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', language: 'en' });
    const admin = await t.call(t.a, token, { method: 'PATCH', url: `/api/members/${t.a.member.id}/`, payload: { is_admin: true } });
    expect(admin.statusCode).toBe(422);
    const me = (await t.call(t.a, token, { method: 'GET', url: `/api/members/${t.a.member.id}/` })).json();
    expect(me.is_admin).toBe(false);
    expect((await t.call(t.a, token, { method: 'PATCH', url: `/api/members/${t.a.member.id}/`, payload: { language: 'fr' } })).statusCode).toBe(422);
    expect((await t.call(t.a, token, { method: 'PATCH', url: `/api/members/${t.a.member.id}/`, payload: { name: '' } })).statusCode).toBe(422);
  });
  it("another member's record is 403 on every route; another tenant's is 404", async () => {
    for (const suffix of ['', 'credit-check/', 'usage/']) {
      expect((await t.call(t.a, token, { method: 'GET', url: `/api/members/${t.a.other.id}/${suffix}` })).statusCode).toBe(403);
      expect((await t.call(t.a, token, { method: 'GET', url: `/api/members/${t.b.member.id}/${suffix}` })).statusCode).toBe(404);
    }
    expect((await t.call(t.a, token, { method: 'PATCH', url: `/api/members/${t.a.other.id}/`, payload: { name: 'x' } })).statusCode).toBe(403);
    expect((await t.call(t.a, token, { method: 'PATCH', url: `/api/members/${t.b.member.id}/`, payload: { name: 'x' } })).statusCode).toBe(404);
    const b = (await t.call(t.b, bToken, { method: 'GET', url: `/api/members/${t.b.member.id}/` })).json();
    expect(b.name).toBe('Member');
  });
  it('credit-check: the default group quota, tenant null without a tenant pool', async () => {
    const res = await t.call(t.a, token, { method: 'GET', url: `/api/members/${t.a.member.id}/credit-check/` });
    expect(res.json()).toEqual({
      remaining_credit: 1000,
      quota: 1000,
      used_credit: 0,
      group: { remaining_credit: null },
      tenant: { remaining_credit: null },
      depleted: null,
      depleted_notice: null,
      plan_kind: 'team',
      is_low_llm_free: true,
    });
  });
  it('usage: the monthly window', async () => {
    const res = (await t.call(t.a, token, { method: 'GET', url: `/api/members/${t.a.member.id}/usage/` })).json();
    expect(res).toMatchObject({ quota: 1000, used_credit: 0, remaining_credit: 1000, message_count: 0, by_model: [] });
    expect(res.period_start).toMatch(/^\d{4}-\d{2}-01$/);
  });
  it('demotion takes effect on the next request', async () => {
    const adminToken = await t.signIn(t.a, t.a.admin.email);
    const me = (await t.call(t.a, adminToken, { method: 'GET', url: `/api/members/${t.a.admin.id}/` })).json();
    expect(me.is_admin).toBe(true);
    const { members } = await import('../../db/schema/index');
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(members).set({ isAdmin: false }).where(eq(members.id, t.a.admin.id));
    const after = (await t.call(t.a, adminToken, { method: 'GET', url: `/api/members/${t.a.admin.id}/` })).json();
    expect(after.is_admin).toBe(false);
    await t.database.db.update(members).set({ isAdmin: true }).where(eq(members.id, t.a.admin.id));
  });
});

describe('custom fields on the member’s own record', () => {
  it('editable fields change, others are refused and kept; numbers numeric; unique values unique', async () => {
    const adminToken = await t.signIn(t.a, t.a.admin.email);
    const create = async (body: object) => (await t.call(t.a, adminToken, { method: 'POST', url: '/api/admin/custom-fields/', payload: body })).json() as { id: number };
    const team = await create({ ko_name: '팀', en_name: 'Team' });
    const badge = await create({ ko_name: '사번', en_name: 'Badge', field_type: 'number', is_unique: true });
    const locked = await create({ ko_name: '입사일', en_name: 'Joined', is_editable: false });
    const patch = (who: string, id: number, custom_fields: object) => t.call(t.a, who, { method: 'PATCH', url: `/api/members/${id}/`, payload: { custom_fields } });

    const ok = await patch(token, t.a.member.id, { [team.id]: 'Blue', [badge.id]: 7 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().custom_fields).toEqual({ [team.id]: 'Blue', [badge.id]: '7' });
    expect((await patch(token, t.a.member.id, { [locked.id]: '2020' })).json().error.code).toBe('custom_field_invalid');
    expect((await patch(token, t.a.member.id, { [badge.id]: 'seven' })).json().error.code).toBe('custom_field_invalid');
    // Only the given fields change.
    const partial = await patch(token, t.a.member.id, { [team.id]: 'Red' });
    expect(partial.json().custom_fields).toEqual({ [team.id]: 'Red', [badge.id]: '7' });
    const otherToken = await t.signIn(t.a, t.a.other.email);
    const dup = await patch(otherToken, t.a.other.id, { [badge.id]: '7' });
    expect([dup.statusCode, dup.json().error.code]).toEqual([409, 'custom_field_duplicated']);
    // Another tenant's field ids mean nothing here.
    expect((await t.call(t.b, bToken, { method: 'PATCH', url: `/api/members/${t.b.member.id}/`, payload: { custom_fields: { [team.id]: 'x' } } })).statusCode).toBe(422);
    for (const f of [team, badge, locked]) await t.call(t.a, adminToken, { method: 'DELETE', url: `/api/admin/custom-fields/${f.id}/` });
  });
});

describe('the console edits members', () => {
  let adminToken: string;
  beforeAll(async () => {
    adminToken = await t.signIn(t.a, t.a.admin.email);
  });
  const admin = (method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, payload?: object, who = () => adminToken) => t.call(t.a, who(), { method, url, ...(payload ? { payload } : {}) });

  it('lists with search, filters and order; reads one', async () => {
    const all = (await admin('GET', '/api/admin/members/?order_by=email.asc')).json();
    expect(all.items.map((m: { email: string }) => m.email)).toEqual([...all.items.map((m: { email: string }) => m.email)].sort());
    const admins = (await admin('GET', '/api/admin/members/?is_admin=true')).json();
    expect(admins.items.map((m: { id: number }) => m.id)).toEqual([t.a.admin.id]);
    const byGroup = (await admin('GET', `/api/admin/members/?member_group_id=${t.a.defaultGroupId}`)).json();
    expect(byGroup.pagination.total_items).toBe(3);
    const found = (await admin('GET', '/api/admin/members/?search_term=other@')).json();
    expect(found.items.map((m: { id: number }) => m.id)).toEqual([t.a.other.id]);
    expect((await admin('GET', `/api/admin/members/${t.a.other.id}/`)).json()).toMatchObject({ email: t.a.other.email, pending_request: null });
    // A searchable custom field is searched too.
    const field = (await admin('POST', '/api/admin/custom-fields/', { ko_name: '지점', en_name: 'Branch', is_searchable: true })).json();
    await admin('PATCH', `/api/admin/members/${t.a.other.id}/`, { custom_fields: { [field.id]: 'Busan-7' } });
    expect((await admin('GET', '/api/admin/members/?search_term=busan')).json().items.map((m: { id: number }) => m.id)).toEqual([t.a.other.id]);
    // No longer searchable: no longer found by it (and found again when it is).
    await admin('PATCH', `/api/admin/custom-fields/${field.id}/`, { is_searchable: false });
    expect((await admin('GET', '/api/admin/members/?search_term=busan')).json().items).toEqual([]);
    await admin('PATCH', `/api/admin/custom-fields/${field.id}/`, { is_searchable: true });
    expect((await admin('GET', '/api/admin/members/?search_term=BUSAN-7')).json().items.map((m: { id: number }) => m.id)).toEqual([t.a.other.id]);
    await admin('DELETE', `/api/admin/custom-fields/${field.id}/`);
    expect((await admin('GET', '/api/admin/members/?search_term=busan')).json().items).toEqual([]);
  });

  it('the group filter finds default and additional members, whoever changed the groups (API, group removal, plain SQL)', async () => {
    const extra = (await admin('POST', '/api/admin/member-groups/', { ko_name: '필터팀', en_name: 'Filter team' })).json();
    const office = (await admin('POST', '/api/admin/member-groups/', { ko_name: '필터 본사', en_name: 'Filter office', is_default: true })).json();
    const ids = async (group: number) => (await admin('GET', `/api/admin/members/?member_group_id=${group}&size=100`)).json().items.map((m: { id: number }) => m.id).sort();
    expect(await ids(extra.id)).toEqual([]);
    await admin('PATCH', `/api/admin/members/${t.a.other.id}/`, { member_group_ids: [extra.id] });
    await admin('PATCH', `/api/admin/members/${t.a.member.id}/`, { default_member_group_id: office.id });
    expect(await ids(extra.id)).toEqual([t.a.other.id]);
    expect(await ids(office.id)).toEqual([t.a.member.id]);
    expect(await ids(t.a.defaultGroupId)).not.toContain(t.a.member.id);
    // An operator's SQL is followed too (the triggers keep members.group_ids).
    const { memberGroupMemberships } = await import('../../db/schema/index');
    await t.database.db.insert(memberGroupMemberships).values({ tenantId: t.a.id, memberId: t.a.member.id, memberGroupId: extra.id });
    expect(await ids(extra.id)).toEqual([t.a.member.id, t.a.other.id].sort());
    expect((await admin('DELETE', `/api/admin/member-groups/${extra.id}/members/${t.a.other.id}/`)).statusCode).toBe(200);
    expect(await ids(extra.id)).toEqual([t.a.member.id]);
    // Deleting the group takes it off its members.
    expect((await admin('DELETE', `/api/admin/member-groups/${extra.id}/`)).statusCode).toBe(200);
    const { members } = await import('../../db/schema/index');
    const { eq } = await import('drizzle-orm');
    const [row] = await t.database.db.select({ groupIds: members.groupIds }).from(members).where(eq(members.id, t.a.member.id));
    expect(row!.groupIds).toEqual([office.id]);
    await admin('PATCH', `/api/admin/members/${t.a.member.id}/`, { default_member_group_id: t.a.defaultGroupId });
    expect(await ids(t.a.defaultGroupId)).toContain(t.a.member.id);
    await admin('DELETE', `/api/admin/member-groups/${office.id}/`);
  });

  it('sets a custom credit limit that overrides the group quota, one or in bulk', async () => {
    const res = await admin('PATCH', `/api/admin/members/${t.a.other.id}/`, { custom_credit_limit: 42 });
    expect(res.json().custom_credit_limit).toBe(42);
    const otherToken = await t.signIn(t.a, t.a.other.email);
    expect((await t.call(t.a, otherToken, { method: 'GET', url: `/api/members/${t.a.other.id}/credit-check/` })).json().quota).toBe(42);
    const bulk = await admin('PATCH', '/api/admin/members/bulk/', { member_ids: [t.a.other.id, 999_999], credit_quota: null });
    expect(bulk.json().items).toEqual([{ member_id: t.a.other.id, ok: true, error_code: null }, { member_id: 999_999, ok: false, error_code: 'not_found' }]);
    expect((await t.call(t.a, otherToken, { method: 'GET', url: `/api/members/${t.a.other.id}/credit-check/` })).json().quota).toBe(1000);
  });

  it('grants and removes admin; never one’s own, never the last; a demoted admin is refused on the next request', async () => {
    expect((await admin('PATCH', `/api/admin/members/${t.a.admin.id}/`, { is_admin: false })).json().error.code).toBe('own_account_locked');
    expect((await admin('DELETE', `/api/admin/members/${t.a.admin.id}/`)).json().error.code).toBe('own_account_locked');
    expect((await admin('PATCH', `/api/admin/members/${t.a.member.id}/`, { is_admin: true })).json().is_admin).toBe(true);
    const promoted = await t.signIn(t.a, t.a.member.email);
    expect((await t.call(t.a, promoted, { method: 'GET', url: '/api/admin/members/' })).statusCode).toBe(200);
    // The promoted one may demote the first admin; then the last admin cannot be removed.
    expect((await t.call(t.a, promoted, { method: 'PATCH', url: `/api/admin/members/${t.a.admin.id}/`, payload: { is_admin: false } })).statusCode).toBe(200);
    expect((await admin('GET', '/api/admin/members/')).statusCode).toBe(401);
    const lastAdmin = await t.call(t.a, promoted, { method: 'PATCH', url: `/api/admin/members/${t.a.member.id}/`, payload: { is_admin: false } });
    expect(lastAdmin.json().error.code).toBe('own_account_locked');
    expect((await t.call(t.a, promoted, { method: 'PATCH', url: `/api/admin/members/${t.a.admin.id}/`, payload: { is_admin: true } })).statusCode).toBe(200);
    adminToken = await t.signIn(t.a, t.a.admin.email);
    expect((await admin('PATCH', `/api/admin/members/${t.a.member.id}/`, { is_admin: false })).statusCode).toBe(200);
    token = await t.signIn(t.a, t.a.member.email);
  });

  it('deactivates (sign-in then answers 423) and reactivates; deletes one or in bulk', async () => {
    expect((await admin('PATCH', `/api/admin/members/${t.a.other.id}/`, { member_status: 'deactivated' })).json().member_status).toBe('deactivated');
    const signIn = await t.call(t.a, null, { method: 'POST', url: '/api/auth/sign-in/', payload: { email: t.a.other.email, password: 'Passw0rd!' } });
    expect(signIn.statusCode).toBe(423);
    await admin('PATCH', `/api/admin/members/${t.a.other.id}/`, { member_status: 'active' });
    const { createMemberRecord } = await import('./members.service');
    const temp = await createMemberRecord(t.database.db, t.a.id, {
      email: 'temp@acme.test', name: 'Temp', passwordHash: 'x', language: 'en', memberStatus: 'active', defaultMemberGroupId: t.a.defaultGroupId, memberGroupIds: [], customFields: {},
    });
    const res = await admin('POST', '/api/admin/members/bulk/delete/', { member_ids: [temp.id, t.a.admin.id] });
    expect(res.json().items).toEqual([{ member_id: temp.id, ok: true, error_code: null }, { member_id: t.a.admin.id, ok: false, error_code: 'own_account_locked' }]);
    expect((await admin('GET', `/api/admin/members/${temp.id}/`)).statusCode).toBe(404);
  });

  it("another tenant's admin and a member are refused", async () => {
    const bAdmin = await t.signIn(t.b, t.b.admin.email);
    expect((await t.call(t.b, bAdmin, { method: 'GET', url: `/api/admin/members/${t.a.member.id}/` })).statusCode).toBe(404);
    expect((await t.call(t.b, bAdmin, { method: 'PATCH', url: `/api/admin/members/${t.a.member.id}/`, payload: { name: 'x' } })).statusCode).toBe(404);
    expect((await t.call(t.b, bAdmin, { method: 'DELETE', url: `/api/admin/members/${t.a.member.id}/` })).statusCode).toBe(404);
    expect((await t.call(t.a, token, { method: 'PATCH', url: `/api/admin/members/${t.a.other.id}/`, payload: { name: 'x' } })).statusCode).toBe(403);
    expect((await t.call(t.a, token, { method: 'POST', url: '/api/admin/members/bulk/delete/', payload: { member_ids: [t.a.other.id] } })).statusCode).toBe(403);
  });
});

describe('group change requests', () => {
  it('a member asks, withdraws, asks again; an admin sees it pending and approves (groups change, the member is mailed) or rejects with a reason', async () => {
    const adminToken = await t.signIn(t.a, t.a.admin.email);
    const { memberGroups } = await import('../../db/schema/index');
    const [affiliation] = await t.database.db.insert(memberGroups).values({ tenantId: t.a.id, koName: '본사', enName: 'HQ', isDefault: true }).returning();
    const [project] = await t.database.db.insert(memberGroups).values({ tenantId: t.a.id, koName: '프로젝트 X', enName: 'Project X' }).returning();
    const memberToken = await t.signIn(t.a, t.a.member.email);
    const ask = (body: object) => t.call(t.a, memberToken, { method: 'PATCH', url: `/api/members/${t.a.member.id}/group/`, payload: body });

    expect((await ask({ default_member_group_id: project!.id })).json().error.code).toBe('group_invalid');
    const asked = await ask({ default_member_group_id: affiliation!.id, member_group_ids: [project!.id] });
    expect(asked.json()).toEqual({ status: 'pending', requested: { default_member_group_id: affiliation!.id, member_group_ids: [project!.id] }, requested_at: expect.any(String) });
    expect((await t.call(t.a, memberToken, { method: 'GET', url: `/api/members/${t.a.member.id}/group/` })).json().requested_at).toBe(asked.json().requested_at);
    expect((await t.call(t.a, memberToken, { method: 'DELETE', url: `/api/members/${t.a.member.id}/group-queues/` })).statusCode).toBe(200);
    expect((await t.call(t.a, memberToken, { method: 'DELETE', url: `/api/members/${t.a.member.id}/group-queues/` })).statusCode).toBe(404);
    expect((await t.call(t.a, memberToken, { method: 'GET', url: `/api/members/${t.a.member.id}/group/` })).json().status).toBe('none');
    await ask({ default_member_group_id: affiliation!.id, member_group_ids: [project!.id] });
    // Another member's requests are not theirs to make.
    expect((await t.call(t.a, memberToken, { method: 'PATCH', url: `/api/members/${t.a.other.id}/group/`, payload: { default_member_group_id: affiliation!.id } })).statusCode).toBe(403);

    const pending = (await t.call(t.a, adminToken, { method: 'GET', url: '/api/admin/members/?has_pending_request=true' })).json();
    const row = pending.items.find((m: { id: number }) => m.id === t.a.member.id);
    expect(row).toMatchObject({ pending_request: 'group_change', requested_groups: { default_member_group_id: affiliation!.id, member_group_ids: [project!.id] } });
    const approved = await t.call(t.a, adminToken, { method: 'POST', url: `/api/admin/members/${t.a.member.id}/process-pending-request/`, payload: { approve: true } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ default_member_group_id: affiliation!.id, member_group_ids: [affiliation!.id, project!.id] });
    expect((await t.mail.next(t.a.member.email)).subject).toMatch(/group change was approved|그룹 변경이 승인/);

    await ask({ default_member_group_id: t.a.defaultGroupId });
    const rejected = await t.call(t.a, adminToken, { method: 'POST', url: `/api/admin/members/${t.a.member.id}/process-pending-request/`, payload: { approve: false, reason: 'Stay in HQ' } });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().default_member_group_id).toBe(affiliation!.id);
    expect((await t.mail.next(t.a.member.email)).text).toContain('Stay in HQ');
    // Back to the start for the other tests.
    await t.call(t.a, adminToken, { method: 'PATCH', url: `/api/admin/members/${t.a.member.id}/`, payload: { default_member_group_id: t.a.defaultGroupId, member_group_ids: [] } });
  });
});
