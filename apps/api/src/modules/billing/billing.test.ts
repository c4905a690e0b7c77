import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePayple, startFakePayple } from '../../../../../tools/fake-payple/server';
import { buildTestApp, type TestApp, type TestTenant } from '../../test/test-app';
import { addMonth, dayOf, maskCard } from './billing.rules';
import { paymentsFromConfig, seedDemoPlans } from './billing.service';

// Plans, membership and payments (issue 24 §3, decision 032) against the local Payple double.
let payple: FakePayple;
let t: TestApp;
let admin: string;
let member: string;
let other: string;
let bAdmin: string;
let bMember: string;
let plans: Array<{ id: number; krw_month_price: number; credit: number; en_name: string }>;

const call = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, tenant: TestTenant = t.a) =>
  t.call(tenant, who, { method, url: `/api${url}`, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

const credits = async (who: string, tenant: TestTenant = t.a, q = '') => (await call(who, 'GET', `/credits/${q}`, undefined, tenant)).json();

/** The member pays in Payple's window for an order the server opened; the result the page receives. */
async function payInWindow(who: string, planId: number, opts: { total?: number; fail?: boolean; tenant?: TestTenant } = {}) {
  const order = (await call(who, 'POST', `/member-billing-plans/${planId}/orders/`, undefined, opts.tenant)).json();
  return { order, result: payple.pay({ oid: order.order_id, total: opts.total ?? order.price, payerNo: order.payer_no, fail: opts.fail }) };
}

beforeAll(async () => {
  payple = await startFakePayple({ cstId: 'test-cst', custKey: 'test-key', clientKey: 'test-client' });
  t = await buildTestApp({
    config: {
      payments: {
        payple: { baseUrl: payple.url, cstId: 'test-cst', custKey: 'test-key', clientKey: 'test-client', scriptUrl: `${payple.url}/js/v1/payment.js` },
        secret: 'test-payment-secret',
        creditPriceKrw: 10,
      },
    },
  });
  await seedDemoPlans(t.database.owner, t.a.id);
  [admin, member, other, bAdmin, bMember] = await Promise.all([
    t.signIn(t.a, t.a.admin.email),
    t.signIn(t.a, t.a.member.email),
    t.signIn(t.a, t.a.other.email),
    t.signIn(t.b, t.b.admin.email),
    t.signIn(t.b, t.b.member.email),
  ]);
  plans = (await call(member, 'GET', '/member-billing-plans/')).json().items;
});
afterAll(async () => {
  await t?.close();
  await payple?.close();
});

describe('billing', () => {
  it('lists the tenant’s plans (another tenant sees its own: none)', async () => {
    const list = (await call(member, 'GET', '/member-billing-plans/')).json();
    expect(list.provider).toBe('payple');
    expect(list.payment_window).toBe(true);
    expect(list.items.map((p: { en_name: string }) => p.en_name)).toEqual(['Basic', 'Pro', 'Team']);
    expect(list.items[0]).toMatchObject({ ko_name: '베이직', krw_month_price: 9900, credit: 1000, is_low_llm_free: true });
    expect((await call(bMember, 'GET', '/member-billing-plans/', undefined, t.b)).json().items).toEqual([]);
    expect((await call(bMember, 'POST', `/member-billing-plans/${plans[0]!.id}/orders/`, undefined, t.b)).statusCode).toBe(404);
    expect((await call(member, 'GET', '/membership/')).json()).toBeNull();
    // With a provider the member pays: requests to an administrator are for tenants without one (decision 048).
    expect((await call(member, 'POST', '/billing-requests/', { kind: 'credits', credit: 100 })).statusCode).toBe(400);
    expect((await call(member, 'GET', '/billing-requests/')).json().items).toEqual([]);
  });

  it('a Payple payment verified with Payple subscribes; a replayed result grants nothing; the renewal job charges the saved card', async () => {
    const plan = plans[0]!;
    const { order, result } = await payInWindow(member, plan.id);
    expect(order).toMatchObject({ provider: 'payple', kind: 'subscription', price: 9900, currency: 'KRW' });
    // What the page opens Payple's window with: the script and the partner's client key, never the secret key.
    expect(order.window).toEqual({ script_url: `${payple.url}/js/v1/payment.js`, client_key: 'test-client' });
    expect(JSON.stringify(order)).not.toContain('test-key');
    const res = await call(member, 'POST', `/member-billing-plans/${plan.id}/payple-subscribe/`, result);
    expect(res.statusCode, res.body).toBe(200);
    const today = dayOf(new Date());
    const membership = res.json();
    expect(membership).toMatchObject({ plan: { id: plan.id }, next_plan: { id: plan.id }, price: 9900, currency: 'KRW', next_payment_date: addMonth(today) });
    expect(membership.payment_method.card_number).toBe('1234-****-****-5678');
    expect((await call(member, 'GET', '/membership/')).json()).toEqual(membership);
    const methods = (await call(member, 'GET', '/payment-methods/')).json().items;
    expect(methods).toEqual([{ id: membership.payment_method.id, card_name: 'BC카드', card_number: '1234-****-****-5678', type: 'card' }]);
    // The billing key is stored encrypted, never as Payple gave it.
    const { rows } = (await t.database.owner.execute(`select billing_key_encrypted from payment_methods where id = ${methods[0].id}`)) as unknown as { rows: Array<{ billing_key_encrypted: string }> };
    const stored = rows[0];
    expect(stored!.billing_key_encrypted.startsWith('v1.')).toBe(true);
    expect(stored!.billing_key_encrypted).not.toContain(result.PCD_PAYER_ID);

    let page = await credits(member);
    expect(page.pagination).toMatchObject({ page: 1, page_size: 10, total_items: 1, total_pages: 1 });
    expect(page.items[0]).toMatchObject({ quota: 1000, usage: 0, en_name: 'Basic', usage_start_date: today, usage_end_date: addMonth(today) });
    expect(page.items[0].transaction).toMatchObject({ price: 9900, currency: 'KRW' });
    expect(page.items[0].transaction.receipt_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/receipt\//);

    // The same result again (a replay): refused, nothing granted.
    expect((await call(member, 'POST', `/member-billing-plans/${plan.id}/payple-subscribe/`, result)).statusCode).toBe(409);
    expect((await credits(member)).pagination.total_items).toBe(1);

    // Not due yet: the job leaves it alone.
    await t.built.jobs.runRenewals(new Date());
    expect(payple.billingCalls).toEqual([]);
    // On its payment day the job charges the saved card, grants the month and moves the date.
    const due = new Date(`${membership.next_payment_date}T01:00:00Z`);
    await t.built.jobs.runRenewals(due);
    expect(payple.billingCalls).toHaveLength(1);
    const renewed = (await call(member, 'GET', '/membership/')).json();
    expect(renewed.next_payment_date).toBe(addMonth(membership.next_payment_date));
    page = await credits(member);
    expect(page.pagination.total_items).toBe(2);
    expect(page.items[0]).toMatchObject({ usage_start_date: membership.next_payment_date, usage_end_date: renewed.next_payment_date, quota: 1000 });
    expect(page.items[0].transaction.price).toBe(9900);
    // Run again at the same moment: nothing more is charged.
    await t.built.jobs.runRenewals(due);
    expect(payple.billingCalls).toHaveLength(1);
  });

  it('a forged result grants nothing: not paid at Payple, another amount, another member’s or tenant’s order, an order never opened', async () => {
    const plan = plans[1]!;
    const before = (await credits(other)).pagination.total_items;
    const declined = await payInWindow(other, plan.id, { fail: true });
    // The page claims success; Payple says otherwise.
    expect((await call(other, 'POST', `/member-billing-plans/${plan.id}/payple-subscribe/`, { ...declined.result, PCD_PAY_RST: 'success' })).statusCode).toBe(402);
    const cheap = await payInWindow(other, plan.id, { total: 100 });
    expect((await call(other, 'POST', `/member-billing-plans/${plan.id}/payple-subscribe/`, { ...cheap.result, PCD_PAY_TOTAL: String(plan.krw_month_price) })).statusCode).toBe(402);
    // The member paid; someone else presents the result.
    const theirs = await payInWindow(member, plan.id);
    expect((await call(other, 'POST', `/member-billing-plans/${plan.id}/payple-subscribe/`, theirs.result)).statusCode).toBe(404);
    expect((await call(bMember, 'POST', `/member-billing-plans/${plan.id}/payple-subscribe/`, theirs.result, t.b)).statusCode).toBe(404);
    // The result for another plan's order does not buy this plan.
    expect((await call(member, 'POST', `/member-billing-plans/${plans[2]!.id}/payple-subscribe/`, theirs.result)).statusCode).toBe(404);
    expect((await call(other, 'POST', `/member-billing-plans/${plan.id}/payple-subscribe/`, { PCD_PAY_RST: 'success', PCD_PAY_OID: 'S1made-up', PCD_PAY_TOTAL: '29000' })).statusCode).toBe(404);
    // An order opened but never paid at Payple.
    const unpaid = (await call(other, 'POST', `/member-billing-plans/${plan.id}/orders/`)).json();
    expect((await call(other, 'POST', `/member-billing-plans/${plan.id}/payple-subscribe/`, { PCD_PAY_RST: 'success', PCD_PAY_OID: unpaid.order_id, PCD_PAY_TOTAL: String(unpaid.price) })).statusCode).toBe(402);
    expect((await credits(other)).pagination.total_items).toBe(before);
    expect((await call(other, 'GET', '/membership/')).json()).toBeNull();
  });

  it('cancel schedules the end (next_plan null), resume restores it; a cancelled membership ends on its payment day', async () => {
    const cancelled = await call(member, 'POST', '/membership/cancel/');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().next_plan).toBeNull();
    expect((await call(member, 'GET', '/membership/')).json().next_plan).toBeNull();
    const resumed = (await call(member, 'POST', '/membership/resume/')).json();
    expect(resumed.next_plan.id).toBe(resumed.plan.id);
    // Another member and another tenant have nothing to cancel.
    expect((await call(other, 'POST', '/membership/cancel/')).statusCode).toBe(404);
    expect((await call(bMember, 'POST', '/membership/resume/', undefined, t.b)).statusCode).toBe(404);
    expect((await call(member, 'GET', '/membership/')).json().next_plan).not.toBeNull();

    await call(member, 'POST', '/membership/cancel/');
    const calls = payple.billingCalls.length;
    const entries = (await credits(member)).pagination.total_items;
    await t.built.jobs.runRenewals(new Date(`${resumed.next_payment_date}T02:00:00Z`));
    expect(payple.billingCalls).toHaveLength(calls);
    expect((await call(member, 'GET', '/membership/')).json()).toBeNull();
    expect((await credits(member)).pagination.total_items).toBe(entries);
    expect((await call(member, 'POST', '/membership/resume/')).statusCode).toBe(404);
  });

  it('a renewal the card declines is retried a day later, then the membership ends', async () => {
    const plan = plans[0]!;
    const { result } = await payInWindow(other, plan.id);
    const m = (await call(other, 'POST', `/member-billing-plans/${plan.id}/payple-subscribe/`, result)).json();
    payple.declineNext(3);
    const due = new Date(`${m.next_payment_date}T03:00:00Z`);
    const calls = payple.billingCalls.length;
    await t.built.jobs.runRenewals(due);
    expect(payple.billingCalls).toHaveLength(calls + 1);
    // Not retried within the day.
    await t.built.jobs.runRenewals(new Date(due.getTime() + 3600_000));
    expect(payple.billingCalls).toHaveLength(calls + 1);
    expect((await call(other, 'GET', '/membership/')).json()).not.toBeNull();
    await t.built.jobs.runRenewals(new Date(due.getTime() + 25 * 3600_000));
    await t.built.jobs.runRenewals(new Date(due.getTime() + 50 * 3600_000));
    expect(payple.billingCalls).toHaveLength(calls + 3);
    expect((await call(other, 'GET', '/membership/')).json()).toBeNull();
    expect((await credits(other)).pagination.total_items).toBe(1);
  });

  it('credits with a saved card; a window purchase verified with Payple; saved cards are the member’s own', async () => {
    const options = (await call(member, 'GET', '/credits/purchase-options/')).json();
    expect(options).toMatchObject({ provider: 'payple', currency: 'KRW', krw_per_credit: 10 });
    const methodId = (await call(member, 'GET', '/payment-methods/')).json().items[0].id as number;
    // With Payple a purchase without a window needs a saved card, and only the member's own.
    expect((await call(member, 'POST', '/credits/purchase/', { credit: 100 })).statusCode).toBe(422);
    expect((await call(other, 'POST', '/credits/purchase/', { credit: 100, payment_method_id: methodId })).statusCode).toBe(404);
    const bought = await call(member, 'POST', '/credits/purchase/', { credit: 100, payment_method_id: methodId });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json()).toMatchObject({ quota: 100, en_name: 'Credit purchase', transaction: { price: 1000, currency: 'KRW' } });
    payple.declineNext(1);
    expect((await call(member, 'POST', '/credits/purchase/', { credit: 100, payment_method_id: methodId })).statusCode).toBe(402);

    const order = (await call(member, 'POST', '/credits/orders/', { credit: 500 })).json();
    expect(order).toMatchObject({ kind: 'credits', price: 5000, credit: 500 });
    const result = payple.pay({ oid: order.order_id, total: order.price });
    // The order is for credits: it buys no plan.
    expect((await call(member, 'POST', `/member-billing-plans/${plans[0]!.id}/payple-subscribe/`, result)).statusCode).toBe(404);
    const entry = await call(member, 'POST', `/credits/payple-purchase/?payment_method_id=${methodId}`, result);
    expect(entry.statusCode, entry.body).toBe(201);
    expect(entry.json().quota).toBe(500);
    expect((await call(member, 'POST', '/credits/payple-purchase/', result)).statusCode).toBe(409);
    // The window replaced the saved card's key (same method, no second card).
    expect((await call(member, 'GET', '/payment-methods/')).json().items).toHaveLength(1);
    // Another member cannot delete it; its owner can.
    expect((await call(other, 'DELETE', `/payment-methods/${methodId}/`)).statusCode).toBe(404);
    expect((await call(bMember, 'DELETE', `/payment-methods/${methodId}/`, undefined, t.b)).statusCode).toBe(404);
    expect((await call(member, 'DELETE', `/payment-methods/${methodId}/`)).statusCode).toBe(200);
    expect((await call(member, 'GET', '/payment-methods/')).json().items).toEqual([]);
  });

  it('admins grant credits and plans (403 for members; another tenant’s members are 404); GET /credits/ pages by 10 and shows only the member’s own', async () => {
    expect((await call(member, 'POST', '/admin/credits/grants/', { member_ids: [t.a.member.id], credit: 10 })).statusCode).toBe(403);
    expect((await call(bAdmin, 'POST', '/admin/credits/grants/', { member_ids: [t.a.member.id], credit: 10 }, t.b)).statusCode).toBe(404);
    expect((await call(bAdmin, 'POST', '/admin/memberships/', { member_id: t.b.member.id, plan_id: plans[0]!.id }, t.b)).statusCode).toBe(404);
    const before = (await credits(member)).pagination.total_items;
    for (let i = 0; i < 12; i++) {
      const r = await call(admin, 'POST', '/admin/credits/grants/', { member_ids: [t.a.member.id], credit: 10 + i, en_name: `Gift ${i}`, ko_name: `선물 ${i}` });
      expect(r.statusCode, r.body).toBe(201);
    }
    const total = before + 12;
    const p1 = await credits(member);
    expect(p1.pagination).toEqual({ page: 1, page_size: 10, total_items: total, total_pages: Math.ceil(total / 10) });
    expect(p1.items).toHaveLength(10);
    expect(p1.items[0]).toMatchObject({ en_name: 'Gift 11', quota: 21, transaction: null });
    const p2 = await credits(member, t.a, '?page=2&size=10');
    expect(p2.items).toHaveLength(total - 10);
    expect(new Set([...p1.items, ...p2.items].map((e: { id: number }) => e.id)).size).toBe(total);
    // Nobody else sees them.
    expect((await credits(other)).items.some((e: { en_name: string }) => e.en_name.startsWith('Gift'))).toBe(false);
    expect((await credits(bMember, t.b)).items).toEqual([]);

    const granted = await call(admin, 'POST', '/admin/memberships/', { member_id: t.a.admin.id, plan_id: plans[2]!.id });
    expect(granted.statusCode, granted.body).toBe(201);
    expect(granted.json()).toMatchObject({ plan: { en_name: 'Team' }, payment_method: null });
    expect((await credits(admin)).items[0]).toMatchObject({ en_name: 'Team', quota: 20000, transaction: null });
  });

  it('GET /tenants/membership/ is the tenant’s own plan', async () => {
    await t.database.owner.execute(`update tenants set max_members = 50, credit_quota_units = 500000000000, plan_kind = 'team' where id = ${t.a.id}`);
    await t.settle();
    const a = (await call(member, 'GET', '/tenants/membership/')).json();
    expect(a).toMatchObject({ plan_kind: 'team', max_members: 50, credit: 5000 });
    expect(a.member_count).toBeGreaterThanOrEqual(3);
    expect((await call(bMember, 'GET', '/tenants/membership/', undefined, t.b)).json()).toMatchObject({ max_members: null, credit: null });
  });
});

describe('billing rules', () => {
  it('the Content-Security-Policy lets Payple’s window in (script, frame, calls, forms) and nothing else', async () => {
    const res = await call(member, 'GET', '/member-billing-plans/');
    const csp = String(res.headers['content-security-policy']);
    const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
    const origin = new URL(payple.url).origin;
    expect(directives['script-src']).toEqual(["'self'", origin]);
    expect(directives['frame-src']).toEqual([origin]);
    expect(directives['connect-src']).toEqual(["'self'", origin]);
    expect(directives['form-action']).toEqual(["'self'", origin]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
  });

  it('Payple without a client key offers no window: purchases and subscriptions use saved cards only', () => {
    const payments = paymentsFromConfig({ payple: { baseUrl: payple.url, cstId: 'c', custKey: 'k', clientKey: null, scriptUrl: `${payple.url}/js/v1/payment.js` }, secret: 's', creditPriceKrw: 10 }, 'jwt');
    expect(payments.provider.name).toBe('payple');
    expect(payments.paymentWindow).toBeNull();
    expect(paymentsFromConfig(undefined, 'jwt')).toMatchObject({ paymentWindow: null, provider: { name: 'manual' } });
  });

  it('a month later keeps the day, clamped to the month’s end', () => {
    expect(addMonth('2026-01-15')).toBe('2026-02-15');
    expect(addMonth('2026-01-31')).toBe('2026-02-28');
    expect(addMonth('2028-01-31')).toBe('2028-02-29');
    expect(addMonth('2026-12-31')).toBe('2027-01-31');
  });
  it('card numbers keep only their first and last four digits', () => {
    expect(maskCard('1234567812345678')).toBe('1234-****-****-5678');
    expect(maskCard('1234-****-****-5678')).toBe('1234-****-****-5678');
    expect(maskCard('12')).toBe('****');
    expect(maskCard('')).toBe('');
  });
});
