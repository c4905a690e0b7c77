import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../tools/fake-llm/server';
import { baseUrlOf, streamChat } from '../test/chat-client';
import { buildTestApp, type TestApp } from '../test/test-app';

let fake: FakeLlm;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeLlm({ scenario: { tokenDelayMs: 0, reply: 'ok' } });
  t = await buildTestApp({ providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-model'] } } });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('OpenAPI and error mapping', () => {
  it('serves the OpenAPI document generated from the contracts at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/sign-in/', '/api/chatbots/{id}/chat/', '/api/sessions/{hash}/history/', '/api/members/{id}/credit-check/']));
    const signIn = doc.paths['/api/auth/sign-in/'].post;
    expect(signIn.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
  it('unknown API routes answer 404 with the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope/' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
  it('malformed JSON is a 400, never a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
  });
});

// Found by a user trying the app (issue 22): each was a 500 or a body outside the error shape.
describe('raw input the schemas do not see', () => {
  let token: string;
  let botId: number;
  let hash: string;
  beforeAll(async () => {
    token = await t.signIn(t.a, t.a.member.email);
    botId = (await t.call(t.a, token, { method: 'GET', url: '/api/chatbots/?include_default=true' })).json().items[0].id;
    hash = (await streamChat(t, t.a, token, botId, { text: 'hello' })).meta!.session_hash_id;
  });
  const call = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: unknown) => t.call(t.a, token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('NUL bytes in a member name, a session title or chat text are a 422, and nothing is stored', async () => {
    for (const [method, url, payload] of [
      ['PATCH', `/api/members/${t.a.member.id}/`, { name: 'Mem\u0000ber' }],
      ['PATCH', `/api/sessions/${hash}/`, { title: 'title\u0000' }],
      ['POST', `/api/chatbots/${botId}/chat/`, { text: '\u0000hello' }],
      ['POST', `/api/chatbots/${botId}/chat/`, { text: 'hello', session_hash_id: hash, session_title: 'a\u0000' }],
    ] as const) {
      const res = await call(method, url, payload);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'validation_error', details: [{ path: expect.stringMatching(/^\/body\//), message: 'Contains a NUL byte' }] });
    }
    expect((await call('GET', `/api/members/${t.a.member.id}/`)).json().name).toBe('Member');
    expect((await call('GET', `/api/sessions/${hash}/`)).json().title).toBe('hello');
  });

  it('a lone surrogate in chat text is a 422 (it has no UTF-8 form)', async () => {
    const res = await call('POST', `/api/chatbots/${botId}/chat/`, { text: 'hi \uD800' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('validation_error');
  });

  it('sign-in answers a NUL byte with 400, as any malformed sign-in payload (spec §8)', async () => {
    const res = await t.call(t.a, null, { method: 'POST', url: '/api/auth/sign-in/', payload: { email: `${t.a.member.email}\u0000`, password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
  });

  it('%00 in a session hash in the URL is a 422', async () => {
    for (const method of ['GET', 'PATCH'] as const) {
      const res = await call(method, `/api/sessions/${hash}%00/`, method === 'PATCH' ? { title: 'x' } : undefined);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('validation_error');
    }
  });

  it('PATCH /sessions/{hash}/ with {} changes nothing and answers the session', async () => {
    const res = await call('PATCH', `/api/sessions/${hash}/`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ hash_id: hash, title: 'hello', chatbot_id: botId });
  });

  it('path parameters over the router limit are a 422 in the error shape; undecodable ones a 400', async () => {
    const long = await call('GET', `/api/sessions/${'a'.repeat(101)}/`);
    expect(long.statusCode).toBe(422);
    expect(long.json()).toEqual({ error: { code: 'validation_error', message: expect.any(String) } });
    const bad = await call('GET', '/api/sessions/%C3%28/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: { code: 'bad_request', message: expect.any(String) } });
  });

  it("a URL past Node's header limit is a 413 in the error shape, not a bare 431", async () => {
    const res = await fetch(`${await baseUrlOf(t)}/api/sessions/?search=${'x'.repeat(20_000)}`, { headers: { 'x-access-token': token } });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: { code: 'payload_too_large', message: expect.any(String) } });
  });

  it('an id past the integer column range is a 422, not a database error', async () => {
    const res = await call('GET', `/api/chatbots/${Number.MAX_SAFE_INTEGER}/`);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('validation_error');
  });

  it('nesting deeper than any contract is a 422', async () => {
    const res = await t.call(t.a, token, { method: 'PATCH', url: `/api/sessions/${hash}/`, headers: { 'content-type': 'application/json' }, payload: `{"title":"x","a":${'['.repeat(10_000)}${']'.repeat(10_000)}}` });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details[0].message).toMatch(/Nested deeper/);
  });
});

