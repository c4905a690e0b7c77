import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotCategories, chatbotMemberGroups, chatbotReleases, chatbots, llmModels } from '../../db/schema/index';
import { newHashId } from '../../platform/tokens';
import { catalogFor } from '../../llm/catalog';
import { buildTestApp, PASSWORD, type TestApp } from '../../test/test-app';
import { createTenant, syncModels } from '../tenants/tenants.service';

let t: TestApp;
let token: string;
let otherToken: string;
let bToken: string;
let modelId: number;
let privateId: number;
let publicId: number;
let deletedId: number;

beforeAll(async () => {
  t = await buildTestApp({ providers: { openaiCompatible: { baseUrl: 'http://127.0.0.1:9/v1', models: ['m-one', 'm-two'] } } });
  [token, otherToken, bToken] = await Promise.all([t.signIn(t.a, t.a.member.email), t.signIn(t.a, t.a.other.email), t.signIn(t.b, t.b.member.email)]);
  const db = t.database.db;
  const [m] = await db.select().from(llmModels).where(and(eq(llmModels.tenantId, t.a.id), eq(llmModels.modelName, 'm-one')));
  modelId = m!.id;
  const base = { tenantId: t.a.id, llmModelId: modelId, creatorId: t.a.member.id };
  const [p1] = await db.insert(chatbots).values({ ...base, hashId: newHashId(), koName: '내 비서', enName: 'My private helper' }).returning();
  const [p2] = await db.insert(chatbots).values({ ...base, hashId: newHashId(), koName: '공개 작가', enName: 'Public writer', isPublic: true }).returning();
  const [p3] = await db.insert(chatbots).values({ ...base, hashId: newHashId(), koName: '삭제됨', enName: 'Deleted one', isPublic: true, deletedAt: new Date() }).returning();
  privateId = p1!.id;
  publicId = p2!.id;
  // Public: an approved version, allowed for the tenant's default group (every member's).
  const { koName, enName, llmModelId, temperature, topP, koKeyFeatures, enKeyFeatures, systemInstructions } = p2!;
  await db.insert(chatbotReleases).values({ tenantId: t.a.id, chatbotId: publicId, koName, enName, llmModelId, temperature, topP, koKeyFeatures, enKeyFeatures, systemInstructions });
  await db.insert(chatbotMemberGroups).values({ tenantId: t.a.id, chatbotId: publicId, memberGroupId: t.a.defaultGroupId });
  deletedId = p3!.id;
  const cats = (await t.call(t.a, token, { method: 'GET', url: '/api/categories/' })).json().items;
  await db.insert(chatbotCategories).values({ tenantId: t.a.id, chatbotId: publicId, categoryId: cats[0].id });
});
afterAll(() => t.close());

const list = async (qs: string, who = token) => {
  const res = await t.call(t.a, who, { method: 'GET', url: `/api/chatbots/${qs}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { items: Array<{ id: number; en_name: string; is_default: boolean; categories: unknown[] }>; pagination: { total_items: number } };
};

describe('categories and models', () => {
  it('six categories in spec order', async () => {
    const res = (await t.call(t.a, token, { method: 'GET', url: '/api/categories/' })).json();
    expect(res.items.map((c: { en_name: string }) => c.en_name)).toEqual(['Writing', 'Productivity', 'Research & Analysis', 'Education', 'Lifestyle', 'Programming']);
    expect(res.items[0].ko_name).toBe('글쓰기');
  });
  it('llm-models lists the tenant models with costs and availability', async () => {
    const res = (await t.call(t.a, token, { method: 'GET', url: '/api/llm-models/' })).json();
    expect(res.items.map((m: { model_name: string }) => m.model_name)).toEqual(['m-one', 'm-two']);
    expect(res.items[0]).toMatchObject({ provider: 'openai-compatible', context_limit: 32768, input_cost_per_10k: 1, is_available: true });
  });
  it('the offline demo model when no provider is configured', async () => {
    const b = (await t.call(t.b, bToken, { method: 'GET', url: '/api/llm-models/' })).json();
    // Tenant b was created with the same configured providers.
    expect(b.items).toHaveLength(2);
    const { catalogFor } = await import('../../llm/catalog');
    expect(catalogFor({}).map((m) => m.displayName)).toEqual(['Offline demo — configure a provider']);
  });
});

describe('chatbots', () => {
  it('lists default, own and public chatbots; include_default=false hides defaults', async () => {
    const all = await list('?include_default=true');
    expect(all.items.map((c) => c.en_name).sort()).toEqual(['My private helper', 'Public writer', 'm-one', 'm-two'].sort());
    const noDefault = await list('?include_default=false');
    expect(noDefault.items.every((c) => !c.is_default)).toBe(true);
    expect(noDefault.items).toHaveLength(2);
  });
  it("another member sees public but not someone's private chatbot", async () => {
    const other = await list('?include_default=false', otherToken);
    expect(other.items.map((c) => c.en_name)).toEqual(['Public writer']);
    expect((await t.call(t.a, otherToken, { method: 'GET', url: `/api/chatbots/${privateId}/` })).statusCode).toBe(404);
    expect((await t.call(t.a, otherToken, { method: 'GET', url: `/api/chatbots/${publicId}/` })).statusCode).toBe(200);
  });
  it('filters: search_term, category_id, is_public, creator_id; size and page', async () => {
    expect((await list('?search_term=writer')).items.map((c) => c.en_name)).toEqual(['Public writer']);
    expect((await list('?search_term=%EB%82%B4%20%EB%B9%84%EC%84%9C')).items.map((c) => c.en_name)).toEqual(['My private helper']);
    const cats = (await t.call(t.a, token, { method: 'GET', url: '/api/categories/' })).json().items;
    expect((await list(`?category_id=${cats[0].id}`)).items.map((c) => c.en_name)).toEqual(['Public writer']);
    expect((await list('?is_public=true')).items.map((c) => c.en_name)).toEqual(['Public writer']);
    expect((await list(`?creator_id=${t.a.member.id}&order_by=name.asc`)).items.map((c) => c.en_name)).toEqual(['My private helper', 'Public writer']);
    const page = await list('?include_default=true&size=1&page=2&order_by=id.asc');
    expect(page.items).toHaveLength(1);
    expect(page.pagination.total_items).toBe(4);
    expect((await t.call(t.a, token, { method: 'GET', url: '/api/chatbots/?order_by=nope' })).statusCode).toBe(422);
    expect((await t.call(t.a, token, { method: 'GET', url: '/api/chatbots/?size=0' })).statusCode).toBe(422);
  });
  it('GET one: fields of spec §3, deleted → 404', async () => {
    const res = await t.call(t.a, token, { method: 'GET', url: `/api/chatbots/${publicId}/` });
    expect(res.json()).toMatchObject({ id: publicId, is_public: true, temperature: 1, top_p: 1, llm_model: { id: modelId, is_available: true, is_low_llm: false } });
    expect(res.json().categories).toHaveLength(1);
    expect((await t.call(t.a, token, { method: 'GET', url: `/api/chatbots/${deletedId}/` })).statusCode).toBe(404);
    expect((await t.call(t.a, token, { method: 'GET', url: '/api/chatbots/abc/' })).statusCode).toBe(422);
  });
  it("another tenant's chatbots are invisible", async () => {
    const b = (await t.call(t.b, bToken, { method: 'GET', url: '/api/chatbots/?include_default=true' })).json();
    expect(b.items.map((c: { en_name: string }) => c.en_name).sort()).toEqual(['m-one', 'm-two']);
    expect((await t.call(t.b, bToken, { method: 'GET', url: `/api/chatbots/${publicId}/` })).statusCode).toBe(404);
  });
});

describe('the offline demo chatbot once a real provider is configured', () => {
  it('stays listed and usable but is never the first default chatbot', async () => {
    // A tenant created on a fresh start (offline demo model only), then a provider configured.
    const created = await createTenant(
      t.database.db,
      { subdomain: 'firstrun', koName: '첫 실행', enName: 'First run', memberCreditQuota: 1000, accounts: [{ email: 'm@firstrun.test', password: PASSWORD, name: 'M', isAdmin: false }] },
      catalogFor({}),
    );
    await t.database.db.transaction((tx) => syncModels(tx, created.tenant.id, catalogFor(t.config.providers)));
    const tenant = { ...t.a, id: created.tenant.id, subdomain: 'firstrun' };
    const who = await t.signIn(tenant, 'm@firstrun.test');
    for (const order of ['id.asc', 'id.desc', 'created_at.desc', 'name.asc']) {
      const res = await t.call(tenant, who, { method: 'GET', url: `/api/chatbots/?include_default=true&order_by=${order}` });
      const items = res.json().items as Array<{ id: number; is_default: boolean; llm_model: { provider: string; is_available: boolean } }>;
      expect(items.map((c) => c.llm_model.provider)).toEqual(['openai-compatible', 'openai-compatible', 'offline']);
      expect(items.find((c) => c.is_default)!.llm_model.provider).toBe('openai-compatible');
      expect(items.at(-1)!.llm_model.is_available).toBe(true);
    }
  });

  it('a tenant created with a provider configured gets no demo chatbot', async () => {
    const res = await t.call(t.b, bToken, { method: 'GET', url: '/api/chatbots/?include_default=true' });
    expect((res.json().items as Array<{ llm_model: { provider: string } }>).some((c) => c.llm_model.provider === 'offline')).toBe(false);
  });
});
