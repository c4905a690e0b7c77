import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../../tools/fake-llm/server';
import { streamChat } from '../../test/chat-client';
import { buildTestApp, type TestApp } from '../../test/test-app';

// Member groups and model access per group, through the console's routes.
let fake: FakeLlm;
let t: TestApp;
let admin: string;
let member: string;

beforeAll(async () => {
  fake = await startFakeLlm({ scenario: { reply: 'Hello there.', tokenDelayMs: 1 } });
  t = await buildTestApp({ providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-model', 'fake-cheap'] } } });
  [admin, member] = await Promise.all([t.signIn(t.a, t.a.admin.email), t.signIn(t.a, t.a.member.email)]);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => fake.reset());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, token = admin, tenant = () => t.a) => t.call(tenant(), token, { method, url, ...(payload ? { payload } : {}) });

describe('member groups', () => {
  it('create, list with member counts and search, get, rename; names unique per language (409 naming which)', async () => {
    const created = await call('POST', '/api/admin/member-groups/', { ko_name: '영업팀', en_name: 'Sales', member_credit_quota: 300, credit_quota: 5000 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ ko_name: '영업팀', en_name: 'Sales', is_default: false, member_credit_quota: 300, credit_quota: 5000, member_count: 0 });
    const id = created.json().id as number;
    const en = await call('POST', '/api/admin/member-groups/', { ko_name: '다른', en_name: 'Sales' });
    expect([en.statusCode, en.json().error.code]).toEqual([409, 'group_en_name_taken']);
    const ko = await call('POST', '/api/admin/member-groups/', { ko_name: '영업팀', en_name: 'Other' });
    expect([ko.statusCode, ko.json().error.code]).toEqual([409, 'group_ko_name_taken']);

    const list = (await call('GET', '/api/admin/member-groups/?order_by=member_count.desc')).json();
    expect(list.items[0]).toMatchObject({ id: t.a.defaultGroupId, is_default: true, member_count: 3 });
    expect(list.pagination.total_items).toBe(2);
    const found = (await call('GET', '/api/admin/member-groups/?search_term=sal')).json();
    expect(found.items.map((g: { id: number }) => g.id)).toEqual([id]);
    const renamed = await call('PATCH', `/api/admin/member-groups/${id}/`, { en_name: 'Sales EMEA', member_credit_quota: 400 });
    expect(renamed.json()).toMatchObject({ en_name: 'Sales EMEA', member_credit_quota: 400 });
    const clash = await call('PATCH', `/api/admin/member-groups/${id}/`, { ko_name: '기본 그룹' });
    expect([clash.statusCode, clash.json().error.code]).toEqual([409, 'group_ko_name_taken']);
    expect((await call('GET', `/api/admin/member-groups/${id}/`)).json().ko_name).toBe('영업팀');
  });

  it("the default group's credits cannot change and it cannot be deleted (400); others are deleted", async () => {
    const credits = await call('PATCH', `/api/admin/member-groups/${t.a.defaultGroupId}/`, { member_credit_quota: 1 });
    expect([credits.statusCode, credits.json().error.code]).toEqual([400, 'default_group_locked']);
    expect((await call('PATCH', `/api/admin/member-groups/${t.a.defaultGroupId}/`, { en_name: 'Everyone' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/member-groups/${t.a.defaultGroupId}/`)).statusCode).toBe(400);
    const temp = (await call('POST', '/api/admin/member-groups/', { ko_name: '임시', en_name: 'Temp' })).json();
    expect((await call('DELETE', `/api/admin/member-groups/${temp.id}/`)).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/member-groups/${temp.id}/`)).statusCode).toBe(404);
  });

  it('removes a member from an additional group, never from their default group', async () => {
    const group = (await call('POST', '/api/admin/member-groups/', { ko_name: '프로젝트', en_name: 'Project' })).json();
    const { memberGroupMemberships } = await import('../../db/schema/index');
    await t.database.db.insert(memberGroupMemberships).values({ tenantId: t.a.id, memberId: t.a.member.id, memberGroupId: group.id });
    expect((await call('GET', `/api/admin/member-groups/${group.id}/`)).json().member_count).toBe(1);
    expect((await call('DELETE', `/api/admin/member-groups/${t.a.defaultGroupId}/members/${t.a.member.id}/`)).statusCode).toBe(400);
    expect((await call('DELETE', `/api/admin/member-groups/${group.id}/members/${t.a.member.id}/`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/member-groups/${group.id}/members/${t.a.member.id}/`)).statusCode).toBe(404);
    const me = (await call('GET', `/api/members/${t.a.member.id}/`, undefined, member)).json();
    expect(me.member_group_ids).toEqual([t.a.defaultGroupId]);
  });

  it('usage per group this month', async () => {
    const bots = (await call('GET', '/api/chatbots/?include_default=true', undefined, member)).json().items;
    await streamChat(t, t.a, member, bots[0].id, { text: 'count me' });
    const usage = (await call('GET', '/api/admin/member-groups/usage/')).json();
    const mine = usage.items.find((g: { member_group_id: number }) => g.member_group_id === t.a.defaultGroupId);
    expect(mine.message_count).toBeGreaterThanOrEqual(1);
    expect(usage.period_start).toMatch(/-01$/);
  });

  it("another tenant's admin and a member are refused on every route", async () => {
    const bAdmin = await t.signIn(t.b, t.b.admin.email);
    const id = t.a.defaultGroupId;
    const urls: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?]> = [
      ['GET', '/api/admin/member-groups/'],
      ['POST', '/api/admin/member-groups/', { ko_name: 'x', en_name: 'x' }],
      ['GET', `/api/admin/member-groups/${id}/`],
      ['PATCH', `/api/admin/member-groups/${id}/`, { en_name: 'Hacked' }],
      ['DELETE', `/api/admin/member-groups/${id}/`],
      ['DELETE', `/api/admin/member-groups/${id}/members/${t.a.member.id}/`],
      ['GET', '/api/admin/member-groups/usage/'],
      ['GET', '/api/admin/llm-models/'],
    ];
    for (const [method, url, body] of urls) {
      expect((await call(method, url, body, member)).statusCode, `${method} ${url} as member`).toBe(403);
      // Their own tenant's header: this tenant's group id is simply not theirs.
      const res = await call(method, url, body, bAdmin, () => t.b);
      if (url.includes(`/${id}/`)) expect(res.statusCode, `${method} ${url} as another admin`).toBe(404);
      // This tenant's header with their token: refused outright.
      expect((await call(method, url, body, bAdmin)).statusCode).toBe(401);
    }
    expect((await call('GET', `/api/admin/member-groups/${id}/`)).json().en_name).not.toBe('Hacked');
  });
});

describe('model access per group', () => {
  it('lists every model with its availability per group; unlimited models cannot be switched off', async () => {
    const { llmModels } = await import('../../db/schema/index');
    const { and, eq } = await import('drizzle-orm');
    await t.database.db.update(llmModels).set({ isLowLlm: true }).where(and(eq(llmModels.tenantId, t.a.id), eq(llmModels.modelName, 'fake-cheap')));
    const list = (await call('GET', '/api/admin/llm-models/')).json();
    const cheap = list.items.find((m: { model_name: string }) => m.model_name === 'fake-cheap');
    expect(cheap.member_groups.every((g: { is_available: boolean }) => g.is_available)).toBe(true);
    const res = await call('PATCH', `/api/admin/llm-models/${cheap.id}/member-groups/${t.a.defaultGroupId}/`, { is_available: false });
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'unlimited_model_locked']);
    expect((await call('PATCH', `/api/admin/llm-models/999999/member-groups/${t.a.defaultGroupId}/`, { is_available: false })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/admin/llm-models/${cheap.id}/member-groups/999999/`, { is_available: true })).statusCode).toBe(404);
  });

  it('a permission removed is refused on the very next chat, and given back works at once', async () => {
    const list = (await call('GET', '/api/admin/llm-models/')).json();
    const model = list.items.find((m: { model_name: string }) => m.model_name === 'fake-model');
    const bots = (await call('GET', '/api/chatbots/?include_default=true', undefined, member)).json().items;
    const bot = bots.find((b: { llm_model: { id: number } }) => b.llm_model.id === model.id);
    expect((await streamChat(t, t.a, member, bot.id, { text: 'before' })).status).toBe(200);
    expect((await call('PATCH', `/api/admin/llm-models/${model.id}/member-groups/${t.a.defaultGroupId}/`, { is_available: false })).statusCode).toBe(200);
    const refused = await streamChat(t, t.a, member, bot.id, { text: 'after' });
    expect(refused.status).toBe(403);
    expect((refused.body as { error: { code: string } }).error.code).toBe('model_not_allowed');
    const shown = (await call('GET', '/api/admin/llm-models/')).json().items.find((m: { id: number }) => m.id === model.id);
    expect(shown.member_groups.find((g: { member_group_id: number }) => g.member_group_id === t.a.defaultGroupId).is_available).toBe(false);
    const forMember = (await call('GET', '/api/llm-models/', undefined, member)).json().items.find((m: { id: number }) => m.id === model.id);
    expect(forMember.is_available).toBe(false);
    // The chatbot list leaves out the model's chatbots at once (and an admin of another group still sees them).
    const listed = async () => (await call('GET', '/api/chatbots/?include_default=true&size=100', undefined, member)).json();
    const hidden = await listed();
    expect(hidden.items.map((b: { id: number }) => b.id)).not.toContain(bot.id);
    expect(hidden.pagination.total_items).toBe(bots.length - 1);
    expect((await call('PATCH', `/api/admin/llm-models/${model.id}/member-groups/${t.a.defaultGroupId}/`, { is_available: true })).statusCode).toBe(200);
    expect((await listed()).items.map((b: { id: number }) => b.id)).toContain(bot.id);
    expect((await call('PATCH', `/api/admin/llm-models/${model.id}/member-groups/${t.a.defaultGroupId}/`, { is_available: false })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/admin/llm-models/${model.id}/member-groups/${t.a.defaultGroupId}/`, { is_available: true })).statusCode).toBe(200);
    expect((await streamChat(t, t.a, member, bot.id, { text: 'again' })).status).toBe(200);
  });
});
