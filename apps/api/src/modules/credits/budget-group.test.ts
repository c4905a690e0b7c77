import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../../tools/fake-llm/server';
import { streamChat } from '../../test/chat-client';
import { buildTestApp, type TestApp } from '../../test/test-app';

// The group a member is budgeted under (issue 24 §1 and §6, decision 044): the default group's
// credit figures are fixed (spec §5), so an administrator allocates through additional groups; the
// member's base quota is the largest member quota of their groups, and that group's pool and usage
// count. Through the real app on the suite's database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
let fake: FakeLlm;
let t: TestApp;
let admin: string;
let member: string;
let otherAdmin: string;
let botId: number;

const call = (who: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>, tenant = t.a) =>
  t.call(tenant, who, { method, url: `/api${url}`, ...(payload ? { payload } : {}) });
const check = async () => (await call(member, 'GET', `/members/${t.a.member.id}/credit-check/`)).json();

beforeAll(async () => {
  // Each answer: 100,000 prompt tokens (10 credits at the fake model's 1 credit per 10K).
  fake = await startFakeLlm({ scenario: { reply: 'A budgeted answer.', tokenDelayMs: 1, promptTokens: 100_000 } });
  t = await buildTestApp({ providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-model'] } } });
  [admin, member, otherAdmin] = await Promise.all([t.signIn(t.a, t.a.admin.email), t.signIn(t.a, t.a.member.email), t.signIn(t.b, t.b.admin.email)]);
  const list = (await call(member, 'GET', '/chatbots/?include_default=true')).json();
  botId = list.items.find((x: { llm_model: { display_name: string } }) => x.llm_model.display_name === 'fake-model').id;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('budget group', () => {
  it('an additional group with a larger member quota is the member’s budget; raising it is seen at once; its pool refuses with scope group', async () => {
    const base = (await check()).quota;
    const group = (await call(admin, 'POST', '/admin/member-groups/', { ko_name: '연구팀', en_name: 'Research', is_default: false, member_credit_quota: base + 5, credit_quota: 25 })).json();
    expect((await call(admin, 'PATCH', `/admin/members/${t.a.member.id}/`, { member_group_ids: [group.id] })).statusCode).toBe(200);
    expect((await check()).quota).toBe(base + 5);

    // The administrator raises the group's member quota: the next check and chat see it.
    expect((await call(admin, 'PATCH', `/admin/member-groups/${group.id}/`, { member_credit_quota: base + 1000 })).statusCode).toBe(200);
    expect((await check()).quota).toBe(base + 1000);

    // Its pool (25) is what the group may spend: two answers of 10 fit, the third is refused for the group.
    const chat = () => streamChat(t, t.a, member, botId, { text: 'Spend some of the group pool.' });
    expect((await chat()).status).toBe(200);
    expect((await chat()).status).toBe(200);
    expect((await chat()).status).toBe(200);
    const after = await check();
    expect(after.group.remaining_credit).toBeLessThanOrEqual(0);
    expect(after.depleted).toBe('group');
    const refused = await chat();
    expect(refused.status).toBe(402);
    expect((refused.body as { error: { details: { scope: string } } }).error.details.scope).toBe('group');
    // The spending counted for that group in the console's usage per group.
    const usage = (await call(admin, 'GET', '/admin/member-groups/usage/')).json();
    expect(usage.items.find((g: { member_group_id: number }) => g.member_group_id === group.id).used_credit).toBeGreaterThanOrEqual(25);

    // Raising the pool lets the member chat again.
    expect((await call(admin, 'PATCH', `/admin/member-groups/${group.id}/`, { credit_quota: 10_000 })).statusCode).toBe(200);
    expect((await chat()).status).toBe(200);

    // A smaller additional quota does not lower the member's budget: the default group's is larger.
    expect((await call(admin, 'PATCH', `/admin/member-groups/${group.id}/`, { member_credit_quota: 0 })).statusCode).toBe(200);
    expect((await check()).quota).toBe(base);
    // A custom limit still overrides the group's.
    expect((await call(admin, 'PATCH', `/admin/members/${t.a.member.id}/`, { custom_credit_limit: 7, member_group_ids: [] })).statusCode).toBe(200);
    expect((await check()).quota).toBe(7);
    await call(admin, 'PATCH', `/admin/members/${t.a.member.id}/`, { custom_credit_limit: null });
  }, 60_000);

  it('another tenant cannot change the group or read the member’s figures', async () => {
    const group = (await call(admin, 'POST', '/admin/member-groups/', { ko_name: '격리팀', en_name: 'Isolated', is_default: false, member_credit_quota: 5 })).json();
    expect((await call(otherAdmin, 'PATCH', `/admin/member-groups/${group.id}/`, { member_credit_quota: 999_999 }, t.b)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'GET', `/members/${t.a.member.id}/credit-check/`, undefined, t.b)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/admin/member-groups/${group.id}/`)).json().member_credit_quota).toBe(5);
  });
});
