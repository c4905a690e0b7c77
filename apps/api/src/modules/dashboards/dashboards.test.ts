import { and, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../../tools/fake-llm/server';
import { creditGrants, creditTransactions, llmModels, members } from '../../db/schema/index';
import { streamChat } from '../../test/chat-client';
import { buildTestApp, type TestApp, type TestTenant } from '../../test/test-app';
import { addMonths, monthOf, USAGE_CSV_HEADER } from './dashboards.service';

// The console's home and credits area through the real app: usage is produced by real chats (the
// fake upstream), and every figure is checked against sums this test computes from the ledger.
let fake: FakeLlm;
let t: TestApp;
const tokens: Record<string, string> = {};
const month = monthOf(new Date());

beforeAll(async () => {
  fake = await startFakeLlm({ scenario: { reply: 'One two three four five six seven eight.', tokenDelayMs: 0 } });
  t = await buildTestApp({ providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-model', 'fake-cheap'] } } });
  for (const [key, tenant, email] of [
    ['admin', t.a, t.a.admin.email],
    ['member', t.a, t.a.member.email],
    ['other', t.a, t.a.other.email],
    ['bAdmin', t.b, t.b.admin.email],
    ['bMember', t.b, t.b.member.email],
  ] as const) {
    tokens[key] = await t.signIn(tenant, email);
  }
  // Costs with fractions, high enough that a few answers add up to whole credits (rounding down shows),
  // and budgets that hold them.
  await t.database.db.update(llmModels).set({ inputCostE4: 12_345_678n, outputCostE4: 98_765_432n }).where(eq(llmModels.modelName, 'fake-model'));
  await t.database.db.update(llmModels).set({ inputCostE4: 3_333_333n, outputCostE4: 7_777_777n }).where(eq(llmModels.modelName, 'fake-cheap'));
  await t.database.db.update(members).set({ customCreditLimitUnits: 1_000_000n * 100_000_000n });
  await t.settle();
  const bots = async (tenant: TestTenant, token: string) =>
    (await t.call(tenant, token, { method: 'GET', url: '/api/chatbots/?include_default=true' })).json().items as Array<{ id: number; llm_model: { display_name: string } }>;
  const aBots = await bots(t.a, tokens.member!);
  const bBots = await bots(t.b, tokens.bMember!);
  const byName = (list: typeof aBots, name: string) => list.find((c) => c.llm_model.display_name === name)!.id;
  const chats: Array<[TestTenant, string, number, string]> = [
    [t.a, tokens.member!, byName(aBots, 'fake-model'), 'Hello there, how are you?'],
    [t.a, tokens.member!, byName(aBots, 'fake-cheap'), 'A second question with more words in it'],
    [t.a, tokens.other!, byName(aBots, 'fake-model'), 'Third'],
    [t.b, tokens.bMember!, byName(bBots, 'fake-model'), 'Another tenant entirely, many words here to count'],
    [t.b, tokens.bMember!, byName(bBots, 'fake-model'), 'And again'],
  ];
  for (const [tenant, token, bot, text] of chats) {
    const r = await streamChat(t, tenant, token, bot, { text });
    expect(r.status).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const get = (url: string, token = tokens.admin!, tenant: TestTenant = t.a) => t.call(tenant, token, { method: 'GET', url });
const floor = (units: bigint) => Number(units / 100_000_000n);
/** Rows of a statement on the test's own (owner) connection. */
const rowsOf = async <T>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The tenant's usage straight from the ledger, by model, for this month. */
async function ledger(tenant: TestTenant) {
  const rows = await rowsOf<Record<string, string | number | null>>(sql`select llm_model_id, count(*)::int as n, count(distinct member_id)::int as members,
      sum(input_tokens)::text as input_tokens, sum(output_tokens)::text as output_tokens, (-sum(amount_units))::text as used,
      sum(input_units)::text as input_units, sum(output_units)::text as output_units, sum(web_search_count)::int as web,
      sum(web_search_units)::text as web_units, sum(image_count)::int as images
      from credit_ledger where tenant_id = ${tenant.id} and kind = 'usage' group by rollup (llm_model_id)`);
  const pick = (r: Record<string, string | number | null>) => ({
    messages: Number(r.n),
    members: Number(r.members),
    inputTokens: Number(r.input_tokens),
    outputTokens: Number(r.output_tokens),
    used: BigInt(r.used as string),
    inputUnits: BigInt(r.input_units as string),
    outputUnits: BigInt(r.output_units as string),
    webSearches: Number(r.web),
    webUnits: BigInt(r.web_units as string),
    images: Number(r.images),
  });
  const total = rows.find((r) => r.llm_model_id === null)!;
  return { total: pick(total), byModel: new Map(rows.filter((r) => r.llm_model_id !== null).map((r) => [Number(r.llm_model_id), pick(r)])) };
}

describe('GET /admin/dashboards/', () => {
  it('shows this month and all time as the ledger sums them; members and chatbots from their tables', async () => {
    const l = await ledger(t.a);
    expect(l.total).toMatchObject({ messages: 3, members: 2 });
    const cards = (await get('/api/admin/dashboards/')).json();
    const [active] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from members where tenant_id = ${t.a.id} and member_status = 'active'`);
    const [bots] = await rowsOf<{ pub: number; priv: number }>(sql`select count(*) filter (where is_public and not is_default)::int as pub, count(*) filter (where not is_public and not is_default)::int as priv
        from chatbots where tenant_id = ${t.a.id} and deleted_at is null`);
    expect(cards).toMatchObject({
      month,
      members: { active: active!.n, max: null },
      monthly_chat_users: l.total.members,
      monthly_messages: l.total.messages,
      monthly_credits: floor(l.total.used),
      chatbots: { public: bots!.pub, private: bots!.priv },
      totals: { messages: l.total.messages, tokens: l.total.inputTokens + l.total.outputTokens, credits: floor(l.total.used) },
    });
    // Whole credits, and fractions the display drops.
    expect(floor(l.total.used)).toBeGreaterThan(10);
    expect(l.total.used % 100_000_000n).not.toBe(0n);
    expect(floor(l.total.inputUnits)).toBeGreaterThan(0);
  });

  it("never counts another tenant's usage", async () => {
    const l = await ledger(t.b);
    const cards = (await get('/api/admin/dashboards/', tokens.bAdmin!, t.b)).json();
    expect(cards).toMatchObject({ monthly_chat_users: 1, monthly_messages: 2, totals: { messages: 2, credits: floor(l.total.used) } });
  });

  it('is for administrators only (403)', async () => {
    for (const url of ['/api/admin/dashboards/', '/api/admin/dashboards/usage/', '/api/admin/dashboards/usage/export-task/', '/api/admin/credits/']) {
      expect((await get(url, tokens.member!)).statusCode).toBe(403);
      expect((await get(url, tokens.bAdmin!)).statusCode).toBe(401);
    }
  });
});

describe('GET /admin/dashboards/usage/', () => {
  it('gives every month of the range, zeros included, and the months by model as the ledger sums them', async () => {
    const l = await ledger(t.a);
    const start = addMonths(month, -2);
    const u = (await get(`/api/admin/dashboards/usage/?start_month=${start}&end_month=${month}`)).json();
    expect(u.months.map((m: { month: string }) => m.month)).toEqual([start, addMonths(month, -1), month]);
    expect(u.months[0]).toEqual({ month: start, message_count: 0, input_tokens: 0, output_tokens: 0, used_credit: 0, web_search_count: 0, image_count: 0, chat_users: 0 });
    expect(u.months[2]).toEqual({
      month,
      message_count: l.total.messages,
      input_tokens: l.total.inputTokens,
      output_tokens: l.total.outputTokens,
      used_credit: floor(l.total.used),
      web_search_count: l.total.webSearches,
      image_count: l.total.images,
      chat_users: l.total.members,
    });
    expect(u.by_model).toHaveLength(l.byModel.size);
    for (const row of u.by_model) {
      const m = l.byModel.get(row.llm_model_id)!;
      expect(row).toMatchObject({ month, message_count: m.messages, input_tokens: m.inputTokens, output_tokens: m.outputTokens, used_credit: floor(m.used) });
      expect(row.display_name).toMatch(/^fake-/);
    }
  });

  it('defaults to the last 12 months; a backwards, too long or malformed range is 422', async () => {
    const u = (await get('/api/admin/dashboards/usage/')).json();
    expect(u.months).toHaveLength(12);
    expect(u.end_month).toBe(month);
    expect((await get(`/api/admin/dashboards/usage/?start_month=${month}&end_month=${addMonths(month, -1)}`)).statusCode).toBe(422);
    expect((await get(`/api/admin/dashboards/usage/?start_month=${addMonths(month, -36)}&end_month=${month}`)).statusCode).toBe(422);
    expect((await get('/api/admin/dashboards/usage/?start_month=2026-13')).statusCode).toBe(422);
    expect((await get('/api/admin/dashboards/usage/export-task/?start_month=2026-1')).statusCode).toBe(422);
  });
});

async function finished(id: number) {
  for (let i = 0; i < 600; i += 1) {
    const task = (await get(`/api/tasks/${id}/`)).json();
    if (task.status !== 'running') return task;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the task did not finish');
}

describe('GET /admin/dashboards/usage/export-task/', () => {
  it('runs as a task whose CSV has a row a month and model and a total row a month', async () => {
    const l = await ledger(t.a);
    const start = addMonths(month, -1);
    const started = await get(`/api/admin/dashboards/usage/export-task/?start_month=${start}&end_month=${month}`);
    expect(started.statusCode).toBe(200);
    const task = await finished(started.json().id);
    expect(task).toMatchObject({ status: 'completed', progress: 100, done: 2, total: 2, file_name: `usage-${start}-${month}.csv` });
    const file = await get(task.download_url);
    const lines = file.body.replace(/^\uFEFF/, '').trim().split('\r\n').map((line) => line.split(','));
    expect(lines[0]).toEqual([...USAGE_CSV_HEADER]);
    const rows = lines.slice(1);
    // The empty month: only its total row.
    expect(rows[0]).toEqual([start, '*', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0']);
    const models = rows.filter((r) => r[0] === month && r[1] !== '*');
    expect(models).toHaveLength(l.byModel.size);
    const total = rows.find((r) => r[0] === month && r[1] === '*')!;
    expect(total.slice(2, 8).map(Number)).toEqual([
      l.total.messages,
      l.total.inputTokens,
      l.total.outputTokens,
      floor(l.total.used),
      floor(l.total.inputUnits),
      floor(l.total.outputUnits),
    ]);
    expect(Number(total[12])).toBe(l.total.members);
    // Another tenant's admin cannot read it.
    expect((await get(`/api/tasks/${task.id}/`, tokens.bAdmin!, t.b)).statusCode).toBe(404);
  });
});

describe('GET /admin/credits/', () => {
  it("gives the month's LLM rows as the ledger sums them by model, and no image rows without images", async () => {
    const l = await ledger(t.a);
    const c = (await get(`/api/admin/credits/?month=${month}`)).json();
    expect(c.month).toBe(month);
    expect(c.totals).toEqual({ used_credit: floor(l.total.used), message_count: l.total.messages });
    expect(c.llm).toHaveLength(l.byModel.size);
    for (const row of c.llm) {
      const m = l.byModel.get(row.llm_model_id)!;
      expect(row).toEqual({
        llm_model_id: row.llm_model_id,
        display_name: row.display_name,
        message_count: m.messages,
        input_credit: floor(m.inputUnits),
        output_credit: floor(m.outputUnits),
        web_search_credit: floor(m.webUnits),
        used_credit: floor(m.used),
        input_tokens: m.inputTokens,
        output_tokens: m.outputTokens,
        web_search_count: m.webSearches,
      });
    }
    expect(c.images).toEqual([]);
    const empty = (await get(`/api/admin/credits/?month=${addMonths(month, -1)}`)).json();
    expect(empty).toMatchObject({ llm: [], images: [], totals: { used_credit: 0, message_count: 0 } });
  });

  it("pages the members' purchases 10 at a time, newest first, the tenant's own only", async () => {
    const db = t.database.db;
    for (const [tenant, memberId, n] of [
      [t.a, t.a.member.id, 12],
      [t.b, t.b.member.id, 3],
    ] as const) {
      for (let i = 0; i < n; i += 1) {
        const [tx] = await db
          .insert(creditTransactions)
          .values({ tenantId: tenant.id, memberId, provider: 'manual', providerRef: `ref-${tenant.id}-${i}`, price: 1000 * (i + 1), receiptUrl: `https://receipts.test/${i}` })
          .returning();
        await db.insert(creditGrants).values({
          tenantId: tenant.id,
          memberId,
          kind: 'purchase',
          units: BigInt(100 * (i + 1)) * 100_000_000n,
          koName: `구매 ${i}`,
          enName: `Purchase ${i}`,
          usageStartDate: '2026-01-01',
          usageEndDate: '2026-02-01',
          transactionId: tx!.id,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        });
      }
    }
    // An admin's grant is not a purchase.
    await db.insert(creditGrants).values({ tenantId: t.a.id, memberId: t.a.other.id, kind: 'manual', units: 1n, koName: 'x', enName: 'x', usageStartDate: '2026-01-01', usageEndDate: '2026-02-01' });
    const first = (await get('/api/admin/credits/')).json();
    expect(first.purchases.pagination).toEqual({ page: 1, page_size: 10, total_pages: 2, total_items: 12 });
    expect(first.purchases.items).toHaveLength(10);
    expect(first.purchases.items[0]).toMatchObject({
      kind: 'purchase',
      en_name: 'Purchase 11',
      credit: 1200,
      member: { id: t.a.member.id, email: t.a.member.email },
      transaction: { price: 12000, currency: 'KRW', receipt_url: 'https://receipts.test/11' },
    });
    const second = (await get('/api/admin/credits/?page=2')).json();
    expect(second.purchases.items.map((p: { en_name: string }) => p.en_name)).toEqual(['Purchase 1', 'Purchase 0']);
    const b = (await get('/api/admin/credits/', tokens.bAdmin!, t.b)).json();
    expect(b.purchases.pagination.total_items).toBe(3);
    await db.delete(creditGrants).where(and(eq(creditGrants.kind, 'manual'), eq(creditGrants.tenantId, t.a.id)));
  });
});

describe('allocation through the existing routes', () => {
  it("sets members' custom limits in bulk and a group's quotas", async () => {
    const bulk = await t.call(t.a, tokens.admin!, { method: 'PATCH', url: '/api/admin/members/bulk/', payload: { member_ids: [t.a.member.id, t.a.other.id], credit_quota: 250 } });
    expect(bulk.statusCode).toBe(200);
    const check = (await get(`/api/members/${t.a.member.id}/credit-check/`, tokens.member!)).json();
    expect(check.quota).toBe(250);
    const group = await t.call(t.a, tokens.admin!, { method: 'POST', url: '/api/admin/member-groups/', payload: { ko_name: '연구', en_name: 'Research', credit_quota: 1000, member_credit_quota: 100 } });
    expect(group.statusCode).toBe(201);
    const patched = await t.call(t.a, tokens.admin!, { method: 'PATCH', url: `/api/admin/member-groups/${group.json().id}/`, payload: { credit_quota: 2000, member_credit_quota: 300 } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ credit_quota: 2000, member_credit_quota: 300 });
    // Another tenant's admin cannot set this tenant's members' limits.
    const foreign = await t.call(t.b, tokens.bAdmin!, { method: 'PATCH', url: '/api/admin/members/bulk/', payload: { member_ids: [t.a.member.id], credit_quota: 1 } });
    expect(foreign.json().items[0].ok).toBe(false);
  });
});
