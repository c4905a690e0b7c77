import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../../tools/fake-llm/server';
import { streamChat } from '../../test/chat-client';
import { buildTestApp, type TestApp } from '../../test/test-app';

// Restricted words and the privacy mode through the real app: the settings routes, and the chat
// refused (428) or masked before anything reaches the fake upstream or the history.
let fake: FakeLlm;
let t: TestApp;
let admin: string;
let member: string;
let botId: number;

beforeAll(async () => {
  fake = await startFakeLlm({ scenario: { reply: 'Noted.', tokenDelayMs: 1 } });
  t = await buildTestApp({ providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-model'] } } });
  admin = await t.signIn(t.a, t.a.admin.email);
  member = await t.signIn(t.a, t.a.member.email);
  botId = (await t.call(t.a, member, { method: 'GET', url: '/api/chatbots/?include_default=true' })).json().items[0].id;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => fake.reset());

const save = (body: object, token = admin, tenant = t.a) => t.call(tenant, token, { method: 'POST', url: '/api/admin/restricted-words/', payload: body });
const settings = (words: string[], mode: 'off' | 'block' | 'mask' = 'off') => ({ restricted_words: words, block_personal_info: mode === 'block', mask_personal_info: mode === 'mask' });
const chat = (text: string) => streamChat(t, t.a, member, botId, { text });

describe('restricted words and privacy settings', () => {
  it('reads the defaults, saves, refuses a word twice (any width or case) and both modes at once', async () => {
    expect((await t.call(t.a, admin, { method: 'GET', url: '/api/admin/restricted-words/' })).json()).toEqual({ restricted_words: [], block_personal_info: false, mask_personal_info: false, updated_at: null });
    const ok = await save(settings(['secret project', '기밀'], 'block'));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ restricted_words: ['secret project', '기밀'], block_personal_info: true, mask_personal_info: false });
    const twice = await save(settings(['bad', 'ＢＡＤ']));
    expect([twice.statusCode, twice.json().error.code, twice.json().error.details]).toEqual([409, 'restricted_word_duplicated', { word: 'ＢＡＤ', existing: 'bad' }]);
    const both = await save({ restricted_words: [], block_personal_info: true, mask_personal_info: true });
    expect([both.statusCode, both.json().error.code]).toEqual([422, 'privacy_mode_invalid']);
    const punctuation = await save(settings(['...']));
    expect([punctuation.statusCode, punctuation.json().error.code]).toEqual([422, 'restricted_word_invalid']);
    expect((await save(settings(['x'.repeat(101)]))).statusCode).toBe(422);
    // Nothing of the refused saves stuck.
    expect((await t.call(t.a, admin, { method: 'GET', url: '/api/admin/restricted-words/' })).json().restricted_words).toEqual(['secret project', '기밀']);
  });

  it('only the tenant’s admins read or change them', async () => {
    expect((await t.call(t.a, member, { method: 'GET', url: '/api/admin/restricted-words/' })).statusCode).toBe(403);
    expect((await save(settings([]), member)).statusCode).toBe(403);
    const bAdmin = await t.signIn(t.b, t.b.admin.email);
    // Another tenant's admin with their own header sees their own (empty) settings, not these.
    expect((await t.call(t.b, bAdmin, { method: 'GET', url: '/api/admin/restricted-words/' })).json().restricted_words).toEqual([]);
    expect((await save(settings(['theirs']), bAdmin, t.b)).statusCode).toBe(200);
    expect((await t.call(t.a, admin, { method: 'GET', url: '/api/admin/restricted-words/' })).json().restricted_words).not.toContain('theirs');
    // Their token with this tenant's header: refused.
    expect((await t.call(t.a, bAdmin, { method: 'GET', url: '/api/admin/restricted-words/' })).statusCode).toBe(401);
    await save(settings([]), bAdmin, t.b);
  });
});

describe('chat screening', () => {
  it('a restricted word (spaced out, full width) is refused with 428 naming it; nothing reaches the model or the history', async () => {
    expect((await save(settings(['secret project', '기밀']))).statusCode).toBe(200);
    const before = (await t.call(t.a, member, { method: 'GET', url: '/api/sessions/?size=100' })).json().pagination.total_items;
    const r = await chat('Tell me about the ＳＥＣＲＥＴ  project plans and 기밀 문서');
    expect(r.status).toBe(428);
    expect(r.body).toMatchObject({ error: { code: 'restricted_term', details: { terms: ['secret project', '기밀'] } } });
    expect(fake.requests).toHaveLength(0);
    expect((await t.call(t.a, member, { method: 'GET', url: '/api/sessions/?size=100' })).json().pagination.total_items).toBe(before);
    // Removed: the very next chat passes.
    await save(settings([]));
    expect((await chat('Tell me about the secret project')).status).toBe(200);
  });

  it('block mode refuses personal data naming its categories; order numbers and prices pass', async () => {
    await save(settings([], 'block'));
    const r = await chat('제 번호는 010-1234-5678 이고 메일은 kim@example.com 입니다');
    expect(r.status).toBe(428);
    expect(r.body).toMatchObject({ error: { code: 'personal_data_found', details: { categories: ['phone', 'email'] } } });
    expect(fake.requests).toHaveLength(0);
    expect((await chat('주문번호 2024-0001-8837, 가격 12,000원, 버전 1.2.3')).status).toBe(200);
  });

  it('mask mode sends and stores the masked text, tells the member, and charges the masking cost', async () => {
    await save(settings([], 'mask'));
    // Free tokens: what the answer costs is the masking cost alone.
    const { llmModels } = await import('../../db/schema/index');
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(llmModels).set({ inputCostE4: 0n, outputCostE4: 0n }).where(eq(llmModels.tenantId, t.a.id));
    await t.settle();
    const r = await chat('Call me at 010-1234-5678 about card 4111 1111 1111 1111');
    expect(r.status).toBe(200);
    expect(r.meta!.masked).toEqual(['phone', 'card']);
    expect(r.events.find((e) => e.type === 'usage')).toMatchObject({ credits: 1 });
    const sent = fake.requests.at(-1)!.messages as Array<{ role: string; content: string }>;
    expect(sent.at(-1)!.content).not.toContain('1234-5678');
    expect(sent.at(-1)!.content).toContain('***-****-****');
    expect(sent.at(-1)!.content).not.toContain('4111');
    const history = (await t.call(t.a, member, { method: 'GET', url: `/api/sessions/${r.meta!.session_hash_id}/history/` })).json();
    expect(history.items[0].text).toBe(sent.at(-1)!.content);
    // The header gives the screen the stored question, so the live turn shows it masked.
    expect(r.meta!.masked_text).toBe(sent.at(-1)!.content);
    const session = (await t.call(t.a, member, { method: 'GET', url: `/api/sessions/${r.meta!.session_hash_id}/` })).json();
    expect(session.title).not.toContain('1234-5678');
    const plain = await chat('Nothing personal here');
    expect(plain.meta!.masked).toBeUndefined();
    expect(plain.meta!.masked_text).toBeUndefined();
    expect(plain.events.find((e) => e.type === 'usage')).toMatchObject({ credits: 0 });
    await save(settings([]));
  });
});
