import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../../tools/fake-llm/server';
import { streamChat } from '../../test/chat-client';
import { buildTestApp, type TestApp, type TestTenant } from '../../test/test-app';
import { seedDemoPlans } from './billing.service';

// Purchases without a payment provider (hardening item 5, decision 048): the embedded default has
// no provider, so a member's subscription or purchase is a request; nothing is granted until an
// administrator approves it, once; a rejection needs a reason; the member is mailed either way.
let fake: FakeLlm;
let t: TestApp;
let admin: string;
let member: string;
let other: string;
let bAdmin: string;
let bMember: string;
let botId: number;
let plans: Array<{ id: number; en_name: string; credit: number; krw_month_price: number }>;

const call = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, tenant: TestTenant = t.a) =>
  t.call(tenant, who, { method, url: `/api${url}`, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const quota = async (who = member, id = t.a.member.id) => (await call(who, 'GET', `/members/${id}/credit-check/`)).json().quota as number;
const entries = async (who: string) => (await call(who, 'GET', '/credits/')).json().pagination.total_items as number;
const chat = () => streamChat(t, t.a, member, botId, { text: 'May I chat?' });

beforeAll(async () => {
  // Each answer: 100,000 prompt tokens (10 credits at the fake model's 1 credit per 10K).
  fake = await startFakeLlm({ scenario: { reply: 'Yes.', tokenDelayMs: 1, promptTokens: 100_000 } });
  // No `payments` in the config: the manual provider, as on a fresh `npm start`.
  t = await buildTestApp({ providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-model'] } } });
  await seedDemoPlans(t.database.owner, t.a.id);
  await seedDemoPlans(t.database.owner, t.b.id);
  [admin, member, other, bAdmin, bMember] = await Promise.all([
    t.signIn(t.a, t.a.admin.email),
    t.signIn(t.a, t.a.member.email),
    t.signIn(t.a, t.a.other.email),
    t.signIn(t.b, t.b.admin.email),
    t.signIn(t.b, t.b.member.email),
  ]);
  plans = (await call(member, 'GET', '/member-billing-plans/')).json().items;
  const list = (await call(member, 'GET', '/chatbots/?include_default=true')).json();
  botId = list.items.find((x: { llm_model: { display_name: string } }) => x.llm_model.display_name === 'fake-model').id;
}, 240_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('purchases without a provider', () => {
  let creditRequest: number;
  let planRequest: number;

  it('subscribe and buy grant nothing: a member whose limit is 0 stays refused; both become requests', async () => {
    expect((await call(member, 'GET', '/member-billing-plans/')).json().provider).toBe('manual');
    expect((await call(admin, 'PATCH', `/admin/members/${t.a.member.id}/`, { custom_credit_limit: 0 })).statusCode).toBe(200);
    expect(await quota()).toBe(0);
    expect((await chat()).status).toBe(402);

    // The old ways to grant oneself credits answer 400 and change nothing.
    expect((await call(member, 'POST', `/member-billing-plans/${plans[2]!.id}/subscribe/`, {})).statusCode).toBe(400);
    expect((await call(member, 'POST', '/credits/purchase/', { credit: 1000 })).statusCode).toBe(400);
    expect((await call(member, 'GET', '/membership/')).json()).toBeNull();
    expect(await entries(member)).toBe(0);
    expect(await quota()).toBe(0);
    expect((await chat()).status).toBe(402);

    const asked = await call(member, 'POST', '/billing-requests/', { kind: 'credits', credit: 100 });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ kind: 'credits', status: 'requested', credit: 100, price: 1000, currency: 'KRW', plan: null, member: { id: t.a.member.id, email: t.a.member.email }, reason: null, processed_at: null });
    creditRequest = asked.json().id;
    // One open request of each kind: a second click asks nothing more.
    expect((await call(member, 'POST', '/billing-requests/', { kind: 'credits', credit: 500 })).statusCode).toBe(409);
    const plan = await call(member, 'POST', '/billing-requests/', { kind: 'subscription', plan_id: plans[0]!.id });
    expect(plan.statusCode, plan.body).toBe(201);
    expect(plan.json()).toMatchObject({ kind: 'subscription', status: 'requested', plan: { en_name: 'Basic' }, price: 9900, credit: null });
    planRequest = plan.json().id;
    expect((await call(member, 'POST', '/billing-requests/', { kind: 'subscription', plan_id: 999_999 })).statusCode).toBe(404);

    const mine = (await call(member, 'GET', '/billing-requests/')).json().items;
    expect(mine.map((r: { id: number }) => r.id)).toEqual([planRequest, creditRequest]);
    // Still nothing granted.
    expect(await quota()).toBe(0);
    expect(await entries(member)).toBe(0);
    expect((await call(member, 'GET', '/membership/')).json()).toBeNull();
    expect((await chat()).status).toBe(402);
  }, 60_000);

  it('others cannot see or decide them: members 403, another member sees only their own, another tenant 404', async () => {
    expect((await call(member, 'GET', '/admin/billing-requests/')).statusCode).toBe(403);
    expect((await call(member, 'POST', `/admin/billing-requests/${creditRequest}/process/`, { approve: true })).statusCode).toBe(403);
    expect((await call(other, 'POST', `/admin/billing-requests/${creditRequest}/process/`, { approve: true })).statusCode).toBe(403);
    expect((await call(other, 'GET', '/billing-requests/')).json().items).toEqual([]);
    expect((await call(other, 'DELETE', `/billing-requests/${creditRequest}/`)).statusCode).toBe(404);
    expect((await call(bAdmin, 'GET', '/admin/billing-requests/', undefined, t.b)).json().items).toEqual([]);
    expect((await call(bAdmin, 'POST', `/admin/billing-requests/${creditRequest}/process/`, { approve: true }, t.b)).statusCode).toBe(404);
    expect((await call(bMember, 'DELETE', `/billing-requests/${creditRequest}/`, undefined, t.b)).statusCode).toBe(404);
    expect(await quota()).toBe(0);
  });

  it('an administrator approves once (a double click grants once); the member is mailed, can chat, and the decision is audited', async () => {
    const open = (await call(admin, 'GET', '/admin/billing-requests/')).json();
    expect(open.items.map((r: { id: number }) => r.id)).toEqual([creditRequest, planRequest]);
    expect(open.items[0].member).toMatchObject({ name: 'Member', email: t.a.member.email });

    const both = await Promise.all([1, 2].map(() => call(admin, 'POST', `/admin/billing-requests/${creditRequest}/process/`, { approve: true })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 200)!.json()).toMatchObject({ status: 'approved', reason: null });
    const page = (await call(member, 'GET', '/credits/')).json();
    expect(page.pagination.total_items).toBe(1);
    expect(page.items[0]).toMatchObject({ quota: 100, en_name: 'Credit purchase', transaction: { price: 1000, currency: 'KRW', receipt_url: null } });
    expect(await quota()).toBe(100);
    const mail = await t.mail.next(t.a.member.email);
    // Mailed in the member's language (Korean, the default).
    expect(mail.subject).toContain('100 크레딧 구매 요청이 승인되었습니다');
    expect(mail.text).toContain('100 크레딧이 지급되었습니다');
    // The admin's decision, not the member, granted: chatting works again.
    expect((await chat()).status).toBe(200);

    const subscribed = await call(admin, 'POST', `/admin/billing-requests/${planRequest}/process/`, { approve: true });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    expect((await call(member, 'GET', '/membership/')).json()).toMatchObject({ plan: { en_name: 'Basic' }, payment_method: null, price: 9900 });
    expect((await call(member, 'GET', '/credits/')).json().items[0]).toMatchObject({ en_name: 'Basic', quota: 1000 });
    expect((await t.mail.next(t.a.member.email)).subject).toContain('베이직 플랜 구독 요청이 승인되었습니다');
    // Decided ones leave the open list and show under their status.
    expect((await call(admin, 'GET', '/admin/billing-requests/')).json().items).toEqual([]);
    expect((await call(admin, 'GET', '/admin/billing-requests/?status=approved')).json().items.map((r: { id: number }) => r.id)).toEqual([planRequest, creditRequest]);
    expect((await call(admin, 'POST', `/admin/billing-requests/${planRequest}/process/`, { approve: false, reason: 'Too late' })).statusCode).toBe(409);

    const audit = (await call(admin, 'GET', '/admin/audit-log/?target_type=payment_orders')).json().items;
    const entry = audit.find((e: { target_id: string }) => e.target_id.endsWith(String(creditRequest)));
    expect(entry).toMatchObject({ actor_id: t.a.admin.id, action: 'POST /api/admin/billing-requests/:id/process/', operation: 'update' });
    expect(entry.before).toMatchObject({ status: 'requested' });
    expect(entry.after).toMatchObject({ status: 'paid', processed_by: t.a.admin.id });
    await call(admin, 'PATCH', `/admin/members/${t.a.member.id}/`, { custom_credit_limit: null });
  }, 60_000);

  it('a rejection needs a reason, which the member is mailed; nothing is granted; a withdrawn request can be asked again', async () => {
    const asked = (await call(other, 'POST', '/billing-requests/', { kind: 'credits', credit: 5000 })).json();
    const before = await quota(other, t.a.other.id);
    expect((await call(admin, 'POST', `/admin/billing-requests/${asked.id}/process/`, { approve: false })).statusCode).toBe(422);
    expect((await call(admin, 'POST', `/admin/billing-requests/${asked.id}/process/`, { approve: false, reason: '   ' })).statusCode).toBe(422);
    const rejected = await call(admin, 'POST', `/admin/billing-requests/${asked.id}/process/`, { approve: false, reason: 'Our budget is spent this quarter.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'Our budget is spent this quarter.' });
    const mail = await t.mail.next(t.a.other.email);
    expect(mail.subject).toContain('5,000 크레딧 구매 요청이 거절되었습니다');
    expect(mail.text).toContain('사유: Our budget is spent this quarter.');
    expect(await quota(other, t.a.other.id)).toBe(before);
    expect(await entries(other)).toBe(0);
    expect((await call(other, 'GET', '/billing-requests/')).json().items[0]).toMatchObject({ id: asked.id, status: 'rejected', reason: 'Our budget is spent this quarter.' });
    expect((await call(admin, 'POST', `/admin/billing-requests/${asked.id}/process/`, { approve: true })).statusCode).toBe(409);

    // A withdrawn request is closed; the member may ask again.
    const again = (await call(other, 'POST', '/billing-requests/', { kind: 'credits', credit: 50 })).json();
    expect((await call(other, 'DELETE', `/billing-requests/${again.id}/`)).statusCode).toBe(200);
    expect((await call(admin, 'POST', `/admin/billing-requests/${again.id}/process/`, { approve: true })).statusCode).toBe(409);
    expect((await call(other, 'POST', '/billing-requests/', { kind: 'credits', credit: 50 })).statusCode).toBe(201);
    expect(await entries(other)).toBe(0);
  });

  it('an administrator cannot approve their own request (another administrator does); they may reject it', async () => {
    const own = (await call(admin, 'POST', '/billing-requests/', { kind: 'credits', credit: 10 })).json();
    const before = await quota(admin, t.a.admin.id);
    expect((await call(admin, 'POST', `/admin/billing-requests/${own.id}/process/`, { approve: true })).statusCode).toBe(403);
    expect(await quota(admin, t.a.admin.id)).toBe(before);
    expect((await call(admin, 'POST', `/admin/billing-requests/${own.id}/process/`, { approve: false, reason: 'Asked by mistake' })).statusCode).toBe(200);
  });

  it('a subscription to the plan one has already is refused', async () => {
    expect((await call(member, 'POST', '/billing-requests/', { kind: 'subscription', plan_id: plans[0]!.id })).statusCode).toBe(409);
  });
});
