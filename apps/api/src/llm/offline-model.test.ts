import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamChat, textOf } from '../test/chat-client';
import { buildTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ providers: {} });
});
afterAll(() => t.close());

describe('offline demo model (no provider configured)', () => {
  it('is the only model, named as such, with a default chatbot that streams a deterministic reply', async () => {
    const token = await t.signIn(t.a, t.a.member.email);
    const models = (await t.call(t.a, token, { method: 'GET', url: '/api/llm-models/' })).json();
    expect(models.items.map((m: { display_name: string }) => m.display_name)).toEqual(['Offline demo — configure a provider']);
    const bots = (await t.call(t.a, token, { method: 'GET', url: '/api/chatbots/?include_default=true' })).json();
    expect(bots.items).toHaveLength(1);
    const r = await streamChat(t, t.a, token, bots.items[0].id, { text: 'ping' });
    expect(r.status).toBe(200);
    expect(r.events.filter((e) => e.type === 'text').length).toBeGreaterThan(5);
    expect(textOf(r.events)).toContain('You said: "ping"');
    expect(textOf(r.events)).toContain('offline demo model');
    // Members read the answer: it asks them to turn to the administrator and names no server setting.
    expect(textOf(r.events)).toContain('ask your administrator');
    expect(textOf(r.events)).not.toMatch(/API_KEY|BASE_URL|restart/);
    expect(r.events.at(-1)).toEqual({ type: 'end', status: 'completed' });
  });
});
