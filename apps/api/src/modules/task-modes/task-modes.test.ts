import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../../tools/fake-llm/server';
import { streamChat } from '../../test/chat-client';
import { buildTestApp, type TestApp, type TestTenant } from '../../test/test-app';

// Task modes (issue 27 §3): the console manages them; a chat with `task_mode_id` is wrapped in the
// mode's template (and answered by its model when the member may use it).
let fake: FakeLlm;
let t: TestApp;
let admin: string;
let member: string;
let bAdmin: string;
let botId: number;

const call = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, tenant: TestTenant = t.a) =>
  t.call(tenant, who, { method, url: `/api${url}`, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

beforeAll(async () => {
  fake = await startFakeLlm({ scenario: { reply: 'Done.', tokenDelayMs: 0 } });
  t = await buildTestApp({ providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-model', 'fake-other'] } } });
  [admin, member, bAdmin] = await Promise.all([t.signIn(t.a, t.a.admin.email), t.signIn(t.a, t.a.member.email), t.signIn(t.b, t.b.admin.email)]);
  const bots = (await call(member, 'GET', '/chatbots/?include_default=true')).json().items as Array<{ id: number; llm_model: { display_name: string } }>;
  botId = bots.find((b) => b.llm_model.display_name === 'fake-model')!.id;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => fake.reset());

describe('task modes', () => {
  it('admins create, list, change and delete modes; members list the active ones; 422 and 404 as the catalogue says', async () => {
    const created = await call(admin, 'POST', '/admin/task-modes/', { ko_name: '요약', en_name: 'Summarise', prompt_template: 'Summarise in one sentence: {{input}}' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ en_name: 'Summarise', is_active: true, llm_model_id: null, sort_order: 0 });
    const id = created.json().id as number;
    const hidden = (await call(admin, 'POST', '/admin/task-modes/', { ko_name: '번역', en_name: 'Translate', prompt_template: 'Translate to English:', is_active: false, sort_order: 1 })).json();
    expect((await call(member, 'GET', '/task-modes/')).json().items.map((m: { id: number }) => m.id)).toEqual([id]);
    expect((await call(admin, 'GET', '/admin/task-modes/')).json().items.map((m: { id: number }) => m.id)).toEqual([id, hidden.id]);
    // A change touches only what is sent.
    const changed = await call(admin, 'PATCH', `/admin/task-modes/${id}/`, { en_name: 'Summarize' });
    expect(changed.json()).toMatchObject({ en_name: 'Summarize', ko_name: '요약', is_active: true });
    expect((await call(admin, 'PATCH', `/admin/task-modes/${id}/`, {})).json()).toMatchObject({ en_name: 'Summarize' });
    for (const bad of [{ ko_name: '', en_name: 'x', prompt_template: 'y' }, { ko_name: 'x', en_name: 'x', prompt_template: 'x'.repeat(4001) }, { ko_name: 'x', en_name: 'x', prompt_template: 'y', extra: 1 }]) {
      expect((await call(admin, 'POST', '/admin/task-modes/', bad)).statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect((await call(admin, 'POST', '/admin/task-modes/', { ko_name: 'x', en_name: 'x', prompt_template: 'y', llm_model_id: 999_999 })).statusCode).toBe(404);
    expect((await call(member, 'POST', '/admin/task-modes/', { ko_name: 'x', en_name: 'x', prompt_template: 'y' })).statusCode).toBe(403);
    // Another tenant neither sees nor changes them.
    expect((await call(bAdmin, 'GET', '/admin/task-modes/', undefined, t.b)).json().items).toEqual([]);
    expect((await call(bAdmin, 'PATCH', `/admin/task-modes/${id}/`, { en_name: 'x' }, t.b)).statusCode).toBe(404);
    expect((await call(bAdmin, 'DELETE', `/admin/task-modes/${id}/`, undefined, t.b)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/admin/task-modes/${hidden.id}/`)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/admin/task-modes/${hidden.id}/`)).statusCode).toBe(404);
  });

  it('a chat with a mode sends the question in its template and stores it as typed; an inactive or unknown mode is 404', async () => {
    const mode = (await call(admin, 'POST', '/admin/task-modes/', { ko_name: '교정', en_name: 'Proofread', prompt_template: 'Proofread this:\n{{input}}\nReturn only the text.' })).json();
    const r = await streamChat(t, t.a, member, botId, { text: 'teh cat', task_mode_id: mode.id });
    expect(r.status).toBe(200);
    const sent = fake.requests.at(-1)!.messages as Array<{ role: string; content: string }>;
    expect(sent.at(-1)!.content).toBe('Proofread this:\nteh cat\nReturn only the text.');
    const history = (await call(member, 'GET', `/sessions/${r.meta!.session_hash_id}/history/`)).json();
    expect(history.items[0].text).toBe('teh cat');
    // Without `{{input}}` the template goes first.
    const prefix = (await call(admin, 'POST', '/admin/task-modes/', { ko_name: '앞', en_name: 'Prefix', prompt_template: 'Answer in Korean.' })).json();
    await streamChat(t, t.a, member, botId, { text: 'hello', task_mode_id: prefix.id });
    expect((fake.requests.at(-1)!.messages as Array<{ content: string }>).at(-1)!.content).toBe('Answer in Korean.\n\nhello');
    await call(admin, 'PATCH', `/admin/task-modes/${mode.id}/`, { is_active: false });
    expect((await streamChat(t, t.a, member, botId, { text: 'x', task_mode_id: mode.id })).status).toBe(404);
    expect((await streamChat(t, t.a, member, botId, { text: 'x', task_mode_id: 999_999 })).status).toBe(404);
  });

  it('a mode with a model answers with it when the member may use it', async () => {
    const models = (await call(admin, 'GET', '/llm-models/')).json().items as Array<{ id: number; model_name: string }>;
    const other = models.find((m) => m.model_name === 'fake-other')!;
    const mode = (await call(admin, 'POST', '/admin/task-modes/', { ko_name: '다른', en_name: 'Other model', prompt_template: '{{input}}', llm_model_id: other.id })).json();
    const r = await streamChat(t, t.a, member, botId, { text: 'which model?', task_mode_id: mode.id });
    expect(r.meta!.llm_model_id).toBe(other.id);
    expect(fake.requests.at(-1)!.model).toBe('fake-other');
  });
});
